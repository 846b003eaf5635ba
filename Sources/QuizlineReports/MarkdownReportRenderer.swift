import QuizlineCore

/// The Markdown form of a report: headings and tables that read well on GitHub. Text from banks is
/// escaped (Markdown punctuation backslash-escaped, line breaks as spaces, control characters shown).
public enum MarkdownReportRenderer {
  public static func render(_ report: Report, to sink: any ReportSink) {
    var md = MarkdownWriter()
    if let klass = report.classReport {
      md.line("# Class report")
      md.line()
      md.line(
        "Generated \(report.generatedAt.humanDateTime) for \(Renderer.count(report.profiles.count, "profile"))\(periodText(report))."
      )
      classReport(report, klass, &md)
    } else if let p = report.profiles.first {
      md.line("# \(MarkdownWriter.escapeInline(ReportText.title(for: p)))")
      md.line()
      md.line("Generated \(report.generatedAt.humanDateTime)\(periodText(report)).")
      profile(p, report, &md)
    }
    sink.write(md.text)
  }

  public static func render(_ report: Report) -> String {
    let sink = StringReportSink()
    render(report, to: sink)
    return sink.text
  }

  static func periodText(_ r: Report) -> String {
    r.sinceDay.map { "; answers and quizzes from \(Timestamp.day($0).humanDate) on" } ?? ""
  }

  static func profile(_ p: ProfileReport, _ report: Report, _ md: inout MarkdownWriter) {
    let s = p.summary
    md.heading("Summary")
    md.table(
      ["Measure", "Value"],
      [
        ["Sessions completed", "\(s.sessionsCompleted)/\(s.sessionsTotal)"],
        ["Questions attempted", "\(s.questionsAttempted)/\(s.questionsTotal)"],
        ["Answers", String(s.answers)],
        ["Accuracy", s.accuracy.map(ReportFormat.percent) ?? "no answers yet"],
        ["Time studied", Renderer.formatDuration(s.secondsStudied)],
        ["Study streak", "\(Renderer.count(s.streakDays, "day")) (longest \(s.longestStreakDays))"],
        ["Reviews", ReportFormat.dueText(s, now: report.generatedAt)],
        ["Flagged questions", String(s.flaggedCount)],
      ], align: "l")
    if let period = p.period {
      md.heading("Since \(Timestamp.day(period.fromDay).humanDate)")
      md.table(
        ["Answers", "Correct", "Accuracy", "Time studied", "Active days"],
        [
          [
            String(period.answers), String(period.correct), period.accuracy.map(ReportFormat.percent) ?? "-",
            Renderer.formatDuration(period.secondsStudied), String(period.activeDays),
          ]
        ], align: "r")
    }
    md.heading("Study sessions")
    let courseTitles = Dictionary(
      p.courses.map { ($0.id, "\($0.title) (\($0.completed)/\($0.total))") }, uniquingKeysWith: { a, _ in a })
    md.table(
      ["Course", "#", "Session", "Title", "Completed", "Best checkpoint"],
      p.sessions.map { row in
        [
          row.course.flatMap { courseTitles[$0] } ?? "-", row.position.map(String.init) ?? "", "`\(row.id)`", row.title,
          row.completedAt.map { "yes, \($0.humanDate)" } ?? "no",
          row.bestCheckpointPercent.map { "\($0)%" + (row.passPercent.map { " (pass \($0)%)" } ?? "") } ?? "-",
        ]
      }, align: "llllll", escapeColumns: [0, 3])
    md.heading("Banks")
    md.table(
      [
        "Bank", "Title", "Questions", "Attempted", "Answers", "Accuracy", "Quizzes", "Best", "Last", "Average",
        "Checkpoint quizzes",
      ],
      p.banks.map { b in
        [
          "`\(b.id)`", b.title, String(b.questions), String(b.questionsAttempted), String(b.answers),
          b.accuracy.map(ReportFormat.percent) ?? "-",
          String(b.scores?.runs ?? 0), b.scores.map { "\($0.best)%" } ?? "-", b.scores.map { "\($0.last)%" } ?? "-",
          b.scores.map { "\($0.average)%" } ?? "-", ReportText.checkpointCell(b.checkpoints) ?? "-",
        ]
      }, align: "llrrrrrrrrl", escapeColumns: [1])
    let withHistory = p.banks.filter { !$0.scoreHistory.isEmpty }
    if !withHistory.isEmpty {
      md.heading("Score history (last 10 quizzes per bank)", level: 3)
      md.table(
        ["Bank", "Quiz ended", "Score"],
        withHistory.flatMap { b in
          b.scoreHistory.suffix(10).map {
            [
              "`\(b.id)`", Timestamp(microseconds: $0.endedAt).humanDateTime,
              "\($0.percent)%" + ($0.endedEarly ? " (ended early)" : ""),
            ]
          }
        }, align: "llr", escapeColumns: [])
    }
    md.heading("Weakest tags")
    if p.weakestTags.isEmpty {
      md.line(ReportText.noWeakTags)
    } else {
      md.table(
        ["Tag", "Accuracy", "Answers", "Questions"],
        p.weakestTags.map { [$0.tag, ReportFormat.percent($0.accuracy), String($0.answers), String($0.questions)] },
        align: "lrrr",
        escapeColumns: [0])
    }
    list("Flagged questions", p.flagged, &md)
    if !p.leeches.isEmpty {
      md.heading("Leeches (\(p.leeches.count))")
      md.table(
        ["Question", "Lapses", "Title"],
        p.leeches.map {
          ["`\($0.question.ref)`", String($0.lapses) + ($0.suspended ? " (suspended)" : ""), $0.question.shownTitle]
        }, align: "lrl", escapeColumns: [2])
    }
    list("Due now", p.dueNow, &md)
    forecast(p.forecast, &md)
    if let s = p.scheduler { SchedulerSections.markdown(s, &md) }
    md.heading("Activity, last 30 days")
    let today = report.generatedAt.dayNumber
    let recent = p.activity.filter { $0.day > today - 30 && $0.day <= today && $0.answers > 0 }
    if recent.isEmpty {
      md.line("No answers in the last 30 days.")
    } else {
      md.table(
        ["Day (UTC)", "Answers", "Correct", "Time"],
        recent.map {
          [
            Timestamp.day($0.day).humanDate, String($0.answers), String($0.correct),
            Renderer.formatDuration($0.seconds),
          ]
        },
        align: "lrrr")
    }
    if let h = p.history {
      md.line()
      md.line(
        "_History: \(h.events) events read (up to event \(h.lastSequence))"
          + (h.complete ? "" : "; earlier events are missing, so score history is partial")
          + (h.unreadableLines > 0 ? "; \(h.unreadableLines) unreadable lines left out" : "") + "._")
    }
  }

  /// Reviews due per day as a table with a bar of blocks (the HTML report draws it as a chart).
  static func forecast(_ days: [ForecastDay], _ md: inout MarkdownWriter) {
    guard days.contains(where: { $0.due > 0 }) else { return }
    md.heading("Reviews due, next \(days.count) days")
    let peak = max(1, days.map(\.due).max() ?? 1)
    md.table(
      ["Day (UTC)", "Due", ""],
      days.enumerated().map { k, d in
        let cells = d.due == 0 ? 0 : max(1, Int(saturating: (Double(d.due) / Double(peak) * 20).rounded()))
        let label = Timestamp.day(d.day).humanDate + (k == 0 ? " (today, with overdue)" : "")
        return [label, String(d.due), String(repeating: "█", count: cells)]
      }, align: "lrl", escapeColumns: [])
  }

  static func list(_ title: String, _ items: [QuestionLabel], _ md: inout MarkdownWriter) {
    guard !items.isEmpty else { return }
    md.heading("\(title) (\(items.count))")
    md.table(["Question", "Title"], items.map { ["`\($0.ref)`", $0.shownTitle] }, align: "ll", escapeColumns: [1])
  }

  static func classReport(_ report: Report, _ klass: ClassReport, _ md: inout MarkdownWriter) {
    md.heading("Profiles")
    var rows = report.profiles.map { p in
      let (s, c) = (p.summary, p.counted)
      return [
        p.profile, "\(s.sessionsCompleted)/\(s.sessionsTotal)", String(c.answers),
        c.accuracy.map(ReportFormat.percent) ?? "-",
        Renderer.formatDuration(c.secondsStudied), String(s.streakDays),
        s.lastActiveDay.map { Timestamp.day($0).humanDate } ?? "-",
      ]
    }
    let t = klass.totals
    rows.append([
      "**Total**", String(t.sessionsCompleted), String(t.answers), t.accuracy.map(ReportFormat.percent) ?? "-",
      Renderer.formatDuration(t.secondsStudied), "", "",
    ])
    md.table(
      ["Profile", "Sessions", "Answers", "Accuracy", "Time studied", "Streak", "Last active"], rows, align: "lrrrrrl",
      escapeColumns: [])
    MarkdownStatistics.section(klass.statistics, &md)
  }
}

/// Accumulates Markdown text.
struct MarkdownWriter {
  var text = ""

  mutating func line(_ s: String = "") { text += s + "\n" }

  mutating func heading(_ title: String, level: Int = 2) {
    line()
    line(String(repeating: "#", count: level) + " " + title)
    line()
  }

  /// A pipe table; cells in `escapeColumns` (all when nil) are escaped; `align` has one letter
  /// (`l`/`r`) per column, or one for all.
  mutating func table(_ header: [String], _ rows: [[String]], align: String, escapeColumns: Set<Int>? = nil) {
    let letters = Array(align)
    line("| " + header.joined(separator: " | ") + " |")
    line(
      "|"
        + header.indices.map { k in (letters.count == 1 ? letters[0] : letters[k]) == "r" ? " ---: " : " --- " }.joined(
          separator: "|") + "|")
    for row in rows {
      let cells = row.enumerated().map { k, c in
        escapeColumns.map { $0.contains(k) } ?? true ? Self.escapeInline(c) : Self.cell(c)
      }
      line("| " + cells.joined(separator: " | ") + " |")
    }
  }

  /// Bank text in Markdown: punctuation with meaning backslash-escaped, a line break as a space.
  static func escape(_ s: String) -> String {
    var out = ""
    for ch in escapingControlCharacters(s, keepNewlines: true).unicodeScalars {
      switch ch {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~", "{", "}", "!", "&":
        out += "\\"
        out.unicodeScalars.append(ch)
      case "\n", "\r", "\t": out += " "
      default: out.unicodeScalars.append(ch)
      }
    }
    return out
  }

  /// Bank text with its `code` spans kept as Markdown code (pipes and line breaks made safe inside
  /// them), the rest escaped; backticks that do not pair up are escaped like other punctuation.
  static func escapeInline(_ s: String) -> String {
    guard let parts = ReportText.codeSpans(escapingControlCharacters(s, keepNewlines: true)) else { return escape(s) }
    return parts.map { part in
      part.code
        ? "`" + cell(part.text).split(whereSeparator: { $0 == "\r" || $0 == "\t" }).joined(separator: " ") + "`"
        : escape(part.text)
    }.joined()
  }

  /// Our own cell text (may hold backticks): only pipes and line breaks are made safe.
  static func cell(_ s: String) -> String {
    var out = ""
    for ch in s.unicodeScalars {
      if ch == "|" { out += "\\|" } else if ch == "\n" { out += " " } else { out.unicodeScalars.append(ch) }
    }
    return out
  }
}
