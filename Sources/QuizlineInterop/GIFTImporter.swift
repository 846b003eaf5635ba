import Foundation
import QuizlineCore
import QuizlineFormats

/// Imports a Moodle GIFT file (`shared/specs/gift.md`) into a quizline ``Bank``.
///
/// * Every GIFT type Moodle reads: multiple choice (`single`, or `multiple` with `%n%` weights as
///   `credit`), true/false, short answer (`text`), matching, numerical (`numeric`), essay (`open`),
///   description (a ``StudyNote``, written by the CLI as a study session), missing-word (`_____`).
/// * Ids: `[id:…]` from the question's comments when given, else the `::title::`, else the first words of
///   the text, slugged to `[a-z0-9][a-z0-9-]{0,63}` and made unique in the bank with `-2`, `-3`, ….
/// * Tags: each `$CATEGORY:` adds one tag per level prefix of its path (`$course$/top/Unit 1/Loops` gives
///   `unit-1` and `unit-1-loops`; context tokens like `$course$` and a leading `top` are skipped), plus
///   every `[tag:…]`, slugged.
/// * Explanation: the general feedback (`####`); when there is none, a sentence stating the correct answer,
///   because quizline's format requires one.
/// * Non-UTF-8 files are refused as a whole; a BOM and CRLF or CR line ends are fine. A malformed block is
///   reported (located, with its title) and the rest is imported.
/// * Only what the bank format accepts is kept (``StorableCheck``): a question quizline cannot store is a
///   located error, and the notes of a question left out are dropped with it.
public struct GIFTImporter: QuestionImporter {
  /// The bank id to use; nil derives it from the file name.
  public var bankID: String?
  /// The bank title to use; nil derives it from the file name.
  var bankTitle: String?

  public init(bankID: String? = nil, bankTitle: String? = nil) {
    self.bankID = bankID
    self.bankTitle = bankTitle
  }

  /// Imports the file's bytes; `path` is the name diagnostics show.
  public func read(bytes: [UInt8], path: String) -> ImportResult {
    let (id, title) = ImportNaming.bank(path: path, id: bankID, title: bankTitle)
    let empty = Bank(
      id: id, title: title, description: "Imported from \(ImportNaming.fileName(path)) (GIFT).",
      questions: [])
    switch SourceLines.decode(bytes) {
    case .failure(let e):
      let d = Diagnostic.error(
        path, e.line, e.column,
        "the file is not UTF-8 (byte 0x\(String(e.byte, radix: 16, uppercase: true))): GIFT files must be UTF-8; "
          + "convert it first (for example: iconv -f WINDOWS-1252 -t UTF-8)")
      return ImportResult(bank: empty, diagnostics: [d], isRejected: true)
    case .success(let source):
      var result = convert(GIFTParser(source), path: path, bank: empty)
      result.notes = source.controlCharacterNotes + result.notes
      return result
    }
  }

  private func convert(_ parser: GIFTParser, path: String, bank: Bank) -> ImportResult {
    var result = ImportResult(bank: bank)
    var located: [(line: Int, column: Int, d: Diagnostic)] = parser.problems.map {
      (
        $0.line, $0.column,
        Diagnostic($0.severity, path: path, line: $0.line, column: $0.column, $0.message)
      )
    }
    var converter = GIFTConverter()
    var ids = UniqueIDs()
    var categoryTags: [String] = []
    var count = 0
    for item in parser.items {
      switch item {
      case .category(let path, _):
        categoryTags = Self.categoryTags(path)
      case .question(let q):
        let tags = unique(categoryTags + q.tags.map { Slug.make($0) }.filter { !$0.isEmpty })
        if case .description = q.body {
          if let note = converter.studyNote(q, tags: tags) { result.studyNotes.append(note) }
          continue
        }
        count += 1
        let base = !q.idnumber.isEmpty ? Slug.make(q.idnumber) : q.name.map { Slug.make($0) } ?? ""
        let id = ids.claim(
          base.isEmpty
            ? Slug.fromPrompt(TerminalText.string(q.text.text, format: q.text.format)) : base,
          fallback: "q\(count)")
        let notesBefore = converter.notes.count
        if !q.idnumber.isEmpty, Slug.make(q.idnumber) != q.idnumber {
          converter.notes.append(
            ConversionNote(
              .idRewritten, line: q.line, questionID: id,
              "[id:\(q.idnumber)] is not a quizline id; used '\(id)'"))
        }
        for t in q.tags where Slug.make(t) != t {
          converter.notes.append(
            ConversionNote(
              .idRewritten, line: q.line, questionID: id,
              "[tag:\(t)] became the tag '\(Slug.make(t))'"))
        }
        if let question = converter.question(q, id: id, tags: tags) {
          result.bank.questions.append(question)
        } else {
          converter.notes.removeSubrange(notesBefore...)  // nothing of a question left out was lost
        }
      }
    }
    located += converter.errors.map {
      ($0.line, $0.column, Diagnostic.error(path, $0.line, $0.column, $0.message))
    }
    result.diagnostics = located.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map(\.d)
    result.notes = converter.notes
    return result
  }

  /// Tags for a `$CATEGORY:` path: one per level prefix, after dropping `$…$` context tokens and a
  /// leading `top`; `//` in a name is a literal slash.
  static func categoryTags(_ path: String) -> [String] {
    let placeholder = "\u{1}"
    var levels = path.replacingOccurrences(of: "//", with: placeholder).split(separator: "/").map {
      $0.replacingOccurrences(of: placeholder, with: "/").trimmingWhitespace
    }.filter { !$0.isEmpty }
    while let first = levels.first,
      (first.hasPrefix("$") && first.hasSuffix("$") && first.count > 1) || first == "top"
    {
      levels.removeFirst()
    }
    var tags: [String] = []
    var prefix = ""
    for level in levels {
      let s = Slug.make(level)
      guard !s.isEmpty else { continue }
      prefix = prefix.isEmpty ? s : Slug.make(prefix + "-" + s)
      tags.append(prefix)
    }
    return unique(tags)
  }
}

func unique(_ tags: [String]) -> [String] {
  var seen: Set<String> = []
  return tags.filter { seen.insert($0).inserted }
}

/// Bank ids and titles for imported files.
enum ImportNaming {
  /// The last component of `path`, without control characters (it is shown in the bank's description).
  static func fileName(_ path: String) -> String {
    removingControlCharacters(
      String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path)))
  }

  /// The given id and title, or ones made from the file name (`Unit 3.gift` → `unit-3`, "Unit 3").
  static func bank(path: String, id: String?, title: String?) -> (String, String) {
    var stem = fileName(path)
    for ext in [".gift", ".txt", ".aiken"] where stem.lowercased().hasSuffix(ext) {
      stem = String(stem.dropLast(ext.count))
    }
    if stem.lowercased().hasSuffix(".gift") { stem = String(stem.dropLast(5)) }
    let slug = Slug.make(stem)
    let shown = stem.trimmingWhitespace
    return (
      id ?? (slug.isEmpty ? "imported" : slug),
      title ?? (shown.isEmpty ? "Imported questions" : shown)
    )
  }
}
