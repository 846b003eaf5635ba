/// Leeches, as Anki finds them: a card whose lapses reach the profile's threshold is tagged a leech,
/// and the learner is told then and again every half threshold after (8, 12, 16, … for 8). With
/// `leech-action suspend` the card is also suspended at each of those lapses.
public enum LeechRule {
  /// The thresholds `config leech-threshold` accepts.
  public static let thresholds = 1...999

  /// Whether a card that has just lapsed for the `lapses`-th time is (again) a leech: Anki's
  /// `lapses >= threshold && (lapses - threshold) % max(threshold / 2, 1) == 0`.
  public static func isLeechLapse(_ lapses: Int, threshold: Int) -> Bool {
    lapses >= threshold && (lapses - threshold) % max(threshold / 2, 1) == 0
  }
}

extension QuestionProgress {
  /// Applies the leech rule after a review was counted, given the lapses before it: a new lapse that
  /// reaches the threshold (or another half threshold beyond) tags the card, and suspends it when
  /// `settings` say so. Called by `apply` for answers and overrides, so replay agrees.
  mutating func applyLeechRule(lapsesBefore: Int, _ settings: ProfileSettings) {
    guard lapses > lapsesBefore, LeechRule.isLeechLapse(lapses, threshold: settings.leechThreshold) else { return }
    leech = true
    if settings.leechAction == .suspend { suspended = true }
  }
}

extension LearnerProgress {
  /// The cards tagged leeches, most lapses first (then by reference).
  public var leechQuestions: [QuestionRef] {
    questions.filter { $0.value.leech }.sorted { ($1.value.lapses, $0.key) < ($0.value.lapses, $1.key) }.map(\.key)
  }
}
