import QuizlineCore
import QuizlineFormats

/// Turns parsed GIFT questions into quizline questions, recording every loss as a ``ConversionNote``.
///
/// Rules (see ``GIFTImporter`` for the overview):
/// * texts are reduced to terminal text by their format (``TerminalText``);
/// * the explanation is the general feedback (`####`); without one it states the correct answer;
/// * a multiple-choice block with an `=` becomes `single`, without one `multiple` with the weights as
///   `credit`; true/false keeps both feedbacks; short answers keep weights as `credit`, and a catch-all
///   `*` answer with no credit becomes `otherFeedback`; numerical answers keep tolerances and ranges, and
///   `~#feedback` becomes `otherFeedback`; matching keeps pairs, left-empty entries become distractors;
///   an essay becomes `open` with the general feedback as its model answer.
struct GIFTConverter {
  var notes: [ConversionNote] = []
  /// The kinds of once-per-question notes each question already has (`kind` NUL `id`).
  private var noted: Set<String> = []
  var errors: [(line: Int, column: Int, message: String)] = []
  private var id = ""
  private var line = 0

  /// The study note a description becomes, noting what the reduction lost; nil (with an error) when the
  /// session decoder would refuse it.
  mutating func studyNote(_ q: GIFTQuestion, tags: [String]) -> StudyNote? {
    id = "note: " + (q.name ?? "untitled")
    line = q.line
    let notesBefore = notes.count
    let note = StudyNote(title: title(q), text: text(q.text), tags: tags, line: q.line)
    if let problem = StorableCheck.problem(note) {
      _ = error(q, "quizline cannot store this description: \(problem)")
      notes.removeSubrange(notesBefore...)
      return nil
    }
    return note
  }

  /// The `::title::` as quizline keeps it (control characters are gone already, see
  /// ``SourceLines``); nil when blank.
  private func title(_ q: GIFTQuestion) -> String? {
    q.name.flatMap { nonEmpty($0) }
  }

  /// Terminal text for `t`, noting what the reduction lost.
  mutating func text(_ t: GIFTText) -> String {
    let r = TerminalText.reduce(t.text, format: t.format)
    if r.removedMarkup {
      noteOnce(
        .htmlReduced, "HTML markup removed; text, line breaks, lists, code and link targets kept")
    }
    if !r.droppedMedia.isEmpty {
      note(
        .mediaDropped,
        "\(r.droppedMedia.count) image(s) or media file(s) left out: "
          + r.droppedMedia.prefix(3).map { "'\($0)'" }.joined(separator: ", "))
    }
    if t.format == .markdown, t.text.contains(where: { "*_#`[".contains($0) }) {
      noteOnce(.markdownKept, "Markdown is shown as written")
    }
    return r.text
  }

  private mutating func note(_ kind: ConversionNote.Kind, _ detail: String) {
    notes.append(ConversionNote(kind, line: line, questionID: id, detail))
  }

  /// A note of `kind` for the current question, unless it already has one.
  private mutating func noteOnce(_ kind: ConversionNote.Kind, _ detail: String) {
    if noted.insert("\(kind.rawValue)\u{0}\(id)").inserted { note(kind, detail) }
  }

  private mutating func error(_ q: GIFTQuestion, _ message: String) -> Question? {
    errors.append(
      (
        q.line, q.column,
        "question \"\(escapingControlCharacters(q.name.flatMap { $0.isEmpty ? nil : $0 } ?? id, keepNewlines: false))\": \(message)"
      ))
    return nil
  }

  /// The quizline question for `q` (id and tags already chosen); nil (with an error) when quizline cannot
  /// represent it, or when the bank decoder would refuse what the conversion made of it.
  /// The notes of a question that is left out are dropped (the caller drops the ones it added).
  mutating func question(_ q: GIFTQuestion, id: String, tags: [String]) -> Question? {
    let notesBefore = notes.count
    let question = convert(q, id: id, tags: tags)
    if let question, let problem = StorableCheck.problem(question) {
      _ = error(q, "quizline cannot store it: \(problem)")
    } else if let question {
      return question
    }
    notes.removeSubrange(notesBefore...)
    return nil
  }

  private mutating func convert(_ q: GIFTQuestion, id: String, tags: [String]) -> Question? {
    self.id = id
    self.line = q.line
    let title = title(q)
    var prompt = text(q.text)
    if isBlank(prompt), let title { prompt = title }
    guard !isBlank(prompt) else { return error(q, "the question has no text") }
    let feedback = text(q.generalFeedback)
    var out = Question(
      id: id, title: title, prompt: prompt, explanation: feedback, tags: tags,
      body: .openEnded(modelAnswer: "", keyPoints: []))
    switch q.body {
    case .description:
      return nil
    case .essay:
      if isBlank(feedback) {
        note(.noModelAnswer, "the essay has no general feedback to use as model answer")
      }
      out.body = .openEnded(
        modelAnswer: isBlank(feedback) ? "(The imported file gives no model answer.)" : feedback,
        keyPoints: [])
      out.explanation = "Self-graded: compare your answer with the model answer."
      return out
    case .multichoice(let single, let answers):
      guard answers.count <= 26 else {
        return error(q, "quizline allows at most 26 choices, found \(answers.count)")
      }
      var choices = answers.map { a in
        Choice(text: text(a.text), feedback: nonEmpty(text(a.feedback)))
      }
      var answers = answers
      let blank = choices.indices.filter { isBlank(choices[$0].text) }
      for i in blank where answers[i].fraction > 0 {
        return error(
          q, "choice \(letter(i)) is empty but gives \(percent(answers[i].fraction)) credit")
      }
      for i in blank {
        note(.emptyDropped, "choice \(letter(i)) is empty and was left out, as Moodle does")
      }
      for i in blank.reversed() {
        choices.remove(at: i)
        answers.remove(at: i)
      }
      guard choices.count >= 2 else {
        return error(
          q, "a multiple-choice question needs at least 2 choices with text, found \(choices.count)"
        )
      }
      if single {
        let best = answers.firstIndex { $0.fraction == 1 } ?? 0
        // Partial (and further full) credit for the other choices: the `single` grader scores a picked
        // choice by its credit, as Moodle does, so nothing is lost.
        for i in answers.indices where i != best && answers[i].fraction != 0 {
          choices[i].credit = answers[i].fraction
        }
        out.body = .single(choices: choices, answer: best)
        if isBlank(out.explanation) {
          out.explanation = "The correct answer is \(letter(best)): \(choices[best].text)."
        }
      } else {
        let right = answers.indices.filter { answers[$0].fraction > 0 }
        guard !right.isEmpty else {
          return error(
            q,
            "no choice has a positive weight, so no answer could ever be right (write ~%50%choice)")
        }
        for i in answers.indices where answers[i].fraction != 0 {
          choices[i].credit = answers[i].fraction
        }
        out.body = .multiple(choices: choices, answers: right)
        if isBlank(out.explanation) {
          out.explanation =
            "The correct choices are "
            + right.map { "\(letter($0)): \(choices[$0].text)" }.joined(separator: "; ") + "."
        }
      }
    case .truefalse(let answer, let ft, let ff):
      out.body = .truefalse(
        answer: answer, feedbackTrue: nonEmpty(text(ft)), feedbackFalse: nonEmpty(text(ff)))
      if isBlank(out.explanation) {
        out.explanation = "The statement is \(answer ? "true" : "false")."
      }
    case .shortanswer(let answers):
      var accept: [TextAnswer] = []
      var other: String?
      for a in answers {
        let fb = nonEmpty(text(a.feedback))
        var t = a.text
        guard !isBlank(t) else { return error(q, "a short answer has no text") }
        if t.contains("*") {
          let stripped = t.split(separator: "*").joined(separator: " ").split(separator: " ")
            .joined(separator: " ")
          if stripped.isEmpty {
            if a.fraction == 0 {
              other = fb
            } else {
              note(
                .wildcard,
                "'*' (any answer) with \(percent(a.fraction)) credit cannot be expressed and was left out"
              )
            }
            continue
          }
          note(
            .wildcard,
            "the pattern '\(t)' is accepted as the exact answer '\(stripped)': quizline matches whole answers"
          )
          t = stripped
        }
        accept.append(TextAnswer(text: t, credit: clamp(a.fraction, t), feedback: fb))
      }
      guard accept.contains(where: { $0.credit > 0 }) else {
        return error(q, "no short answer gets credit, so no answer could ever be right")
      }
      out.body = .text(accept: accept, ignorePunctuation: false, otherFeedback: other)
      if isBlank(out.explanation) {
        let right = accept.filter { $0.credit == 1 }.map(\.text)
        out.explanation =
          "Accepted answer: "
          + (right.isEmpty ? accept.filter { $0.credit > 0 }.map(\.text) : right).joined(
            separator: " or ") + "."
      }
    case .numerical(let answers):
      var accept: [NumericAnswer] = []
      var other: String?
      for a in answers {
        let fb = nonEmpty(text(a.feedback))
        switch a.value {
        case .any:
          if a.fraction == 0 {
            other = fb
          } else {
            note(.partialCredit, "'any other answer' with credit left out")
          }
        case .exact(let v, let tol):
          accept.append(
            NumericAnswer(
              match: .value(v, tolerance: tol), credit: clamp(a.fraction, "\(v)"), feedback: fb))
        case .range(let lo, let hi):
          accept.append(
            NumericAnswer(
              match: .range(min: lo, max: hi), credit: clamp(a.fraction, "\(lo)..\(hi)"),
              feedback: fb))
        }
      }
      guard accept.contains(where: { $0.credit > 0 }) else {
        return error(q, "no numerical answer gets credit, so no answer could ever be right")
      }
      out.body = .numeric(accept: accept, unit: nil, otherFeedback: other)
      if isBlank(out.explanation), let best = accept.max(by: { $0.credit < $1.credit }) {
        out.explanation = "Accepted answer: \(NumberText.describe(best.match))."
      }
    case .matching(let entries):
      var pairs: [MatchPair] = []
      var distractors: [String] = []
      var lefts: Set<String> = []
      for entry in entries {
        let left = text(entry.question)
        let right = entry.answer
        switch (isBlank(left), isBlank(right)) {
        case (true, true):
          note(.emptyDropped, "an entry '= ->' with neither side was left out, as Moodle does")
        case (true, false):
          distractors.append(right)
        case (false, true):
          return error(q, "the matching item \"\(left)\" has nothing on the right of its '->'")
        case (false, false):
          guard lefts.insert(normalizedForComparison(left)).inserted else {
            return error(
              q, "the matching item \"\(left)\" appears twice; quizline needs each left item once")
          }
          pairs.append(MatchPair(left: left, right: right))
        }
      }
      guard pairs.count >= 2 else {
        return error(q, "a matching question needs at least 2 pairs, found \(pairs.count)")
      }
      guard pairs.count <= 26, pairs.count + distractors.count <= 26 else {
        return error(q, "quizline allows at most 26 matching items")
      }
      out.body = .matching(pairs: pairs, distractors: distractors)
      if isBlank(out.explanation) {
        out.explanation = pairs.map { "\($0.left) → \($0.right)" }.joined(separator: "; ")
      }
    }
    return out
  }

  private mutating func clamp(_ fraction: Double, _ answer: String) -> Double {
    guard fraction < 0 else { return min(fraction, 1) }
    note(
      .creditClamped,
      "the answer '\(answer)' had \(percent(fraction)) credit; quizline's lowest is 0%")
    return 0
  }

  /// `s`, or nil when it is blank (quizline's files have no empty texts).
  private func nonEmpty(_ s: String) -> String? { isBlank(s) ? nil : s }
  private func isBlank(_ s: String) -> Bool { s.allSatisfy(\.isWhitespace) }
  private func letter(_ i: Int) -> String { String(UnicodeScalar(UInt8(97 + i))) }
  private func percent(_ f: Double) -> String { NumberText.format(f * 100) + "%" }
}

/// Numbers as people read them: `3`, `0.5`, `1e-06`.
enum NumberText {
  static func format(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
  }

  static func describe(_ m: NumericAnswer.Match) -> String {
    switch m {
    case .value(let v, let tol): tol == 0 ? format(v) : "\(format(v)) ± \(format(tol))"
    case .range(let lo, let hi): "between \(format(lo)) and \(format(hi))"
    }
  }
}
