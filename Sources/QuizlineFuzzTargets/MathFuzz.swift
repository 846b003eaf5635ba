import QuizlineCore

/// A formula through ``MathText`` (the LaTeX reader and both layouts): it never traps; a non-empty
/// formula never draws as nothing; no control character, bidirectional override or renderer marker
/// (U+FDD0–U+FDEF) reaches the output; the inline drawing is one line, the displayed one at most
/// as tall as the display limit.
enum MathFuzz {
  static func run(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    let latex = String(decoding: bytes, as: UTF8.self)
    let inline = MathText.inline(latex)
    let display = MathText.display(latex)
    check.expect(latex.isEmpty || !inline.isEmpty, "a non-empty formula drawn inline as nothing")
    check.expect(
      latex.isEmpty || display.contains { !$0.isEmpty }, "a non-empty formula displayed as nothing: \(display)")
    check.expect(display.count <= 40, "a displayed formula of \(display.count) lines")
    for text in [inline] + display {
      if let bad = text.unicodeScalars.first(where: isUnsafe) {
        check.expect(false, "U+\(String(bad.value, radix: 16, uppercase: true)) in the output \(text.debugDescription)")
      }
    }
  }

  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
      || (0xFDD0...0xFDEF).contains(v)
  }
}
