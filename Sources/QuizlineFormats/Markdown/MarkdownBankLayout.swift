import QuizlineCore

/// Where each question of a Markdown bank is written, for whoever edits the file: the `edit`
/// command (its line) and the writer of ids (where an id goes when the author wrote none).
public struct MarkdownBankLayout: Sendable, Equatable {
  /// How an id is written for a question of this kind.
  public enum IDStyle: Sendable, Equatable {
    /// ` {#id}` at the end of a `##` heading.
    case heading
    /// ` <!-- id: … -->` at the end of a card's first line (hashcards, Obsidian SR cards). A
    /// two-way card (`:::`, `??`) carries both of its ids in one marker: `<!-- id: a b -->`.
    case comment
  }

  /// One question's place in the file.
  public struct Entry: Sendable, Equatable {
    /// The question's id (explicit, or provisional when `idWasWritten` is false).
    public var questionID: String
    /// The 1-based line of its heading or first line.
    public var line: Int
    /// Whether the author wrote the id in the file (`{#id}` or `<!-- id: … -->`).
    public var idWasWritten: Bool
    /// The byte offset in the file where an id would be inserted (the end of the heading's text,
    /// before a closing `#` sequence, or the end of the card's first line).
    public var insertionPoint: Int
    /// The line of `insertionPoint`: where an id is written, or replaced (the last line of a heading
    /// underlined with `---`, whose first line is `line`).
    public var markerLine: Int
    public var style: IDStyle
    /// For the second card of a two-way card: the id of the first, whose marker holds both.
    public var pairedWith: String?
  }

  /// In the order of the bank's questions.
  public var entries: [Entry] = []

  public init(entries: [Entry] = []) { self.entries = entries }

  /// The 1-based line where the question with this id starts (nil when the bank has none).
  public func questionLine(_ id: String) -> Int? { entries.first { $0.questionID == id }?.line }
}

/// A Markdown bank as the loader read it: which bank, its layout, and the content hash of the
/// bytes read (the writer of ids replaces the file only while it still has this hash).
public struct MarkdownBankFile: Sendable, Equatable {
  public var bankID: String
  public var layout: MarkdownBankLayout
  public var contentHash: String

  public init(bankID: String, layout: MarkdownBankLayout, contentHash: String) {
    self.bankID = bankID
    self.layout = layout
    self.contentHash = contentHash
  }

  /// The content hash ``contentHash`` is compared with: of the file's bytes now.
  public static func contentHash(of bytes: [UInt8]) -> String { QuizlineFormats.contentHash(bytes) }
}
