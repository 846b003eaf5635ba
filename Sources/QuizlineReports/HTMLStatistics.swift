import QuizlineCore

/// The class report's test statistics in HTML, as Moodle lays them out: per test a section with
/// the "Quiz information" table, the "Quiz structure analysis" table sortable by every column, a
/// chart of facility against discrimination (``HTMLStatisticsChart``) and the response analysis.
///
/// Sorting needs no script: the table is written once per column and direction, already sorted,
/// each copy in an element with its own id (`t1-by-facility-desc`); the style sheet shows the copy
/// the address names (`:target`) and otherwise the one in question order. Each column header links
/// to the copy sorted by it (ascending, or descending when it is already ascending). A figure that
/// cannot be computed sorts last either way.
enum HTMLStatistics {
  /// The columns of the question table: header, id in the address, and how rows compare.
  struct Column: Sendable {
    var header: String
    var id: String
    var numeric: Bool
    /// The row's sort key: a number, a text, or nil (undefined: last).
    var key: @Sendable (Int, QuestionStatistics) -> SortKey?
  }

  enum SortKey: Comparable, Sendable {
    case number(Double)
    case text(String)
  }

  static let columns: [Column] = {
    var out = [
      Column(header: "Q#", id: "qn", numeric: true) { k, _ in .number(Double(k)) },
      Column(header: "Question", id: "question", numeric: false) { _, q in .text(q.title + "\u{0}" + q.ref.description)
      },
      Column(header: "Type", id: "type", numeric: false) { _, q in .text(q.type) },
      Column(header: "Attempts", id: "attempts", numeric: true) { _, q in .number(Double(q.attempts)) },
    ]
    let ids = ["facility", "sd", "guess", "di", "de"]
    for (k, name) in StatisticsText.questionFigureNames.enumerated() {
      out.append(
        Column(header: name, id: ids[k], numeric: true) { _, q in
          StatisticsText.figures(q)[k].value.map { .number($0) }
        })
    }
    out.append(Column(header: "Flags", id: "flags", numeric: false) { _, q in .number(Double(q.flags.count)) })
    return out
  }()

  static func sections(_ stats: ClassStatistics, _ h: inout HTMLWriter) {
    if stats.tests.isEmpty {
      h.section("tests", "Test statistics")
      h.raw("<p>No quiz drawn from a bank or checkpoint was finished yet.</p>\n</section>\n")
      return
    }
    for (k, t) in stats.tests.enumerated() { test(t, number: k + 1, stats.choice, &h) }
  }

  static func test(_ t: TestStatistics, number n: Int, _ choice: AttemptChoice, _ h: inout HTMLWriter) {
    h.raw(
      "<section aria-labelledby=\"t\(n)-h\" class=\"test\">\n<h2 id=\"t\(n)-h\">\(StatisticsText.kind(t.kind)): \(htmlInline(t.title)) <code>\(html(t.id))</code></h2>\n"
    )
    h.raw(
      "<p>Moodle's quiz statistics over \(html(StatisticsText.choice(choice))) (<code>--attempts \(choice.rawValue)</code>). "
        + "Grades are percentages of each attempt's maximum mark; a figure shown as \(StatisticsText.undefinedMark) "
        + "cannot be computed, and its note says why.</p>\n")
    var info = [
      ["Attempts counted", "\(t.attempts) (\(choice.rawValue) attempts)"],
      ["Partial attempts (asked only part of the test)", String(t.partialAttempts)],
    ]
    for row in StatisticsText.information(t) {
      info.append([
        html(row.label),
        row.figure.value.map { html(row.format($0)) }
          ?? "\(StatisticsText.undefinedMark) <span class=\"reason\">(\(html(StatisticsText.reason(row.figure.reason ?? ""))))</span>",
      ])
    }
    h.table(caption: "Quiz information", ["Figure", "Value"], info, numeric: [1], tableClass: "info")

    h.raw("<h3>Quiz structure analysis</h3>\n")
    var notes = StatisticsNotes()
    let rows = t.questions.enumerated().map { k, q in row(q, number: k + 1, test: n, &notes) }
    h.raw("<div class=\"sorts\">\n")
    let keys = columns.map { c in t.questions.enumerated().map { c.key($0.offset, $0.element) } }
    for c in columns.indices {
      for descending in [false, true] where c > 0 || descending {
        table(rows, keys: keys, by: c, descending: descending, test: n, t, &h)
      }
    }
    table(rows, keys: keys, by: 0, descending: false, test: n, t, &h)
    h.raw("</div>\n")
    if t.questions.contains(where: StatisticsText.negativeDiscrimination) {
      h.raw(
        "<p><strong class=\"neg\">!</strong> marks a negative discrimination index, as Moodle highlights it: stronger "
          + "attempts scored lower on the question (check its key).</p>\n")
    }
    if !notes.reasons.isEmpty {
      h.raw("<p class=\"notes-h\">Notes:</p>\n<ol class=\"notes\">\n")
      for r in notes.reasons { h.raw("<li>\(html(r))</li>\n") }
      h.raw("</ol>\n")
    }
    h.raw("<h3>Facility against discrimination</h3>\n")
    h.raw(HTMLStatisticsChart.chart(t, id: "t\(n)-chart"))
    HTMLResponses.section(t, &h)
    h.raw("</section>\n")
  }

  /// A question's cells (HTML), in column order, and its row class.
  static func row(_ q: QuestionStatistics, number: Int, test: Int, _ notes: inout StatisticsNotes) -> (
    cells: [String], rowClass: String?
  ) {
    var cells = [
      String(number), "<code>\(html(q.ref.description))</code><br />\(htmlInline(q.title))", html(q.type),
      String(q.attempts),
    ]
    for (k, f) in StatisticsText.figures(q).enumerated() {
      switch f {
      case .value(let v):
        let text = html(StatisticsText.percent(v))
        cells.append(k == 3 && v < 0 ? "<strong class=\"neg\">! \(text)</strong>" : text)
      case .undefined(let reason):
        let r = StatisticsText.reason(reason)
        cells.append(
          "<span class=\"undef\" title=\"\(html(r))\">\(StatisticsText.undefinedMark) (\(notes.number(r)))</span>")
      }
    }
    cells.append(
      q.flags.isEmpty ? "" : "<span class=\"warn\">⚠ " + q.flags.map(html).joined(separator: "<br />⚠ ") + "</span>")
    let rowClass = StatisticsText.negativeDiscrimination(q) ? "negative" : q.flags.isEmpty ? nil : "flagged"
    return (cells, rowClass)
  }

  /// One sorted copy of the question table.
  static func table(
    _ rows: [(cells: [String], rowClass: String?)], keys: [[SortKey?]], by c: Int, descending: Bool, test n: Int,
    _ t: TestStatistics, _ h: inout HTMLWriter
  ) {
    let order = rows.indices.sorted { a, b in
      switch (keys[c][a], keys[c][b]) {
      case (nil, nil): return a < b
      case (nil, _): return false
      case (_, nil): return true
      case (let x?, let y?):
        if x == y { return a < b }
        return descending ? y < x : x < y
      }
    }
    let isDefault = c == 0 && !descending
    let id = anchor(test: n, column: c, descending: descending)
    h.raw("<div class=\"sorted\(isDefault ? " default" : "")\" id=\"\(id)\">\n<table class=\"questions\">\n")
    let direction = descending ? "descending" : "ascending"
    let arrangement =
      c == 0
      ? (descending ? "in reverse question order" : "in question order")
      : "sorted by \(columns[c].header.lowercased()), \(direction)"
    h.raw(
      "<caption>Questions of \(html(t.title)), \(html(arrangement)) (a column's header sorts by it)</caption>\n<thead><tr>"
    )
    for (k, column) in columns.enumerated() {
      let sortedHere = k == c
      let next = sortedHere && !descending
      let arrow = sortedHere ? (descending ? " ▼" : " ▲") : ""
      let aria = sortedHere ? " aria-sort=\"\(direction)\"" : ""
      h.raw(
        "<th scope=\"col\"\(column.numeric ? " class=\"num\"" : "")\(aria)><a href=\"#\(anchor(test: n, column: k, descending: next))\" title=\"Sort by \(html(column.header.lowercased())), \(next ? "descending" : "ascending")\">\(html(column.header))\(arrow)</a></th>"
      )
    }
    h.raw("</tr></thead>\n<tbody>\n")
    for r in order {
      let row = rows[r]
      h.raw(row.rowClass.map { "<tr class=\"\($0)\">" } ?? "<tr>")
      for (k, cell) in row.cells.enumerated() {
        if k == 1 {
          h.raw("<th scope=\"row\">\(cell)</th>")
        } else {
          h.raw("<td\(columns[k].numeric ? " class=\"num\"" : "")>\(cell)</td>")
        }
      }
      h.raw("</tr>\n")
    }
    h.raw("</tbody>\n</table>\n</div>\n")
  }

  /// The id of a sorted copy (question order ascending is the default copy).
  static func anchor(test n: Int, column c: Int, descending: Bool) -> String {
    "t\(n)-by-\(columns[c].id)-\(descending ? "desc" : "asc")"
  }
}
