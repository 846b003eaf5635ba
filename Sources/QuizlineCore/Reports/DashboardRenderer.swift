/// The terminal form of a report: the REPL's `progress` screen and `quizline report`'s default.
///
/// Unicode marks, bars and block columns with ``Style/rich``; ASCII (`[x]`, `[##..]`, `#`) with
/// ``Style/plain``. Lines fit `width`; text from banks has control characters escaped.
public enum DashboardRenderer {
  public static func render(_ report: Report, style: Style, width: Int) -> String {
    let lines = lines(report, style: style, width: width)
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }

  public static func lines(_ report: Report, style: Style, width: Int) -> [String] {
    var d = Dashboard(style: style, width: max(20, width), today: report.generatedAt.dayNumber)
    if let klass = report.classReport {
      d.classSummary(report, klass)
    } else if let p = report.profiles.first {
      d.profile(p, report)
    }
    return d.lines
  }
}

struct Dashboard {
  let style: Style
  let width: Int
  let today: Int64
  var lines: [String] = []

  mutating func add(_ text: String) { lines.append(text) }

  /// Wraps text that may come from banks (escaped) under a first-line prefix; on a terminal too
  /// narrow for the prefix, the prefix gets its own line.
  mutating func wrapped(_ text: String, first: String, indent: String) {
    let body = escapingControlCharacters(text, keepNewlines: false)
    let indent = TextWrap.displayWidth(indent) + 12 > width ? "    " : indent
    if TextWrap.displayWidth(first) + 12 > width {
      lines += TextWrap.lines(String(first.drop { $0 == " " }), width: width, indent: "  ", firstIndent: "  ")
      lines += TextWrap.lines(body, width: width, indent: indent, firstIndent: indent)
    } else {
      lines += TextWrap.lines(body, width: width, indent: indent, firstIndent: first)
    }
  }

  mutating func heading(_ text: String) {
    if !lines.isEmpty { add("") }
    for line in TextWrap.lines(text, width: width, indent: "  ") { add(style.paint(line, .bold)) }
  }

  /// `label` padded to a column, then the value (wrapped under the column); label and value on
  /// lines of their own when the terminal is narrow.
  mutating func field(_ label: String, _ value: String) {
    if width < 44 {
      lines += TextWrap.lines(label, width: width, indent: "  ", firstIndent: "  ")
      lines += TextWrap.lines(value, width: width, indent: "    ", firstIndent: "    ")
      return
    }
    let head = "  " + TextWrap.pad(label, to: 20)
    lines += TextWrap.lines(value, width: width, indent: String(repeating: " ", count: 22), firstIndent: head)
  }

  mutating func profile(_ p: ProfileReport, _ report: Report) {
    let s = p.summary
    heading(
      "Progress\(style.dot)profile \(escapingControlCharacters(p.profile))\(style.dot)\(Timestamp.day(today).isoDate)")
    let fraction = Double(s.sessionsCompleted) / Double(max(1, s.sessionsTotal))
    field("Sessions completed", "\(style.bar(fraction, width: 14)) \(s.sessionsCompleted)/\(s.sessionsTotal)")
    let accuracy = s.accuracy.map { "accuracy \(ReportFormat.percent($0))" } ?? "no answers yet"
    field(
      "Questions attempted",
      "\(s.questionsAttempted)/\(s.questionsTotal)\(style.dot)\(count(s.answers, "answer"))\(style.dot)\(accuracy)")
    field("Time studied", Renderer.formatDuration(s.secondsStudied))
    let streak = s.streakDays == 0 ? "none yet" : count(s.streakDays, "day")
    field(
      "Study streak",
      streak + (s.longestStreakDays > s.streakDays ? " (longest \(count(s.longestStreakDays, "day")))" : ""))
    field("Reviews", ReportFormat.dueText(s, now: report.generatedAt))
    field("Flagged", count(s.flaggedCount, "question"))
    if s.suspendedCount > 0 { field("Suspended", Renderer.suspendedText(s.suspendedCount)) }
    if !p.leeches.isEmpty { field("Leeches", Renderer.leechText(p.leeches.count)) }
    if let period = p.period {
      let acc = period.accuracy.map { "\(style.dot)accuracy \(ReportFormat.percent($0))" } ?? ""
      field(
        "Since \(Timestamp.day(period.fromDay).isoDate)",
        "\(count(period.answers, "answer"))\(acc)\(style.dot)\(Renderer.formatDuration(period.secondsStudied))\(style.dot)\(count(period.activeDays, "active day"))"
      )
    }
    sessions(p)
    banks(p)
    if !p.weakestTags.isEmpty {
      heading("Weakest tags")
      for t in p.weakestTags {
        wrapped(
          "\(ReportFormat.percent(t.accuracy)) over \(count(t.answers, "answer")) (\(count(t.questions, "question")))",
          first: "  " + TextWrap.pad(t.tag, to: 18) + " ", indent: String(repeating: " ", count: 21))
      }
    }
    questionList("Flagged questions", p.flagged, mark: style.flagMark)
    leeches(p.leeches)
    questionList("Due now", p.dueNow, mark: style.bullet, limit: 5)
    activity(p.activity)
    if let s = p.scheduler { scheduler(s) }
  }

  mutating func sessions(_ p: ProfileReport) {
    var lastCourse: String??
    let courses = Dictionary(p.courses.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for row in p.sessions {
      if lastCourse == nil || lastCourse! != row.course {
        lastCourse = .some(row.course)
        if let id = row.course, let c = courses[id] {
          heading(
            "Course \(quote(c.title))  \(style.bar(Double(c.completed) / Double(max(1, c.total)), width: 10)) \(c.completed)/\(c.total) sessions"
          )
        } else {
          heading("Other sessions")
        }
      }
      let mark = row.completedAt != nil ? style.paint(style.doneMark, .good) : style.todoMark
      var details: [String] = []
      if let at = row.completedAt { details.append("completed \(at.isoDate)") }
      if let best = row.bestCheckpointPercent {
        details.append("checkpoint best \(best)%" + (row.passPercent.map { " (pass \($0)%)" } ?? ""))
      }
      wrapped(([row.title] + details).joined(separator: style.dot), first: "  \(mark) \(row.id): ", indent: "      ")
    }
  }

  mutating func banks(_ p: ProfileReport) {
    guard !p.banks.isEmpty else { return }
    heading("Banks")
    let idWidth = min(26, (p.banks.map { TextWrap.displayWidth($0.id) }.max() ?? 0) + 1)
    for b in p.banks {
      var detail = ReportText.bankRecord(
        b.scores, checkpoints: b.checkpoints, answered: b.answers > 0, never: "no quiz yet", dot: style.dot)
      if let a = b.accuracy {
        detail += "\(style.dot)accuracy \(ReportFormat.percent(a)) over \(count(b.answers, "answer"))"
      }
      wrapped(
        detail, first: "  " + TextWrap.pad(b.id, to: idWidth) + " ", indent: String(repeating: " ", count: idWidth + 3))
    }
  }

  /// A question's title cut for a terminal list, as quiz screens cut prompts (70 characters).
  static func shortTitle(_ title: String) -> String {
    guard title.count > 70 else { return title }
    var cut = String(title.prefix(67))
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > 40 {
      cut = String(cut[..<space])
    }
    return cut + "..."
  }

  mutating func questionList(_ title: String, _ items: [QuestionLabel], mark: String, limit: Int = 20) {
    guard !items.isEmpty else { return }
    heading("\(title) (\(items.count))")
    for q in items.prefix(limit) {
      wrapped(
        Self.shortTitle(q.shownTitle), first: "  \(mark) \(q.ref): ",
        indent: "      ")
    }
    if items.count > limit { add("  \(style.ellipsis) and \(items.count - limit) more") }
  }

  /// The leeches, most lapses first: `  ! bank/q (12 lapses, suspended): title`.
  mutating func leeches(_ rows: [LeechRow], limit: Int = 20) {
    guard !rows.isEmpty else { return }
    heading("Leeches (\(rows.count))")
    for row in rows.prefix(limit) {
      let state = count(row.lapses, "lapse") + (row.suspended ? ", suspended" : "")
      wrapped(
        Self.shortTitle(row.question.shownTitle), first: "  \(style.bullet) \(row.question.ref) (\(state)): ",
        indent: "      ")
    }
    if rows.count > limit { add("  \(style.ellipsis) and \(rows.count - limit) more") }
  }

  /// Answers per day over the last 30 days (fewer on a narrow terminal), as columns three rows high.
  mutating func activity(_ rows: [DayRow]) {
    let days = max(7, min(30, width - 14))
    let first = today - Int64(days - 1)
    var counts = Array(repeating: 0, count: days)
    for r in rows where r.day >= first && r.day <= today { counts[Int(r.day - first)] = r.answers }
    heading("Activity, last \(days) days (answers per day, UTC)")
    let peak = counts.max() ?? 0
    guard peak > 0 else {
      add("  No answers in these days.")
      return
    }
    let height = 3
    let levels = style.unicode ? 8 : 2
    let units = counts.map {
      $0 == 0 ? 0 : max(1, Int(saturating: (Double($0) / Double(peak) * Double(height * levels)).rounded()))
    }
    let label = String(peak)
    let gutter = label.count + 1
    for row in (0..<height).reversed() {
      var line =
        row == height - 1 ? TextWrap.pad(label, to: gutter - 1) + " |" : String(repeating: " ", count: gutter) + "|"
      for u in units {
        let inCell = min(levels, max(0, u - row * levels))
        line += cell(inCell, levels)
      }
      add("  " + line.trimmingTrailingSpaces())
    }
    add("  " + TextWrap.pad("0", to: gutter - 1) + " +" + String(repeating: style.unicode ? "─" : "-", count: days))
    let left = Timestamp.day(first).isoDate
    let right = Timestamp.day(today).isoDate
    if left.count + right.count + 1 <= days {
      add(
        "  " + String(repeating: " ", count: gutter + 1) + left
          + String(repeating: " ", count: days - left.count - right.count) + right)
    } else {
      add("  " + String(repeating: " ", count: gutter + 1) + left + " to")
      add("  " + String(repeating: " ", count: gutter + 1) + right)
    }
    let active = counts.filter { $0 > 0 }.count
    lines += TextWrap.lines(
      "Active on \(active) of \(days) days\(style.dot)\(count(counts.reduce(0, +), "answer"))\(style.dot)busiest day \(peak)",
      width: width,
      indent: "  ", firstIndent: "  ")
  }

  private func cell(_ filled: Int, _ levels: Int) -> String {
    if filled == 0 { return " " }
    if style.unicode { return ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"][filled - 1] }
    return filled >= levels ? "#" : "."
  }

  mutating func classSummary(_ report: Report, _ klass: ClassReport) {
    let t = klass.totals
    heading("Class report\(style.dot)\(count(t.profiles, "profile"))\(style.dot)\(Timestamp.day(today).isoDate)")
    if let since = report.sinceDay { add("  Answers from \(Timestamp.day(since).isoDate) on.") }
    heading("Profiles")
    let nameWidth = min(24, max(7, (report.profiles.map { TextWrap.displayWidth($0.profile) }.max() ?? 0) + 1))
    for p in report.profiles {
      let (s, c) = (p.summary, p.counted)
      let acc = c.accuracy.map(ReportFormat.percent) ?? "-"
      wrapped(
        "\(s.sessionsCompleted)/\(s.sessionsTotal) sessions\(style.dot)\(count(c.answers, "answer"))\(style.dot)accuracy \(acc)\(style.dot)\(Renderer.formatDuration(c.secondsStudied))\(style.dot)streak \(s.streakDays)",
        first: "  " + TextWrap.pad(escapingControlCharacters(p.profile), to: nameWidth) + " ",
        indent: String(repeating: " ", count: nameWidth + 3))
    }
    let acc = t.accuracy.map(ReportFormat.percent) ?? "-"
    wrapped(
      "\(t.sessionsCompleted) sessions completed\(style.dot)\(count(t.answers, "answer"))\(style.dot)accuracy \(acc)\(style.dot)\(Renderer.formatDuration(t.secondsStudied))",
      first: "  " + TextWrap.pad("Total", to: nameWidth) + " ", indent: String(repeating: " ", count: nameWidth + 3))
    testStatistics(klass.statistics)
  }

  func quote(_ s: String) -> String {
    (style.unicode ? "“" : "\"") + escapingControlCharacters(s, keepNewlines: false) + (style.unicode ? "”" : "\"")
  }

  func count(_ n: Int, _ word: String, _ plural: String? = nil) -> String { Renderer.count(n, word, plural) }
}
