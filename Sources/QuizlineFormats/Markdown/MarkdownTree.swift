import CCmark
import Synchronization

/// A Markdown document as cmark-gfm parses it (CommonMark with GitHub's tables, task lists,
/// strikethrough and autolinks), copied into values: each node with its kind, its literal text and
/// where it starts and ends in the source (1-based lines, 1-based byte columns, as cmark reports).
public struct MarkdownNode: Sendable, Equatable {
  /// What a node is. Inline kinds (`text` … `image`) appear inside paragraphs, headings and cells.
  public enum Kind: Sendable, Equatable {
    case document
    case blockQuote
    /// A bullet (`ordered` false) or numbered list; `start` is the first number of a numbered list.
    case list(ordered: Bool, start: Int, tight: Bool)
    /// A list item; `task` is nil for a plain item, else whether its box is checked (`- [x]`).
    case item(task: Bool?)
    /// A fenced or indented code block; `info` is the text after the opening fence (its language).
    case codeBlock(info: String)
    case htmlBlock
    case paragraph
    case heading(level: Int)
    case thematicBreak
    case table
    /// A row of a table; the first row is the header.
    case tableRow(header: Bool)
    case tableCell
    case text
    case softBreak
    case lineBreak
    case code
    case htmlInline
    case emphasis
    case strong
    case strikethrough
    case link(url: String)
    case image(url: String)
    /// A node of a kind quizline does not know (footnotes, a future extension): its cmark name.
    case other(String)
  }

  public var kind: Kind
  /// The text of a `text`, `code`, `codeBlock`, `htmlBlock` or `htmlInline` node; empty otherwise.
  public var literal: String
  public var start: SourcePoint
  public var end: SourcePoint
  public var children: [MarkdownNode]

  public init(kind: Kind, literal: String = "", start: SourcePoint, end: SourcePoint, children: [MarkdownNode] = []) {
    self.kind = kind
    self.literal = literal
    self.start = start
    self.end = end
    self.children = children
  }

  /// The inline content as plain text: text and code literals, breaks as "\n" (soft) and "\n"
  /// (hard); emphasis and links contribute their text without their marks.
  public var plainText: String {
    switch kind {
    case .text, .code, .htmlInline: return literal
    case .softBreak, .lineBreak: return "\n"
    default: return children.map(\.plainText).joined()
    }
  }
}

/// A position in a source text: 1-based line and 1-based byte column.
public struct SourcePoint: Sendable, Equatable, Comparable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (a: SourcePoint, b: SourcePoint) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// Parses Markdown with cmark-gfm. The C tree is copied into ``MarkdownNode`` values and freed
/// before `parse` returns, so nothing of cmark outlives the call.
public enum MarkdownParser {
  /// The GitHub extensions every parse attaches.
  static let extensionNames = ["table", "tasklist", "strikethrough", "autolink"]

  /// Registers cmark-gfm's core extensions once per process (Swift runs a global's initialiser
  /// once, thread-safely).
  private static let registered: Bool = {
    cmark_gfm_core_extensions_ensure_registered()
    return true
  }()

  /// The document tree of `text`. cmark accepts any bytes (invalid UTF-8 is replaced), so this
  /// never fails; limits on size belong to the caller.
  public static func parse(_ text: String) -> MarkdownNode {
    // cmark-gfm keeps the inline parser's special characters in one process-wide table: attaching
    // an extension adds its character (`~` for strikethrough) and freeing a parser takes it away,
    // so two parses at once on two threads could drop each other's. One parse at a time.
    lock.withLock { _ in parseAlone(text, blocksOnly: false) }
  }

  /// The block structure of `text`: ``parse(_:)``'s tree without its inline nodes (the children
  /// of paragraphs, headings and table cells), for the bank reader, which reads text from the
  /// source lines. Only the block extensions (tables, task lists) are attached: the inline ones
  /// change inline nodes only. `text` must be valid UTF-8 (a `String` is).
  public static func parseBlocks(_ text: String) -> MarkdownNode {
    lock.withLock { _ in parseAlone(text, blocksOnly: true) }
  }

  /// The extensions that shape blocks.
  static let blockExtensionNames = ["table", "tasklist"]

  private static let lock = Mutex(())

  /// ``parse(_:)`` or ``parseBlocks(_:)`` with every node's kind found from its type name (the
  /// held way), for the tests comparing it with the kinds found from core node types.
  static func parseByTypeNames(_ text: String, blocksOnly: Bool) -> MarkdownNode {
    lock.withLock { _ in parseAlone(text, blocksOnly: blocksOnly, byTypeName: true) }
  }

  private static func parseAlone(_ text: String, blocksOnly: Bool, byTypeName: Bool = false) -> MarkdownNode {
    _ = registered
    // A Swift string is valid UTF-8 already: the block parse skips cmark's check.
    let options = blocksOnly ? CMARK_OPT_SOURCEPOS : CMARK_OPT_SOURCEPOS | CMARK_OPT_VALIDATE_UTF8
    guard let parser = cmark_parser_new(options) else {
      return MarkdownNode(kind: .document, start: SourcePoint(line: 1, column: 1), end: SourcePoint(line: 1, column: 1))
    }
    defer { cmark_parser_free(parser) }
    for name in blocksOnly ? blockExtensionNames : extensionNames {
      if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
    }
    var copy = text
    copy.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
    }
    guard let root = cmark_parser_finish(parser) else {
      return MarkdownNode(kind: .document, start: SourcePoint(line: 1, column: 1), end: SourcePoint(line: 1, column: 1))
    }
    defer { cmark_node_free(root) }
    return node(root, blocksOnly: blocksOnly, byTypeName: byTypeName)
  }

  /// Whether a node is an inline one (core or an extension's, as strikethrough).
  private static func isInline(_ n: OpaquePointer) -> Bool {
    cmark_node_get_type(n).rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_INLINE)
  }

  private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }

  private static func node(_ n: OpaquePointer, blocksOnly: Bool, byTypeName: Bool) -> MarkdownNode {
    var children: [MarkdownNode] = []
    var child = cmark_node_first_child(n)
    while let c = child {
      if !blocksOnly || !isInline(c) { children.append(node(c, blocksOnly: blocksOnly, byTypeName: byTypeName)) }
      child = cmark_node_next(c)
    }
    let start = SourcePoint(line: Int(cmark_node_get_start_line(n)), column: Int(cmark_node_get_start_column(n)))
    let end = SourcePoint(line: Int(cmark_node_get_end_line(n)), column: Int(cmark_node_get_end_column(n)))
    // A node no extension took has its core type's name: its kind from the type, no name made.
    if !byTypeName, cmark_node_get_syntax_extension(n) == nil, let (kind, literal) = coreKind(n) {
      return MarkdownNode(kind: kind, literal: literal, start: start, end: end, children: children)
    }
    let (kind, literal) = kindByName(n)
    return MarkdownNode(kind: kind, literal: literal, start: start, end: end, children: children)
  }

  /// The kind and literal of a node of a core type (as ``kindByName(_:)`` finds them from the
  /// type's name); nil for the other types (custom, footnotes, extensions').
  private static func coreKind(_ n: OpaquePointer) -> (MarkdownNode.Kind, String)? {
    switch cmark_node_get_type(n) {
    case CMARK_NODE_DOCUMENT: return (.document, "")
    case CMARK_NODE_BLOCK_QUOTE: return (.blockQuote, "")
    case CMARK_NODE_LIST:
      return (
        .list(
          ordered: cmark_node_get_list_type(n) == CMARK_ORDERED_LIST, start: Int(cmark_node_get_list_start(n)),
          tight: cmark_node_get_list_tight(n) != 0), ""
      )
    case CMARK_NODE_ITEM: return (.item(task: nil), "")
    case CMARK_NODE_CODE_BLOCK:
      return (.codeBlock(info: string(cmark_node_get_fence_info(n))), string(cmark_node_get_literal(n)))
    case CMARK_NODE_HTML_BLOCK: return (.htmlBlock, string(cmark_node_get_literal(n)))
    case CMARK_NODE_PARAGRAPH: return (.paragraph, "")
    case CMARK_NODE_HEADING: return (.heading(level: Int(cmark_node_get_heading_level(n))), "")
    case CMARK_NODE_THEMATIC_BREAK: return (.thematicBreak, "")
    case CMARK_NODE_TEXT: return (.text, string(cmark_node_get_literal(n)))
    case CMARK_NODE_CODE: return (.code, string(cmark_node_get_literal(n)))
    case CMARK_NODE_HTML_INLINE: return (.htmlInline, string(cmark_node_get_literal(n)))
    case CMARK_NODE_SOFTBREAK: return (.softBreak, "")
    case CMARK_NODE_LINEBREAK: return (.lineBreak, "")
    case CMARK_NODE_EMPH: return (.emphasis, "")
    case CMARK_NODE_STRONG: return (.strong, "")
    case CMARK_NODE_LINK: return (.link(url: string(cmark_node_get_url(n))), "")
    case CMARK_NODE_IMAGE: return (.image(url: string(cmark_node_get_url(n))), "")
    default: return nil
    }
  }

  /// The kind and literal of a node from its type's name.
  private static func kindByName(_ n: OpaquePointer) -> (MarkdownNode.Kind, String) {
    let name = string(cmark_node_get_type_string(n))
    let kind: MarkdownNode.Kind
    var literal = ""
    switch name {
    case "document": kind = .document
    case "block_quote": kind = .blockQuote
    case "list":
      kind = .list(
        ordered: cmark_node_get_list_type(n) == CMARK_ORDERED_LIST, start: Int(cmark_node_get_list_start(n)),
        tight: cmark_node_get_list_tight(n) != 0)
    case "item": kind = .item(task: nil)
    case "tasklist": kind = .item(task: cmark_gfm_extensions_get_tasklist_item_checked(n))
    case "code_block":
      kind = .codeBlock(info: string(cmark_node_get_fence_info(n)))
      literal = string(cmark_node_get_literal(n))
    case "html_block":
      kind = .htmlBlock
      literal = string(cmark_node_get_literal(n))
    case "paragraph": kind = .paragraph
    case "heading": kind = .heading(level: Int(cmark_node_get_heading_level(n)))
    case "thematic_break": kind = .thematicBreak
    case "table": kind = .table
    case "table_header": kind = .tableRow(header: true)
    case "table_row": kind = .tableRow(header: false)
    case "table_cell": kind = .tableCell
    case "text", "code", "html_inline":
      kind = name == "text" ? .text : name == "code" ? .code : .htmlInline
      literal = string(cmark_node_get_literal(n))
    case "softbreak": kind = .softBreak
    case "linebreak": kind = .lineBreak
    case "emph": kind = .emphasis
    case "strong": kind = .strong
    case "strikethrough": kind = .strikethrough
    case "link": kind = .link(url: string(cmark_node_get_url(n)))
    case "image": kind = .image(url: string(cmark_node_get_url(n)))
    default: kind = .other(name)
    }
    return (kind, literal)
  }
}
