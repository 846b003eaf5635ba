import Foundation
import Testing

@testable import QuizlineCore

extension SchedulingTests {
  @Suite struct SchedulerSettingsTests {
    @Test func defaultsAreTheReferenceDefaults() {
      let s = SchedulerSettings.default
      #expect(
        s.weights == [
          0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
          1.4835, 0.0614,
          0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
        ])
      #expect(s.desiredRetention == 0.9)
      #expect(s.learningSteps == [60, 600])
      #expect(s.relearningSteps == [600])
      #expect(s.maximumInterval == 36500)
      #expect(s.enableFuzzing)
      #expect(s.validate() == [])
      #expect(SchedulerSettings.weightRanges.count == 21)
    }

    @Test func derivedConstantsMatchReference() {
      let model = FSRSScheduler(settings: .default).model
      #expect(model.factor == 0.9803464944134797)
      #expect(model.meanReversionTerm == 0.001 * -4.771630703161737)
    }

    @Test func reportsEveryProblemReadably() {
      var s = SchedulerSettings.default
      s.weights[4] = 11
      s.weights[20] = 0.05
      s.desiredRetention = 1
      s.learningSteps = [60, 0]
      s.relearningSteps = [-5]
      s.maximumInterval = 0
      #expect(
        s.validate() == [
          "weights[4] (initial difficulty) = 11.0 is out of range: allowed 1.0...10.0",
          "weights[20] (forgetting curve decay) = 0.05 is out of range: allowed 0.1...0.8",
          "desiredRetention = 1.0 must be greater than 0 and less than 1 (e.g. 0.9)",
          "learningSteps[1] = 0 s must be between 1 second and 31536000 s (a year)",
          "relearningSteps[0] = -5 s must be between 1 second and 31536000 s (a year)",
          "maximumInterval = 0 days must be between 1 and 36500",
        ])
    }

    @Test(arguments: [0, 20, 22])
    func rejectsWrongWeightCount(count: Int) {
      var s = SchedulerSettings.default
      s.weights = Array(repeating: 1, count: count)
      #expect(s.validate().first == "weights: expected 21 values (w0..w20), got \(count)")
    }

    @Test(arguments: [0.0, -0.1, 1.5, Double.nan, Double.infinity])
    func rejectsRetentionOutsideOpenUnitInterval(r: Double) {
      var s = SchedulerSettings.default
      s.desiredRetention = r
      #expect(s.validate().count == 1)
    }

    @Test func rejectsNaNWeights() {
      var s = SchedulerSettings.default
      s.weights[9] = .nan
      #expect(
        s.validate() == [
          "weights[9] (recall stability: stability exponent) = nan is out of range: allowed 0.0...0.8"
        ])
    }

    @Test func boundsAreInclusive() {
      var s = SchedulerSettings.default
      for (i, entry) in SchedulerSettings.weightRanges.enumerated() {
        s.weights[i] = entry.range.upperBound
      }
      #expect(s.validate() == [])
      for (i, entry) in SchedulerSettings.weightRanges.enumerated() {
        s.weights[i] = entry.range.lowerBound
      }
      #expect(s.validate() == [])
    }

    @Test func settingsRoundTripThroughJSON() throws {
      let s = SchedulerSettings(
        desiredRetention: 0.85, learningSteps: [30], relearningSteps: [], maximumInterval: 400)
      let data = try JSONEncoder().encode(s)
      #expect(try JSONDecoder().decode(SchedulerSettings.self, from: data) == s)
      let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
        .sorted()
      #expect(
        keys == [
          "desiredRetention", "enableFuzzing", "learningSteps", "maximumInterval",
          "relearningSteps", "weights",
        ])
    }

    @Test func cardRoundTripsExactlyWithReadableKeys() throws {
      let start = Timestamp(iso8601: "2022-11-29T12:30:00.000001Z")!
      let scheduler = FSRSScheduler(settings: SchedulerSettings(enableFuzzing: false))
      var card = scheduler.review(.new(at: start), rating: .good, at: start)
      card = scheduler.review(card, rating: .good, at: card.due.adding(seconds: 7))
      card = scheduler.review(card, rating: .hard, at: card.due.adding(days: 3))
      let data = try JSONEncoder().encode(card)
      #expect(try JSONDecoder().decode(FSRSCard.self, from: data) == card)
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      // step is nil: left out.
      #expect(object.keys.sorted() == ["difficulty", "due", "lastReview", "phase", "stability"])
      let new = try JSONEncoder().encode(FSRSCard.new(at: start))
      let newObject = try #require(try JSONSerialization.jsonObject(with: new) as? [String: Any])
      #expect(newObject.keys.sorted() == ["due", "phase", "step"])
    }

    @Test func ratingNames() {
      #expect(Rating.allCases.map(\.name) == ["again", "hard", "good", "easy"])
      #expect(Rating.allCases.map(\.rawValue) == [1, 2, 3, 4])
      #expect(Rating(name: "Good") == .good)
      #expect(Rating(name: "ok") == nil)
      #expect(CardPhase.relearning.rawValue == 3 && CardPhase.review.name == "review")
    }
  }
}
