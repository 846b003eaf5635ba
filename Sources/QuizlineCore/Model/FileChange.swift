/// What one catalog file declares: its banks, sessions and courses (usually one of them).
public struct CatalogPart: Sendable, Equatable {
  public var banks: [Bank]
  public var sessions: [StudySession]
  public var courses: [Course]

  public init(banks: [Bank] = [], sessions: [StudySession] = [], courses: [Course] = []) {
    self.banks = banks
    self.sessions = sessions
    self.courses = courses
  }

  public var isEmpty: Bool { banks.isEmpty && sessions.isEmpty && courses.isEmpty }
}

/// How a file's content changed between two loads, compared by id and content: questions added,
/// removed and edited (by question id), and the banks, sessions and courses whose other content
/// changed.
public struct FileChange: Sendable, Equatable {
  public enum Status: Sendable, Equatable {
    case added, removed, reloaded
  }

  public var name: String
  public var status: Status
  public var questionsAdded = 0
  public var questionsRemoved = 0
  public var questionsEdited = 0
  /// Labels (`session previews`) of items whose content other than questions changed, or that came
  /// or went within the file.
  public var itemsChanged: [String] = []
  /// What an added or removed file holds (`bank french, 12 questions`).
  public var contents: [String] = []

  public init(name: String, status: Status) {
    self.name = name
    self.status = status
  }

  /// The change from `old` to `new` (nil: the file was not there); nil when the content is the
  /// same (a file saved without a change).
  public static func compare(name: String, old: CatalogPart?, new: CatalogPart?) -> FileChange? {
    switch (old, new) {
    case (nil, nil): return nil
    case (nil, let new?):
      var change = FileChange(name: name, status: .added)
      change.contents = describe(new)
      return change
    case (let old?, nil):
      var change = FileChange(name: name, status: .removed)
      change.contents = describe(old)
      return change
    case (let old?, let new?):
      var change = FileChange(name: name, status: .reloaded)
      let oldBanks = Dictionary(old.banks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      for bank in new.banks {
        guard let before = oldBanks[bank.id] else {
          change.itemsChanged.append("bank \(bank.id) added")
          change.questionsAdded += bank.questions.count
          continue
        }
        let previous = Dictionary(before.questions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let now = Set(bank.questions.map(\.id))
        for q in bank.questions {
          if let p = previous[q.id] {
            if p != q { change.questionsEdited += 1 }
          } else {
            change.questionsAdded += 1
          }
        }
        change.questionsRemoved += previous.keys.filter { !now.contains($0) }.count
        if before.title != bank.title || before.description != bank.description || before.tags != bank.tags
          || before.version != bank.version
        {
          change.itemsChanged.append("bank \(bank.id)")
        }
      }
      let newBankIDs = Set(new.banks.map(\.id))
      for bank in old.banks where !newBankIDs.contains(bank.id) {
        change.itemsChanged.append("bank \(bank.id) removed")
        change.questionsRemoved += bank.questions.count
      }
      change.itemsChanged += changed("session", old.sessions, new.sessions, id: \.id)
      change.itemsChanged += changed("course", old.courses, new.courses, id: \.id)
      let moved = change.questionsAdded + change.questionsRemoved + change.questionsEdited
      return moved == 0 && change.itemsChanged.isEmpty ? nil : change
    }
  }

  private static func changed<T: Equatable>(_ kind: String, _ old: [T], _ new: [T], id: (T) -> String) -> [String] {
    var out: [String] = []
    let before = Dictionary(old.map { (id($0), $0) }, uniquingKeysWith: { a, _ in a })
    let now = Set(new.map(id))
    for item in new {
      if let b = before[id(item)] {
        if b != item { out.append("\(kind) \(id(item))") }
      } else {
        out.append("\(kind) \(id(item)) added")
      }
    }
    for item in old where !now.contains(id(item)) { out.append("\(kind) \(id(item)) removed") }
    return out
  }

  private static func describe(_ part: CatalogPart) -> [String] {
    part.banks.map { "bank \($0.id), \(Renderer.count($0.questions.count, "question"))" }
      + part.sessions.map { "session \($0.id)" } + part.courses.map { "course \($0.id)" }
  }

  /// `french.md reloaded (2 questions added, 1 edited)`, `notes.md added (session notes)`.
  public var summary: String {
    switch status {
    case .added: return "\(name) added (\(contents.joined(separator: "; ")))"
    case .removed:
      let kept = contents.contains { $0.hasPrefix("bank ") } ? "; the progress of its questions is kept" : ""
      return "\(name) removed (\(contents.joined(separator: "; "))\(kept))"
    case .reloaded:
      var parts: [String] = []
      var questionWord = true
      for (n, verb) in [(questionsAdded, "added"), (questionsRemoved, "removed"), (questionsEdited, "edited")]
      where n > 0 {
        parts.append(questionWord ? "\(Renderer.count(n, "question")) \(verb)" : "\(n) \(verb)")
        questionWord = false
      }
      parts += itemsChanged.map { $0.hasSuffix("added") || $0.hasSuffix("removed") ? $0 : $0 + " changed" }
      return "\(name) reloaded (\(parts.joined(separator: ", ")))"
    }
  }
}
