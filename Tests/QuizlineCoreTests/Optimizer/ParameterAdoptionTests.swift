import Testing

@testable import QuizlineCore

@Suite struct ParameterAdoptionTests {
  static let q1 = QuestionRef(bank: "b", question: "q1")
  static let q2 = QuestionRef(bank: "b", question: "q2")
  static let start = Timestamp(seconds: 1_800_000_000)
  static let fitted: [Double] = [
    0.4, 1.5, 3.0, 10.0, 6.0, 0.7, 2.5, 0.02, 1.7, 0.15, 0.9, 1.6, 0.07, 0.3, 1.8, 0.5, 2.0, 0.45, 0.2, 0.08, 0.2,
  ]
  static let fit = ParameterFit(
    fittedAt: start.adding(days: 3), trainedOn: 400,
    before: ModelEvaluation(logLoss: 0.35, rmseBins: 0.07, count: 100),
    after: ModelEvaluation(logLoss: 0.32, rmseBins: 0.04, count: 100))

  /// Two answered cards, an adoption on day 3, then a review of q1 on day 5.
  static var events: [RecordedEvent] {
    var seq = 0
    func e(_ days: Int64, _ p: EventPayload) -> RecordedEvent {
      seq += 1
      return RecordedEvent(sequence: seq, at: start.adding(days: days), payload: p)
    }
    let run = RunStart(source: .review, questions: [q1, q2], seed: 1)
    return [
      e(0, .quizStarted(run)),
      e(0, .answered(AnswerRecord(run: 1, question: q1, response: "a", score: 1, seconds: 4, rating: .good))),
      e(0, .answered(AnswerRecord(run: 1, question: q2, response: "b", score: 0, seconds: 9, rating: .again))),
      e(0, .runEnded(run: 1, reason: .finished)),
      e(3, .parametersAdopted(weights: fitted, fit: fit)),
      e(5, .quizStarted(RunStart(source: .review, questions: [q1], seed: 2))),
      e(5, .answered(AnswerRecord(run: 6, question: q1, response: "a", score: 1, seconds: 3, rating: .good))),
    ]
  }

  static func replay(_ events: [RecordedEvent]) -> LearnerProgress {
    var p = LearnerProgress()
    for e in events { p.apply(e) }
    return p
  }

  @Test func adoptionSchedulesLaterReviewsWithTheFittedWeightsAndReplaysTheSame() {
    let p = Self.replay(Self.events)
    #expect(p.settings.scheduler.weights == Self.fitted)
    #expect(p.settings.parameterFit == Self.fit)
    // The day-5 review was scheduled with the fitted weights: the same card from the defaults differs.
    var defaults = Self.events
    defaults.remove(at: 4)
    let other = Self.replay(defaults)
    #expect(p.questions[Self.q1]?.card?.stability != other.questions[Self.q1]?.card?.stability)
    // Replay through the journal's own lines gives the same progress.
    let decoded = Self.events.map { try! EventCoding.decode(Array(EventCoding.encode($0).utf8)) }
    #expect(decoded == Self.events)
    #expect(Self.replay(decoded) == p)
  }

  @Test func undoTakesTheAdoptionBackAlsoAfterASnapshot() throws {
    var events = Array(Self.events.prefix(5))
    events.append(RecordedEvent(sequence: 6, at: Self.start.adding(days: 4), payload: .undone(target: 5)))
    let p = Self.replay(events)
    #expect(p.settings.scheduler.weights == SchedulerSettings.defaultWeights)
    #expect(p.settings.parameterFit == nil)
    // The undo entry survives a snapshot: undoing after a restart works the same.
    let adopted = Self.replay(Array(Self.events.prefix(5)))
    var restored = try SnapshotCoding.decode(Array(SnapshotCoding.encode(adopted, writtenAt: Self.start).utf8))
    #expect(restored == adopted)
    restored.apply(events[5])
    #expect(restored.settings.scheduler.weights == SchedulerSettings.defaultWeights)
    #expect(restored == p)
  }

  @Test func reducerAdoptsOnlyBetterParametersAndNotOnADryRun() {
    var state = AppState(catalog: Catalog(), progress: LearnerProgress(), profile: "t", loadErrorCount: 0)
    let better = ParameterOptimization(
      reviews: 500, scored: 400, heldOut: 80,
      fit: FSRSOptimizer.Fit(weights: Self.fitted, extent: .all, items: 320, droppedCards: 0),
      current: Self.fit.before, fitted: Self.fit.after)
    let now = Self.start.adding(days: 3)
    #expect(Reducer.optimizationFinished(&state, better, dryRun: true, at: now).events.isEmpty)
    var worse = better
    worse.fitted = ModelEvaluation(logLoss: 0.36, rmseBins: 0.03, count: 80)
    #expect(Reducer.optimizationFinished(&state, worse, dryRun: false, at: now).events.isEmpty)
    let adopted = Reducer.optimizationFinished(&state, better, dryRun: false, at: now).events
    #expect(
      adopted == [
        .parametersAdopted(
          weights: Self.fitted,
          fit: ParameterFit(fittedAt: now, trainedOn: 320, before: Self.fit.before, after: Self.fit.after))
      ])
  }

  @Test func reviewHistoryFollowsWhatApplyKeeps() {
    var events = Self.events
    // Take back the day-5 answer: it is no longer a review.
    events.append(RecordedEvent(sequence: 8, at: Self.start.adding(days: 5), payload: .undone(target: 7)))
    var collector = ReviewHistoryCollector()
    for e in events { collector.apply(e) }
    #expect(collector.progress == Self.replay(events))
    let reviews = collector.reviews
    #expect(reviews.map(\.rating) == [.good, .again])
    #expect(reviews.map(\.at) == [Self.start, Self.start])
    // Practice answers (no rating) and a reset leave no reviews; undoing the reset brings them back.
    var more = events
    more.append(RecordedEvent(sequence: 9, at: Self.start.adding(days: 6), payload: .reset(.bank("b"))))
    var afterReset = ReviewHistoryCollector()
    for e in more { afterReset.apply(e) }
    #expect(afterReset.reviews.isEmpty)
    more.append(RecordedEvent(sequence: 10, at: Self.start.adding(days: 6), payload: .undone(target: 9)))
    var undone = ReviewHistoryCollector()
    for e in more { undone.apply(e) }
    #expect(undone.reviews.map(\.rating) == [.good, .again])
  }
}
