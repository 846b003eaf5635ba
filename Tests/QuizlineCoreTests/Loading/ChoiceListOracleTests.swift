import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// A bank's choice lists, read on the tape into a list made at its size with the comparison keys
/// on the stack, warn about repeated choices as `QuestionRules.repeatedChoices` (the Markdown
/// reader's plain list) says, and stop at the first choice that is not valid.
@Suite struct ChoiceListOracleTests {
  /// Texts that fold together (case, spaces, composed accents) and one that is not valid.
  static let pool = [
    #""a""#, #""A""#, #"" a ""#, #""b""#, #""B ""#, #""Same""#, #""same ""#, "\"\u{E9}\"", "\"e\u{301}\"", #""x.""#,
    #""x""#, #"{"text": "b"}"#, #"{"text": "Same", "feedback": "f"}"#, #""""#,
  ]

  @Test(arguments: [1, 2])
  func repeatedChoicesAreWarnedAboutAsThePlainListSays(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var lines: [String] = []
    var expected: [String] = []
    for n in 0..<400 {
      let count = 2 + Int(random.next() % 7)
      let picks = (0..<count).map { _ in Self.pool[Int(random.next() % UInt64(Self.pool.count))] }
      var line = #"{"id": "q\#(n)", "type": "single", "prompt": "P", "explanation": "E", "choices": ["#
      var columns: [Int] = []
      for (k, pick) in picks.enumerated() {
        if k > 0 { line += ", " }
        columns.append(line.unicodeScalars.count + 1)
        line += pick
      }
      line += #"], "answer": "a"}"#
      lines.append(line)
      // The texts up to the first one that is not valid: a list warns about repeats up to there, then
      // says its error.
      let valid = picks.prefix { $0 != #""""# }
      let texts = valid.map { pick in
        let body =
          pick.hasPrefix("{") ? String(pick.dropFirst(10).prefix { $0 != "\"" }) : String(pick.dropFirst().dropLast())
        return body
      }
      let lineNumber = n + 2
      for (k, message) in QuestionRules.repeatedChoices(texts, what: "question \"q\(n)\"") {
        expected.append("\(lineNumber):\(columns[k]): warning: \(message)")
      }
      if valid.count < picks.count {
        expected.append(
          "\(lineNumber):\(columns[valid.count]): error: \"choices\" in question \"q\(n)\" must not be empty")
      }
    }
    let bank = CatalogLoaderTests.bankHeader + "\n" + lines.joined(separator: ",\n") + "]}"
    let (item, context) = CatalogFileDecoder.decode(bytes: Array(bank.utf8), path: "b.json")
    #expect(located(context.diagnostics) == expected)
    guard case .bank(let decoded, _, _) = item else {
      Issue.record("no bank")
      return
    }
    #expect(decoded.questions.count == lines.count - expected.filter { $0.contains("error:") }.count)
  }
}
