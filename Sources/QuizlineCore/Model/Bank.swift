/// A question bank: a titled, versioned set of questions loaded from one JSON file.
public struct Bank: Sendable, Equatable, Hashable {
  /// Stable identifier, `[a-z0-9][a-z0-9-]{0,63}`.
  public var id: String
  public var title: String
  public var description: String
  /// Free-form version label chosen by the author (for example `"1.2"`).
  public var version: String
  public var tags: [String]
  public var questions: [Question]
  /// A hash of the file the bank was loaded from (FNV-1a, hex), so runs notice edited banks.
  public var contentHash: String

  public init(
    id: String, title: String, description: String = "", version: String = "1",
    tags: [String] = [], questions: [Question], contentHash: String = ""
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.version = version
    self.tags = tags
    self.questions = questions
    self.contentHash = contentHash
  }

  /// The question with the given id, if the bank has one.
  public func question(_ id: String) -> Question? {
    questions.first { $0.id == id }
  }
}

/// Where the fact behind a question or session comes from: a seed file and a section in it, and
/// optionally the source text's title, so that a reader can cite it as "title, section".
public struct SourceReference: Sendable, Equatable, Hashable {
  public var file: String
  public var section: String
  public var title: String?

  public init(file: String, section: String, title: String? = nil) {
    self.file = file
    self.section = section
    self.title = title
  }

  /// How a learner reads the reference: "Title, section" (the section alone without a title).
  var citation: String { title.map { "\($0), \(section)" } ?? section }
}

/// How hard the author thinks a question is.
public enum Difficulty: String, Sendable, Equatable, Hashable, CaseIterable {
  case easy, medium, hard
}
