import QuizlineCore

/// The JSON form of a report: `schemas/report.schema.json` (version ``Report/schemaVersion``),
/// keys always in the order written here, times as ISO-8601 UTC, days as `YYYY-MM-DD`, fractions
/// (accuracy, credit) in 0...1, the class's test statistics in percent as Moodle gives them,
/// durations in seconds. Made for scripts: nothing is rounded.
public enum JSONReportRenderer {
  /// Long score histories (thousands of quizzes) are written directly, in exactly the layout
  /// ``JSONText`` gives them, instead of as a tree of values (tested against the tree form).
  public static func render(_ report: Report, to sink: any ReportSink) {
    var histories: [[ScorePoint]] = []
    let text = json(report, placeholders: &histories).rendered(pretty: true)
    write(text, histories, to: sink)
    sink.write("\n")
  }

  /// Writes `text`, each placeholder replaced by its score history.
  static func write(_ text: String, _ histories: [[ScorePoint]], to sink: any ReportSink) {
    guard !histories.isEmpty else {
      sink.write(text)
      return
    }
    var rest = Substring(text)
    while let mark = rest.firstRange(of: "\"\\u0001scoreHistory:") {
      sink.write(String(rest[..<mark.lowerBound]))
      rest = rest[mark.upperBound...]
      let digits = rest.prefix { $0 != "\"" }
      rest = rest.dropFirst(digits.count + 1)
      sink.write(scoreHistoryText(histories[Int(digits)!], indent: 5))
    }
    sink.write(String(rest))
  }

  /// A class report's JSON around its profiles, for writing them one at a time: the text up to the
  /// `profiles` array, and from after it up to the class part's value, and after that.
  static func classFrame(generatedAt: Timestamp, sinceDay: Int64?) -> (head: String, middle: String, tail: String) {
    let text = JSONText.object(
      members(
        generatedAt: generatedAt, sinceDay: sinceDay, scope: "class", profiles: .string("\u{1}profiles"),
        klass: .string("\u{1}class"))
    ).rendered(pretty: true)
    let profiles = text.firstRange(of: "\"\\u0001profiles\"")!
    let klass = text.firstRange(of: "\"\\u0001class\"")!
    return (
      String(text[..<profiles.lowerBound]), String(text[profiles.upperBound..<klass.lowerBound]),
      String(text[klass.upperBound...])
    )
  }

  /// One profile's object as it stands in the `profiles` array of the whole report.
  static func writeProfile(_ p: ProfileReport, to sink: any ReportSink) {
    var histories: [[ScorePoint]] = []
    var text = ""
    profile(p, placeholders: &histories).write(to: &text, pretty: true, indent: 2)
    write(text, histories, to: sink)
  }

  /// The class part as it stands in the whole report.
  static func classText(_ c: ClassReport) -> String {
    var text = ""
    classJSON(c).write(to: &text, pretty: true, indent: 1)
    return text
  }

  /// A score history as `JSONText.rendered(pretty: true)` writes an array at `indent` levels.
  static func scoreHistoryText(_ points: [ScorePoint], indent: Int) -> String {
    let inner = Array(("\n" + String(repeating: "  ", count: indent + 1)).utf8)
    let member = Array(("\n" + String(repeating: "  ", count: indent + 2)).utf8)
    var out = ByteBuffer(capacity: points.count * (110 + 4 * indent) + 64)
    var day: (number: Int64, bytes: [UInt8]) = (Int64.min, [])
    out.append(UInt8(ascii: "["))
    for (k, p) in points.enumerated() {
      if k > 0 { out.append(UInt8(ascii: ",")) }
      out += inner
      out.append(UInt8(ascii: "{"))
      out += member
      out.append("\"run\": ")
      out.appendInteger(p.run)
      out.append(UInt8(ascii: ","))
      out += member
      out.append("\"endedAt\": \"")
      out.appendTimestamp(p.endedAt, day: &day)
      out.append("\",")
      out += member
      out.append("\"percent\": ")
      out.appendInteger(p.percent)
      out.append(UInt8(ascii: ","))
      out += member
      out.append(p.endedEarly ? "\"endedEarly\": true" : "\"endedEarly\": false")
      out += inner
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "\n"))
    out += Array(String(repeating: "  ", count: indent).utf8)
    out.append(UInt8(ascii: "]"))
    let text = out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    out.free()
    return text
  }

  public static func render(_ report: Report) -> String {
    let sink = StringReportSink()
    render(report, to: sink)
    return sink.text
  }

  /// The whole report as a value tree; with `placeholders`, long score histories are left out and
  /// collected there (a string stands in for each).
  static func json(_ r: Report, placeholders: inout [[ScorePoint]]) -> JSONText {
    .object(
      members(
        generatedAt: r.generatedAt, sinceDay: r.sinceDay, scope: r.isClass ? "class" : "profile",
        profiles: .array(r.profiles.map { profile($0, placeholders: &placeholders) }),
        klass: r.classReport.map(classJSON) ?? .null))
  }

  static func json(_ r: Report) -> JSONText {
    var none: [[ScorePoint]]? = nil
    return .object(
      members(
        generatedAt: r.generatedAt, sinceDay: r.sinceDay, scope: r.isClass ? "class" : "profile",
        profiles: .array(r.profiles.map { profile($0, placeholders: &none) }),
        klass: r.classReport.map(classJSON) ?? .null))
  }

  /// The report object's members, in order.
  static func members(generatedAt: Timestamp, sinceDay: Int64?, scope: String, profiles: JSONText, klass: JSONText)
    -> [(String, JSONText)]
  {
    [
      ("kind", .string("report")), ("schemaVersion", .int(Report.schemaVersion)),
      ("generatedAt", .string(generatedAt.iso8601)), ("scope", .string(scope)), ("since", day(sinceDay)),
      ("profiles", profiles), ("class", klass),
    ]
  }

  static func profile(_ p: ProfileReport, placeholders: inout [[ScorePoint]]) -> JSONText {
    var collected: [[ScorePoint]]? = placeholders
    defer { placeholders = collected ?? [] }
    return profile(p, placeholders: &collected)
  }

  static func profile(_ p: ProfileReport, placeholders: inout [[ScorePoint]]?) -> JSONText {
    let s = p.summary
    let fields: [(String, JSONText)] = [
      ("profile", .string(p.profile)),
      (
        "summary",
        .object([
          ("sessionsCompleted", .int(s.sessionsCompleted)), ("sessionsTotal", .int(s.sessionsTotal)),
          ("questionsAttempted", .int(s.questionsAttempted)), ("questionsTotal", .int(s.questionsTotal)),
          ("answers", .int(s.answers)),
          ("accuracy", number(s.accuracy)), ("secondsStudied", .double(s.secondsStudied)),
          ("streakDays", .int(s.streakDays)),
          ("longestStreakDays", .int(s.longestStreakDays)), ("lastActiveDay", day(s.lastActiveDay)),
          ("flagged", .int(s.flaggedCount)),
          ("dueNow", .int(s.dueNow)), ("dueToday", .int(s.dueToday)), ("newToday", .int(s.newToday)),
        ])
      ),
      ("period", p.period.map(period) ?? .null),
      (
        "courses",
        .array(
          p.courses.map {
            .object([
              ("id", .string($0.id)), ("title", .string($0.title)), ("completed", .int($0.completed)),
              ("total", .int($0.total)),
            ])
          })
      ),
      ("sessions", .array(p.sessions.map(session))),
      ("banks", .array(p.banks.map { bank($0, placeholders: &placeholders) })),
      (
        "weakestTags",
        .array(
          p.weakestTags.map {
            .object([
              ("tag", .string($0.tag)), ("questions", .int($0.questions)), ("answers", .int($0.answers)),
              ("accuracy", .double($0.accuracy)),
            ])
          })
      ),
      ("flagged", .array(p.flagged.map(label))),
      (
        "leeches",
        .array(
          p.leeches.map {
            .object([
              ("question", .string($0.question.ref.description)), ("title", .string($0.question.title)),
              ("lapses", .int($0.lapses)), ("suspended", .bool($0.suspended)),
            ])
          })
      ),
      ("dueNow", .array(p.dueNow.map(label))),
      (
        "activity",
        .array(
          p.activity.map {
            .object([
              ("day", day($0.day)), ("answers", .int($0.answers)), ("correct", .int($0.correct)),
              ("seconds", .double($0.seconds)),
              ("newCards", .int($0.newCards)),
            ])
          })
      ),
      ("questions", .array(p.questions.map(question))),
      ("history", p.history.map(history) ?? .null),
    ]
    // One learner's report with its reviews read: the scheduler section (schema: optional, last).
    return .object(fields + (p.scheduler.map { [("scheduler", SchedulerSections.json($0))] } ?? []))
  }

  static func period(_ p: PeriodSummary) -> JSONText {
    .object([
      ("from", day(p.fromDay)), ("to", day(p.toDay)), ("answers", .int(p.answers)), ("correct", .int(p.correct)),
      ("accuracy", number(p.accuracy)),
      ("secondsStudied", .double(p.secondsStudied)), ("activeDays", .int(p.activeDays)),
    ])
  }

  static func session(_ s: SessionRow) -> JSONText {
    .object([
      ("id", .string(s.id)), ("title", .string(s.title)), ("course", .optional(s.course)),
      ("position", s.position.map { .int($0) } ?? .null),
      ("completed", .bool(s.completedAt != nil)), ("completedAt", .optional(s.completedAt?.iso8601)),
      ("checkpointQuestions", .int(s.checkpointQuestions)), ("passPercent", s.passPercent.map { .int($0) } ?? .null),
      ("bestCheckpointPercent", s.bestCheckpointPercent.map { .int($0) } ?? .null),
    ])
  }

  static func bank(_ b: BankRow, placeholders: inout [[ScorePoint]]?) -> JSONText {
    var history: JSONText
    if placeholders != nil, b.scoreHistory.count > 16 {
      history = .string("\u{1}scoreHistory:\(placeholders!.count)")
      placeholders!.append(b.scoreHistory)
    } else {
      history = .array(
        b.scoreHistory.map {
          .object([
            ("run", .int($0.run)), ("endedAt", .string(Timestamp(microseconds: $0.endedAt).iso8601)),
            ("percent", .int($0.percent)),
            ("endedEarly", .bool($0.endedEarly)),
          ])
        })
    }
    return .object([
      ("id", .string(b.id)), ("title", .string(b.title)), ("questions", .int(b.questions)),
      ("questionsAttempted", .int(b.questionsAttempted)),
      ("answers", .int(b.answers)), ("accuracy", number(b.accuracy)),
      (
        "quizzes",
        b.scores.map {
          .object([
            ("runs", .int($0.runs)), ("best", .int($0.best)), ("last", .int($0.last)), ("average", .int($0.average)),
          ])
        } ?? .null
      ),
      ("scoreHistory", history),
    ])
  }

  static func question(_ q: QuestionRow) -> JSONText {
    .object([
      ("question", .string(q.ref.description)), ("title", .string(q.title)), ("type", .optional(q.type)),
      ("attempts", .int(q.attempts)),
      ("correct", .int(q.correct)), ("accuracy", number(q.accuracy)), ("lastScore", number(q.lastScore)),
      ("lastAnsweredAt", .optional(q.lastAnsweredAt?.iso8601)), ("flagged", .bool(q.flagged)),
      ("due", .optional(q.due?.iso8601)),
    ])
  }

  static func history(_ h: HistoryInfo) -> JSONText {
    .object([
      ("firstSequence", h.firstSequence.map { .int($0) } ?? .null), ("lastSequence", .int(h.lastSequence)),
      ("events", .int(h.events)),
      ("complete", .bool(h.complete)), ("unreadableLines", .int(h.unreadableLines)),
    ])
  }

  static func classJSON(_ c: ClassReport) -> JSONText {
    let t = c.totals
    return .object([
      (
        "totals",
        .object([
          ("profiles", .int(t.profiles)), ("activeLearners", .int(t.activeLearners)),
          ("sessionsCompleted", .int(t.sessionsCompleted)),
          ("answers", .int(t.answers)), ("accuracy", number(t.accuracy)), ("secondsStudied", .double(t.secondsStudied)),
        ])
      ),
      ("attempts", .string(c.statistics.choice.rawValue)),
      ("tests", .array(c.statistics.tests.map(JSONStatistics.test))),
    ])
  }

  static func label(_ q: QuestionLabel) -> JSONText {
    .object([("question", .string(q.ref.description)), ("title", .string(q.title))])
  }
  static func number(_ x: Double?) -> JSONText { x.map { .double($0) } ?? .null }
  static func day(_ d: Int64?) -> JSONText { d.map { .string(Timestamp.day($0).isoDate) } ?? .null }
}
