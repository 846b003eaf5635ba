/// The settings `config` can change, with the words it accepts.
enum SettingKey: String, Sendable, CaseIterable {
  case retention
  case learningSteps = "learning-steps"
  case autoGradedSteps = "auto-graded-steps"
  case relearningSteps = "relearning-steps"
  case maxInterval = "max-interval"
  case fuzz
  case newPerDay = "new-per-day"
  case newOrder = "new-order"
  case answerTime = "answer-time"
  case easySeconds = "easy-seconds"
  case hardSeconds = "hard-seconds"
  case typoTolerance = "typo-tolerance"
  case burySiblings = "bury-siblings"
  case loadBalance = "load-balance"
  case easyDays = "easy-days"
  case reviewsPerDay = "reviews-per-day"
  case leechThreshold = "leech-threshold"
  case leechAction = "leech-action"
  case images
  case imageRows = "image-rows"
  case autoplay

  /// Example values, for completion and for messages.
  var suggestions: [String] {
    switch self {
    case .retention: ["0.9", "0.85", "0.95"]
    case .learningSteps: ["1m,10m", "10m", "none"]
    case .relearningSteps: ["10m", "none"]
    case .maxInterval: ["36500", "365"]
    case .fuzz, .answerTime, .typoTolerance, .loadBalance, .autoplay: ["on", "off"]
    case .newPerDay: ["20", "10"]
    case .images: ImageMode.allCases.map(\.rawValue)
    case .imageRows: ["12", "20"]
    case .easyDays: ["normal", "sun=0", "sat=0.5"]
    case .reviewsPerDay: ["200", "unlimited"]
    case .newOrder: NewCardOrder.allCases.map(\.rawValue)
    case .autoGradedSteps: AutoGradedSteps.allCases.map(\.rawValue)
    case .easySeconds: ["8"]
    case .hardSeconds: ["60"]
    case .burySiblings: ["new,review,learning", "new", "off"]
    case .leechThreshold: ["8", "16"]
    case .leechAction: LeechAction.allCases.map(\.rawValue)
    }
  }

  /// What values are allowed, in the words `config` uses.
  public var allowed: String {
    switch self {
    case .retention: "a number between 0 and 1, e.g. 0.9"
    case .learningSteps, .relearningSteps: "durations from 1s to 365d, e.g. 1m,10m, or none"
    case .maxInterval: "whole days from 1 to 36500"
    case .fuzz, .answerTime, .typoTolerance, .loadBalance, .autoplay: "on or off"
    case .newPerDay: "a whole number from 0 to 10000"
    case .images: "auto, kitty, iterm, sixel, symbols or off"
    case .imageRows: "a whole number of terminal rows from 1 to 100"
    case .easyDays: "normal, or weekdays with a weight from 0 to 1, e.g. sun=0 sat=0.5"
    case .reviewsPerDay: "a whole number from 0 to 100000, or unlimited"
    case .newOrder: "course, bank or random"
    case .autoGradedSteps: "skip or anki"
    case .easySeconds, .hardSeconds: "whole seconds, with 1 <= easy-seconds < hard-seconds <= 3600"
    case .burySiblings: "off, all, or any of new, review, learning separated by commas"
    case .leechThreshold: "a whole number of lapses from 1 to 999"
    case .leechAction: "tag or suspend"
    }
  }

  /// The current value in the form `config` accepts.
  public func value(in s: ProfileSettings) -> String {
    switch self {
    case .retention: String(s.scheduler.desiredRetention)
    case .learningSteps: Self.steps(s.scheduler.learningSteps)
    case .relearningSteps: Self.steps(s.scheduler.relearningSteps)
    case .maxInterval: String(s.scheduler.maximumInterval)
    case .fuzz: s.scheduler.enableFuzzing ? "on" : "off"
    case .newPerDay: String(s.newCardsPerDay)
    case .newOrder: s.newCardOrder.rawValue
    case .autoGradedSteps: s.autoGradedSteps.rawValue
    case .answerTime: s.useAnswerTime ? "on" : "off"
    case .easySeconds: String(s.easySeconds)
    case .hardSeconds: String(s.hardSeconds)
    case .typoTolerance: s.typoTolerance ? "on" : "off"
    case .burySiblings: s.burySiblings.text
    case .loadBalance: s.loadBalance ? "on" : "off"
    case .easyDays: s.easyDays.text
    case .reviewsPerDay: s.reviewsPerDay.map(String.init) ?? "unlimited"
    case .leechThreshold: String(s.leechThreshold)
    case .leechAction: s.leechAction.rawValue
    case .images: s.images.rawValue
    case .imageRows: String(s.imageRows)
    case .autoplay: s.autoplay ? "on" : "off"
    }
  }

  /// Settings of how cards are shown (not of scheduling): they apply from the next card shown.
  var isDisplaySetting: Bool { self == .images || self == .imageRows || self == .autoplay }

  var isLeechSetting: Bool { self == .leechThreshold || self == .leechAction }

  static func steps(_ seconds: [Int64]) -> String {
    seconds.isEmpty
      ? "none"
      : seconds.map { $0 % 3600 == 0 ? "\($0 / 3600)h" : $0 % 60 == 0 ? "\($0 / 60)m" : "\($0)s" }.joined(
        separator: ",")
  }

  /// Parses `1m,10m`, `30s`, `2h`, `1d` or `none`.
  static func parseSteps(_ text: String) -> [Int64]? {
    if text == "none" { return [] }
    var out: [Int64] = []
    for part in text.split(separator: ",") {
      let p = String(part).trimmingSpaces
      guard let unit = p.last, let n = Int64(p.dropLast()), n > 0 else { return nil }
      let factor: Int64
      switch unit {
      case "s": factor = 1
      case "m": factor = 60
      case "h": factor = 3600
      case "d": factor = 86_400
      default: return nil
      }
      let (seconds, overflow) = n.multipliedReportingOverflow(by: factor)
      out.append(overflow ? Int64.max : seconds)
    }
    return out.isEmpty ? nil : out
  }
}

extension Reducer {
  /// `config`, `config KEY`, `config KEY VALUE`.
  static func config(_ state: inout AppState, key name: String?, value: String?) -> Reduction {
    guard let name else {
      state.display = [.settings]
      return Reduction()
    }
    guard let key = SettingKey(rawValue: name) else {
      var hint = "Settings: " + SettingKey.allCases.map(\.rawValue).joined(separator: ", ") + "."
      if let m = closestMatch(to: name, in: SettingKey.allCases.map(\.rawValue)) { hint = "Did you mean \(m)? " + hint }
      return fail(&state, "there is no setting \(quotedArg(name))", hint: hint)
    }
    guard let value else {
      state.display = [.notice("\(key.rawValue) = \(key.value(in: state.progress.settings))")]
      return Reduction()
    }
    let text = value.lowercased()
    var s = state.progress.settings
    let bad =
      "\(quotedArg(text)) is not a value for \(key.rawValue); try e.g. \(key.suggestions.joined(separator: " or "))"
    switch key {
    case .retention:
      guard let v = Double(text) else {
        return fail(&state, bad, hint: "Type config to see every setting and its current value.")
      }
      s.scheduler.desiredRetention = v
    case .learningSteps, .relearningSteps:
      guard let v = SettingKey.parseSteps(text) else {
        return fail(&state, bad, hint: "Write durations such as 1m,10m (s, m, h, d), or none.")
      }
      if key == .learningSteps { s.scheduler.learningSteps = v } else { s.scheduler.relearningSteps = v }
    case .maxInterval:
      guard let v = Int(text) else {
        return fail(&state, bad, hint: "Type config to see every setting and its current value.")
      }
      s.scheduler.maximumInterval = v
    case .fuzz, .answerTime, .typoTolerance, .loadBalance, .autoplay:
      guard text == "on" || text == "off" else {
        return fail(&state, bad, hint: "Type config to see every setting and its current value.")
      }
      switch key {
      case .fuzz: s.scheduler.enableFuzzing = text == "on"
      case .answerTime: s.useAnswerTime = text == "on"
      case .loadBalance: s.loadBalance = text == "on"
      case .autoplay: s.autoplay = text == "on"
      default: s.typoTolerance = text == "on"
      }
    case .easyDays:
      switch EasyDays.parse(text) {
      case .success(let days): s.easyDays = days
      case .failure(let e):
        return fail(
          &state, "\(quotedArg(e.part)) \(e.problem), in easy-days \(quotedArg(value))",
          hint: "For example: config easy-days sun=0 sat=0.5 (0 none, 0.5 reduced, 1 normal); config easy-days normal.")
      }
    case .reviewsPerDay:
      guard text == "unlimited" || Int(text) != nil else {
        return fail(&state, bad, hint: "Type config to see every setting and its current value.")
      }
      s.reviewsPerDay = Int(text)
    case .newOrder:
      guard let v = NewCardOrder(rawValue: text) else {
        return fail(
          &state, bad,
          hint: "course: a course's cards unlock as you read its sessions; bank: bank by bank; random: shuffled.")
      }
      s.newCardOrder = v
    case .autoGradedSteps:
      guard let v = AutoGradedSteps(rawValue: text) else {
        return fail(
          &state, bad, hint: "skip: a right answer graduates the card; anki: every new card takes every learning step.")
      }
      s.autoGradedSteps = v
    case .burySiblings:
      guard let v = BurySiblings(text: text) else {
        return fail(
          &state, bad,
          hint:
            "A card answered today holds back its note's other cards of these kinds until tomorrow: off, all, new,review,learning."
        )
      }
      s.burySiblings = v
    case .leechAction:
      guard let v = LeechAction(rawValue: text) else {
        return fail(
          &state, bad, hint: "tag: a leech stays in reviews, tagged; suspend: it is also set aside until unsuspended.")
      }
      s.leechAction = v
    case .images:
      guard let v = ImageMode(rawValue: text) else {
        return fail(
          &state, bad,
          hint:
            "auto: the best the terminal answers to; kitty, iterm, sixel: that protocol; symbols: Unicode art; off: the file's name only."
        )
      }
      s.images = v
    case .newPerDay, .easySeconds, .hardSeconds, .leechThreshold, .imageRows:
      guard let v = Int(text) else {
        return fail(&state, bad, hint: "Type config to see every setting and its current value.")
      }
      switch key {
      case .newPerDay: s.newCardsPerDay = v
      case .easySeconds: s.easySeconds = v
      case .leechThreshold: s.leechThreshold = v
      case .imageRows: s.imageRows = v
      default: s.hardSeconds = v
      }
    }
    guard s.validate().isEmpty else {
      return fail(
        &state, "\(quotedArg(value)) is out of range for \(key.rawValue): \(key.allowed)", hint: "Nothing was changed.")
    }
    guard s != state.progress.settings else {
      state.display = [.notice("\(key.rawValue) is already \(key.value(in: s)).")]
      return Reduction()
    }
    state.display = [
      .notice(
        "\(key.rawValue) = \(key.value(in: s)). Applies to \(key == .newOrder || key == .burySiblings ? "the next review" : key.isLeechSetting ? "lapses from now on (cards already tagged stay leeches)" : key.isDisplaySetting ? "the cards shown from now on" : "answers from now on"); undo changes it back."
      )
    ]
    state.settingsUndo.append(
      SettingsUndo(sequence: state.progress.lastSequence + 1, key: key, previous: state.progress.settings))
    return Reduction(events: [.settingsChanged(s)])
  }
}
