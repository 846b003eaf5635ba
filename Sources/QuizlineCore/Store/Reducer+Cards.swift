/// What the card browser lists: the query as typed, the order, the matching rows and how many
/// questions there are in all.
public struct CardListing: Sendable, Equatable {
  public var query: String
  public var sort: CardSort
  public var rows: [CardRow]
  public var total: Int

  public init(query: String, sort: CardSort, rows: [CardRow], total: Int) {
    self.query = query
    self.sort = sort
    self.rows = rows
    self.total = total
  }
}

extension Reducer {
  /// `cards [QUERY] [--sort KEY]`: the questions a search finds, as a table.
  static func cards(_ state: inout AppState, query: String, sort: CardSort, _ context: Context) -> Reduction {
    guard let parsed = readQuery(&state, "cards", query) else { return refused() }
    let selection = CardBrowser.select(state, parsed, sort: sort, at: context.now)
    state.display = [.cards(CardListing(query: query, sort: sort, rows: selection.rows, total: selection.total))]
    return Reduction()
  }

  /// The query of `text`, or nil with the located refusal on the display.
  static func readQuery(_ state: inout AppState, _ command: String, _ text: String) -> CardQuery? {
    do {
      return try CardQueryParser.parse(text)
    } catch {
      state.display = [.queryError(command: command, query: text, error)]
      return nil
    }
  }

  /// A refusal whose message is already on the display.
  static func refused() -> Reduction {
    var reduction = Reduction()
    reduction.outcome = .refused
    return reduction
  }
}

extension Reducer {
  /// `review --query QUERY [BANK]`: a review of the cards a search finds, due or not, most overdue
  /// first, as Anki's filtered deck (suspended and buried cards left out; answers move the schedule).
  static func customStudy(
    _ state: inout AppState, _ text: String, bank: String?, limit: Int, certainty: Bool, _ context: Context
  ) -> Reduction {
    guard let query = readQuery(&state, "review", text) else { return refused() }
    let selection = CardBrowser.select(state, query, sort: .due, at: context.now)
    let refs = selection.rows.filter { !$0.suspended && !$0.buried && (bank == nil || $0.ref.bank == bank) }.prefix(
      limit
    ).map(\.ref)
    guard !refs.isEmpty else {
      let found = selection.rows.count
      return fail(
        &state,
        found == 0
          ? "review: no card matches \(quotedArg(text)) (\(selection.total) cards in all)"
          : "review: the \(found == 1 ? "card" : "\(found) cards") matching \(quotedArg(text)) \(found == 1 ? "is" : "are") suspended, buried\(bank == nil ? "" : " or in another bank")",
        hint: "Type cards \(text) to see what the search finds.")
    }
    return begin(
      &state,
      RunStart(
        source: .review, questions: Array(refs), seed: context.entropy, bankHashes: hashes(state, Array(refs)),
        certainty: certainty),
      context)
  }
}
