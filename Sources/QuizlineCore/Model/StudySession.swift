/// A study session: something to read (objectives, body, key terms) with an optional checkpoint quiz.
public struct StudySession: Sendable, Equatable, Hashable {
  public var id: String
  public var title: String
  public var objectives: [String]
  public var estimatedMinutes: Int
  public var body: [BodyBlock]
  public var keyTerms: [KeyTerm]
  public var checkpoint: Checkpoint?
  public var completion: CompletionRule
  public var sources: [SourceReference]

  public init(
    id: String, title: String, objectives: [String], estimatedMinutes: Int, body: [BodyBlock],
    keyTerms: [KeyTerm] = [], checkpoint: Checkpoint? = nil, completion: CompletionRule = .manual,
    sources: [SourceReference] = []
  ) {
    self.id = id
    self.title = title
    self.objectives = objectives
    self.estimatedMinutes = estimatedMinutes
    self.body = body
    self.keyTerms = keyTerms
    self.checkpoint = checkpoint
    self.completion = completion
    self.sources = sources
  }
}

/// A block of a session body. Texts (headings, paragraphs, items, cells) carry inline Markdown
/// (``InlineMarkup``: code spans, emphasis, strong).
public indirect enum BodyBlock: Sendable, Equatable, Hashable {
  case heading(String)
  case paragraph(String)
  case bullets([String])
  /// A numbered list; `start` is the number of its first item.
  case numbered([String], start: Int)
  /// A table: its header cells, then rows with as many cells as the header.
  case table(header: [String], rows: [[String]])
  /// A block quote, holding blocks of its own.
  case quote([BodyBlock])
  case code(String, language: String?)

  /// Every text of the block (code included), for searching.
  public var texts: [String] {
    switch self {
    case .heading(let t), .paragraph(let t): [t]
    case .bullets(let items), .numbered(let items, _): items
    case .table(let header, let rows): header + rows.flatMap { $0 }
    case .quote(let blocks): blocks.flatMap(\.texts)
    case .code(let code, _): [code]
    }
  }
}

/// A term the session introduces, with its definition.
public struct KeyTerm: Sendable, Equatable, Hashable {
  public var term: String
  public var definition: String

  public init(term: String, definition: String) {
    self.term = term
    self.definition = definition
  }
}

/// The checkpoint quiz of a session: questions from banks, and the pass mark.
public struct Checkpoint: Sendable, Equatable, Hashable {
  public var questions: [QuestionRef]
  /// Percentage (1...100) of the checkpoint's points needed to pass.
  public var passPercent: Int

  public init(questions: [QuestionRef], passPercent: Int = 80) {
    self.questions = questions
    self.passPercent = passPercent
  }
}

/// A reference to a question of some bank, written `bank-id/question-id` in files.
public struct QuestionRef: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
  public var bank: String
  public var question: String

  public init(bank: String, question: String) {
    self.bank = bank
    self.question = question
  }

  /// Parses `bank/question`; nil when the text does not have exactly one `/`.
  public init?(_ text: String) {
    // ASCII text (every id in practice): one pass over the bytes. There a "/" byte is always a
    // whole Character, so this splits exactly where `split` does, without building an array.
    var slash = -1
    var ascii = true
    var count = 0
    for (i, byte) in text.utf8.enumerated() {
      if byte >= 0x80 {
        ascii = false
        break
      }
      if byte == UInt8(ascii: "/") {
        slash = i
        count += 1
      }
    }
    if ascii {
      guard count == 1 else { return nil }
      let utf8 = text.utf8
      let cut = utf8.index(utf8.startIndex, offsetBy: slash)
      self.bank = String(text[..<cut])
      self.question = String(text[utf8.index(after: cut)...])
      return
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    self.bank = String(parts[0])
    self.question = String(parts[1])
  }

  public var description: String { "\(bank)/\(question)" }

  public static func < (a: QuestionRef, b: QuestionRef) -> Bool {
    (a.bank, a.question) < (b.bank, b.question)
  }
}

/// When a session may be marked complete.
public enum CompletionRule: String, Sendable, Equatable, Hashable {
  /// The learner marks it complete whenever they like.
  case manual
  /// Only after the checkpoint quiz reached its pass mark.
  case checkpoint
}

/// An ordered group of sessions, so that "next session" has a meaning.
public struct Course: Sendable, Equatable, Hashable {
  public var id: String
  public var title: String
  public var description: String
  public var sessions: [String]
  public var banks: [String]

  public init(id: String, title: String, description: String = "", sessions: [String], banks: [String] = []) {
    self.id = id
    self.title = title
    self.description = description
    self.sessions = sessions
    self.banks = banks
  }
}
