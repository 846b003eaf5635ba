/// What `edit` opens: a whole bank or session file, or one question in its bank's file.
public enum EditTarget: Sendable, Equatable {
  case bank(String)
  case session(String)
  case question(QuestionRef)

  /// How messages name it: `bank french`, `session previews`, `question french/etre`.
  public var label: String {
    switch self {
    case .bank(let id): "bank \(id)"
    case .session(let id): "session \(id)"
    case .question(let ref): "question \(ref)"
    }
  }
}

/// Why the quizzes folders were read again.
public enum ReloadCause: Sendable, Equatable {
  /// The learner typed `reload`.
  case command
  /// A file changed on disk while quizline ran, noticed at the home prompt.
  case noticed
  /// The learner's editor closed on this file (`edit`).
  case edited(EditTarget, path: String)
  /// `add` wrote a card at `line` of the bank file at `path` (`created`: the file is new).
  case added(NewCard, path: String, line: Int, created: Bool)
}

/// The quizzes folders read again through the loader that reads them at start-up. A file that
/// changed and now fails to load keeps the version read before (its problems are in ``failures``).
public struct CatalogReload: Sendable, Equatable {
  public var catalog: Catalog
  /// The files whose content changed, in load order.
  public var changes: [FileChange]
  /// Changed files (or the file just edited) that have errors now, and the errors.
  public var failures: [FileFailure]
  /// Errors in the whole load (as counted at start-up).
  public var loadErrorCount: Int
  /// Files read.
  public var fileCount: Int
  /// What the writer of ids did to Markdown banks (ids given to new cards, rewritten cards).
  public var idNotices: [String]
  /// The banks read from Markdown files (``AppState/markdownBankIDs``).
  public var markdownBankIDs: Set<String>

  public init(
    catalog: Catalog, changes: [FileChange] = [], failures: [FileFailure] = [], loadErrorCount: Int = 0,
    fileCount: Int = 0, idNotices: [String] = [], markdownBankIDs: Set<String> = []
  ) {
    self.idNotices = idNotices
    self.markdownBankIDs = markdownBankIDs
    self.catalog = catalog
    self.changes = changes
    self.failures = failures
    self.loadErrorCount = loadErrorCount
    self.fileCount = fileCount
  }
}

/// A file that fails to load: its name as messages give it, its path, and each problem as
/// `path:line:column: error: message`.
public struct FileFailure: Sendable, Equatable {
  public var path: String
  public var name: String
  public var problems: [String]
  /// Whether a version of it read before stays in use.
  public var keptOldVersion: Bool

  public init(path: String, name: String, problems: [String], keptOldVersion: Bool) {
    self.path = path
    self.name = name
    self.problems = problems
    self.keptOldVersion = keptOldVersion
  }
}

/// A card written by `add`, in terms of what the learner typed.
public struct NewCard: Sendable, Equatable {
  /// The types `add` asks for (the others are written in the editor: `edit BANK`).
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    case flashcard, text, truefalse, numeric, single, multiple
  }

  /// One choice of a `single` or `multiple` card.
  public struct Choice: Sendable, Equatable {
    public var text: String
    public var correct: Bool
    public init(_ text: String, correct: Bool) {
      self.text = text
      self.correct = correct
    }
  }

  public var bank: String
  public var kind: Kind
  public var prompt: String
  /// The back of a flashcard, the accepted answers of a text card, `true` or `false`, or the
  /// number of a numeric card as typed (`42`, `42 ± 0.5`, `40..45`).
  public var answers: [String]
  public var choices: [Choice]
  public var explanation: String?

  public init(
    bank: String, kind: Kind = .flashcard, prompt: String = "", answers: [String] = [], choices: [Choice] = [],
    explanation: String? = nil
  ) {
    self.bank = bank
    self.kind = kind
    self.prompt = prompt
    self.answers = answers
    self.choices = choices
    self.explanation = explanation
  }
}

/// The step of `add` waiting for a line.
public enum AddStep: Sendable, Equatable {
  case bank, kind, prompt, answer, explanation
}
