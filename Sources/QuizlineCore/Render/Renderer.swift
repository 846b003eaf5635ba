/// Turns state into text: a pure function of ``AppState`` and ``RenderContext``.
///
/// Every status the learner sees (○/✓, scores, flagged counts, "completed on") is computed here from
/// the same state, so the prompt, lists, session headers and summaries cannot disagree.
public enum Renderer {
  public static func render(_ state: AppState, _ context: RenderContext) -> Frame {
    var out = Output(context)
    for block in state.display { render(block, state, &out) }
    return Frame(text: out.text, prompt: prompt(state, context))
  }

  /// Blocks that are not the answer to an action (notes from the profile's storage), on the state.
  public static func render(_ blocks: [Block], _ state: AppState, _ context: RenderContext) -> Frame {
    var out = Output(context)
    for block in blocks { render(block, state, &out) }
    return Frame(text: out.text, prompt: prompt(state, context))
  }

  /// The prompt, which always says where the learner is.
  public static func prompt(_ state: AppState, _ context: RenderContext) -> String {
    switch state.mode {
    case .confirmingEdit: return "edit again? (y/n)> "
    case .addingCard(_, let step): return "card \(step)> "
    default: break
    }
    guard let run = state.currentRun, let stage = state.quiz else { return "quizline> " }
    let place =
      "\(safe(run.start.source.label, context)) \(min(run.position + 1, run.questions.count))/\(run.questions.count)"
    switch stage {
    case .asking:
      if case .flashcard = state.currentQuestion?.question.body { return "\(place) (Enter to turn)> " }
      return "\(place)> "
    case .writing(_, let lines): return lines.isEmpty ? "\(place)> " : "\(place) ... "
    case .flashcardBack, .openGrading: return "\(place) grade> "
    case .certainty: return "\(place) sure 1-3> "
    }
  }

  static func render(_ block: Block, _ state: AppState, _ out: inout Output) {
    let s = out.context.style
    out.mediaBase = mediaBase(of: block, state)
    switch block {
    case .welcome: renderWelcome(state, &out)
    case .help(let command, let context): renderHelp(command, context, &out)
    case .catalogList: renderList(state, &out)
    case .searchResults(let query): renderSearch(query, state, &out)
    case .session(let id, nil): renderSession(id, state, &out)
    case .session(let id, let section?):
      if let session = state.catalog.session(id) { renderSessionSection(session, section, state, &out) }
    case .sessionMarked(let id, let completed):
      if completed {
        let date = state.progress.sessions[id]?.completedAt?.isoDate ?? out.context.now.isoDate
        out.line(s.paint(s.doneMark, .good) + " \(safe(id, out.context)) is now completed (\(date)).")
        if let next = state.nextSession {
          out.line("  Next up: \(quotedTitle(next.title, out.context)). Type next to read it.")
        }
      } else {
        out.line(s.todoMark + " \(safe(id, out.context)) is reopened: not completed.")
      }
    case .status: renderStatus(state, &out)
    case .currentQuestion: renderCurrentQuestion(state, &out)
    case .feedback(let feedback): renderFeedback(feedback, state, &out)
    case .flashcardBack(let ref, let guess): renderFlashcardBack(ref, guess: guess, state, &out)
    case .modelAnswer(let ref, let written): renderModelAnswer(ref, written, state, &out)
    case .hint(let text): out.paragraph("Hint: " + text, indent: "  ")
    case .runSummary(let id): renderSummary(id, state, &out)
    case .notice(let text): out.paragraph(text)
    case .note(let text): out.line("note: " + safe(text, out.context))
    case .fileProblems(let lines):
      for line in lines { out.verbatim("  " + escapingControlCharacters(line, keepNewlines: false)) }
    case .flagToggled(let ref, let on):
      let count = state.progress.flaggedQuestions.count
      out.paragraph((on ? "Flagged" : "Unflagged") + " \(ref). Flagged: \(count) question\(count == 1 ? "" : "s").")
    case .error(let message, let hint):
      out.paragraph(message, indent: "  ", firstIndent: s.paint("error:", .bad) + " ")
      if let hint { out.paragraph(hint, indent: "  ") }
    case .undone(let summary):
      out.line("Undone: \(safe(summary, out.context)).")
    case .markOverridden(let ref, let previous):
      renderMarkOverridden(ref, previousScore: previous, state, &out)
    case .goodbye:
      if state.readOnly {
        out.line("Bye. Nothing was recorded (read-only).")
      } else if state.unsavedSteps > 0 && state.savedSteps == 0 {
        out.line("Bye. Nothing was saved: \(out.context.progressLocation) could not be written (see the errors above).")
      } else if state.unsavedSteps > 0 {
        out.line(
          "Bye. \(count(state.unsavedSteps, "step")) could not be saved in \(out.context.progressLocation); the rest is saved."
        )
      } else {
        out.line("Bye. Your progress is saved in \(out.context.progressLocation).")
      }
    case .forecast: renderForecast(state, &out)
    case .cards(let listing): renderCards(listing, state, &out)
    case .cardsChanged(let change, let skipped): renderCardsChanged(change, skipped: skipped, &out)
    case .confirmCardChange(let change, let described): renderConfirmCardChange(change, described: described, &out)
    case .queryError(let command, let query, let error): renderQueryError(command, query, error, &out)
    case .settings: renderSettings(state, &out)
    case .optimization(let result, let adopted, let dryRun):
      renderOptimization(result, adopted: adopted, dryRun: dryRun, state, &out)
    case .confirmReset(let scope): renderConfirmReset(scope, state, &out)
    case .nothingDue(let bank): renderNothingDue(state, bank: bank, &out)
    case .progressReport: renderProgress(state, &out)
    case .cardInfo(let history, let devices): renderCardInfo(history, devices: devices, state, &out)
    case .clearScreen: break
    }
  }

  /// The catalog source key of the bank or session whose text `block` shows (``Output/mediaBase``).
  static func mediaBase(of block: Block, _ state: AppState) -> String? {
    switch block {
    case .currentQuestion, .hint: state.currentQuestion.map { "bank/" + $0.0.bank }
    case .feedback(let f): "bank/" + f.question.bank
    case .flashcardBack(let ref, _), .modelAnswer(let ref, _): "bank/" + ref.bank
    case .session(let id, _): "session/" + id
    default: nil
    }
  }

  static func quotedTitle(_ title: String, _ context: RenderContext) -> String {
    (context.style.unicode ? "“" : "\"") + safe(title, context) + (context.style.unicode ? "”" : "\"")
  }
}

/// Text from banks and sessions made safe for the terminal: control characters shown escaped, and
/// the Unicode noncharacters U+FDD0–U+FDEF (which the renderer's own marks and ``MediaMarker`` use)
/// removed, so a text cannot forge a mark. `keepingGaps` keeps the marks of a cloze's gaps (the
/// glue of `[1: _____]` and a revealed gap's marks) in text the renderer built from bank text it
/// cleared of them first (``RichText/unmarked(_:)``).
func safe(_ text: String, _ context: RenderContext, keepingGaps: Bool = false) -> String {
  let escaped = escapingControlCharacters(text, keepNewlines: true)
  guard escaped.unicodeScalars.contains(where: { (0xFDD0...0xFDEF).contains($0.value) }) else { return escaped }
  let kept: Set<UInt32> = keepingGaps ? [0xFDD0, 0xFDD3, 0xFDD4] : []
  return String(
    String.UnicodeScalarView(
      escaped.unicodeScalars.filter { !(0xFDD0...0xFDEF).contains($0.value) || kept.contains($0.value) }))
}

/// Accumulates output lines, wrapping to the context's width.
struct Output {
  let context: RenderContext
  var lines: [String] = []
  /// Whose folder the images of the text being shown are relative to: the catalog source key
  /// (`bank/ID`, `session/ID`) of the bank or session it comes from; nil for our own text.
  var mediaBase: String?

  init(_ context: RenderContext) { self.context = context }

  var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

  /// One line of our own text (already safe, maybe coloured): as is when it fits the width, else
  /// wrapped with its leading spaces as the indent (two more on later lines). Never escaped again.
  mutating func line(_ text: String = "") {
    if text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy({
      TextWrap.displayWidth(String($0)) <= context.width
    }) {
      lines.append(text)
      return
    }
    let lead = String(text.prefix { $0 == " " })
    lines += TextWrap.lines(text, width: context.width, indent: lead + "  ", firstIndent: lead)
  }

  /// A `label  value` row of a summary: values line up in column 22 and wrap under themselves; on a
  /// terminal too narrow for that, the value goes under its label (as the progress dashboard does).
  mutating func field(_ label: String, _ value: String) {
    if context.width < 44 {
      lines += TextWrap.lines(label, width: context.width, indent: "  ", firstIndent: "  ")
      lines += TextWrap.lines(value, width: context.width, indent: "    ", firstIndent: "    ")
      return
    }
    let head = "  " + TextWrap.pad(label, to: 20)
    lines += TextWrap.lines(value, width: context.width, indent: String(repeating: " ", count: 22), firstIndent: head)
  }

  /// A line kept exactly as written (code), never reflowed.
  mutating func verbatim(_ text: String) { lines.append(text) }

  /// A title followed by a rule up to the width, and a right-aligned detail. The title is shown
  /// whole: when it leaves no room for the detail, the detail goes on the next line, and a title
  /// wider than the terminal wraps.
  mutating func header(_ title: String, detail: String = "") {
    let s = context.style
    let room = context.width - TextWrap.displayWidth(detail) - 8
    if !detail.isEmpty, TextWrap.displayWidth(title) > room {
      header(title)
      line("  " + detail)
      return
    }
    let lead = s.rule + s.rule + " "
    var titleLines = TextWrap.lines(title, width: context.width - 3, indent: "   ", firstIndent: lead)
    let last = titleLines.removeLast() + " "
    for l in titleLines { lines.append(s.paint(l, .bold)) }
    let right = detail.isEmpty ? "" : " " + detail
    let fill = max(2, context.width - TextWrap.displayWidth(last) - TextWrap.displayWidth(right))
    lines.append(s.paint(last + String(repeating: s.rule, count: fill), .bold) + right)
  }
}
