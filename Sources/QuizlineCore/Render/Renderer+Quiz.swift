extension Renderer {
  static func renderCurrentQuestion(_ state: AppState, _ out: inout Output) {
    guard let run = state.currentRun, let (ref, q) = state.currentQuestion else { return }
    let s = out.context.style
    let flagged = state.progress.question(ref).flagged ? " " + s.flagMark : ""
    out.line()
    out.header(
      "\(safe(run.start.source.label, out.context)) \(run.position + 1)/\(run.questions.count)",
      detail: q.typeName + flagged)
    out.paragraph(q.prompt)
    switch q.body {
    case .single(let choices, _), .multiple(let choices, _):
      for (k, c) in choices.enumerated() {
        out.paragraph(c.text, indent: "     ", firstIndent: "  \(choiceLetter(k))) ")
      }
    case .matching(let pairs, let distractors):
      for (k, p) in pairs.enumerated() { out.paragraph(p.left, indent: "     ", firstIndent: "  \(k + 1). ") }
      out.line("  with:")
      let rights = Presentation.matchingRightItems(questionID: q.id, pairs: pairs, distractors: distractors)
      for (k, r) in rights.enumerated() { out.paragraph(r, indent: "     ", firstIndent: "  \(choiceLetter(k))) ") }
    case .ordering(let items):
      for (k, item) in Presentation.orderingItems(questionID: q.id, items: items).enumerated() {
        out.paragraph(item, indent: "     ", firstIndent: "  \(choiceLetter(k))) ")
      }
    case .cloze(let text, _):
      let shown = ClozeText.parts(of: text).map { part -> String in
        switch part {
        case .text(let t): RichText.unmarked(t)
        case .gap(let n): "[\(n):" + TextWrap.glue + "_____]"
        }
      }.joined()
      out.paragraph(shown, indent: "  ", keepingGaps: true)
    case .truefalse, .text, .numeric, .flashcard, .openEnded:
      break
    }
    out.line(s.paint(TextWrap.wrap(AnswerParser.syntaxHint(for: q), width: out.context.width, indent: "  "), .dim))
  }

  static func renderFeedback(_ f: Feedback, _ state: AppState, _ out: inout Output) {
    let s = out.context.style
    guard let q = state.catalog.question(f.question) else { return }
    let recorded = f.recorded ? s.paint(" recorded", .dim) : s.paint(" (shown again)", .dim)
    if q.body.kind.isSelfGraded {
      out.line("Graded \(SelfGrade(typed: f.typed)?.rawValue ?? f.typed).\(recorded)")
    } else if f.grade.isCorrect {
      out.line(s.paint(s.correctMark + " Correct.", .good) + recorded)
    } else if f.grade.isPartial {
      out.line(
        s.paint(s.partialMark + " Partly right (\(Int(saturating: (f.grade.score * 100).rounded()))%).", .partial)
          + recorded)
    } else {
      out.line(s.paint(s.wrongMark + " Incorrect.", .bad) + recorded)
    }
    // A cloze's back: its text with the gaps revealed and marked, or its explanation so marked when
    // that is the text filled in (an Anki cloze's back).
    var explanation = RichText.unmarked(q.explanation)
    var clozeBack: String?
    if case .cloze(let text, let gaps) = q.body {
      if let marked = ClozeReveal.marked(q.explanation, clozeText: text) {
        explanation = marked
      } else {
        clozeBack = ClozeReveal.filled(text, gaps)
      }
    }
    if !q.body.kind.isSelfGraded {
      if !f.grade.isCorrect || !f.recorded {
        out.paragraph("You answered: " + f.typed, indent: "    ", firstIndent: "  ")
      }
      if !f.grade.isCorrect {
        out.paragraph("Right answer: " + Grader.correctAnswer(for: q), indent: "    ", firstIndent: "  ")
        if let clozeBack { out.paragraph(clozeBack, indent: "    ", keepingGaps: true) }
        renderArrangement(f, q, &out)
      } else if let clozeBack {
        out.paragraph(clozeBack, indent: "  ", keepingGaps: true)
      }
      renderTypedComparison(f, q, &out)
    }
    for line in f.grade.feedback { out.paragraph(line, indent: "  ") }
    if let c = f.certainty {
      let mark = Feedback.certaintyMark(correct: f.grade.isCorrect, certainty: c)
      out.line("  Certainty \(c): \(mark >= 0 ? "+" : "")\(mark) mark\(abs(mark) == 1 ? "" : "s").")
    }
    // Self-graded questions showed their explanation with the back or the model answer already.
    if !explanation.isEmpty && !q.body.kind.isSelfGraded {
      out.paragraph(explanation, indent: "  ", keepingGaps: true)
    }
    if f.recorded {
      if f.practice {
        out.line(s.paint("  practice: the schedule is unchanged", .dim))
      } else if let card = state.progress.questions[f.question]?.card {
        out.line(s.paint("  next review: \(IntervalText.nextReview(card, now: out.context.now))", .dim))
      }
    }
  }

  static func renderFlashcardBack(_ ref: QuestionRef, guess: String?, _ state: AppState, _ out: inout Output) {
    guard let q = state.catalog.question(ref), case .flashcard(let text) = q.body else { return }
    // An Anki cloze card's back is its whole text: the gap its front hides is marked.
    let back = ClozeReveal.marked(text, front: q.prompt) ?? RichText.unmarked(text)
    if let guess, !guess.isEmpty {
      // The guess typed at the front, then the back to compare it with.
      out.paragraph("Your guess: " + guess, indent: "    ", firstIndent: "  ")
      // The label stays apart from the back, so a back that opens with a table, a list or a
      // displayed formula keeps it (the label then has a line of its own).
      out.paragraph(back, indent: "    ", firstIndent: "  Answer: ", keepingGaps: true)
    } else {
      out.paragraph(back, indent: "  ", keepingGaps: true)
    }
    if !q.explanation.isEmpty { out.paragraph(q.explanation, indent: "  ") }
    out.line(
      out.context.style.paint(
        TextWrap.wrap(
          "How well did you recall it? " + ratingChoices(ref, state, out.context), width: out.context.width,
          indent: "  "),
        .dim))
  }

  /// The four grades with the interval each would give the card now, from the scheduler's preview
  /// (unfuzzed): `again 1m · hard 6m · good 10m · easy ~8d`, with `~` where fuzz will move the
  /// due day a little (3 days or more, fuzz on); in practice runs, the grades.
  static func ratingChoices(_ ref: QuestionRef, _ state: AppState, _ context: RenderContext) -> String {
    guard state.currentRun?.start.practice != true else { return "again, hard, good or easy" }
    let now = context.now
    let settings = state.progress.settings.scheduler
    let card = state.progress.questions[ref]?.card ?? .new(at: now)
    let intervals = FSRSScheduler(settings: settings).nextIntervals(for: card, at: now)
    return Rating.allCases.map { rating in
      guard let interval = intervals[rating] else { return "\(rating.name) ?" }
      let fuzzed = settings.enableFuzzing && (interval.wholeDays ?? 0) >= 3
      return "\(rating.name) \(fuzzed ? "~" : "")\(compactInterval(interval))"
    }.joined(separator: context.style.dot)
  }

  /// `45s`, `1m`, `6m`, `2h`, `12d`, `1.4y`: an interval as Anki's rating buttons show it.
  static func compactInterval(_ interval: ReviewInterval) -> String { IntervalText.compact(interval) }

  static func renderModelAnswer(_ ref: QuestionRef, _ written: String, _ state: AppState, _ out: inout Output) {
    guard let q = state.catalog.question(ref), case .openEnded(let model, let points) = q.body else { return }
    let s = out.context.style
    if !written.isEmpty {
      out.line("You wrote:")
      out.paragraph(written, indent: "  ")
    }
    out.line("Model answer:")
    out.paragraph(model, indent: "  ")
    if !points.isEmpty {
      out.line("Key points:")
      for p in points { out.paragraph(p, indent: "    ", firstIndent: "  \(s.bullet) ") }
    }
    if !q.explanation.isEmpty { out.paragraph(q.explanation, indent: "  ") }
    out.line(
      s.paint(
        TextWrap.wrap(
          "Compare with what you wrote, then grade yourself: " + ratingChoices(ref, state, out.context),
          width: out.context.width, indent: "  "), .dim))
  }

  /// `in 10 min`, `in 4 days, Mon 7 Dec`, `now` (``IntervalText/until(_:from:)``).
  static func relative(_ t: Timestamp, from now: Timestamp) -> String { IntervalText.until(t, from: now) }

  /// The question's title, or its prompt's first line cut at a word boundary.
  static func shortPrompt(_ q: Question) -> String {
    let text = q.title ?? q.prompt
    let oneLine = text.split(separator: "\n").first.map(String.init) ?? text
    guard oneLine.count > 70 else { return oneLine }
    var cut = String(oneLine.prefix(67))
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > 40 {
      cut = String(cut[..<space])
    }
    return cut + "..."
  }

  static func formatScore(_ x: Double) -> String {
    x == x.rounded() ? String(Int(saturating: x)) : String(format1(x))
  }

  static func format1(_ x: Double) -> String {
    let tenths = Int(saturating: (abs(x) * 10).rounded())
    return (x < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
  }

  /// `2 min 40 s`, `45 s`, `1 h 5 min`.
  public static func formatDuration(_ seconds: Double) -> String {
    let total = Int(saturating: seconds.rounded())
    if total < 60 { return "\(total) s" }
    if total < 3600 { return "\(total / 60) min" + (total % 60 > 0 ? " \(total % 60) s" : "") }
    return "\(total / 3600) h" + (total % 3600 / 60 > 0 ? " \(total % 3600 / 60) min" : "")
  }
}
