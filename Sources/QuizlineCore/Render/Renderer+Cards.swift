/// The card browser's table, fitted to the terminal: the question takes the room left; on a narrow
/// terminal whole columns go, the least telling first (``CardTable/dropOrder``).
extension Renderer {
  static func renderCards(_ listing: CardListing, _ state: AppState, _ out: inout Output) {
    let s = out.context.style
    let query = listing.query.isEmpty ? "" : " " + quotedArg(listing.query)
    guard !listing.rows.isEmpty else {
      out.paragraph(
        listing.query.isEmpty
          ? "There are no cards: the quizzes folder has no questions."
          : "No card matches\(query) (\(count(listing.total, "card")) in all).")
      if !listing.query.isEmpty { out.paragraph("Type help cards for the search syntax.", indent: "  ") }
      return
    }
    let table = CardTable(rows: listing.rows, state: state, context: out.context)
    out.verbatim(s.paint(table.line(table.headers), .bold))
    out.verbatim(String(repeating: s.rule, count: table.width))
    for k in listing.rows.indices { out.verbatim(table.line(table.cells(at: k))) }
    let found =
      listing.query.isEmpty
      ? "\(count(listing.rows.count, "card"))"
      : "\(listing.rows.count) of \(count(listing.total, "card")) match\(listing.rows.count == 1 ? "es" : "")\(query)"
    let legend = [("D", "difficulty"), ("S", "stability"), ("R", "recall now")].filter { table.headers.contains($0.0) }
      .map { "\($0.0) \($0.1)" }
    let dropped =
      (legend.isEmpty ? "" : " " + legend.joined(separator: ", ") + ".")
      + (table.dropped.isEmpty
        ? ""
        : table.dropped.count <= 3
          ? " Widen the terminal to see " + table.dropped.joined(separator: ", ") + "."
          : " Widen the terminal to see \(table.dropped.count) more columns.")
    out.paragraph("\(found), by \(listing.sort.rawValue).\(dropped)")
  }

  static func renderQueryError(_ command: String, _ query: String, _ error: CardQueryError, _ out: inout Output) {
    let s = out.context.style
    out.paragraph("\(command): \(error)", indent: "  ", firstIndent: s.paint("error:", .bad) + " ")
    let shown = escapingControlCharacters(query, keepNewlines: false)
    let before = String(shown.prefix(max(0, error.column - 1)))
    out.verbatim("  " + shown)
    out.verbatim("  " + String(repeating: " ", count: TextWrap.displayWidth(before)) + "^")
    out.paragraph("Type help cards for the search syntax.", indent: "  ")
  }
}

/// The columns of the card browser that fit a width, and each row's cells.
struct CardTable {
  enum Column: String, CaseIterable {
    case bank, question, state, due, interval, difficulty, stability, retrievability, reviews, lapses, last

    var header: String {
      switch self {
      case .interval: "ivl"
      case .difficulty: "D"
      case .stability: "S"
      case .retrievability: "R"
      case .reviews: "reps"
      case .last: "last answer"
      default: rawValue
      }
    }
    var rightAligned: Bool { ![.bank, .question, .state, .due, .last].contains(self) }
  }

  /// The columns dropped first when the terminal is narrow (the question is never dropped; it is
  /// narrowed to ``minQuestion`` first, then cut with an ellipsis).
  static let dropOrder: [Column] = [
    .last, .stability, .reviews, .interval, .difficulty, .lapses, .retrievability, .bank, .due, .state,
  ]
  static let minQuestion = 16
  static let gap = "  "

  let context: RenderContext
  let state: AppState
  private(set) var columns: [Column] = []
  private(set) var widths: [Column: Int] = [:]
  /// The names of the columns left out.
  private(set) var dropped: [String] = []
  /// Every row's text in every column (``Column/allCases`` order), worked out once: measured for
  /// the widths, then laid out (thousands of rows on a large profile).
  private var texts: [[String]] = []

  init(rows: [CardRow], state: AppState, context: RenderContext) {
    self.context = context
    self.state = state
    texts = rows.map { row in Column.allCases.map { cell($0, row) } }
    var natural: [Column: Int] = [:]
    for (c, column) in Column.allCases.enumerated() {
      var w = TextWrap.displayWidth(column.header)
      for row in texts { w = max(w, TextWrap.displayWidth(row[c])) }
      natural[column] = column == .bank ? min(w, 16) : w
    }
    var kept = Column.allCases
    func width(_ cols: [Column]) -> Int {
      cols.reduce(0) { $0 + ($1 == .question ? min(Self.minQuestion, natural[$1] ?? 0) : natural[$1] ?? 0) }
        + Self.gap.count * (cols.count - 1)
    }
    for column in Self.dropOrder where width(kept) > context.width {
      kept.removeAll { $0 == column }
      dropped.append(column.header == "D" ? "difficulty" : column.header == "S" ? "stability" : column.rawValue)
    }
    columns = kept
    widths = natural
    let others = width(kept.filter { $0 != .question }) + Self.gap.count * (kept.count > 1 ? 1 : 0)
    widths[.question] = max(1, min(natural[.question] ?? 0, context.width - others))
    if kept.count == 1 { widths[.question] = max(1, min(natural[.question] ?? 0, context.width)) }
  }

  var width: Int { columns.reduce(0) { $0 + (widths[$1] ?? 0) } + Self.gap.count * (columns.count - 1) }

  var headers: [String] { columns.map(\.header) }
  /// The kept columns' texts of row `index` of the rows the table was made with.
  func cells(at index: Int) -> [String] {
    columns.map { texts[index][Column.allCases.firstIndex(of: $0)!] }
  }

  /// One table line: each cell cut or padded to its column (numbers to the right).
  func line(_ cells: [String]) -> String {
    zip(columns, cells).map { column, text in
      let w = widths[column] ?? 0
      let cut = Self.cut(text, to: w, ellipsis: context.style.ellipsis)
      let pad = String(repeating: " ", count: max(0, w - TextWrap.displayWidth(cut)))
      return column.rightAligned ? pad + cut : (column == columns.last ? cut : cut + pad)
    }.joined(separator: Self.gap)
  }

  func cell(_ column: Column, _ row: CardRow) -> String {
    let none = "-"
    switch column {
    case .bank: return escapingControlCharacters(row.ref.bank, keepNewlines: false)
    case .question:
      let text = state.catalog.question(row.ref).map(CardBrowser.questionLine) ?? row.ref.question
      return escapingControlCharacters(text, keepNewlines: false)
    case .state: return row.stateName
    case .due: return row.due?.isoDate ?? none
    case .interval: return row.intervalDays.map { $0 < 1 ? "<1d" : Self.days(Double($0)) } ?? none
    case .difficulty: return row.difficulty.map(Self.percent) ?? none
    case .stability: return row.stability.map { $0 < 1 ? "<1d" : Self.days($0) } ?? none
    case .retrievability: return row.retrievability.map(Self.percent) ?? none
    case .reviews: return String(row.reviews)
    case .lapses: return String(row.lapses)
    case .last:
      guard let at = row.lastAnsweredAt else { return none }
      return (row.lastRating.map { $0.name + " " } ?? "") + at.isoDate
    }
  }

  static func percent(_ x: Double) -> String { "\(Int(saturating: (x * 100).rounded()))%" }

  static func days(_ d: Double) -> String {
    IntervalText.compact(ReviewInterval(microseconds: Int64(Int(saturating: d * 86_400_000_000))))
  }

  /// `text` cut to `width` columns, ending with `ellipsis` when cut.
  static func cut(_ text: String, to width: Int, ellipsis: String) -> String {
    guard TextWrap.displayWidth(text) > width else { return text }
    let room = width - TextWrap.displayWidth(ellipsis)
    guard room > 0 else { return String(repeating: ".", count: max(0, width)) }
    var out = ""
    var used = 0
    for ch in text {
      let w = TextWrap.displayWidth(String(ch))
      if used + w > room { break }
      out.append(ch)
      used += w
    }
    return out + ellipsis
  }
}

extension Renderer {
  /// What a bulk change did: the verb, the cards (the first ten), and how to take it back.
  static func renderCardsChanged(_ change: CardChange, skipped: Int, _ out: inout Output) {
    let n = change.questions.count
    let what = n == 1 ? "1 card" : "\(n) cards"
    let listed = change.questions.prefix(10).map(\.description).joined(separator: ", ")
    let more = n > 10 ? " and \(n - 10) more" : ""
    let detail: String =
      switch change.action {
      case .bury: " until tomorrow"
      case .forget: " (back to new; their answers and counts are kept)"
      case .reschedule(let days):
        " to \(Timestamp(microseconds: (out.context.now.dayNumber + Int64(days)) * 86_400_000_000).isoDate)"
          + (days == 0 ? " (today)" : days == 1 ? " (tomorrow)" : " (in \(days) days)")
      default: ""
      }
    let unchanged = skipped == 0 ? "" : " \(skipped) other\(skipped == 1 ? " was" : "s were") already so."
    out.paragraph(
      "\(pastTense(change.action)) \(what)\(detail): \(safe(listed, out.context))\(more).\(unchanged) Type undo to take it back."
    )
  }

  /// The question before a change of many cards.
  static func renderConfirmCardChange(_ change: CardChange, described: String, _ out: inout Output) {
    let verb = change.action.name.capitalizedFirst
    out.paragraph(
      "\(verb) \(change.questions.count) cards found by \(safe(described, out.context))? Type yes to go on (undo takes it back), anything else to cancel. Type cards \(safe(described, out.context)) first to see them."
    )
  }

  static func pastTense(_ action: CardAction) -> String {
    switch action {
    case .suspend: "Suspended"
    case .unsuspend: "Unsuspended"
    case .bury: "Buried"
    case .unbury: "Unburied"
    case .forget: "Forgot"
    case .reschedule: "Rescheduled"
    }
  }
}
