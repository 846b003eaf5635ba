@testable import QuizlineCore

/// A small catalog and progress for card browser tests, at a fixed `now` (2026-03-10 12:00 UTC).
enum CardFixture {
  static let now = Timestamp(
    microseconds: Timestamp.days(fromCivil: 2026, m: 3, d: 10) * 86_400_000_000 + 43_200_000_000)
  static let day: Int64 = 86_400_000_000

  static func at(days: Double) -> Timestamp { now.adding(microseconds: Int64(days * Double(day))) }

  static func flashcard(_ id: String, _ front: String, back: String = "an answer", tags: [String] = []) -> Question {
    Question(id: id, prompt: front, explanation: "why", tags: tags, body: .flashcard(back: back))
  }

  static var catalog: Catalog {
    Catalog(banks: [
      Bank(
        id: "french", title: "French", tags: ["language"],
        questions: [
          flashcard("chat", "The cat", back: "le chat", tags: ["animals"]),
          flashcard("chien", "The dog", back: "le chien", tags: ["animals::pets", "hard"]),
          flashcard("maison", "The house", back: "la maison"),
        ]),
      Bank(
        id: "swift", title: "Swift",
        questions: [
          flashcard("optional", "What is an Optional?", back: "a value or nil", tags: ["basics"]),
          flashcard("closure", "What does a closure capture?\nExplain.", back: "its context", tags: ["hard"]),
        ]),
    ])
  }

  /// A card in `phase`, last reviewed `reviewed` days from now and due `due` days from now.
  static func card(
    _ phase: CardPhase, reviewed: Double, due: Double, stability: Double = 10, difficulty: Double = 5
  ) -> FSRSCard {
    FSRSCard(
      phase: phase, step: phase == .review ? nil : 0, stability: stability, difficulty: difficulty, due: at(days: due),
      lastReview: at(days: reviewed))
  }

  static func progress(
    _ card: FSRSCard?, answered: Double? = nil, suspended: Bool = false, flagged: Bool = false, buried: Bool = false,
    leech: Bool = false, reps: Int = 1, lapses: Int = 0, rating: Rating? = nil, introduced: Double? = nil
  ) -> QuestionProgress {
    var p = QuestionProgress()
    p.card = card
    p.suspended = suspended
    p.flagged = flagged
    p.buriedUntilDay = buried ? now.dayNumber + 1 : nil
    p.leech = leech
    p.reps = card == nil ? 0 : reps
    p.lapses = lapses
    p.lastRating = card == nil ? nil : rating ?? .good
    p.firstReviewAt = introduced.map(at(days:))
    p.lastAnsweredAt = (answered ?? card?.lastReview.map { Double($0.microseconds - now.microseconds) / Double(day) })
      .map(at(days:))
    p.attempts = card == nil ? 0 : 1
    return p
  }

  /// french/chat due in 3 days (introduced 20 days ago, rated easy, buried); french/chien overdue by
  /// 2 (hard, low recall, a leech with 9 lapses, rated again); suspended swift/closure in relearning
  /// (1 lapse, introduced 2 days ago); swift/optional learning, due in an hour and flagged (introduced
  /// today, rated hard); french/maison new.
  static var state: AppState {
    var progress = LearnerProgress()
    progress.questions = [
      QuestionRef(bank: "french", question: "chat"): self.progress(
        card(.review, reviewed: -7, due: 3, stability: 12, difficulty: 3), buried: true, reps: 3, rating: .easy,
        introduced: -20),
      QuestionRef(bank: "french", question: "chien"): self.progress(
        card(.review, reviewed: -60, due: -2, stability: 4, difficulty: 9.1), leech: true, reps: 20, lapses: 9,
        rating: .again, introduced: -200),
      QuestionRef(bank: "swift", question: "closure"): self.progress(
        card(.relearning, reviewed: -1, due: -0.6, stability: 1.5, difficulty: 8), suspended: true, reps: 4,
        lapses: 1, rating: .again, introduced: -2),
      QuestionRef(bank: "swift", question: "optional"): self.progress(
        card(.learning, reviewed: -0.01, due: 0.04, stability: 0.5, difficulty: 6), flagged: true, rating: .hard,
        introduced: -0.01),
    ]
    return AppState(catalog: catalog, progress: progress)
  }

  /// The question ids `query` finds, in the browser's due order.
  static func ids(_ query: String, _ state: AppState = state, sort: CardSort = .due) throws -> [String] {
    CardBrowser.select(state, try CardQueryParser.parse(query), sort: sort, at: now).rows.map(\.ref.question)
  }
}
