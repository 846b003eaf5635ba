import Testing

@testable import QuizlineCore

/// Item analysis when learners skip: a question's facility and discrimination average over the
/// learners who answered it, never over a group that includes learners who did not.
@Suite struct ItemAnalysisSkipTests {
  /// Six learners on the first three sample questions (single: b, multiple: a,c, true/false: true).
  /// Ranked by first-answer credit: s1 3, s2 2 (skipped the true/false), m1 and m2 1.5, w1 0.5,
  /// w2 0 (skipped the multiple). Top third s1 and s2, bottom third w1 and w2.
  static func klass() -> Report {
    let answers: [(String, [String])] = [
      ("s1", ["b", "a,c", "true"]), ("s2", ["b", "a,c", "skip"]), ("m1", ["b", "a", "false"]),
      ("m2", ["c", "a", "true"]), ("w1", ["c", "a", "false"]), ("w2", ["c", "skip", "false"]),
    ]
    var inputs: [ReportInput] = []
    var now = ReportLearner.t0
    for (name, typed) in answers {
      var l = ReportLearner(profile: name)
      l.type("start sample --count 3")
      for t in typed { l.type(t) }
      inputs.append(ReportInput(profile: name, progress: l.progress, history: l.history()))
      now = max(now, l.now)
    }
    return ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: inputs, now: now, options: ReportOptions(), classReport: true)
  }

  static func item(_ question: String) throws -> ItemAnalysis {
    try #require(klass().classReport?.items.first { $0.ref.question == question })
  }

  @Test func aTopThirdLearnerWhoSkippedDoesNotPullTheTopMeanDown() throws {
    // Top: s1 1 (s2 skipped); bottom: w1 0, w2 0.
    #expect(try Self.item("tf-declarative").discrimination == 1)
  }

  @Test func aBottomThirdLearnerWhoSkippedDoesNotPullTheBottomMeanDown() throws {
    // Top: s1 1, s2 1; bottom: w1 0.5 (w2 skipped).
    #expect(try Self.item("multiple-containers").discrimination == 0.5)
  }

  @Test func facilityAndLearnersCountOnlyThoseWhoAnswered() throws {
    let tf = try Self.item("tf-declarative")
    #expect(tf.learners == 5)
    #expect(tf.facility == 2.0 / 5)
    let multiple = try Self.item("multiple-containers")
    #expect(multiple.learners == 5)
    #expect(multiple.facility == (1 + 1 + 0.5 + 0.5 + 0.5) / 5)
  }

  @Test func everyLearnerWithAnAnswerCountsAsActive() {
    #expect(Self.klass().classReport?.totals.activeLearners == 6)
  }
}
