import QuizlineCore

/// The HTML form of a report: one self-contained page (inline CSS and SVG, no scripts, no fonts or
/// images from elsewhere) that prints well. Written as well-formed XHTML-compatible markup so an
/// XML parser can check it; headings, table captions and header cells give it structure, every
/// chart has a text alternative, and marks and words carry meaning alongside colour.
public enum HTMLReportRenderer {
  /// `media` finds the images question texts name, to embed them (without it, their placeholders).
  public static func render(_ report: Report, to sink: any ReportSink, media: ReportMedia? = nil) {
    var h = HTMLWriter()
    h.media = media
    let title =
      report.classReport != nil
      ? "Class report" : report.profiles.first.map(ReportText.title(for:)) ?? "Progress report"
    h.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n")
    h.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n")
    h.raw("<title>\(html(title))</title>\n<style>\n\(HTMLStyleSheet.css)</style>\n</head>\n<body>\n<main>\n")
    h.raw("<header>\n<h1>\(htmlInline(title))</h1>\n<p class=\"meta\">Generated \(report.generatedAt.humanDateTime)")
    if let since = report.sinceDay { h.raw(" · answers and quizzes from \(Timestamp.day(since).humanDate) on") }
    h.raw("</p>\n</header>\n")
    if let klass = report.classReport {
      classSections(report, klass, &h)
    } else if let p = report.profiles.first {
      profileSections(p, report, &h)
    }
    h.raw("</main>\n</body>\n</html>\n")
    sink.write(h.text)
  }

  public static func render(_ report: Report, media: ReportMedia? = nil) -> String {
    let sink = StringReportSink()
    render(report, to: sink, media: media)
    return sink.text
  }

  static func profileSections(_ p: ProfileReport, _ report: Report, _ h: inout HTMLWriter) {
    let s = p.summary
    h.section("summary", "Summary")
    h.raw("<ul class=\"cards\">\n")
    let fraction = Double(s.sessionsCompleted) / Double(max(1, s.sessionsTotal))
    h.card(
      "Sessions completed", "\(s.sessionsCompleted)/\(s.sessionsTotal)", bar: fraction,
      barLabel: "\(ReportFormat.percent(fraction)) of sessions completed")
    h.card(
      "Accuracy", s.accuracy.map(ReportFormat.percent) ?? "–",
      note: "\(Renderer.count(s.answers, "answer")), \(s.questionsAttempted)/\(s.questionsTotal) questions")
    h.card("Time studied", Renderer.formatDuration(s.secondsStudied))
    h.card(
      "Study streak", Renderer.count(s.streakDays, "day"), note: "longest \(Renderer.count(s.longestStreakDays, "day"))"
    )
    h.card(
      "Reviews due", "\(s.dueNow) now", note: "\(s.dueToday) today" + (s.newToday > 0 ? ", +\(s.newToday) new" : ""))
    h.card("Flagged", String(s.flaggedCount), note: s.flaggedCount == 1 ? "question" : "questions")
    h.raw("</ul>\n")
    if let period = p.period {
      h.raw("<p>Since \(Timestamp.day(period.fromDay).humanDate): \(Renderer.count(period.answers, "answer"))")
      if let a = period.accuracy { h.raw(", accuracy \(ReportFormat.percent(a))") }
      h.raw(
        ", \(html(Renderer.formatDuration(period.secondsStudied))), \(Renderer.count(period.activeDays, "active day")).</p>\n"
      )
    }
    h.raw("</section>\n")

    h.section("sessions", "Completion per session")
    var groups: [(title: String, rows: [SessionRow])] = []
    for row in p.sessions {
      let course = p.courses.first { $0.id == row.course }
      let title =
        course.map { "\($0.title): \($0.completed) of \($0.total) sessions completed" } ?? "Sessions in no course"
      if groups.last?.title == title {
        groups[groups.count - 1].rows.append(row)
      } else {
        groups.append((title, [row]))
      }
    }
    for group in groups {
      h.table(
        caption: group.title, ["#", "Session", "Status", "Best checkpoint"],
        group.rows.map { row in
          let status =
            row.completedAt.map { "<span class=\"done\">✓ Completed \($0.humanDate)</span>" }
            ?? "<span class=\"todo\">○ Not completed</span>"
          let best =
            row.bestCheckpointPercent.map { "\($0)%" + (row.passPercent.map { " (pass \($0)%)" } ?? "") } ?? "–"
          return [
            row.position.map(String.init) ?? "·", "\(htmlInline(row.title))<br /><code>\(html(row.id))</code>", status,
            best,
          ]
        }, numeric: [3], captionClass: "group")
    }
    h.raw("</section>\n")

    h.section("banks", "Banks and score history")
    h.table(
      caption: "Quiz scores per bank (best, last and average of the quizzes taken)",
      ["Bank", "Questions attempted", "Accuracy", "Quizzes", "Best", "Last", "Average", "Checkpoint quizzes"],
      p.banks.map { b in
        [
          "\(htmlInline(b.title))<br /><code>\(html(b.id))</code>", "\(b.questionsAttempted)/\(b.questions)",
          b.accuracy.map(ReportFormat.percent) ?? "–", String(b.scores?.runs ?? 0),
          b.scores.map { "\($0.best)%" } ?? "–",
          b.scores.map { "\($0.last)%" } ?? "–", b.scores.map { "\($0.average)%" } ?? "–",
          ReportText.checkpointCell(b.checkpoints) ?? "–",
        ]
      }, numeric: [1, 2, 3, 4, 5, 6])
    HTMLCharts.scoreHistories(p.banks, &h)
    h.raw("</section>\n")

    h.section("activity", "Activity")
    h.raw(HTMLCharts.heatmap(p.activity, today: report.generatedAt.dayNumber))
    h.raw("</section>\n")

    h.section("tags", "Weakest tags")
    if p.weakestTags.isEmpty {
      h.raw("<p>\(html(ReportText.noWeakTags))</p>\n")
    } else {
      h.table(
        caption: "Tags with the lowest accuracy (at least five answers, under 100%)",
        ["Tag", "Accuracy", "Answers", "Questions"],
        p.weakestTags.map {
          [html($0.tag), ReportFormat.percent($0.accuracy), String($0.answers), String($0.questions)]
        }, numeric: [1, 2, 3])
    }
    h.raw("</section>\n")

    questionList("flagged", "Flagged questions", p.flagged, &h)
    if !p.leeches.isEmpty {
      h.section("leeches", "Leeches (\(p.leeches.count))")
      h.raw("<ul class=\"questions\">\n")
      for row in p.leeches.prefix(25) {
        let lapses = "\(row.lapses) lapse\(row.lapses == 1 ? "" : "s")" + (row.suspended ? ", suspended" : "")
        h.raw(
          "<li><code>\(html(row.question.ref.description))</code> (\(lapses)) \(h.inline(row.question))</li>\n"
        )
      }
      if p.leeches.count > 25 { h.raw("<li>… and \(p.leeches.count - 25) more</li>\n") }
      h.raw("</ul>\n</section>\n")
    }
    questionList("due", "Due for review now", p.dueNow, &h)
    if p.forecast.contains(where: { $0.due > 0 }) {
      h.section("forecast", "Reviews due, next \(p.forecast.count) days")
      h.raw(HTMLCharts.forecast(p.forecast))
      h.raw("</section>\n")
    }
    if let s = p.scheduler { SchedulerSections.htmlSection(s, &h) }
    if let info = p.history {
      h.raw("<footer><p>History: \(info.events) events read (up to event \(info.lastSequence))")
      if !info.complete { h.raw("; earlier events are missing from the archive, so the score history is partial") }
      if info.unreadableLines > 0 { h.raw("; \(info.unreadableLines) unreadable lines were left out") }
      h.raw(".</p></footer>\n")
    }
  }

  static func questionList(_ id: String, _ title: String, _ items: [QuestionLabel], _ h: inout HTMLWriter) {
    guard !items.isEmpty else { return }
    h.section(id, "\(title) (\(items.count))")
    h.raw("<ul class=\"questions\">\n")
    for q in items.prefix(25) {
      h.raw("<li><code>\(html(q.ref.description))</code> \(h.inline(q))</li>\n")
    }
    if items.count > 25 { h.raw("<li>… and \(items.count - 25) more</li>\n") }
    h.raw("</ul>\n</section>\n")
  }

  static func classSections(_ report: Report, _ klass: ClassReport, _ h: inout HTMLWriter) {
    let t = klass.totals
    h.section("summary", "Class summary")
    h.raw("<ul class=\"cards\">\n")
    h.card("Profiles", String(t.profiles), note: "\(t.activeLearners) with answers")
    h.card("Answers", String(t.answers))
    h.card("Accuracy", t.accuracy.map(ReportFormat.percent) ?? "–")
    h.card("Time studied", Renderer.formatDuration(t.secondsStudied))
    h.raw("</ul>\n</section>\n")
    h.section("profiles", "Profiles")
    var rows = report.profiles.map { p in
      let (s, c) = (p.summary, p.counted)
      return [
        html(p.profile), "\(s.sessionsCompleted)/\(s.sessionsTotal)", String(c.answers),
        c.accuracy.map(ReportFormat.percent) ?? "–",
        html(Renderer.formatDuration(c.secondsStudied)), String(s.streakDays),
        s.lastActiveDay.map { Timestamp.day($0).humanDate } ?? "–",
      ]
    }
    rows.append([
      "<strong>Total</strong>", String(t.sessionsCompleted), String(t.answers),
      t.accuracy.map(ReportFormat.percent) ?? "–",
      html(Renderer.formatDuration(t.secondsStudied)), "", "",
    ])
    h.table(
      caption: "One row per profile, and the class totals",
      ["Profile", "Sessions", "Answers", "Accuracy", "Time studied", "Streak", "Last active"],
      rows, numeric: [1, 2, 3, 4, 5])
    h.raw("</section>\n")
    HTMLStatistics.sections(klass.statistics, &h)
  }
}

/// Text from banks and learners made safe inside HTML (and XML): control characters shown escaped,
/// markup characters as entities.
func html(_ s: String) -> String {
  var out = ""
  for ch in escapingControlCharacters(s, keepNewlines: false).unicodeScalars {
    switch ch {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    default: out.unicodeScalars.append(ch)
    }
  }
  return out
}

/// Accumulates the page.
struct HTMLWriter {
  var text = ""
  /// Finds the images of question texts (``HTMLRichText``).
  var media: ReportMedia? = nil

  /// A question's title as HTML, then the images of its prompt the title does not show, each
  /// embedded when ``media`` finds it.
  func inline(_ q: QuestionLabel) -> String {
    let images = q.images.map { InlineMarkup.serialize([.image(source: $0.source, alt: "")]) }
    return ([q.shownTitle] + images).map { HTMLRichText.render($0, bank: q.ref.bank, media: media) }.joined(
      separator: " ")
  }

  mutating func raw(_ s: String) { text += s }

  mutating func section(_ id: String, _ title: String) {
    raw("<section aria-labelledby=\"\(id)-h\">\n<h2 id=\"\(id)-h\">\(html(title))</h2>\n")
  }

  mutating func card(_ label: String, _ value: String, note: String? = nil, bar: Double? = nil, barLabel: String = "") {
    raw("<li class=\"card\"><span class=\"label\">\(html(label))</span> <span class=\"value\">\(html(value))</span>")
    if let note { raw(" <span class=\"note\">\(html(note))</span>") }
    if let bar {
      let pct = Int(saturating: (max(0, min(1, bar)) * 100).rounded())
      raw(
        "<span class=\"bar\" role=\"img\" aria-label=\"\(html(barLabel))\"><span style=\"width:\(pct)%\"></span></span>"
      )
    }
    raw("</li>\n")
  }

  /// A table whose cells are already HTML; `numeric` columns are right-aligned.
  mutating func table(
    caption: String, _ header: [String], _ rows: [[String]], numeric: Set<Int> = [],
    rowClass: ((Int) -> String?)? = nil, captionClass: String? = nil,
    tableClass: String? = nil
  ) {
    raw(
      "<table\(tableClass.map { " class=\"\($0)\"" } ?? "")>\n<caption\(captionClass.map { " class=\"\($0)\"" } ?? "")>\(html(caption))</caption>\n<thead><tr>"
    )
    for (k, c) in header.enumerated() {
      raw("<th scope=\"col\"\(numeric.contains(k) ? " class=\"num\"" : "")>\(html(c))</th>")
    }
    raw("</tr></thead>\n<tbody>\n")
    for (r, row) in rows.enumerated() {
      raw(rowClass?(r).map { "<tr class=\"\($0)\">" } ?? "<tr>")
      for (k, c) in row.enumerated() {
        if k == 0 {
          raw("<th scope=\"row\">\(c)</th>")
        } else {
          raw("<td\(numeric.contains(k) ? " class=\"num\"" : "")>\(c)</td>")
        }
      }
      raw("</tr>\n")
    }
    raw("</tbody>\n</table>\n")
  }
}
