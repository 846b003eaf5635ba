import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop

@Suite struct CatalogLoaderTests {
  @Test func loadsTheFixtureCatalogWithoutProblems() {
    let result = CatalogLoader.load(directory: Fixtures.catalog)
    #expect(result.diagnostics.map(\.description) == [])
    #expect(result.fileCount == 4)
    #expect(result.catalog.banks.map(\.id) == ["sample"])
    #expect(result.catalog.sessions.map(\.id) == ["intro", "layout"])
    #expect(result.catalog.courses.first?.sessions == ["intro", "layout"])
    #expect(result.catalog.course(containing: "layout")?.index == 1)
  }

  @Test func banksCarryTheirContentHashUnlessTheLoaderOnlyValidates() {
    let hashed = CatalogLoader.load(directory: Fixtures.catalog)
    var validating = CatalogLoader()
    validating.hashesContent = false
    let unhashed = validating.load(paths: [Fixtures.catalog])
    #expect(hashed.catalog.banks.map(\.contentHash.count) == [16])
    #expect(unhashed.catalog.banks.map(\.contentHash) == [""])
    #expect(unhashed.diagnostics.map(\.description) == hashed.diagnostics.map(\.description))
    #expect(unhashed.catalog.banks.map(\.questions) == hashed.catalog.banks.map(\.questions))
  }

  @Test func decodesEveryQuestionTypeIntoTheModel() throws {
    let bank = try Fixtures.sampleBank()
    #expect(bank.questions.map(\.body.kind) == QuestionKind.allCases)
    let single = try #require(bank.question("single-owner"))
    #expect(single.hint == "Who owns the value?")
    #expect(single.difficulty == .easy)
    #expect(single.source == SourceReference(file: "002_62e60f13b4dad040.txt", section: "State vs Binding"))
    guard case .single(let choices, let answer) = single.body else { throw FixtureError.missing("single") }
    #expect(answer == 1)
    #expect(choices[1].feedback == "Right: a binding writes through to the owner.")
    #expect(choices[0] == Choice(text: "@State var count"))

    #expect(
      bank.question("multiple-containers")?.body
        == .multiple(choices: ["VStack", "Text", "HStack", "padding"].map { Choice(text: $0) }, answers: [0, 2]))
    #expect(
      bank.question("tf-declarative")?.body
        == .truefalse(
          answer: true, feedbackTrue: nil, feedbackFalse: "Declarative means describing the result, not the steps."))
    guard case .text(let accept, let ignore, let other) = bank.question("text-stack")?.body else {
      throw FixtureError.missing("text")
    }
    #expect(accept.map(\.credit) == [1, 1, 0])
    #expect(ignore && other == "Think of the z axis.")
    #expect(
      bank.question("numeric-steps")?.body
        == .numeric(
          accept: [
            NumericAnswer(match: .value(2, tolerance: 0)),
            NumericAnswer(match: .range(min: 1.5, max: 2.5), credit: 0.5, feedback: "Close enough."),
          ], unit: "steps", otherFeedback: nil))
    guard case .matching(let pairs, let distractors) = bank.question("matching-wrappers")?.body else {
      throw FixtureError.missing("matching")
    }
    #expect(pairs.count == 3 && distractors == ["persists to disk"])
    guard case .cloze(let text, let gaps) = bank.question("cloze-modifier")?.body else {
      throw FixtureError.missing("cloze")
    }
    #expect(ClozeText.markers(in: text) == [1, 2])
    #expect(gaps[1].ignorePunctuation)
    #expect(bank.question("flash-binding")?.explanation == "")
    #expect(
      bank.question("open-ownership")?.body
        == .openEnded(
          modelAnswer:
            "When one value owns the data and every view derives from it, there is no second copy to fall out of date.",
          keyPoints: ["one owner", "views derive from state", "no copies to sync"]))
  }

  @Test func decodesSessionBodyAndCheckpoint() throws {
    let session = try #require(CatalogLoader.load(directory: Fixtures.catalog).catalog.session("intro"))
    #expect(session.completion == .checkpoint)
    #expect(session.checkpoint?.passPercent == 60)
    #expect(session.checkpoint?.questions.first == QuestionRef(bank: "sample", question: "single-owner"))
    #expect(session.body.count == 4)
    guard case .code(let code, let language) = session.body[3] else { throw FixtureError.missing("code block") }
    #expect(language == "swift" && code.contains("@State private var count = 0"))
    #expect(session.keyTerms == [KeyTerm(term: "source of truth", definition: "the one place a value lives")])
  }

  static let bankHeader = #"{"kind": "bank", "schemaVersion": 1, "id": "b", "title": "B", "questions": ["#

  @Test func warnsAboutSuspiciousButValidContent() throws {
    let bank =
      Self.bankHeader + """

        {"id": "q1", "type": "single", "prompt": "P", "choices": ["same", "Same ", "other"], "answer": "c", "explanation": " "},
        {"id": "q2", "type": "text", "prompt": "P", "accept": ["x", "X"], "explanation": "E"}
        ]}
        """
    let result = try loadCatalog(["b.json": bank])
    #expect(
      located(result.diagnostics) == [
        #"2:67: warning: choice b of question "q1" repeats choice a ("Same ")"#,
        #"2:116: warning: question "q1" has an empty explanation; say why the answer is right"#,
        #"3:61: warning: accepted answer "X" is listed twice in question "q2""#,
      ])
    #expect(result.catalog.bank("b")?.questions.count == 2)
  }

  @Test func reportsCrossFileProblemsAtTheReference() throws {
    let bank =
      Self.bankHeader + """
        {"id": "q1", "type": "truefalse", "prompt": "P", "answer": true, "explanation": "E"},
        {"id": "q2", "type": "truefalse", "prompt": "Q", "answer": false, "explanation": "E"}]}
        """
    let session = """
      {"kind": "session", "schemaVersion": 1, "id": "s", "title": "S", "objectives": ["o"], "estimatedMinutes": 3,
       "body": [{"paragraph": "p"}], "checkpoint": {"questions": ["b/q1", "b/q3", "c/q1"]}}
      """
    let lonely = """
      {"kind": "session", "schemaVersion": 1, "id": "t", "title": "T", "objectives": ["o"], "estimatedMinutes": 3,
       "body": [{"paragraph": "p"}]}
      """
    let course =
      #"{"kind": "course", "schemaVersion": 1, "id": "c", "title": "C", "sessions": ["s", "u"], "banks": ["bb"]}"#
    let duplicate = #"{"kind": "course", "schemaVersion": 1, "id": "c", "title": "Again", "sessions": ["s"]}"#
    let result = try loadCatalog([
      "1-b.json": bank, "2-s.json": session, "3-t.json": lonely, "4-c.json": course, "5-c.json": duplicate,
    ])
    let messages = result.diagnostics.map {
      "\($0.path.split(separator: "/").last ?? ""):\($0.line):\($0.column): \($0.message)"
    }
    #expect(
      messages == [
        #"1-b.json:2:8: question "q2" of bank "b" is not used by any session's checkpoint, though other questions of this bank are"#,
        #"2-s.json:2:69: checkpoint question "b/q3" of session "s": bank "b" has no question "q3"; did you mean "q1"?"#,
        #"2-s.json:2:77: checkpoint question "c/q1" of session "s": there is no bank "c"; did you mean "b"?"#,
        #"3-t.json:1:47: session "t" is not part of any course, so `next` never reaches it"#,
        #"4-c.json:1:83: course "c" lists session "u", which does not exist; did you mean "s"?"#,
        #"4-c.json:1:99: course "c" lists bank "bb", which does not exist; did you mean "b"?"#,
        "5-c.json:1:46: course id \"c\" is already used by \(result.diagnostics[6].path.replacingOccurrences(of: "5-c", with: "4-c")):1:46; ids must be unique",
      ])
    #expect(result.catalog.course("c")?.title == "C")
  }

  @Test func singleFilesResolveReferencesInTheReferenceCatalog() throws {
    let reference = CatalogLoader.load(directory: Fixtures.catalog).catalog
    let result = CatalogLoader().load(paths: [Fixtures.catalog + "/sessions/intro.json"], referenceCatalog: reference)
    #expect(result.diagnostics.isEmpty)
    let alone = CatalogLoader().load(paths: [Fixtures.catalog + "/sessions/intro.json"])
    #expect(alone.errorCount == 5)
  }

  @Test func aSourceMayNameItsTextsTitleBesideSectionAndFile() throws {
    let bankText = #"""
      {"kind": "bank", "schemaVersion": 1, "id": "b", "title": "B", "questions": [
        {"id": "q", "type": "truefalse", "prompt": "P", "answer": true, "explanation": "E",
         "source": {"title": "Modern SwiftUI Engineering Reference", "section": "What is @State?", "file": "002.txt"}},
        {"id": "r", "type": "truefalse", "prompt": "R", "answer": false, "explanation": "E",
         "source": {"section": "Overview", "file": "001.txt"}}]}
      """#
    let (item, context) = CatalogFileDecoder.decode(bytes: Array(bankText.utf8), path: "b.json")
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics)")
    guard case .bank(let bank, _, _) = try #require(item) else { throw FixtureError.missing("bank") }
    let titled = try #require(bank.question("q")?.source)
    #expect(
      titled
        == SourceReference(file: "002.txt", section: "What is @State?", title: "Modern SwiftUI Engineering Reference"))
    #expect(titled.citation == "Modern SwiftUI Engineering Reference, What is @State?")
    #expect(bank.question("r")?.source == SourceReference(file: "001.txt", section: "Overview"))
    #expect(bank.question("r")?.source?.citation == "Overview")
    // The writer keeps the title, learner-facing keys first.
    let written = BankJSONWriter.json(bank)
    let order = ["\"title\": \"Modern", "\"section\": \"What is", "\"file\": \"002.txt"].compactMap {
      written.range(of: $0)?.lowerBound
    }
    #expect(order.count == 3 && order == order.sorted(), "\(written)")
    let (again, _) = CatalogFileDecoder.decode(bytes: Array(written.utf8), path: "w.json")
    guard case .bank(let reread, _, _) = try #require(again) else { throw FixtureError.missing("bank") }
    #expect(reread.question("q")?.source == titled)

    let sessionText = #"""
      {"kind": "session", "schemaVersion": 1, "id": "s", "title": "S", "objectives": ["O"], "estimatedMinutes": 5,
       "body": [{"paragraph": "P"}], "sources": [{"title": "T", "section": "S1", "file": "f.txt"}, {"titel": "T", "section": "S2", "file": "f.txt"}]}
      """#
    let (sessionItem, sessionContext) = CatalogFileDecoder.decode(bytes: Array(sessionText.utf8), path: "s.json")
    guard case .session(let session, _, _) = try #require(sessionItem) else { throw FixtureError.missing("session") }
    #expect(session.sources.first == SourceReference(file: "f.txt", section: "S1", title: "T"))
    #expect(sessionContext.diagnostics.map(\.message).contains { $0.contains("titel") })
  }

  @Test func missingPathsAreCountedSeparately() {
    let result = CatalogLoader().load(paths: ["/nonexistent/quizline"])
    #expect(result.missingPaths == ["/nonexistent/quizline"])
    #expect(result.diagnostics.map(\.description) == ["/nonexistent/quizline: error: no such file or directory"])
  }
}
