import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop
@testable import QuizlineReports
@testable import QuizlineStorage

/// A checkpoint quiz says what it meant for its session and what comes next (README: a session
/// whose rule is `checkpoint` is completed by a pass).
@Suite struct CheckpointOutcomeTests {
  static let allRight = ["b", "a,c", "true", "ZStack", "2"]
  static let twoRight = ["b", "a,c", "false", "nope", "7"]

  static func occurrences(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func aPassCompletesTheSessionAndSaysWhatComesNextOnce() {
    var d = StoreDriver()
    d.type("quiz intro")
    var recorded: [EventPayload] = []
    for answer in Self.allRight { recorded += d.type(answer) }
    #expect(recorded.contains(.sessionCompleted(session: "intro")))
    #expect(d.progress.isCompleted("intro"))
    let text = d.screen().text
    #expect(text.contains("  Score 5/5 (100%) | passed |"), "\(text)")
    #expect(text.contains("[x] intro is now completed ("), "\(text)")
    #expect(text.contains("  Next up: \"Layout and modifiers\". Type next to read it.\n"), "\(text)")
    #expect(Self.occurrences("Next up", in: text) == 1, "the summary leaves what comes next to the completion")
  }

  @Test func aFailedCheckpointSaysTheSessionStaysOpenAndHowToRetakeIt() {
    var d = StoreDriver()
    d.type("quiz intro")
    var recorded: [EventPayload] = []
    for answer in Self.twoRight { recorded += d.type(answer) }
    #expect(!recorded.contains(.sessionCompleted(session: "intro")))
    let text = d.screen().text
    #expect(text.contains("not passed (pass mark 60%)"), "\(text)")
    #expect(
      text.contains("  Not passed, so intro stays open: read it again, then type quiz intro.\n"),
      "\(text)")
  }

  @Test func aCheckpointEndedEarlySaysTheSessionStaysOpen() {
    var d = StoreDriver()
    d.type(["quiz intro", "b", "end"])
    #expect(!d.progress.isCompleted("intro"))
    #expect(
      d.screen().text.contains("  Ended early, so intro stays open: type quiz intro to retake it.\n"))
  }

  @Test func aPassOfAManualSessionSaysHowToCompleteIt() throws {
    var intro = try #require(fixtureCatalog.session("intro"))
    intro.completion = .manual
    let catalog = Catalog(
      banks: fixtureCatalog.banks, sessions: fixtureCatalog.sessions.map { $0.id == "intro" ? intro : $0 },
      courses: fixtureCatalog.courses)
    var d = StoreDriver(catalog: catalog)
    d.type("quiz intro")
    var recorded: [EventPayload] = []
    for answer in Self.allRight { recorded += d.type(answer) }
    #expect(!recorded.contains(.sessionCompleted(session: "intro")))
    #expect(d.screen().text.contains("  This session is completed by hand: type complete intro to mark it.\n"))
  }
}
