import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// Review sequences recorded from py-fsrs 6.3.2 by `scripts/fsrs/make-vectors.py`.
struct ReferenceVectors: Decodable {
  struct Review: Decodable {
    var settingsIndex: Int
    var rating: Int
    var at: Int64
    var phase: Int
    var step: Int
    var stability: Double
    var difficulty: Double
    var due: Int64

    init(from decoder: any Decoder) throws {
      var c = try decoder.unkeyedContainer()
      settingsIndex = try c.decode(Int.self)
      rating = try c.decode(Int.self)
      at = try c.decode(Int64.self)
      phase = try c.decode(Int.self)
      step = try c.decode(Int.self)
      stability = try c.decode(Double.self)
      difficulty = try c.decode(Double.self)
      due = try c.decode(Int64.self)
    }
  }

  struct Sequence: Decodable {
    var seed: Int?
    var created: Int64
    var reviews: [Review]

    /// The settings index every review uses, or -1 when the settings change within the sequence.
    var group: Int {
      let first = reviews.first?.settingsIndex ?? -1
      return reviews.allSatisfy { $0.settingsIndex == first } ? first : -1
    }
  }

  var reference: String
  var settings: [SchedulerSettings]
  var sequences: [Sequence]

  static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/fsrs/vectors.json")

  static let shared: Result<ReferenceVectors, any Error> = Result {
    try JSONDecoder().decode(ReferenceVectors.self, from: Data(contentsOf: url))
  }
}

/// Largest differences seen on stability and difficulty in one group of sequences.
struct Agreement {
  var reviews = 0
  var notBitIdentical = 0
  var maxAbs = 0.0
  var maxRel = 0.0

  mutating func add(_ got: Double, _ want: Double) {
    let abs = Swift.abs(got - want)
    if got.bitPattern != want.bitPattern { notBitIdentical += 1 }
    maxAbs = max(maxAbs, abs)
    maxRel = max(maxRel, abs / max(Swift.abs(want), .leastNormalMagnitude))
  }
}

extension SchedulingTests {
  @Suite struct FSRSReferenceVectorTests {
    @Test func fixtureCoversTheRequiredCases() throws {
      let v = try ReferenceVectors.shared.get()
      #expect(v.reference == "fsrs 6.3.2")
      #expect(v.sequences.count >= 500)
      #expect(v.sequences.contains { $0.seed != nil })
      #expect(v.settings.contains { $0.learningSteps.isEmpty })
      #expect(v.settings.contains { $0.maximumInterval < 365 })
      for s in v.settings { #expect(s.validate() == [], "fixture settings are valid") }
    }

    /// Groups: -1 (settings change between reviews) and each settings index of the fixture.
    @Test(arguments: -1...11)
    func matchesReference(group: Int) throws {
      let v = try ReferenceVectors.shared.get()
      let schedulers = v.settings.map(FSRSScheduler.init(settings:))
      var agreement = Agreement()
      let sequences = v.sequences.enumerated().filter { $0.element.group == group }
      #expect(!sequences.isEmpty)
      for (n, seq) in sequences {
        var card = FSRSCard.new(at: Timestamp(microseconds: seq.created))
        var random = PythonRandom(seed: seq.seed ?? 0)
        for (i, r) in seq.reviews.enumerated() {
          let scheduler = schedulers[r.settingsIndex]
          let rating = try #require(Rating(rawValue: r.rating))
          let at = Timestamp(microseconds: r.at)
          card =
            seq.seed == nil
            ? scheduler.review(card, rating: rating, at: at)
            : scheduler.review(card, rating: rating, at: at, random: &random)
          let stability = try #require(card.stability)
          let difficulty = try #require(card.difficulty)
          agreement.reviews += 1
          agreement.add(stability, r.stability)
          agreement.add(difficulty, r.difficulty)
          let same =
            card.phase.rawValue == r.phase && (card.step ?? -1) == r.step
            && card.due.microseconds == r.due
            && card.lastReview == at && close(stability, r.stability)
            && close(difficulty, r.difficulty)
          #expect(
            same,
            """
            sequence \(n) review \(i) (settings \(r.settingsIndex), rating \(r.rating), at \(at)): \
            got \(card.phase) step \(card.step ?? -1) S \(stability) D \(difficulty) due \(card.due.microseconds), \
            reference phase \(r.phase) step \(r.step) S \(r.stability) D \(r.difficulty) due \(r.due)
            """)
          if !same { break }  // later reviews would only repeat the difference
        }
      }
      #expect(agreement.notBitIdentical == 0, "stability and difficulty bit-identical to py-fsrs")
      if ProcessInfo.processInfo.environment["FSRS_VECTOR_STATS"] != nil {
        print(
          "fsrs vectors group \(group): \(sequences.count) sequences, \(agreement.reviews) reviews, "
            + "\(agreement.notBitIdentical) S/D values not bit-identical, max abs \(agreement.maxAbs), "
            + "max rel \(agreement.maxRel)")
      }
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(b)) }
  }
}
