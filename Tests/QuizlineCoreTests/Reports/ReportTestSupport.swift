import Foundation

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineReports

/// A learner driven through the real store on the fixture catalog, one typed line at a time; the
/// journal's lines are kept as quizline writes them, so history readers can be run on them.
struct ReportLearner {
  var store: Store
  let journal = MemoryJournal()
  var now: Timestamp

  static let catalog = CatalogLoader.load(directory: Fixtures.catalog).catalog
  static let t0 = Timestamp(iso8601: "2026-11-20T09:00:00Z")!

  init(start: Timestamp = ReportLearner.t0, profile: String = "default") {
    now = start
    store = Store(
      state: AppState(catalog: Self.catalog, progress: LearnerProgress(), profile: profile), journal: journal)
  }

  mutating func type(_ lines: String..., advance seconds: Int64 = 7) {
    for line in lines {
      now = now.adding(seconds: seconds)
      store.send(.lineEntered(line, at: now, entropy: 42), at: now)
    }
  }

  /// Moves the clock to the next day (same time of day).
  mutating func nextDay(_ days: Int64 = 1) { now = now.adding(days: days) }

  var progress: LearnerProgress { store.state.progress }
  var lines: [UInt8] { Array(journal.events.map { EventCoding.encode($0) + "\n" }.joined().utf8) }

  /// The history read back from the journal text.
  func history(since: Int64? = nil, attempts: Bool = true, decoder: HistoryScanner.Decoder = .fast) -> ProfileHistory {
    HistoryLoader.load(files: [("journal.jsonl", lines)], sinceDay: since, keepAttempts: attempts, decoder: decoder)
  }

  func report(since: Int64? = nil, at: Timestamp? = nil, attempts: Bool = true) -> Report {
    ReportBuilder.build(
      catalog: Self.catalog,
      inputs: [
        ReportInput(
          profile: store.state.profile, progress: progress, history: history(since: since, attempts: attempts))
      ],
      now: at ?? now, options: ReportOptions(sinceDay: since, includeAttempts: attempts))
  }

  /// A learner with a bit of everything, on three days: a full bank quiz, a checkpoint passed (which
  /// completes its session), an undo, a flag, a skip, an odd free-text answer, a quiz ended early, a
  /// session completed by hand.
  static func sample() -> ReportLearner {
    var l = ReportLearner()
    l.type(
      "start sample", "b", "a,c", "true", "ZStack", "2", "1b 2a 3d", "c b a", "modifier | padding", "", "good",
      "I own it", "", "good")
    l.nextDay()
    l.type("read intro", "quiz intro", "b", "a,c", "true", "ZStack", "2")
    l.type("start sample --count 4", "a", "undo", "b", "flag", "skip", "false", "\"quoted\", odd; answer")
    l.nextDay()
    l.type("start sample --count 3", "b", "end")
    l.type("complete layout")
    return l
  }
}
