import QuizlineCore

/// Inline SVG charts for the HTML report. Each is a `<figure>` whose SVG has `role="img"`, a
/// `<title>` and a `<desc>` that says in words what the chart shows, and a visible caption; marks
/// have their own `<title>` (a tooltip with the exact value).
enum HTMLCharts {
  /// A bank's quiz scores over its last 50 quizzes as a line with point markers (0–100 %).
  static func scoreHistory(_ bank: BankRow, id: String) -> String {
    let points = Array(bank.scoreHistory.suffix(50))
    let (w, h) = (340.0, 150.0)
    let (left, right, top, bottom) = (34.0, 10.0, 10.0, 28.0)
    let plotW = w - left - right
    let plotH = h - top - bottom
    func x(_ k: Int) -> Double {
      points.count == 1 ? left + plotW / 2 : left + plotW * Double(k) / Double(points.count - 1)
    }
    func y(_ percent: Int) -> Double { top + plotH * (1 - Double(percent) / 100) }
    let first = Timestamp(microseconds: points.first!.endedAt).humanDate
    let last = Timestamp(microseconds: points.last!.endedAt).humanDate
    let best = points.map(\.percent).max()!
    let shown =
      points.count < bank.scoreHistory.count
      ? "the last \(points.count) of \(bank.scoreHistory.count) quizzes"
      : Renderer.count(points.count, "quiz", "quizzes")
    let summary =
      "\(shown) from \(first) to \(last); first \(points.first!.percent)%, last \(points.last!.percent)%, best \(best)%."
    let description = "Score history of \(bank.title): " + summary
    var svg = "<figure class=\"chart\">\n"
    svg +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(w)) \(f(h))\" width=\"\(f(w))\" height=\"\(f(h))\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\">\n"
    svg +=
      "<title id=\"\(id)-t\">\(html(bank.title)): score per quiz</title>\n<desc id=\"\(id)-d\">\(html(description))</desc>\n"
    for g in [0, 50, 100] {
      svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(g)))\" x2=\"\(f(w - right))\" y2=\"\(f(y(g)))\" />"
      svg += "<text class=\"axis\" x=\"\(f(left - 4))\" y=\"\(f(y(g) + 4))\" text-anchor=\"end\">\(g)%</text>\n"
    }
    svg += "<text class=\"axis\" x=\"\(f(left))\" y=\"\(f(h - 8))\">\(first)</text>"
    svg += "<text class=\"axis\" x=\"\(f(w - right))\" y=\"\(f(h - 8))\" text-anchor=\"end\">\(last)</text>\n"
    if points.count > 1 {
      let path = points.indices.map { "\(f(x($0))),\(f(y(points[$0].percent)))" }.joined(separator: " ")
      svg += "<polyline class=\"line\" points=\"\(path)\" />\n"
    }
    for (k, p) in points.enumerated() {
      let when = Timestamp(microseconds: p.endedAt).humanDateTime
      svg +=
        "<circle class=\"\(p.endedEarly ? "dot early" : "dot")\" cx=\"\(f(x(k)))\" cy=\"\(f(y(p.percent)))\" r=\"3\">"
      svg += "<title>\(when): \(p.percent)%\(p.endedEarly ? " (ended early)" : "")</title></circle>\n"
    }
    svg +=
      "</svg>\n<figcaption>\(htmlInline(bank.title)) (<code>\(html(bank.id))</code>): \(html(summary))</figcaption>\n</figure>\n"
    return svg
  }

  /// Answers per day over the last 26 weeks as a calendar grid (weeks as columns, Monday on top),
  /// five shades whose answer ranges the legend states, plus the same facts in words.
  static func heatmap(_ activity: [DayRow], today: Int64) -> String {
    let weeks = 26
    // Day 0 (1970-01-01) was a Thursday: weekday 0 = Monday.
    let weekday = Int(((today % 7) + 7 + 3) % 7)
    let start = today - Int64(weekday) - Int64(7 * (weeks - 1))
    var counts: [Int64: Int] = [:]
    for r in activity where r.day >= start && r.day <= today && r.answers > 0 { counts[r.day] = r.answers }
    let values = counts.values.sorted()
    let thresholds = shadeBounds(busiest: values.last ?? 0)
    func level(_ n: Int) -> Int {
      if n == 0 { return 0 }
      if n <= thresholds[0] { return 1 }
      if n <= thresholds[1] { return 2 }
      return n <= thresholds[2] ? 3 : 4
    }
    let cell = 16.0
    let gap = 3.0
    let (left, top) = (32.0, 18.0)
    let w = left + Double(weeks) * (cell + gap)
    let h = top + 7 * (cell + gap) + 4
    let total = values.reduce(0, +)
    let busiest = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }
    var description = "Answers per day from \(Timestamp.day(start).humanDate) to \(Timestamp.day(today).humanDate): "
    description += "active on \(counts.count) of \(today - start + 1) days, \(Renderer.count(total, "answer")) in all"
    if let b = busiest {
      description += "; busiest day \(Timestamp.day(b.key).humanDate) with \(Renderer.count(b.value, "answer"))"
    }
    description += "."
    var svg = "<figure class=\"chart heatmap\">\n"
    svg +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(w)) \(f(h))\" width=\"\(f(w))\" height=\"\(f(h))\" role=\"img\" aria-labelledby=\"heat-t heat-d\">\n"
    svg +=
      "<title id=\"heat-t\">Activity calendar, last \(weeks) weeks</title>\n<desc id=\"heat-d\">\(html(description))</desc>\n"
    for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
      svg += "<text class=\"axis\" x=\"0\" y=\"\(f(top + Double(row) * (cell + gap) + cell - 2))\">\(name)</text>\n"
    }
    var lastMonth = ""
    var lastLabel = -3
    for week in 0..<weeks {
      let monday = start + Int64(week * 7)
      let month = String(Timestamp.day(monday).isoDate.prefix(7))
      if month != lastMonth {
        // A month label needs about two columns of room; the first partial month may go without.
        if week - lastLabel >= 3, week < weeks - 1 {
          svg +=
            "<text class=\"axis\" x=\"\(f(left + Double(week) * (cell + gap)))\" y=\"11\">\(monthName(month))</text>\n"
          lastLabel = week
        }
        lastMonth = month
      }
      for row in 0..<7 {
        let day = monday + Int64(row)
        guard day <= today else { continue }
        let n = counts[day] ?? 0
        svg +=
          "<rect class=\"l\(level(n))\" x=\"\(f(left + Double(week) * (cell + gap)))\" y=\"\(f(top + Double(row) * (cell + gap)))\" width=\"\(f(cell))\" height=\"\(f(cell))\" rx=\"2\">"
        svg += "<title>\(Timestamp.day(day).humanDate): \(Renderer.count(n, "answer"))</title></rect>\n"
      }
    }
    svg += "</svg>\n"
    func range(_ low: Int, _ high: Int) -> String { low == high ? "\(low)" : "\(low)–\(high)" }
    let ranges = [
      "0", range(1, thresholds[0]), range(thresholds[0] + 1, thresholds[1]), range(thresholds[1] + 1, thresholds[2]),
      "\(thresholds[2] + 1) or more",
    ]
    svg += "<figcaption>\(html(description))<br /><span class=\"legend\">Shades, light to dark (answers per day):"
    for (k, r) in ranges.enumerated() { svg += " <span class=\"key l\(k)\"></span> \(r)" }
    svg += "</span></figcaption>\n</figure>\n"
    return svg
  }

  static func monthName(_ yearMonth: String) -> String {
    let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return Int(yearMonth.suffix(2)).map { names[max(0, min(11, $0 - 1))] } ?? ""
  }

  /// A coordinate with at most one decimal.
  static func f(_ x: Double) -> String {
    let tenths = Int(saturating: (x * 10).rounded())
    return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
  }
}
