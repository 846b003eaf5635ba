import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// What loading a bank skips or does another way gives what the plain way gave: the question id
/// positions found only when a warning asks (by parsing the file again), the question types found
/// without the standard library's string switch.
@Suite struct LoadingShortcutTests {
  /// Expected lines from `main`'s binary (cd8494c) on the same two files.
  @Test func unusedQuestionWarningsPointAtTheFirstIDWrittenEvenInAQuestionThatFailed() throws {
    let bank = """
      {"kind": "bank", "schemaVersion": 1, "id": "b", "title": "B", "questions": [
        {"id": "q2", "type": "nonsense", "prompt": "P", "answer": true, "explanation": "E"},
        {"id": "q1", "type": "truefalse", "prompt": "P", "answer": true, "explanation": "E"},
          {"type": "truefalse", "id": "q2", "prompt": "Q", "answer": false, "explanation": "E"},
        {"\\u0069d": "q3", "type": "truefalse", "prompt": "R", "answer": false, "explanation": "E"}]}
      """
    let session = """
      {"kind": "session", "schemaVersion": 1, "id": "s", "title": "S", "objectives": ["o"], "estimatedMinutes": 3,
       "body": [{"paragraph": "p"}], "checkpoint": {"questions": ["b/q1"]}}
      """
    let result = try loadCatalog(["1-b.json": bank, "2-s.json": session])
    let messages = result.diagnostics.map {
      "\($0.path.split(separator: "/").last ?? ""):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)"
    }
    #expect(
      messages.sorted() == [
        #"1-b.json:2:10: warning: question "q2" of bank "b" is not used by any session's checkpoint, though other questions of this bank are"#,
        #"1-b.json:2:24: error: unknown question type "nonsense" in question "q2" Allowed: single, multiple, truefalse, text, numeric, matching, ordering, cloze, flashcard, open"#,
        #"1-b.json:2:51: error: unknown key "answer" in question "q2"; allowed keys: id, type, title, prompt, explanation, hint, tags, difficulty, source, note"#,
        #"1-b.json:5:15: warning: question "q3" of bank "b" is not used by any session's checkpoint, though other questions of this bank are"#,
      ])
  }

  /// Expected lines from `main`'s binary (cd8494c) on the same files: blank explanations warned
  /// about whether written plainly, with escapes or with non-ASCII spaces, the others not.
  @Test func explanationsAreBlankExactlyAsBeforeTheParsersFlagDecidedIt() throws {
    let explanations = [
      #""#, #"  \t "#, #"\u0020\n"#, #" \u00a0 "#, "  ", #" \u0061 "#, " é ", "  x", " \u{A0}\u{2003}", "\u{2003}.",
    ]
    let bank =
      CatalogLoaderTests.bankHeader + "\n"
      + explanations.enumerated().map { n, e in
        #"{"id": "q\#(n + 1)", "type": "truefalse", "prompt": "P", "answer": true, "explanation": "\#(e)"}"#
      }.joined(separator: ",\n") + "]}"
    let result = try loadCatalog(["b.json": bank])
    #expect(
      located(result.diagnostics)
        == [1, 2, 3, 4, 5, 9].map {
          #"\#($0 + 1):81: warning: question "q\#($0)" has an empty explanation; say why the answer is right"#
        })
  }

  @Test func questionKindsAreFoundByTheSameComparisonsAsTheirRawValues() {
    var names = QuestionKind.allCases.map(\.rawValue)
    names += ["", "Single", "single ", " single", "true false", "trueFalse", "flash", "flashcards", "clozé", "opem"]
    names += QuestionKind.allCases.map { $0.rawValue + "\u{301}" }
    for name in names {
      #expect(BankDecoder.kind(named: name) == QuestionKind(rawValue: name), "\(name.debugDescription)")
    }
  }

  /// `quoted` as it was before its printable-ASCII shortcut, written out again here.
  private func quotedTheLongWay(_ text: String, limit: Int = 40) -> String {
    var s = escapingControlCharacters(text, keepNewlines: false)
    if s.count > limit { s = String(s.prefix(limit - 3)) + "..." }
    return "\"" + s + "\""
  }

  @Test func quotingPrintableASCIIGivesWhatTheLongWayGives() {
    var random = SplitMix64(seed: 20)
    let alphabet: [UInt8] = Array(0x1F...0x7F) + [0x09, 0x0A, 0x0D]
    var texts = ["", "q1", String(repeating: "a", count: 40), String(repeating: "b", count: 41), "a\r\nb", "é"]
    for _ in 0..<5_000 {
      let length = Int(random.next() % 50)
      texts.append(
        String(decoding: (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self)
      )
    }
    for text in texts {
      #expect(quoted(text) == quotedTheLongWay(text), "\(text.debugDescription)")
      #expect(quoted(text, limit: 10) == quotedTheLongWay(text, limit: 10), "\(text.debugDescription)")
    }
  }
}
