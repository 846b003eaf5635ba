import QuizlineCore
import QuizlineStorage

/// The score-history block and the forecast chart of the HTML report.
extension HTMLCharts {
  /// A line chart per bank with two quizzes or more; a bank with one quiz gets a sentence, since a
  /// chart of one point says nothing a sentence does not.
  static func scoreHistories(_ banks: [BankRow], _ h: inout HTMLWriter) {
    let charted = banks.filter { $0.scoreHistory.count > 1 }
    let single = banks.filter { $0.scoreHistory.count == 1 }
    if charted.isEmpty && single.isEmpty {
      h.raw("<p>No bank quiz has ended yet, so there is no score history.</p>\n")
      return
    }
    if !charted.isEmpty {
      h.raw("<div class=\"charts\">\n")
      for (k, b) in charted.enumerated() { h.raw(scoreHistory(b, id: "score-\(k)")) }
      h.raw("</div>\n")
    }
    if !single.isEmpty {
      h.raw("<ul class=\"single-quiz\">\n")
      for b in single {
        let p = b.scoreHistory[0]
        h.raw(
          "<li>\(htmlInline(b.title)) (<code>\(html(b.id))</code>): one quiz so far, \(p.percent)%"
            + (p.endedEarly ? " (ended early)" : "") + " on \(Timestamp(microseconds: p.endedAt).humanDateTime).</li>\n"
        )
      }
      h.raw("</ul>\n")
    }
  }

  /// Reviews due per day as columns, the count above each, the days below; today includes the
  /// overdue cards. The same facts are in the description and in the caption.
  static func forecast(_ days: [ForecastDay]) -> String {
    let (column, gap) = (22.0, 6.0)
    let (left, top, bottom) = (8.0, 18.0, 34.0)
    let plotH = 110.0
    let w = left * 2 + Double(days.count) * (column + gap)
    let h = top + plotH + bottom
    let peak = max(1, days.map(\.due).max() ?? 1)
    let total = days.reduce(0) { $0 + $1.due }
    let busiest = days.max { ($0.due, $1.day) < ($1.due, $0.day) }
    var description =
      "Reviews due per day from \(Timestamp.day(days.first?.day ?? 0).humanDate) to \(Timestamp.day(days.last?.day ?? 0).humanDate): "
      + "\(Renderer.count(total, "review")) in all, \(days.first?.due ?? 0) today (overdue included)"
    if let b = busiest, b.due > 0 {
      description += "; busiest day \(Timestamp.day(b.day).humanDate) with \(Renderer.count(b.due, "review"))"
    }
    description += "."
    var svg = "<figure class=\"chart forecast\">\n"
    svg +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(w)) \(f(h))\" width=\"\(f(w))\" height=\"\(f(h))\" role=\"img\" aria-labelledby=\"fc-t fc-d\">\n"
    svg += "<title id=\"fc-t\">Reviews due per day</title>\n<desc id=\"fc-d\">\(html(description))</desc>\n"
    svg +=
      "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(top + plotH))\" x2=\"\(f(w - left))\" y2=\"\(f(top + plotH))\" />\n"
    for (k, d) in days.enumerated() {
      let x = left + Double(k) * (column + gap) + gap / 2
      let barH = d.due == 0 ? 0 : max(2, plotH * Double(d.due) / Double(peak))
      let date = Timestamp.day(d.day)
      if d.due > 0 {
        svg +=
          "<rect class=\"due\" x=\"\(f(x))\" y=\"\(f(top + plotH - barH))\" width=\"\(f(column))\" height=\"\(f(barH))\" rx=\"2\">"
        svg += "<title>\(date.humanDate): \(Renderer.count(d.due, "review"))</title></rect>\n"
      }
      svg +=
        "<text class=\"axis\" x=\"\(f(x + column / 2))\" y=\"\(f(top + plotH - barH - 4))\" text-anchor=\"middle\">\(d.due)</text>"
      let (day, month) = (
        date.humanDate.split(separator: " ").first ?? "", date.humanDate.split(separator: " ").dropFirst().first ?? ""
      )
      svg +=
        "<text class=\"axis\" x=\"\(f(x + column / 2))\" y=\"\(f(top + plotH + 14))\" text-anchor=\"middle\">\(day)</text>"
      if k == 0 || day == "1" {
        svg +=
          "<text class=\"axis\" x=\"\(f(x + column / 2))\" y=\"\(f(top + plotH + 27))\" text-anchor=\"middle\">\(month)</text>"
      }
      svg += "\n"
    }
    svg += "</svg>\n<figcaption>\(html(description))</figcaption>\n</figure>\n"
    return svg
  }

  /// Upper bounds of the first three shades of active days: equal steps of a round size (1, 2, 5,
  /// 10, 20, 25, 50, 100, …) at least a quarter of the busiest day, so the ranges read plainly
  /// ("1–10", "11–20", "21–30", "31 or more") and the busiest day falls in the darkest shade or the
  /// one before it.
  static func shadeBounds(busiest: Int) -> [Int] {
    let needed = max(1, busiest / 4 + (busiest % 4 == 0 ? 0 : 1))
    var scale = 1
    while scale < Int.max / 100 {
      let steps = scale == 1 ? [1, 2, 5] : [scale, 2 * scale, 5 * scale / 2, 5 * scale]
      for step in steps where step >= needed { return [step, 2 * step, 3 * step] }
      scale *= 10
    }
    return [needed, needed * 2, needed * 3]
  }
}

/// Bank text in HTML, its marks as elements (``HTMLRichText``; images as their placeholder text).
func htmlInline(_ s: String) -> String {
  HTMLRichText.render(s)
}
