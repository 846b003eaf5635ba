import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// The faster Markdown bank reader (issue 36) against the held one (`HeldReader/`, main before
/// it): the same bank, the same layout and the same messages, word for word and at the same line
/// and column, on every Markdown fixture, on every shipped bank written as Markdown, and on
/// thousands of mutants of them (escapes, non-ASCII text, combining marks, CRLF, tabs, code
/// blocks, math, images, ids, broken answers and fields).
@Suite struct MarkdownReaderOracleTests {
  /// The files the mutants start from: the fixtures, then the shipped banks and the round-trip
  /// bank as the writer writes them.
  static let bases: [(name: String, text: String)] = {
    var out: [(String, String)] = []
    let dir = Fixtures.root + "/markdown"
    let enumerator = FileManager.default.enumerator(atPath: dir)
    while let name = enumerator?.nextObject() as? String {
      guard name.hasSuffix(".md"), let data = FileManager.default.contents(atPath: dir + "/" + name) else { continue }
      out.append((name, String(decoding: data, as: UTF8.self)))
    }
    let banks = Fixtures.repositoryRoot + "/Quizzes/banks"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: banks))?.sorted() ?? []
    where name.hasSuffix(".json") {
      guard let data = FileManager.default.contents(atPath: banks + "/" + name) else { continue }
      let (item, _) = CatalogFileDecoder.decode(bytes: Array(data), path: name)
      if case .bank(let bank, _, _) = item { out.append((name, MarkdownBankWriter.markdown(bank))) }
    }
    out.append(("built", MarkdownBankWriter.markdown(MarkdownRoundTripTests.builtBank)))
    return out.sorted { $0.0 < $1.0 }
  }()

  /// Both readers on `text`: everything they return must be equal.
  static func expectSame(_ text: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bytes = Array(text.utf8)
    let held = HeldMarkdownBankReader.read(bytes: bytes, path: "bank.md")
    let now = MarkdownBankReader.read(bytes: bytes, path: "bank.md")
    #expect(now.context.diagnostics == held.context.diagnostics, "\(label)", sourceLocation: sourceLocation)
    #expect(now.layout == held.layout, "\(label)", sourceLocation: sourceLocation)
    #expect(now.bank == held.bank, "\(label)", sourceLocation: sourceLocation)
  }

  @Test func everyBaseReadsTheSame() {
    #expect(Self.bases.count >= 10)
    for (name, text) in Self.bases { Self.expectSame(text, name) }
  }

  @Test func everyBaseWithCRLFAndTabsReadsTheSame() {
    for (name, text) in Self.bases {
      Self.expectSame(text.replacingOccurrences(of: "\n", with: "\r\n"), name + " CRLF")
      Self.expectSame(text.replacingOccurrences(of: "\n- ", with: "\n\t- "), name + " tabs")
      Self.expectSame("\u{FEFF}" + text, name + " BOM")
    }
  }

  /// Pieces the mutants insert: the format's own syntax, escapes and text that is not ASCII
  /// (combining marks, a prepended mark, wide characters, emoji, spaces of other kinds).
  static let pieces: [String] = [
    " ", "  ", "\t", "\\", "\\:", "\\.", "\\)", "\\%", "\\-", "\\}", "\\\\", "é", "e\u{301}", "\u{301}", " \u{301}",
    "\u{600}", "\u{600} ", "日本語", "👍🏽", "🇫🇷", "\u{00A0}", "\u{3000}", "\u{2028}", "%50%", "%-25%", "%x%", "{#", "}",
    "{#q-x}", "{#Bad Id}", "<!-- id: a -->", "<!-- id: a b -->", "<!--SR:!2026-01-01,3,250-->", "<!-- note -->", "->",
    " -> ", "= ", "=", "- [x] ", "- [ ] ", "* [x]", "-[x]", "1. ", "2) ", "12\\. ", "> ", ">", "```", "```swift", "~~~",
    "    ", "::", ":::", "`::`", "?", "??", "Q: ", "A: ", "C: ", "[gap]", "[a](b)", "{{c1::", "{{c2::", "}}",
    "{{c1:x}}",
    "{{c1::a\\}b}}", "Hint: ", "Type: ", "Type: single", "Explanation: ", "Tags: a, b", "Difficulty: hard",
    "Source: f | s", "Note id: n", "Unit: m", "Model answer: x", "Key points:", "Ignore punctuation: c1",
    "Feedback if true: y", "Bogus field: z", "Hïnt: ", "---", "***", "===", "## ", "# ", "$x^2$", "\\(a\\)", "\\[b\\]",
    "![img](a.png)", "| a | b |", "|---|---|", "±", " ± 0.5", "+-", "..", "42", "1e3", "true", "False", "c1: ",
  ]

  /// One mutant: lines inserted, deleted, doubled, indented, moved, or given a piece.
  static func mutant(of text: String, _ rng: inout SplitMix64) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for _ in 0..<(1 + rng.next(3)) {
      guard !lines.isEmpty else { break }
      // Mostly below the front matter, where the questions are.
      let n = lines.count > 8 && rng.next(5) > 0 ? 5 + rng.next(lines.count - 5) : rng.next(lines.count)
      switch rng.next(9) {
      case 0: lines.remove(at: n)
      case 1: lines.insert(lines[n], at: n)
      case 2: lines[n] = (rng.next(2) == 0 ? "  " : "\t") + lines[n]
      case 3: lines.insert("", at: n)
      case 4: lines.insert(pieces[rng.next(pieces.count)] + pieces[rng.next(pieces.count)], at: n)
      case 5: lines[n] += rng.next(2) == 0 ? "\r" : pieces[rng.next(pieces.count)]
      case 6:
        let m = rng.next(lines.count)
        lines.swapAt(n, m)
      default:
        // A piece at a scalar boundary inside the line (so inside a Character now and then).
        var scalars = Array(lines[n].unicodeScalars)
        let at = rng.next(scalars.count + 1)
        scalars.insert(contentsOf: pieces[rng.next(pieces.count)].unicodeScalars, at: at)
        var s = ""
        s.unicodeScalars.append(contentsOf: scalars)
        lines[n] = s
      }
    }
    return lines.joined(separator: "\n")
  }

  @Test(arguments: 0..<8)
  func mutantsReadTheSame(shard: Int) {
    var rng = SplitMix64(seed: UInt64(shard) &* 0x9E37_79B9 &+ 36)
    for (k, (name, text)) in Self.bases.enumerated() where k % 8 == shard || Self.bases.count < 8 {
      // Long banks are cut to their first questions so that each mutant stays quick to read.
      let cut = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(160).joined(separator: "\n")
      for m in 0..<150 {
        let mutated = Self.mutant(of: cut, &rng)
        Self.expectSame(mutated, "\(name) mutant \(m):\n\(mutated)")
      }
    }
  }
}

extension SplitMix64 {
  /// A number in `0..<bound` (0 when `bound` is 0).
  fileprivate mutating func next(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}
