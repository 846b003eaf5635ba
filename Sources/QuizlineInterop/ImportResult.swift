import Foundation
import QuizlineCore
import QuizlineFormats

/// What an importer (``GIFTImporter``, ``AikenImporter``) made of one file.
///
/// Importers are lenient: a malformed question is reported in ``diagnostics`` (as an error located at its
/// line) and left out, and everything else is still converted. A caller that must not write partial results
/// checks `diagnostics.hasErrors`.
public struct ImportResult: Sendable, Equatable {
  /// The converted questions, in file order.
  public var bank: Bank
  /// Study text found in the file (GIFT descriptions), in file order.
  public var studyNotes: [StudyNote]
  /// Errors and warnings, located at `path:line:column`; errors name the question they belong to.
  public var diagnostics: [Diagnostic]
  /// What was converted with loss, and why.
  public var notes: [ConversionNote]
  /// True when the file as a whole was refused (for example: not UTF-8); the bank is then empty.
  public var isRejected: Bool

  public init(
    bank: Bank, studyNotes: [StudyNote] = [], diagnostics: [Diagnostic] = [],
    notes: [ConversionNote] = [],
    isRejected: Bool = false
  ) {
    self.bank = bank
    self.studyNotes = studyNotes
    self.diagnostics = diagnostics
    self.notes = notes
    self.isRejected = isRejected
  }

  /// Number of imported questions per type, in ``QuestionKind`` order, leaving out types with none.
  public var countsByKind: [(kind: QuestionKind, count: Int)] {
    QuestionKind.allCases.compactMap { kind in
      let n = bank.questions.filter { $0.body.kind == kind }.count
      return n == 0 ? nil : (kind, n)
    }
  }

  /// The study notes as a study session (`<bank-id>-notes`) the CLI can write beside the bank; nil when
  /// the file had no study text.
  ///
  /// One heading per titled note, then its paragraphs (split at blank lines); reading time is estimated at
  /// 200 words a minute. The session has no checkpoint: which questions a note introduces is not recorded
  /// in GIFT.
  public var studySession: StudySession? {
    guard !studyNotes.isEmpty else { return nil }
    var body: [BodyBlock] = []
    var words = 0
    for note in studyNotes {
      if let title = note.title, !title.isEmpty { body.append(.heading(title)) }
      for paragraph in note.text.components(separatedBy: "\n\n") {
        let p = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !p.isEmpty else { continue }
        body.append(.paragraph(p))
        words += p.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
      }
    }
    guard !body.isEmpty else { return nil }
    let minutes = max(1, min(240, (words + 199) / 200))
    return StudySession(
      id: Slug.withSuffix(bank.id, "notes"), title: "\(bank.title): notes",
      objectives: ["Read the study notes that come with \(bank.title)"], estimatedMinutes: minutes,
      body: body)
  }
}

/// Study text from an imported file (a GIFT description): not a question, shown as reading material.
public struct StudyNote: Sendable, Equatable {
  public var title: String?
  /// Terminal text (HTML already reduced).
  public var text: String
  /// Tags the note would have had as a question (its category).
  public var tags: [String]
  /// Line of the file where the note starts.
  public var line: Int

  init(title: String?, text: String, tags: [String] = [], line: Int) {
    self.title = title
    self.text = text
    self.tags = tags
    self.line = line
  }
}

/// Something an importer converted with loss: what it was, what quizline made of it, and why.
public struct ConversionNote: Sendable, Equatable, CustomStringConvertible {
  /// The kinds of loss, so that a summary can group them.
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
    /// HTML markup removed; text, line breaks, list bullets, code and link targets kept.
    case htmlReduced = "HTML reduced to text"
    /// Images, audio or video referenced from HTML: only their alternative text is kept.
    case mediaDropped = "media dropped"
    /// Markdown shown as written (quizline does not render Markdown).
    case markdownKept = "Markdown kept as written"
    /// A Moodle `*` wildcard pattern in a short answer: quizline matches whole answers.
    case wildcard = "wildcard answer"
    /// Partial credit that quizline's type cannot grade the way Moodle does.
    case partialCredit = "partial credit"
    /// A credit outside what quizline allows, clamped.
    case creditClamped = "credit clamped"
    /// An essay without general feedback has no model answer.
    case noModelAnswer = "no model answer"
    /// A tag or id that had to be rewritten to fit quizline's id rules.
    case idRewritten = "id rewritten"
    /// Control characters (or bidirectional overrides) in the file: bank text may not carry them.
    case controlCharacterRemoved = "control character removed"
    /// An empty choice or matching entry, left out (Moodle leaves it out too).
    case emptyDropped = "empty entry left out"
    /// An Anki note type quizline has no mapping for: flashcards from the card's rendered front and back.
    case otherNoteType = "other note type"
    /// A spreadsheet's first row naming the columns (`Front,Back,Tags`): read as names, not as a card.
    case columnNames = "column names"
    /// More tags than a question gets (an Anki note with over 50): the first ones kept.
    case tagsDropped = "tags left out"
    /// Styling an Anki note type or field carries (its CSS, colours, fonts): quizline draws with its own.
    case stylingDropped = "styling left out"
    /// JavaScript in an Anki note type's templates or a field: never run.
    case scriptDropped = "script left out"
    /// An Anki template filter quizline treats its own way (`{{tts}}`, `{{furigana:}}`, …).
    case templateFilter = "template filter"
  }

  public var kind: Kind
  /// Line of the question in the imported file.
  public var line: Int
  /// The id the question got in the bank (empty for file-level notes).
  public var questionID: String
  public var detail: String

  public init(_ kind: Kind, line: Int, questionID: String, _ detail: String) {
    self.kind = kind
    self.line = line
    self.questionID = questionID
    self.detail = detail
  }

  public var description: String { "line \(line) (\(questionID)): \(kind.rawValue): \(detail)" }
}
