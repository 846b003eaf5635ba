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
