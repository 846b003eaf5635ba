import Foundation
import QuizlineCore
import QuizlineFormats

/// Imports CSV and TSV files (Anki's "Notes in Plain Text" export, spreadsheet and Quizlet exports)
/// as flashcards: the first two note columns are the front and the back; further columns are added
/// to the back (noted). `#html:true` reduces HTML to terminal text (as for GIFT); `#tags column:N`
/// gives tags (space-separated), `#guid column:N` stable ids (so a re-import keeps progress), `#deck:`
/// the bank's title and tags. A front with Anki cloze deletions (`{{c1::…}}`) becomes one card per
/// cloze number, the gap hidden. The file is read by ``DelimitedText``; every error is located at
/// `line:column` and names what is wrong. A line over ``maxLineBytes`` refuses the file (located at
/// that line; the CLI finds it in a file too large to read whole too).
public struct CSVImporter: QuestionImporter {
  public var bankID: String?
  var bankTitle: String?
  /// The separator when the file names none (`.tsv`: tab); nil guesses from the first record.
  public var defaultSeparator: Unicode.Scalar?

  public init(bankID: String? = nil, bankTitle: String? = nil) {
    self.bankID = bankID
    self.bankTitle = bankTitle
  }

  /// The longest line read, in bytes (a card's front and back hold at most 1 MiB of text each).
  public static let maxLineBytes = 16 << 20

  /// The refusal of a file with a line over ``maxLineBytes``, located at that line.
  public static func longLine(_ path: String, _ found: LongLineFinder.Found) -> Diagnostic {
    .error(
      path, found.line, 0,
      "line \(found.line) is \(found.bytes) bytes long, over the limit of \(maxLineBytes) bytes (\(maxLineBytes >> 20) MiB) for a line; the file is refused: shorten or split that line"
    )
  }

  public func read(bytes: [UInt8], path: String) -> ImportResult {
    var stemPath = path
    for ext in [".csv", ".tsv"] where stemPath.lowercased().hasSuffix(ext) { stemPath = String(stemPath.dropLast(4)) }
    var (id, title) = ImportNaming.bank(path: stemPath, id: bankID, title: bankTitle)
    var result = ImportResult(
      bank: Bank(
        id: id, title: title, description: "Imported from \(ImportNaming.fileName(path)) (CSV).", questions: []))
    if let long = LongLineFinder.first(in: bytes, limit: Self.maxLineBytes) {
      result.diagnostics = [Self.longLine(path, long)]
      result.isRejected = true
      return result
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      var source: SourceLines.DecodingError?
      if case .failure(let e) = SourceLines.decode(bytes) { source = e }
      result.diagnostics = [
        .error(path, source?.line ?? 1, source?.column ?? 1, "the file is not UTF-8: convert it to UTF-8 first")
      ]
      result.isRejected = true
      return result
    }
    let table = DelimitedText(text, defaultSeparator: defaultSeparator)
    for p in table.problems { result.diagnostics.append(.error(path, p.line, p.column, p.message)) }
    let html = table.headers["html"]?.lowercased() == "true"
    /// A `#… column:N` header as a 0-based index; nil when absent or not a column number (1 or more).
    func column(_ key: String) -> Int? { table.headers[key].flatMap { Int($0) }.flatMap { $0 >= 1 ? $0 - 1 : nil } }
    var records = table.records[...]
    let names = Self.columnNames(table)
    if let names, table.headers["columns"] == nil, let first = records.first {
      records = records.dropFirst()
      result.notes.append(
        ConversionNote(
          .columnNames, line: first.places.first?.line ?? 1, questionID: "",
          "read as the names of the columns (\(names.joined(separator: ", "))), not as a card"))
    }
    let tagsColumn = column("tags column") ?? names?.firstIndex(of: "tags")
    let guidColumn = column("guid column")
    let skipped = Set([tagsColumn, guidColumn, column("deck column"), column("notetype column")].compactMap { $0 })
    var deckTags: [String] = []
    if let deck = table.headers["deck"], !deck.isEmpty {
      if bankTitle == nil { title = removingControlCharacters(deck).trimmingCharacters(in: .whitespaces) }
      if title.isEmpty { title = "Imported cards" }
      var seenTags: Set<String> = []
      deckTags = deck.components(separatedBy: "::").map { Slug.make($0) }.filter {
        !$0.isEmpty && seenTags.insert($0).inserted
      }
      result.bank.title = title
      result.bank.tags = deckTags
    }
    var ids = UniqueIDs()
    for record in records {
      let line = record.places.first?.line ?? 0
      let note = record.fields.indices.filter { !skipped.contains($0) }
      func cell(_ i: Int) -> String {
        let raw = record.fields[i]
        let reduced =
          html ? TerminalText.reduce(raw, format: .html) : .init(text: raw, removedMarkup: false, droppedMedia: [])
        let kept = reduced.text.unicodeScalars.filter { $0 == "\n" || !isControl($0) }
        return String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespacesAndNewlines)
      }
      guard note.count >= 2 else {
        result.diagnostics.append(
          .error(
            path, line, 1, "only one field: a card needs a front and a back (separator \(Self.name(table.separator)))"))
        continue
      }
      let front = cell(note[0])
      var back = cell(note[1])
      guard !front.isEmpty else {
        let place = record.places[note[0]]
        result.diagnostics.append(.error(path, place.line, place.column, "the front is empty"))
        continue
      }
      var tags = deckTags
      if let t = tagsColumn, t < record.fields.count {
        tags += record.fields[t].split(separator: " ").map { Slug.make(String($0)) }.filter { !$0.isEmpty }
      }
      if let d = column("deck column"), d < record.fields.count {
        tags += record.fields[d].components(separatedBy: "::").map { Slug.make($0) }.filter { !$0.isEmpty }
      }
      var seen: Set<String> = []
      tags = tags.filter { seen.insert($0).inserted }
      let guid = guidColumn.flatMap { $0 < record.fields.count ? record.fields[$0] : nil }
      let base = guid.map { AnkiImporter.questionID(guid: $0, ord: 0).dropLast(2) }.map(String.init)
      let extra = note.dropFirst(2).map(cell).filter { !$0.isEmpty }
      if !extra.isEmpty {
        back += (back.isEmpty ? "" : "\n") + extra.joined(separator: "\n")
      }
      let numbers = AnkiTemplate.clozeNumbers(record.fields[note[0]])
      let cards: [(String, String, String?)] =
        numbers.isEmpty
        ? [(front, back, nil)]
        : numbers.map { n in
          let raw = record.fields[note[0]]
          let hide = AnkiTemplate.cloze(raw, number: n, reveal: false)
          let show = AnkiTemplate.cloze(raw, number: n, reveal: true)
          let f = html ? TerminalText.string(hide, format: .html) : hide
          let b = (html ? TerminalText.string(show, format: .html) : show) + (back.isEmpty ? "" : "\n" + back)
          return (f.trimmingCharacters(in: .whitespacesAndNewlines), b, "c\(n)")
        }
      for (f, b, suffix) in cards {
        let qid: String
        if let base {
          qid = ids.claim(Slug.withSuffix(base, suffix ?? "1"), fallback: "q")
        } else {
          let slug = Slug.fromPrompt(f)
          qid = ids.claim(suffix.map { Slug.withSuffix(slug, $0) } ?? slug, fallback: "q")
        }
        let q = Question(id: qid, prompt: f, explanation: "", tags: tags, body: .flashcard(back: b))
        if let problem = StorableCheck.problem(q) {
          result.diagnostics.append(.error(path, line, 1, problem))
          continue
        }
        result.bank.questions.append(q)
        if !extra.isEmpty {
          result.notes.append(
            ConversionNote(.htmlReduced, line: line, questionID: qid, "columns after the second added to the back"))
        }
        if html, record.fields[note[0]].contains("<") || record.fields[note[1]].contains("<") {
          result.notes.append(ConversionNote(.htmlReduced, line: line, questionID: qid, "HTML reduced to text"))
        }
      }
    }
    return result
  }

  /// Words a first row uses to name a card's front, and its back.
  static let frontNames: Set = ["front", "question", "term", "prompt", "word", "expression"]
  static let backNames: Set = ["back", "answer", "definition", "meaning", "response", "translation"]

  /// The column names (lowercased) that an Anki `#columns:` header gives, or that the first record
  /// gives when it names its first two columns as a front and a back (`Front,Back,Tags`), as a
  /// spreadsheet's header row does; nil when neither.
  static func columnNames(_ table: DelimitedText) -> [String]? {
    if let header = table.headers["columns"] {
      return header.unicodeScalars.split { $0 == table.separator }.map {
        String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespaces).lowercased()
      }
    }
    guard let first = table.records.first, first.fields.count >= 2 else { return nil }
    let names = first.fields.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
    return frontNames.contains(names[0]) && backNames.contains(names[1]) ? names : nil
  }

  static func name(_ c: Unicode.Scalar) -> String {
    DelimitedText.separatorNames.first { $0.value == c }?.key ?? quoted(String(c))
  }
}
