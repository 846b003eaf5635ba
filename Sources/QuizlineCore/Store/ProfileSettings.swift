/// A profile's study settings: the scheduler's parameters and how answers become ratings.
///
/// Changed only by a `settingsChanged` event, so replaying the journal reproduces every schedule.
public struct ProfileSettings: Sendable, Equatable {
  public var scheduler = SchedulerSettings.default
  /// New (never scheduled) cards `review` introduces per UTC day.
  public var newCardsPerDay = 20
  /// Use answer time for auto-graded answers: right within `easySeconds` → easy, right after
  /// `hardSeconds` → hard. Off by default (right → good, wrong → again).
  var useAnswerTime = false
  var easySeconds = 8
  var hardSeconds = 60
  /// Accept a typed near miss of an accepted answer, with a "Check the spelling" line (``NearMiss``).
  var typoTolerance = true
  /// Where `scheduler.weights` came from when `optimize` fitted them (nil: never fitted).
  public var parameterFit: ParameterFit?

  init() {}

  public static let `default` = ProfileSettings()

  /// The FSRS rating for an auto-graded answer. Partial credit of at least half counts as hard,
  /// less as again; certainty-based marking, when given, decides between hard, good and easy.
  public func rating(score: Double, seconds: Double, certainty: Int?) -> Rating {
    if score < 0.5 { return .again }
    if score < 0.9999 { return .hard }
    if let certainty { return certainty >= 3 ? .easy : certainty == 2 ? .good : .hard }
    if useAnswerTime {
      if seconds <= Double(easySeconds) { return .easy }
      if seconds >= Double(hardSeconds) { return .hard }
    }
    return .good
  }

  /// Problems with these settings, in words (empty when they are usable).
  public func validate() -> [String] {
    var problems = scheduler.validate()
    if newCardsPerDay < 0 || newCardsPerDay > 10_000 { problems.append("new-per-day must be between 0 and 10000") }
    if easySeconds < 1 || hardSeconds <= easySeconds || hardSeconds > 3600 {
      problems.append("answer times need 1 <= easy seconds < hard seconds <= 3600")
    }
    return problems
  }
}

/// What `reset` clears.
public enum ResetScope: Sendable, Equatable, Hashable {
  /// Scheduling and scores of every question of a bank.
  case bank(String)
  /// A session's completion, and scheduling and scores of its checkpoint questions.
  case session(String, questions: [QuestionRef])

  public var label: String {
    switch self {
    case .bank(let id): "bank \(id)"
    case .session(let id, _): "session \(id)"
    }
  }
}
