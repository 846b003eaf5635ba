import Foundation
import QuizlineCore
import Testing

@testable import QuizlineInterop

/// ``Slug/make(_:maxLength:)``'s bytes path for plain ASCII (issue 36) against the folding it skips,
/// kept here as the oracle: every ASCII character alone, between letters and in pairs, and random
/// texts of ASCII, accents, apostrophes, dashes and other scripts, at several lengths.
@Suite struct SlugFastPathTests {
  /// The implementation before issue 36's fifth round.
  static func oldMake(_ text: String, maxLength: Int = Slug.maxLength) -> String {
    let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
      .lowercased()
    var out: [UInt8] = []
    var pendingHyphen = false
    for s in folded.unicodeScalars {
      if s.isASCII, (s >= "a" && s <= "z") || (s >= "0" && s <= "9") {
        if pendingHyphen, !out.isEmpty { out.append(UInt8(ascii: "-")) }
        pendingHyphen = false
        out.append(UInt8(s.value))
      } else if s == "'" || s == "\u{2019}" {
        continue
      } else {
        pendingHyphen = true
      }
    }
    if out.count > maxLength {
      let cut = Array(out[0..<maxLength])
      if let lastHyphen = cut.lastIndex(of: UInt8(ascii: "-")), lastHyphen >= maxLength / 2 {
        out = Array(cut[0..<lastHyphen])
      } else {
        out = cut
      }
      while out.last == UInt8(ascii: "-") { out.removeLast() }
    }
    return String(decoding: out, as: UTF8.self)
  }

  @Test func everyASCIICharacterSlugsAsTheFoldingDid() {
    let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    for c in ascii {
      for text in [c, "a" + c + "B", c + c, "Ab" + c, c + "Zz9"] {
        #expect(Slug.make(text) == Self.oldMake(text), "\(Array(text.utf8))")
      }
    }
    for a in ascii { for b in ascii { #expect(Slug.make(a + b) == Self.oldMake(a + b)) } }
  }

  @Test func randomTextsSlugAsTheFoldingDid() {
    let pieces = [
      "a", "Z", "q", "É", "é", "e\u{301}", "ß", "ﬁ", "İ", "ı", "K", "Å", "'", "\u{2019}", " ", "-", "--", "_",
      "^", "`", "~", "¨", "9", "0", ".", "::", "日本", "😀", "\u{0}", "\t", "\n", "Straße", "Œuvre", "Ärger",
    ]
    var random = SplitMix64(seed: 3651)
    for _ in 0..<3000 {
      let text = (0..<Int(random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
      let length = [64, 40, 8, 1][Int(random.next() % 4)]
      #expect(Slug.make(text, maxLength: length) == Self.oldMake(text, maxLength: length), "\(text)")
    }
  }
}
