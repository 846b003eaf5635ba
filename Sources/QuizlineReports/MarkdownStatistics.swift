import QuizlineCore

/// The class report's test statistics in Markdown, laid out as Moodle's quiz statistics report:
/// per test a "Quiz information" table, a "Quiz structure analysis" table (one row per question;
/// undefined figures `– (n)` with the reasons listed under the table) and the response analysis
/// of each question by group.
enum MarkdownStatistics {
  static func section(_ stats: ClassStatistics, _ md: inout MarkdownWriter) {
    md.heading("Test statistics")
    md.line(
      "Moodle's quiz statistics for each test (a bank's quizzes, a session's checkpoint). Attempts counted: "
        + "\(StatisticsText.choice(stats.choice)); `--attempts first|last|best|all` chooses. Grades are "
        + "percentages of each attempt's maximum mark. A figure shown as \(StatisticsText.undefinedMark) cannot be "
        + "computed; its note says why.")
    if stats.tests.isEmpty {
      md.line()
      md.line("No quiz drawn from a bank or checkpoint was finished yet.")
    }
    for test in stats.tests { self.test(test, stats.choice, &md) }
  }

  static func test(_ t: TestStatistics, _ choice: AttemptChoice, _ md: inout MarkdownWriter) {
    md.line()
    md.line("### \(StatisticsText.kind(t.kind)): \(MarkdownWriter.escapeInline(t.title)) (`\(t.id)`)")
    md.heading("Quiz information", level: 4)
    var rows = [
      ["Attempts counted", "\(t.attempts) (\(choice.rawValue) attempts)"],
      ["Partial attempts (asked only part of the test)", String(t.partialAttempts)],
    ]
    for row in StatisticsText.information(t) {
      rows.append([
        row.label,
        row.figure.value.map(row.format)
          ?? "\(StatisticsText.undefinedMark) (\(cell(StatisticsText.reason(row.figure.reason ?? ""))))",
      ])
    }
    md.table(["Figure", "Value"], rows, align: "lr", escapeColumns: [])

    md.heading("Quiz structure analysis", level: 4)
    var notes = StatisticsNotes()
    md.table(
      ["Q#", "Question", "Type", "Attempts"] + StatisticsText.questionFigureNames + ["Flags"],
      t.questions.enumerated().map { k, q in
        var cells = ["\(k + 1)", "`\(q.ref)` \(cell(q.title))", q.type, "\(q.attempts)"]
        cells += StatisticsText.figures(q).map { notes.cell($0, StatisticsText.percent) }
        if StatisticsText.negativeDiscrimination(q) { cells[7] = "**! \(cells[7])**" }
        cells.append(q.flags.map { "⚠ " + cell($0) }.joined(separator: "<br>"))
        return cells
      }, align: "rllrrrrrrl", escapeColumns: [])
    if t.questions.contains(where: StatisticsText.negativeDiscrimination) {
      md.line()
      md.line(
        "**!** marks a negative discrimination index, as Moodle highlights it: stronger attempts scored lower on the "
          + "question (check its key).")
    }
    if !notes.reasons.isEmpty {
      md.line()
      md.line("Notes:")
      md.line()
      for (k, r) in notes.reasons.enumerated() { md.line("\(k + 1). \(MarkdownWriter.escape(r))") }
    }
    responses(t, &md)
  }

  /// Bank text or an answer in a table cell: escaped as ``MarkdownWriter/escapeInline(_:)`` does,
  /// but its pipes left to the table, which escapes the pipes of every cell.
  static func cell(_ s: String) -> String {
    var out: [Unicode.Scalar] = []
    for ch in MarkdownWriter.escapeInline(s).unicodeScalars {
      if ch == "|", out.last == "\\" { out.removeLast() }
      out.append(ch)
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: out)
    return text
  }

  static func responses(_ t: TestStatistics, _ md: inout MarkdownWriter) {
    let analysed = t.questions.enumerated().filter {
      !$0.element.responses.choices.isEmpty || !$0.element.responses.answers.isEmpty
    }
    guard !analysed.isEmpty else { return }
    md.heading("Response analysis", level: 4)
    for (k, q) in analysed {
      let r = q.responses
      md.line("**Q\(k + 1)** `\(q.ref)` (\(q.type)): \(MarkdownWriter.escapeInline(q.title))")
      md.line()
      if !r.choices.isEmpty {
        md.line("Groups: \(StatisticsText.groups(r)).")
        md.line()
        md.table(
          ["Option", "Text", "Correct", "Count", "Upper", "Middle", "Lower", "Flags"],
          r.choices.map { c in
            let flags = StatisticsText.optionFlags(q, option: c.option)
            return [
              flags.isEmpty ? cell(c.option) : "**! \(cell(c.option))**",
              c.text == c.option ? "" : cell(c.text), c.correct ? "✓" : "", "\(c.count)",
              "\(c.upper)", "\(c.middle)", "\(c.lower)",
              flags.map { "! " + cell($0) }.joined(separator: "<br>"),
            ]
          }, align: "lllrrrrl", escapeColumns: [])
      } else {
        md.table(
          ["Answer", "Count", "Mean mark"],
          r.answers.map {
            [$0.response.isEmpty ? "*(empty)*" : cell($0.response), "\($0.count)", StatisticsText.mark($0.mark)]
          },
          align: "lrr", escapeColumns: [])
      }
      md.line()
    }
  }
}
