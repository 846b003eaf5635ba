import QuizlineCore

/// A test's questions as points of facility index (across, 0–100 %) against discrimination index
/// (up, −100…100 %), as an inline SVG scatter chart with Moodle's guide lines: discrimination 0
/// (below it a question works against the test), the 20–30 band under which discrimination is weak,
/// and facility 30 and 90 (hard, very easy). Each point is labelled with its Q# and titled with the
/// question and both figures; a negative discrimination is a diamond in another colour, not a
/// circle. Questions whose facility or discrimination cannot be computed are named under the chart
/// with the reason.
enum HTMLStatisticsChart {
  static let size = (w: 640.0, h: 400.0)
  static let margin = (left: 50.0, right: 14.0, top: 14.0, bottom: 42.0)
  static var plotWidth: Double { size.w - margin.left - margin.right }
  static var plotHeight: Double { size.h - margin.top - margin.bottom }

  /// The point of a question: x from the facility, y from the discrimination index.
  static func x(_ facility: Double) -> Double { margin.left + plotWidth * max(0, min(100, facility)) / 100 }
  static func y(_ di: Double) -> Double { margin.top + plotHeight * (1 - (max(-100, min(100, di)) + 100) / 200) }

  static func chart(_ t: TestStatistics, id: String) -> String {
    let f = HTMLCharts.f
    var plotted: [(number: Int, q: QuestionStatistics, facility: Double, di: Double)] = []
    // Questions left out, grouped by why: (reason, questions).
    var left: [(reason: String, questions: [String])] = []
    for (k, q) in t.questions.enumerated() {
      if let facility = q.facility.value, let di = q.discriminationIndex.value {
        plotted.append((k + 1, q, facility, di))
      } else {
        let why = q.discriminationIndex.reason.map { "discrimination index: \(StatisticsText.reason($0))" }
        let whyF = q.facility.reason.map { "facility index: \(StatisticsText.reason($0))" }
        let reason = whyF ?? why ?? ""
        let question = "Q\(k + 1) <code>\(html(q.ref.description))</code>"
        if let g = left.firstIndex(where: { $0.reason == reason }) {
          left[g].questions.append(question)
        } else {
          left.append((reason, [question]))
        }
      }
    }
    let negative = plotted.filter { $0.di < 0 }.count
    let description =
      "Each question of \(t.title) as a point: facility index across (0 to 100%), discrimination index up (-100 to 100%). "
      + "\(Renderer.count(plotted.count, "question")) plotted; \(negative) with a negative discrimination index "
      + "(orange diamonds, below the zero line)"
      + (left.isEmpty ? "." : "; \(left.map(\.questions.count).reduce(0, +)) left out (see below the chart).")
      + " Dashed lines: facility 30% (hard below) and 90% (very easy above); shaded band: discrimination 20 to 30% "
      + "(weak below it); solid line: discrimination 0."
    if plotted.isEmpty {
      return "<p class=\"chart scatter\" id=\"\(id)\">No question can be plotted yet."
        + left.map {
          " \(html(StatisticsText.reason($0.reason).prefix(1).uppercased() + $0.reason.dropFirst())): "
            + $0.questions.joined(separator: ", ") + "."
        }.joined()
        + "</p>\n"
    }
    var svg = "<figure class=\"chart scatter\" id=\"\(id)\">\n"
    svg +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(size.w)) \(f(size.h))\" width=\"\(f(size.w))\" height=\"\(f(size.h))\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\">\n"
    svg += "<title id=\"\(id)-t\">\(html(t.title)): facility against discrimination</title>\n"
    svg += "<desc id=\"\(id)-d\">\(html(description))</desc>\n"
    let (x0, x1) = (margin.left, size.w - margin.right)
    let (yTop, yBottom) = (margin.top, size.h - margin.bottom)
    // The weak band (DI 20–30) and the frame.
    svg +=
      "<rect class=\"band\" x=\"\(f(x0))\" y=\"\(f(y(30)))\" width=\"\(f(plotWidth))\" height=\"\(f(y(20) - y(30)))\" />\n"
    svg +=
      "<rect class=\"frame\" x=\"\(f(x0))\" y=\"\(f(yTop))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" />\n"
    for di in [-100, -50, 50, 100] {
      svg +=
        "<line class=\"grid\" x1=\"\(f(x0))\" y1=\"\(f(y(Double(di))))\" x2=\"\(f(x1))\" y2=\"\(f(y(Double(di))))\" />"
      svg +=
        "<text class=\"axis\" x=\"\(f(x0 - 4))\" y=\"\(f(y(Double(di)) + 3.5))\" text-anchor=\"end\">\(di)%</text>\n"
    }
    svg += "<text class=\"axis\" x=\"\(f(x0 - 4))\" y=\"\(f(y(0) + 3.5))\" text-anchor=\"end\">0%</text>\n"
    svg +=
      "<text class=\"axis guide-label\" x=\"\(f(x1 - 3))\" y=\"\(f(y(20) + 11))\" text-anchor=\"end\">DI 20–30%: weak below</text>\n"
    for facility in [0, 30, 50, 90, 100] {
      let gx = x(Double(facility))
      if facility == 30 || facility == 90 {
        svg += "<line class=\"guide\" x1=\"\(f(gx))\" y1=\"\(f(yTop))\" x2=\"\(f(gx))\" y2=\"\(f(yBottom))\" />"
      }
      svg += "<text class=\"axis\" x=\"\(f(gx))\" y=\"\(f(yBottom + 14))\" text-anchor=\"middle\">\(facility)%</text>\n"
    }
    svg += "<line class=\"zero\" x1=\"\(f(x0))\" y1=\"\(f(y(0)))\" x2=\"\(f(x1))\" y2=\"\(f(y(0)))\" />\n"
    svg +=
      "<text class=\"axis\" x=\"\(f(x0 + plotWidth / 2))\" y=\"\(f(size.h - 6))\" text-anchor=\"middle\">Facility index (hard 30%, very easy 90%)</text>\n"
    svg +=
      "<text class=\"axis\" transform=\"translate(12 \(f(yTop + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">Discrimination index</text>\n"
    // Labels first, then the marks over them, so no label hides a mark; questions at the same
    // place share one label (`4, 9`).
    var labels: [(x: Double, y: Double, numbers: [Int])] = []
    for p in plotted {
      let (px, py) = (x(p.facility), y(p.di))
      if let k = labels.firstIndex(where: { abs($0.x - px) < 1 && abs($0.y - py) < 1 }) {
        labels[k].numbers.append(p.number)
      } else {
        labels.append((px, py, [p.number]))
      }
    }
    for l in labels {
      svg +=
        "<text class=\"pt-label\" x=\"\(f(l.x + 6))\" y=\"\(f(l.y - 5))\">\(l.numbers.map(String.init).joined(separator: ", "))</text>"
    }
    svg += "\n"
    for p in plotted {
      let title =
        "<title>Q\(p.number) \(html(p.q.ref.description)): facility \(StatisticsText.percent(p.facility)), discrimination index \(StatisticsText.percent(p.di))</title>"
      let (cx, cy) = (x(p.facility), y(p.di))
      if p.di < 0 {
        svg +=
          "<polygon class=\"pt neg\" points=\"\(f(cx)),\(f(cy - 5.5)) \(f(cx + 5.5)),\(f(cy)) \(f(cx)),\(f(cy + 5.5)) \(f(cx - 5.5)),\(f(cy))\">\(title)</polygon>\n"
      } else {
        svg += "<circle class=\"pt\" cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"4.5\">\(title)</circle>\n"
      }
    }
    svg += "</svg>\n<figcaption>\(html(description))"
    for g in left {
      svg += "<br />Not plotted (\(html(g.reason))): " + g.questions.joined(separator: ", ") + "."
    }
    svg += "</figcaption>\n</figure>\n"
    return svg
  }
}
