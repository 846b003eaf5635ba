/// An event declared in one file: its journal name and fields, whether `undo` can take it back, and
/// its effect on the progress. ``EventPayload`` holds it in a case of its own and hands every
/// question (type name, fields, decoding, undo, `apply`) to it, so a new event is this file, its
/// case in `Event.swift`, and the reducer that records and words it.
///
/// An undoable declared event keeps the previous progress of the questions it names and `undo` puts
/// it back; reports count it as `other` and push an empty undo step for it (``HistoryEvent``), so
/// every fold keeps the same stack.
protocol DeclaredEvent: Sendable, Equatable {
  /// The `type` of its journal lines.
  static var typeName: String { get }
  /// Whether `apply` puts it on the undo stack.
  static var isUndoable: Bool { get }
  /// Its fields in a journal line, after `seq`, `at` and `type`, in a fixed order.
  var journalFields: [(String, JSONText)] { get }
  /// The event read back from a journal line's fields.
  static func decode(_ fields: FieldMap) throws(EventCoding.DecodeError) -> Self
  /// Its effect: the only code that changes progress for it (live, on replay, in every fold).
  func apply(to progress: inout LearnerProgress, at: Timestamp, sequence: Int)
}

/// What the learner did to a set of cards by hand (`suspend`, `unsuspend`, `bury`, `unbury`,
/// `forget`, `reschedule`), from one card or a query's matches. Undoable; synced like any event.
public struct CardChange: DeclaredEvent {
  public var action: CardAction
  /// The questions changed, each once, in the order they were listed.
  public var questions: [QuestionRef]

  public init(action: CardAction, questions: [QuestionRef]) {
    self.action = action
    self.questions = questions
  }

  static let typeName = "cardsChanged"
  static let isUndoable = true

  var journalFields: [(String, JSONText)] {
    var fields: [(String, JSONText)] = [
      ("action", .string(action.name)), ("questions", .array(questions.map { .string($0.description) })),
    ]
    if case .reschedule(let days) = action { fields.append(("days", .int(days))) }
    return fields
  }

  static func decode(_ fields: FieldMap) throws(EventCoding.DecodeError) -> CardChange {
    let name = try fields.string("action")
    let action: CardAction
    switch name {
    case "reschedule": action = .reschedule(days: try fields.int("days", in: CardAction.rescheduleDays))
    default:
      guard let simple = CardAction.simple.first(where: { $0.name == name }) else {
        let allowed = (CardAction.simple.map(\.name) + ["reschedule"]).joined(separator: ", ")
        throw EventCoding.DecodeError(message: "unknown card action \(quoted(name)) (allowed: \(allowed))")
      }
      action = simple
    }
    let refs = try fields.strings("questions").map { (t: String) throws(EventCoding.DecodeError) -> QuestionRef in
      try EventCoding.ref(t)
    }
    return CardChange(action: action, questions: refs)
  }

  /// Changes each listed question as the action says; the undo step keeps each one's progress before.
  func apply(to progress: inout LearnerProgress, at: Timestamp, sequence: Int) {
    var entry = UndoEntry(sequence: sequence, summary: summary)
    let today = at.dayNumber
    for ref in questions {
      guard entry.previousQuestions[ref] == nil else { continue }
      let before = progress.questions[ref]
      entry.previousQuestions[ref] = .some(before)
      var q = before ?? QuestionProgress()
      switch action {
      case .suspend: q.suspended = true
      case .unsuspend: q.suspended = false
      case .bury: q.buriedUntilDay = today + 1
      case .unbury: q.buriedUntilDay = nil
      case .forget:
        // Back to new, as Anki's "Reset": the review log and its counts stay.
        q.card = nil
        q.buriedUntilDay = nil
      case .reschedule(let days):
        q.card = progress.rescheduled(q.card, ref: ref, toDay: today + Int64(days), at: at, sequence: sequence)
        q.buriedUntilDay = nil
      }
      progress.questions[ref] = q
    }
    progress.ledger.push(entry)
  }

  /// `suspension of 3 cards`, `forgetting of swiftui-basics/q3`: how `undo` names the step.
  var summary: String {
    let what = questions.count == 1 ? questions[0].description : "\(questions.count) cards"
    return "\(action.noun) of \(what)"
  }
}

/// What a ``CardChange`` does to each card.
public enum CardAction: Sendable, Equatable {
  /// Never scheduled or offered as new until unsuspended.
  case suspend, unsuspend
  /// Not offered until the next UTC day.
  case bury, unbury
  /// Back to new (no schedule, no memory state); the review log and the counts stay.
  case forget
  /// Due at the start of the UTC day `days` from today (Anki's "Set due date"); a card in its
  /// (re)learning steps becomes a review card, a new one a review card with the first "good" memory.
  case reschedule(days: Int)

  /// The actions without a value, as written in the journal.
  static let simple: [CardAction] = [.suspend, .unsuspend, .bury, .unbury, .forget]
  /// Days `reschedule` accepts: today up to Anki's maximum interval (100 years).
  public static let rescheduleDays = 0...36_500

  /// The journal's and the REPL's word: `suspend`, `reschedule`, …
  public var name: String {
    switch self {
    case .suspend: "suspend"
    case .unsuspend: "unsuspend"
    case .bury: "bury"
    case .unbury: "unbury"
    case .forget: "forget"
    case .reschedule: "reschedule"
    }
  }

  var noun: String {
    switch self {
    case .suspend: "suspension"
    case .unsuspend: "unsuspension"
    case .bury: "burying"
    case .unbury: "unburying"
    case .forget: "forgetting"
    case .reschedule(let days): "rescheduling (in \(days) day\(days == 1 ? "" : "s"))"
    }
  }
}

extension LearnerProgress {
  /// `card` due at the start of UTC day `day`: a review card keeps its memory state; a card in its
  /// (re)learning steps becomes a review card; a new one is first given the memory state a "good"
  /// first answer gives (as the scheduler computes it, without learning steps), as Anki's FSRS does for
  /// a new card given a due date.
  mutating func rescheduled(
    _ card: FSRSCard?, ref: QuestionRef, toDay day: Int64, at: Timestamp, sequence: Int
  ) -> FSRSCard {
    var next =
      card ?? schedule(nil, rating: .good, at: at, sequence: sequence, question: ref, skippingLearningSteps: true)
    next.phase = .review
    next.step = nil
    next.due = Timestamp(microseconds: day * 86_400_000_000)
    return next
  }
}
