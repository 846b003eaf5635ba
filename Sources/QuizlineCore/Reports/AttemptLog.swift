/// The attempt log of a report: every answer that counts, in journal order, kept compact (a
/// million answers fit in about 60 MB) and turned into ``AttemptRow``s one at a time.
public struct AttemptLog: Sendable, Equatable {
  public let table: StringTable
  public let attempts: [Attempt]
  /// Per string index: the bank of a question reference, its type, and `bank:`/`checkpoint:` texts.
  public let banks: [String: String]
  public let types: [String: String]

  init(table: StringTable, attempts: [Attempt], catalog: Catalog) {
    self.table = table
    self.attempts = attempts
    var banks: [String: String] = [:]
    var types: [String: String] = [:]
    for a in attempts where banks[table[a.question]] == nil {
      let text = table[a.question]
      let ref = QuestionRef(text)
      banks[text] = ref?.bank ?? ""
      if let ref, let q = catalog.question(ref) { types[text] = q.typeName }
    }
    self.banks = banks
    self.types = types
  }

  public var count: Int { attempts.count }

  /// The answer at `index` (0 is the oldest).
  public subscript(index: Int) -> AttemptRow {
    let a = attempts[index]
    let question = table[a.question]
    let source: String
    if !a.known {
      source = "unknown"
    } else {
      switch a.sourceKind {
      case .bank: source = "bank:" + table[a.sourceID]
      case .checkpoint: source = "checkpoint:" + table[a.sourceID]
      case .review: source = "review"
      case .cram: source = "cram"
      case .retry: source = "retry"
      }
    }
    return AttemptRow(
      sequence: a.sequence, at: Timestamp(microseconds: a.at), run: a.run, source: source, bank: banks[question] ?? "",
      question: question, type: types[question], response: table[a.response], score: a.score, seconds: a.seconds,
      certainty: a.certainty == Attempt.noCertainty ? nil : Int(a.certainty),
      rating: a.rating == 0 ? nil : Rating(rawValue: Int(a.rating))?.name,
      practice: a.practice)
  }

  public static func == (a: AttemptLog, b: AttemptLog) -> Bool {
    guard a.count == b.count else { return false }
    for k in 0..<a.count where a[k] != b[k] { return false }
    return true
  }
}

/// One answer of the attempt log.
public struct AttemptRow: Sendable, Equatable {
  public var sequence: Int
  public var at: Timestamp
  public var run: Int
  /// `bank:ID`, `checkpoint:ID`, `review` or `cram` (as in the journal), `unknown` when the run's
  /// start is not in the history.
  public var source: String
  public var bank: String
  /// `bank/question`.
  public var question: String
  /// The question's type; nil when it is no longer in its bank.
  public var type: String?
  public var response: String
  public var score: Double
  public var seconds: Double
  public var certainty: Int?
  public var rating: String?
  /// A practice (cram) answer: recorded, but the schedule did not move.
  public var practice: Bool

  var isCorrect: Bool { score >= 0.9999 }
}
