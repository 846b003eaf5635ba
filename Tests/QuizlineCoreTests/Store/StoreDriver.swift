import Foundation

@testable import QuizlineCore
@testable import QuizlineFormats

/// The fixture catalog (one question of each of the ten types, sessions `intro` and `layout`), loaded once.
let fixtureCatalog: Catalog = CatalogLoader.load(directory: Fixtures.catalog).catalog

/// 2026-03-01T09:00:00Z: the moment every scripted session starts.
let scriptStart = Timestamp(iso8601: "2026-03-01T09:00:00Z")!

/// `sample/<id>`.
func sample(_ id: String) -> QuestionRef { QuestionRef(bank: "sample", question: id) }

/// The sample bank's questions in file order, by type.
let sampleQuestionIDs: [QuestionKind: String] = [
  .single: "single-owner", .multiple: "multiple-containers", .truefalse: "tf-declarative",
  .text: "text-stack",
  .numeric: "numeric-steps", .matching: "matching-wrappers", .ordering: "ordering-layout",
  .cloze: "cloze-modifier",
  .flashcard: "flash-binding", .open: "open-ownership",
]

/// Drives a ``Store`` over a ``MemoryJournal`` the way the REPL runtime does: each action comes with
/// a clock that advances `step` seconds, and a fixed entropy so runs are repeatable.
struct StoreDriver {
  var store: Store
  let journal: MemoryJournal
  var now: Timestamp
  var step: Int64 = 5
  var entropy: UInt64 = 7

  init(
    catalog: Catalog = fixtureCatalog, progress: LearnerProgress = LearnerProgress(),
    at start: Timestamp = scriptStart,
    journal: MemoryJournal = MemoryJournal()
  ) {
    self.journal = journal
    store = Store(state: AppState(catalog: catalog, progress: progress), journal: journal)
    now = start
  }

  var state: AppState { store.state }
  var progress: LearnerProgress { store.state.progress }

  /// Sends one action at the next tick and returns the payloads recorded for it.
  @discardableResult
  mutating func send(_ make: (Timestamp) -> Action) -> [EventPayload] {
    now = now.adding(seconds: step)
    return store.send(make(now), at: now).map(\.payload)
  }

  /// Types one line (as if Enter was pressed) and returns the payloads recorded for it.
  @discardableResult
  mutating func type(_ line: String) -> [EventPayload] {
    let e = entropy
    return send { .lineEntered(line, at: $0, entropy: e) }
  }

  /// Types several lines; returns every payload recorded.
  @discardableResult
  mutating func type(_ lines: [String]) -> [EventPayload] { lines.flatMap { type($0) } }

  @discardableResult
  mutating func start() -> [EventPayload] { send { .started(at: $0) } }
  @discardableResult
  mutating func interrupt() -> [EventPayload] { send { .interrupted(at: $0) } }
  @discardableResult
  mutating func endInput() -> [EventPayload] { send { .inputEnded(at: $0) } }

  /// What the screen shows after the last action, plain ASCII at width 80 (or as asked).
  func screen(width: Int = 80, style: Style = .plain) -> Frame {
    Renderer.render(
      state,
      RenderContext(width: width, style: style, now: now, progressLocation: "Progress/default"))
  }

  /// The learner's progress rebuilt only from what was recorded, as a restart would.
  var replayed: LearnerProgress {
    var p = LearnerProgress()
    for e in journal.events { p.apply(e) }
    return p
  }

  /// A new driver on the same catalog and journal whose progress is replayed from the journal (a restart).
  func restarted() -> StoreDriver {
    var next = StoreDriver(catalog: state.catalog, progress: replayed, at: now, journal: journal)
    next.step = step
    next.entropy = entropy
    return next
  }
}

/// Typed answers that take each question of the sample bank with full credit.
let rightAnswers: [QuestionKind: [String]] = [
  .single: ["b"], .multiple: ["a,c"], .truefalse: ["true"], .text: ["ZStack"], .numeric: ["2"],
  .matching: ["1b 2a 3d"],
  .ordering: ["c b a"], .cloze: ["modifier | padding"], .flashcard: ["", "good"],
  .open: ["one owner, views derive", "", "easy"],
]

extension StoreDriver {
  /// Starts the whole sample bank in file order and skips to the question of `kind`.
  mutating func startSample(at kind: QuestionKind) {
    type("start sample")
    let index = QuestionKind.allCases.firstIndex(of: kind)!
    for _ in 0..<index { type("skip") }
  }
}
