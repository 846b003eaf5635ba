import QuizlineCore

/// The response (distractor) analysis of a test in HTML: per question, how many attempts chose
/// each option, in all and by group (group sizes stated), the right options marked ✓ and flagged
/// options marked `!` with the flag in words; for typed answers the most frequent ones with their
/// mean mark.
enum HTMLResponses {
  static func section(_ t: TestStatistics, _ h: inout HTMLWriter) {
    let analysed = t.questions.enumerated().filter {
      !$0.element.responses.choices.isEmpty || !$0.element.responses.answers.isEmpty
    }
    guard !analysed.isEmpty else { return }
    h.raw("<h3>Response analysis</h3>\n")
    for (k, q) in analysed {
      let r = q.responses
      let caption = "Q\(k + 1) \(q.ref.description) (\(q.type))"
      h.raw(
        "<div class=\"response\">\n<p><strong>Q\(k + 1)</strong> <code>\(html(q.ref.description))</code> \(htmlInline(q.title))</p>\n"
      )
      if !r.choices.isEmpty {
        h.table(
          caption: caption + ": how often each option was chosen, in all and by group; "
            + StatisticsText.groups(r),
          [
            "Option", "Text", "Correct", "Count", "Upper (\(r.upper))", "Middle (\(r.middle))", "Lower (\(r.lower))",
            "Flags",
          ],
          r.choices.map { c in
            let flags = StatisticsText.optionFlags(q, option: c.option)
            return [
              flags.isEmpty ? html(c.option) : "<strong class=\"neg\">! \(html(c.option))</strong>",
              c.text == c.option ? "" : htmlInline(c.text), c.correct ? "<span class=\"done\">✓ right</span>" : "",
              String(c.count), String(c.upper), String(c.middle), String(c.lower),
              flags.isEmpty
                ? "" : "<span class=\"warn\">! " + flags.map(html).joined(separator: "<br />! ") + "</span>",
            ]
          }, numeric: [3, 4, 5, 6],
          rowClass: { StatisticsText.optionFlags(q, option: r.choices[$0].option).isEmpty ? nil : "flagged" },
          tableClass: "choices")
      } else {
        h.table(
          caption: caption + ": the most frequent answers", ["Answer", "Count", "Mean mark"],
          r.answers.map {
            [
              $0.response.isEmpty ? "<em>(empty)</em>" : html($0.response), String($0.count),
              StatisticsText.mark($0.mark),
            ]
          },
          numeric: [1, 2], tableClass: "answers")
      }
      h.raw("</div>\n")
    }
  }
}
