import Foundation
import QuizlineCore
import QuizlineFormats

/// Imports a Moodle Aiken file into a quizline ``Bank`` of `single` questions.
///
/// Aiken as Moodle reads it: every line is trimmed and lines shorter than two bytes are skipped (but
/// counted); a line `A.` or `A)` (any capital letter, then optional space or tab) is a choice; a line
/// starting `ANSWER:` (upper case) names the correct letter and ends the question; any other line starts a
/// new question, so a question's text is one line. There is no feedback, title or category.
///
/// Lenient: a malformed question is reported at its line and the rest is imported. Beyond Moodle, an
/// `ANSWER` letter outside the listed choices and a question left open at the end of the file are errors
/// (Moodle keeps the first without a right answer and drops the second silently). The explanation states
/// the correct answer, since the format has none.
public struct AikenImporter: QuestionImporter {
  public var bankID: String?
  var bankTitle: String?

  public init(bankID: String? = nil, bankTitle: String? = nil) {
    self.bankID = bankID
    self.bankTitle = bankTitle
  }

  private struct Open {
    var text: String
    var line: Int
    var column: Int
    var lastLine: Int
    var choices: [String] = []
    /// Line and column of each choice line.
    var places: [(line: Int, column: Int)] = []
  }

  /// Imports the file's bytes; `path` is the name diagnostics show.
  public func read(bytes: [UInt8], path: String) -> ImportResult {
    let (id, title) = ImportNaming.bank(path: path, id: bankID, title: bankTitle)
    var result = ImportResult(
      bank: Bank(
        id: id, title: title, description: "Imported from \(ImportNaming.fileName(path)) (Aiken).",
        questions: []))
    let source: SourceLines
    switch SourceLines.decode(bytes) {
    case .failure(let e):
      result.diagnostics = [
        .error(
          path, e.line, e.column,
          "the file is not UTF-8 (byte 0x\(String(e.byte, radix: 16, uppercase: true))): convert it to UTF-8 first"
        )
      ]
      result.isRejected = true
      return result
    case .success(let s): source = s
    }
    result.notes = source.controlCharacterNotes
    var ids = UniqueIDs()
    var open: Open?
    func error(_ line: Int, _ column: Int, _ message: String) {
      result.diagnostics.append(.error(path, line, column, message))
    }
    func label(_ text: String) -> String {
      "question \"\(escapingControlCharacters(text.count > 40 ? String(text.prefix(40)) + "…" : text, keepNewlines: false))\""
    }
    for line in source.lines {
      let range = line.trimmedRange
      let text = line.trimmed
      guard text.utf8.count >= 2 else { continue }
      let column = range.lowerBound + 1
      if let choice = Self.choiceText(text) {
        guard var q = open else {
          error(
            line.number, column,
            "a choice line outside a question (a question's text must come first, and must not "
              + "itself start with a capital letter followed by '.' or ')')")
          continue
        }
        q.choices.append(choice)
        q.places.append((line.number, column))
        q.lastLine = line.number
        open = q
      } else if text.hasPrefix("ANSWER:") {
        guard let q = open else {
          error(line.number, column, "an ANSWER line outside a question")
          continue
        }
        open = nil
        let letter = String(text.dropFirst("ANSWER:".count)).trimmingWhitespace.unicodeScalars.first
        guard q.choices.count >= 2, q.choices.count <= 26 else {
          error(
            line.number, column,
            "\(label(q.text)): needs 2 to 26 choices (A to Z), found \(q.choices.count)")
          continue
        }
        guard let l = letter, l >= "A", l <= "Z", Int(l.value - 65) < q.choices.count else {
          let last = Character(UnicodeScalar(UInt8(64 + q.choices.count)))
          error(
            line.number, column,
            "\(label(q.text)): the ANSWER must be a letter from A to \(last), found '\(letter.map(String.init) ?? "")'"
          )
          continue
        }
        let answer = Int(l.value - 65)
        let prompt = q.text
        let choices = q.choices
        if let blank = choices.firstIndex(where: { $0.allSatisfy(\.isWhitespace) }) {
          let letter = Character(UnicodeScalar(UInt8(65 + blank)))
          error(
            q.places[blank].line, q.places[blank].column,
            "\(label(q.text)): choice \(letter) has no text")
          continue
        }
        let qid = ids.claim(
          Slug.fromPrompt(q.text), fallback: "q\(result.bank.questions.count + 1)")
        let question = Question(
          id: qid, prompt: prompt,
          explanation: "The correct answer is \(Character(l).lowercased()): \(choices[answer]).",
          body: .single(choices: choices.map { Choice(text: $0) }, answer: answer))
        if let problem = StorableCheck.problem(question) {
          error(q.line, q.column, "\(label(q.text)): quizline cannot store it: \(problem)")
          continue
        }
        result.bank.questions.append(question)
      } else {
        if let q = open {
          error(
            line.number, column,
            "\(label(q.text)) (line \(q.line)) is not complete (no ANSWER line) before the next "
              + "question starts; a question's text must fit on one line")
        }
        open = Open(text: text, line: line.number, column: column, lastLine: line.number)
      }
    }
    if let q = open {
      error(
        q.lastLine, 0,
        "\(label(q.text)) (line \(q.line)) is not complete: the file ends before its ANSWER line")
    }
    return result
  }

  /// The text of a choice line (`A. text`, `B) text`), or nil for any other line.
  static func choiceText(_ line: String) -> String? {
    let u = Array(line.unicodeScalars)
    guard u.count >= 2, u[0] >= "A", u[0] <= "Z", u[1] == "." || u[1] == ")" else { return nil }
    return String(String.UnicodeScalarView(u[2...])).trimmingWhitespace
  }
}
