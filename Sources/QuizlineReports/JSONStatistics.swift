import QuizlineCore

/// The class's test statistics in the JSON form (`class.tests` of `schemas/report.schema.json`):
/// figures as unrounded numbers (percentages, as Moodle shows them; skewness and kurtosis as they
/// are), or `null` with the reason in the object's `undefined` member, keyed by the figure's name
/// (left out when every figure has a value).
enum JSONStatistics {
  static func test(_ t: TestStatistics) -> JSONText {
    var members: [(String, JSONText)] = [
      ("kind", .string(t.kind.rawValue)), ("id", .string(t.id)), ("title", .string(t.title)),
      ("attempts", .int(t.attempts)), ("partialAttempts", .int(t.partialAttempts)),
    ]
    members += figures([
      ("mean", t.mean), ("median", t.median), ("standardDeviation", t.standardDeviation), ("skewness", t.skewness),
      ("kurtosis", t.kurtosis), ("internalConsistency", t.internalConsistency), ("errorRatio", t.errorRatio),
      ("standardError", t.standardError),
    ])
    members.append(("questions", .array(t.questions.map(question))))
    return .object(members)
  }

  static func question(_ q: QuestionStatistics) -> JSONText {
    var members: [(String, JSONText)] = [
      ("question", .string(q.ref.description)), ("title", .string(q.title)), ("type", .string(q.type)),
      ("attempts", .int(q.attempts)),
    ]
    members += figures([
      ("facility", q.facility), ("standardDeviation", q.standardDeviation), ("randomGuessScore", q.randomGuessScore),
      ("discriminationIndex", q.discriminationIndex), ("discriminativeEfficiency", q.discriminativeEfficiency),
    ])
    let r = q.responses
    members += [
      ("groups", .object([("upper", .int(r.upper)), ("middle", .int(r.middle)), ("lower", .int(r.lower))])),
      (
        "choices",
        .array(
          r.choices.map {
            .object([
              ("option", .string($0.option)), ("text", .string($0.text)), ("correct", .bool($0.correct)),
              ("count", .int($0.count)), ("upper", .int($0.upper)), ("middle", .int($0.middle)),
              ("lower", .int($0.lower)),
            ])
          })
      ),
      (
        "answers",
        .array(
          r.answers.map {
            .object([("response", .string($0.response)), ("count", .int($0.count)), ("mark", .double($0.mark))])
          })
      ),
      ("flags", .array(q.flags.map { .string($0) })),
    ]
    return .object(members)
  }

  /// The figures as members (a number or null), then `undefined` with the reasons of the null ones.
  static func figures(_ named: [(String, Figure)]) -> [(String, JSONText)] {
    var members = named.map { name, f in (name, f.value.map { JSONText.double($0) } ?? .null) }
    let reasons = named.compactMap { name, f in f.reason.map { (name, JSONText.string(StatisticsText.reason($0))) } }
    if !reasons.isEmpty { members.append(("undefined", .object(reasons))) }
    return members
  }
}
