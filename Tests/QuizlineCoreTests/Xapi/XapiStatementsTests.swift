import Testing

@testable import QuizlineCore

/// The statements' parts quizline computes itself: ids, durations, encoded activity ids, actors,
/// and the checkpoint's verdict at the pass mark.
@Suite struct XapiStatementsTests {
  let context = XapiContext(
    profile: "ada", actor: .account(homePage: "https://school.example", name: "ada"),
    baseIRI: "https://school.example/xapi/")

  func row(sequence: Int, score: Double = 1, seconds: Double = 12.5) -> AttemptRow {
    AttemptRow(
      sequence: sequence, at: Timestamp(microseconds: 1_764_000_000_000_000), run: sequence - 1,
      source: "bank:sample", bank: "sample", question: "sample/single-owner", type: "single", response: "b",
      score: score, seconds: seconds, certainty: nil, rating: nil, practice: false)
  }

  func field(_ json: JSONText, _ path: String...) -> JSONText? {
    var value = json
    for key in path {
      guard case .object(let members) = value, let next = members.first(where: { $0.0 == key })?.1 else { return nil }
      value = next
    }
    return value
  }

  @Test(arguments: [
    (12.5, "PT12.5S"), (3.0, "PT3S"), (0.05, "PT0.05S"), (61.234, "PT61.23S"), (0.0, "PT0S"), (-2.0, "PT0S"),
    (0.999, "PT1S"), (1.10, "PT1.1S"),
  ])
  func durationsAreISO8601ToTheHundredth(seconds: Double, text: String) {
    #expect(XapiStatements.duration(seconds: seconds) == text)
  }

  @Test func activityIDsArePercentEncodedBelowTheBaseWithoutItsTrailingSlash() {
    #expect(context.activityID("sample", "q-1") == "https://school.example/xapi/sample/q-1")
    #expect(context.activityID("a b/c", "é~_.") == "https://school.example/xapi/a%20b%2Fc/%C3%A9~_.")
  }

  @Test func theSameAnswerAlwaysGetsTheSameIDAndAnotherAnswerAnother() {
    let first = XapiStatements.answered(row(sequence: 12), question: nil, in: context)
    #expect(first.id == XapiStatements.answered(row(sequence: 12), question: nil, in: context).id)
    #expect(first.id == NameBasedUUID.uuid(name: "answer/ada/0/12"))
    #expect(first.id != XapiStatements.answered(row(sequence: 13), question: nil, in: context).id)
  }

  @Test func twoDevicesOfOneProfileNeverShareAnID() {
    let second = DeviceSequence.base(of: 1) + 12
    let a = XapiStatements.answered(row(sequence: 12), question: nil, in: context)
    let b = XapiStatements.answered(row(sequence: second), question: nil, in: context)
    #expect(a.id != b.id)
    #expect(b.id == NameBasedUUID.uuid(name: "answer/ada/1/12"))
  }

  @Test func anotherProfileGetsOtherIDsForTheSameSequence() {
    var bob = context
    bob.profile = "bob"
    #expect(
      XapiStatements.answered(row(sequence: 12), question: nil, in: bob).id
        != XapiStatements.answered(row(sequence: 12), question: nil, in: context).id)
  }

  @Test func anAnswerCarriesItsVerbScoreSuccessAndDuration() throws {
    let bank = try Fixtures.sampleBank()
    let q = bank.questions.first { $0.id == "single-owner" }
    let s = XapiStatements.answered(row(sequence: 5, score: 0.5, seconds: 12.5), question: q, in: context).json
    #expect(field(s, "verb", "id") == .string("http://adlnet.gov/expapi/verbs/answered"))
    #expect(field(s, "result", "success") == .bool(false))
    #expect(field(s, "result", "score", "scaled") == .double(0.5))
    #expect(field(s, "result", "duration") == .string("PT12.5S"))
    #expect(field(s, "object", "definition", "interactionType") == .string("choice"))
    #expect(field(s, "object", "id") == .string("https://school.example/xapi/sample/single-owner"))
    #expect(field(s, "actor", "account", "name") == .string("ada"))
    #expect(field(s, "timestamp") == .string("2025-11-24T16:00:00Z"))
  }

  @Test func aMailboxActorIsAMailtoIRI() {
    var c = context
    c.actor = .mbox("ada@school.example")
    let s = XapiStatements.answered(row(sequence: 1), question: nil, in: c).json
    #expect(field(s, "actor", "mbox") == .string("mailto:ada@school.example"))
    #expect(field(s, "actor", "account") == nil)
  }

  @Test(arguments: [(79, "failed", false), (80, "passed", true), (100, "passed", true)])
  func aCheckpointPassesFromItsPassMark(percent: Int, verb: String, success: Bool) {
    let s = XapiStatements.checkpoint(
      session: "intro", title: "Intro", run: 40, percent: percent, passPercent: 80,
      started: Timestamp(microseconds: 0), ended: Timestamp(microseconds: 90_000_000), in: context
    ).json
    #expect(field(s, "verb", "id") == .string("http://adlnet.gov/expapi/verbs/" + verb))
    #expect(field(s, "result", "success") == .bool(success))
    #expect(field(s, "result", "score", "raw") == .int(percent))
    #expect(field(s, "result", "duration") == .string("PT90S"))
    #expect(field(s, "object", "id") == .string("https://school.example/xapi/_session/intro/checkpoint"))
  }

  @Test func aCompletedSessionIsCompletedAndItsIDFollowsTheCompletion() {
    let at = Timestamp(microseconds: 5_000_000)
    let s = XapiStatements.completed(session: "intro", title: nil, at: at, in: context)
    #expect(field(s.json, "verb", "id") == .string("http://adlnet.gov/expapi/verbs/completed"))
    #expect(s.id == XapiStatements.completed(session: "intro", title: "x", at: at, in: context).id)
    #expect(
      s.id != XapiStatements.completed(session: "intro", title: nil, at: Timestamp(microseconds: 6), in: context).id)
  }

  @Test func theSentStateRoundTripsAndRefusesAnotherFormat() throws {
    var state = XapiSentState()
    state.record(["b", "a"], to: "http://lrs/xAPI/statements")
    state.record(["c"], to: "http://lrs/xAPI/statements")
    let back = try XapiSentState.parse(Array(state.text.utf8)).get()
    #expect(back == state)
    #expect(back.sent(to: "http://lrs/xAPI/statements") == ["a", "b", "c"])
    #expect(back.sent(to: "http://other/statements").isEmpty)
    for bad in [
      "[]", "{\"version\": 2, \"stores\": {}}", "{\"version\": 1, \"stores\": {\"u\": {\"sent\": [1]}}}", "{",
    ] {
      #expect(throws: XapiSentStateError.self) { try XapiSentState.parse(Array(bad.utf8)).get() }
    }
  }
}
