import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// `MarkdownBlockReader`, the bank reader's fast path (issue 36): wherever it gives a tree, the
/// tree is cmark's (`MarkdownParser.parseBlocks`), on the fixtures, the shipped banks as the
/// writer writes them and mutants aimed at the edges of what it reads; and it is taken on the
/// writer's output, else the benchmark would measure cmark.
@Suite struct MarkdownBlockReaderTests {
  /// The fast tree equals cmark's wherever there is one, on `text` and on `text` with its front
  /// matter blanked (what the bank reader parses); whether the blanked text had one.
  @discardableResult
  static func expectCmarkTree(_ text: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> Bool
  {
    var taken = false
    for (k, version) in [text, blanked(text)].enumerated() {
      guard let fast = MarkdownBlockReader.blocks(version) else { continue }
      let cmark = MarkdownParser.parseBlocks(version)
      #expect(fast == cmark, "\(label)", sourceLocation: sourceLocation)
      taken = k == 1
    }
    // The bank reader's way: the bytes, with the front matter's lines read as blank.
    let closing = (try? FrontMatterParser.parse(String(MarkdownFile.frontMatterPrefix(text))))?.closingLine ?? 0
    #expect(
      MarkdownBlockReader.blocks(Array(text.utf8)[...], blankThrough: closing)
        == MarkdownBlockReader.blocks(blanked(text)), "\(label)", sourceLocation: sourceLocation)
    return taken
  }

  /// `text` with its front matter's lines blanked, as `MarkdownFile` gives it to the parser.
  static func blanked(_ text: String) -> String {
    guard let front = try? FrontMatterParser.parse(String(MarkdownFile.frontMatterPrefix(text))) else { return text }
    return FrontMatterParser.blankingFrontMatter(text, closingLine: front.closingLine)
  }

  /// Whether reading `text` as a bank took the fast path.
  static func taken(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let context = DecodeContext(path: "bank.md", bytes: bytes)
    return MarkdownFile(bytes: bytes, context: context)?.treeReadWithoutCmark ?? false
  }

  @Test func theWritersBanksTakeTheFastPath() {
    let written = MarkdownReaderOracleTests.bases.filter { !$0.name.hasSuffix(".md") }
    #expect(written.count >= 5)
    for (name, text) in written {
      // The built bank has quoted feedback and code blocks, which go to cmark.
      if name != "built" { #expect(Self.taken(text), "\(name)") }
      Self.expectCmarkTree(text, name)
    }
  }

  @Test func aBankOfEveryPlainShapeTakesTheFastPath() {
    let text = """
      ---
      kind: bank
      id: shapes
      title: Shapes
      ---

      ## Pick one {#q1}

      - [ ] Red
      - [x] Green

      Explanation: because.
      Tags: a, b

      ## Order them {#q2}

      1. First
      2. Second
         more of it

      ## Match {#q3}

      - a -> b
      - -> c

      ## Front {#q4}

      ---

      Back text  \r
      ## Closed ##
      = 4 ± 0.5
      = %50% 1..2

      """
    #expect(Self.taken(text))
    #expect(Self.expectCmarkTree(text, "shapes"))
  }

  @Test func everyBaseHasCmarksTreeWhereTaken() {
    for (name, text) in MarkdownReaderOracleTests.bases {
      Self.expectCmarkTree(text, name)
      Self.expectCmarkTree(text.replacing("\n", with: "\r\n"), name + " CRLF")
    }
  }

  /// Line starts, markers and ends at the fast path's edges.
  static let edges: [String] = [
    "", " ", "  ", "   ", "    ", "\t", " \t", "-", "- ", "-  ", "-\t", "--", "---", "--- ", "- - -", "***", "___",
    "* ",
    "+ ", "1. ", "1.", "1) ", "2. ", "10. ", "0. ", "1234567890. ", "#", "# ", "## ", "#\t", "####### ", "#x", " #",
    "[ ] ", "[x] ", "[X] ", "[ ]", "[y] ", "[ ]  ", "[a]: /u", "[", ">", "> ", "<", "<div>", "|", "| a |", "|-|",
    "a | b", "-|-", ":-:", "=", "===", "= ", "```", "~~~", "``", "`x`", "\r", "\u{00A0}", "\u{3000}", "\u{2028}", "é",
    " #", "##", " ##", "\\-", "->", "-x", "*x*", "_x_", "1x", "12 ", "\u{FEFF}",
  ]

  /// A mutant aimed at the fast path: a line given an edge at its start or end, a line of edges
  /// inserted, an indentation changed, a blank line added or taken away.
  static func edgeMutant(of text: String, _ rng: inout SplitMix64) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for _ in 0..<(1 + rng.nextInt(3)) {
      guard !lines.isEmpty else { break }
      let n = lines.count > 8 && rng.nextInt(5) > 0 ? 5 + rng.nextInt(lines.count - 5) : rng.nextInt(lines.count)
      let edge = edges[rng.nextInt(edges.count)]
      switch rng.nextInt(7) {
      case 0: lines[n] = edge + lines[n]
      case 1: lines[n] += edge
      case 2: lines.insert(edge + edges[rng.nextInt(edges.count)] + (rng.nextInt(2) == 0 ? "text" : ""), at: n)
      case 3: lines[n] = String(lines[n].drop { $0 == " " })
      case 4: lines.insert("", at: n)
      case 5: if lines[n].allSatisfy({ $0 == " " }) { lines.remove(at: n) }
      default: lines[n] = String(repeating: " ", count: rng.nextInt(6)) + lines[n]
      }
    }
    return lines.joined(separator: rng.nextInt(4) == 0 ? "\r\n" : "\n")
  }

  @Test(arguments: 0..<4)
  func edgeMutantsHaveCmarksTreeWhereTaken(shard: Int) {
    var rng = SplitMix64(seed: UInt64(shard) &* 0x9E37_79B9 &+ 360)
    var taken = 0
    var total = 0
    for (k, (name, text)) in MarkdownReaderOracleTests.bases.enumerated() where k % 4 == shard {
      let cut = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(120).joined(separator: "\n")
      for m in 0..<600 {
        let mutated = Self.edgeMutant(of: cut, &rng)
        total += 1
        if Self.expectCmarkTree(mutated, "\(name) edge mutant \(m):\n\(mutated)") { taken += 1 }
      }
    }
    // The mutants must reach the fast path, else they test nothing.
    #expect(taken * 10 >= total, "taken on \(taken) of \(total)")
  }

  @Test(arguments: 0..<4)
  func oracleMutantsHaveCmarksTreeWhereTaken(shard: Int) {
    var rng = SplitMix64(seed: UInt64(shard) &* 0x9E37_79B9 &+ 3600)
    for (k, (name, text)) in MarkdownReaderOracleTests.bases.enumerated() where k % 4 == shard {
      let cut = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(120).joined(separator: "\n")
      for m in 0..<300 {
        let mutated = MarkdownReaderOracleTests.mutant(of: cut, &rng)
        Self.expectCmarkTree(mutated, "\(name) mutant \(m):\n\(mutated)")
      }
    }
  }

  @Test func smallDocuments() {
    let texts = [
      "x", "x\n", "x\n\n", "\n", "\n\n", "---", "---\n\n", "---\n\n\nx", "- a", "- a\n\n\n", "- a\n\n- b\n\nx",
      "1. a\n2. b\n\n\n\nx", "- a\n  b\n\n  c\n- d\n\n  e\n\nx", "## H\n- a\n## J\n1. x\n---\n", "##\n#  x  #  \n",
      "## #\n", "# #\n", "### ###\n", "a\n- b\n", "a\n1. b\n", "a\n2. b\n", "- a\n1. b\n", "- a\n\n1. b\n",
      "9. a\n10. b\n",
      "- [ ] x\n- [x] y\n- [X] z\n", "- [ ] x\n\n  more\n", "x  \r\ny \r\n\r\n", "- a\nlazy\n", "- a\n---\n",
    ]
    for text in texts { Self.expectCmarkTree(text, text) }
    #expect(MarkdownBlockReader.blocks("") == nil)
  }
}

extension SplitMix64 {
  /// A number in `0..<bound` (0 when `bound` is 0).
  fileprivate mutating func nextInt(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}
