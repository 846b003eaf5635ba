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
  /// The order `review` introduces new cards in, and whether a course holds back the cards of
  /// sessions not read yet (`config new-order`).
  public var newCardOrder = NewCardOrder.course
  /// Whether a right answer to an auto-graded question leaves the learning steps
  /// (`config auto-graded-steps`).
  public var autoGradedSteps = AutoGradedSteps.skip
  /// Which siblings `review` holds back for the day (`config bury-siblings`, ``BurySiblings``).
  public var burySiblings: BurySiblings = []
  /// Where `scheduler.weights` came from when `optimize` fitted them (nil: never fitted).
  public var parameterFit: ParameterFit?
  // Anki 24.11's day options (`config load-balance`, `easy-days`, `reviews-per-day`): the first
  // two move only the day a fuzzed review falls on (``DayBalancer``), never the memory state.
  /// Put each fuzzed review on a day of its fuzz range with fewer cards due (on by default, as Anki).
  public var loadBalance = true
  /// How much of a normal day's reviews each weekday takes (all normal by default).
  public var easyDays = EasyDays.normal
  /// Reviews of due cards `review` offers per UTC day, across banks (nil: unlimited; Anki's 200 by default).
  public var reviewsPerDay: Int? = 200
  /// Lapses that make a card a leech (`config leech-threshold`, Anki's default 8); the learner is
  /// told again every half threshold after it (``LeechRule``).
  public var leechThreshold = 8
  /// What else happens to a leech (`config leech-action`): only tagged (Anki's code default), or
  /// also suspended.
  public var leechAction = LeechAction.tag
  /// How images are drawn (`config images`): the protocol detected, one named, Unicode symbols, or
  /// not at all (the placeholder text only).
  public var images = ImageMode.auto
  /// The most terminal rows an image takes (`config image-rows`, 1 to 100).
  public var imageRows = 12
  /// Whether a card's sounds play when it is shown (`config autoplay`).
  public var autoplay = false

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

  /// Whether an answer rated `rating` graduates its card without the (remaining) learning steps: a
  /// right answer (good or easy) to an auto-graded question whose card is new or in its learning
  /// steps, with `auto-graded-steps skip`. Self-graded cards (flashcards, open questions) keep the
  /// steps, and so does a card relearning after a lapse.
  func skipsLearningSteps(rating: Rating?, selfGraded: Bool, card: FSRSCard?) -> Bool {
    autoGradedSteps == .skip && !selfGraded && (card.map { $0.phase == .learning } ?? true)
      && (rating == .good || rating == .easy)
  }

  /// Problems with these settings, in words (empty when they are usable).
  public func validate() -> [String] {
    var problems = scheduler.validate()
    if newCardsPerDay < 0 || newCardsPerDay > 10_000 { problems.append("new-per-day must be between 0 and 10000") }
    if let r = reviewsPerDay, r < 0 || r > 100_000 {
      problems.append("reviews-per-day must be between 0 and 100000, or unlimited")
    }
    if easySeconds < 1 || hardSeconds <= easySeconds || hardSeconds > 3600 {
      problems.append("answer times need 1 <= easy seconds < hard seconds <= 3600")
    }
    if !LeechRule.thresholds.contains(leechThreshold) { problems.append("leech-threshold must be between 1 and 999") }
    if imageRows < 1 || imageRows > 100 { problems.append("image-rows must be between 1 and 100") }
    return problems
  }
}

/// The order in which `review` introduces new cards.
public enum NewCardOrder: String, Sendable, Equatable, CaseIterable {
  /// Course order: a course's questions unlock as its sessions are read (``CoursePlan``); other
  /// banks' questions follow in bank order.
  case course
  /// Banks in turn (a course's banks first), each in file order; nothing is held back.
  case bank
  /// Shuffled, the same way every time for a profile; nothing is held back.
  case random
}

/// How images are drawn on the terminal (`config images`).
public enum ImageMode: String, Sendable, Equatable, CaseIterable {
  /// The best protocol the terminal answers to (kitty, iTerm2, sixel), else Unicode symbols.
  case auto
  /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
  case kitty
  /// iTerm2's inline images (iTerm2, WezTerm, VS Code's terminal).
  case iterm
  /// Sixel graphics (foot, xterm -ti vt340, mlterm, Windows Terminal).
  case sixel
  /// Unicode symbol art, in colour where the terminal has it.
  case symbols
  /// No pictures: the placeholder text naming the file.
  case off
}

/// What happens to a card when it becomes a leech, besides being tagged.
public enum LeechAction: String, Sendable, Equatable, CaseIterable {
  /// Tagged only: it stays in reviews (`cards is:leech` finds it).
  case tag
  /// Tagged and suspended: never scheduled until `unsuspend`.
  case suspend
}

/// What the learning steps mean for a new auto-graded question (choice, true/false, typed, …).
public enum AutoGradedSteps: String, Sendable, Equatable, CaseIterable {
  /// A right answer (rated good or easy) to a new card, or one still in its learning steps,
  /// graduates it as FSRS schedules it without learning steps: a right first answer is not asked
  /// again in the sitting, and a missed one comes back once and graduates when answered right.
  case skip
  /// Every new card takes the learning steps, as in Anki.
  case anki
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
