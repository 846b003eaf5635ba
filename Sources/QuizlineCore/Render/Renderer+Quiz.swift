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
        case .text(let t): t
        case .gap(let n): "[\(n):" + TextWrap.glue + "_____]"
        }
      }.joined()
      out.paragraph(shown, indent: "  ")
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
    if !q.body.kind.isSelfGraded {
      if !f.grade.isCorrect || !f.recorded {
        out.paragraph("You answered: " + f.typed, indent: "    ", firstIndent: "  ")
      }
      if !f.grade.isCorrect {
        out.paragraph("Right answer: " + Grader.correctAnswer(for: q), indent: "    ", firstIndent: "  ")
        renderArrangement(f, q, &out)
      }
      renderTypedComparison(f, q, &out)
    }
    for line in f.grade.feedback { out.paragraph(line, indent: "  ") }
    if let c = f.certainty {
      let mark = Feedback.certaintyMark(correct: f.grade.isCorrect, certainty: c)
      out.line("  Certainty \(c): \(mark >= 0 ? "+" : "")\(mark) mark\(abs(mark) == 1 ? "" : "s").")
    }
    // Self-graded questions showed their explanation with the back or the model answer already.
    if !q.explanation.isEmpty && !q.body.kind.isSelfGraded { out.paragraph(q.explanation, indent: "  ") }
    if f.recorded {
      if f.practice {
        out.line(s.paint("  practice: the schedule is unchanged", .dim))
      } else if let due = state.progress.questions[f.question]?.card?.due {
        out.line(s.paint("  next review: \(relative(due, from: out.context.now))", .dim))
      }
    }
  }

  static func renderFlashcardBack(_ ref: QuestionRef, guess: String?, _ state: AppState, _ out: inout Output) {
    guard let q = state.catalog.question(ref), case .flashcard(let back) = q.body else { return }
    if let guess, !guess.isEmpty {
      // The guess typed at the front, then the back to compare it with.
      out.paragraph("Your guess: " + guess, indent: "    ", firstIndent: "  ")
      out.paragraph("Answer: " + back, indent: "    ", firstIndent: "  ")
    } else {
      out.paragraph(back, indent: "  ")
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
  /// (unfuzzed): `again 1 min · hard 6 min · good 10 min · easy 2 d`; in practice runs, the grades.
  static func ratingChoices(_ ref: QuestionRef, _ state: AppState, _ context: RenderContext) -> String {
    guard state.currentRun?.start.practice != true else { return "again, hard, good or easy" }
    let now = context.now
    let card = state.progress.questions[ref]?.card ?? .new(at: now)
    let intervals = FSRSScheduler(settings: state.progress.settings.scheduler).nextIntervals(for: card, at: now)
    return Rating.allCases.map { "\($0.name) \(intervals[$0].map(compactInterval) ?? "?")" }.joined(
      separator: context.style.dot)
  }

  /// `45s`, `1m`, `5.5m`, `2h`, `12d`, `1.4y`: an interval as Anki's rating buttons show it.
  static func compactInterval(_ interval: ReviewInterval) -> String {
    let s = Double(interval.microseconds) / 1_000_000
    func short(_ x: Double) -> String {
      let tenths = Int(saturating: (x * 10).rounded())
      return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
    if s < 60 { return short(s) + "s" }
    if s < 3600 { return short(s / 60) + "m" }
    if s < 86_400 { return short(s / 3600) + "h" }
    if s < 365 * 86_400 { return short(s / 86_400) + "d" }
    return short(s / (365.25 * 86_400)) + "y"
  }

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

  static func renderSummary(_ runID: Int, _ state: AppState, _ out: inout Output) {
    guard
      let run = state.progress.runs.last(where: { $0.id == runID })
        ?? (state.progress.activeRun?.id == runID ? state.progress.activeRun : nil)
    else { return }
    let s = out.context.style
    let final = run.finalOutcomes
    let total = final.count
    let what: String
    switch run.start.source {
    case .checkpoint: what = "Checkpoint"
    default: what = "Quiz"
    }
    let howItEnded = run.endReason == .ended ? "ended early" : "finished"
    let scoreText = "\(formatScore(run.scoreTotal))/\(total) (\(run.percent)%)"
    var verdict = ""
    if case .checkpoint(let sid) = run.start.source, let pass = state.catalog.session(sid)?.checkpoint?.passPercent {
      verdict =
        run.percent >= pass
        ? s.dot + s.paint("passed", .good) : s.dot + s.paint("not passed", .bad) + " (pass mark \(pass)%)"
    }
    out.line()
    out.line(s.paint("\(what) \(howItEnded): \(safe(run.start.source.label, out.context))", .bold))
    out.line("  Score \(scoreText)\(verdict)\(s.dot)\(formatDuration(run.secondsSpent))")
    if run.start.certainty {
      let marks = run.outcomes.compactMap { o -> Int? in
        o?.certainty.map { Feedback.certaintyMark(correct: (o?.score ?? 0) >= 0.9999, certainty: $0) }
      }
      if !marks.isEmpty {
        let total = marks.reduce(0, +)
        out.line(
          "  Certainty-based marks: \(total) over \(count(marks.count, "answer")) (average \(format1(Double(total) / Double(marks.count))) of at most 3)"
        )
      }
    }
    if run.start.practice { out.line("  Practice run: the schedule was not changed.") }
    let skipped = final.filter { $0.outcome?.isSkipped == true }.count
    let unanswered = final.filter { $0.outcome == nil }.count
    let counts = [(skipped, "skipped"), (unanswered, "not reached")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    if !counts.isEmpty { out.line("  " + counts.joined(separator: ", ")) }
    // Per-tag breakdown, over the questions asked (answered or skipped): one never reached says
    // nothing about a tag.
    var tags: [String: (score: Double, count: Int)] = [:]
    for (ref, outcome) in final {
      guard outcome != nil, let q = state.catalog.question(ref) else { continue }
      for tag in q.tags {
        var t = tags[tag] ?? (0, 0)
        t.score += outcome?.score ?? 0
        t.count += 1
        tags[tag] = t
      }
    }
    if !tags.isEmpty {
      let parts = tags.sorted { $0.key < $1.key }.map {
        "\($0.key) \(Int(saturating: ($0.value.score / Double($0.value.count) * 100).rounded()))%"
      }
      out.paragraph("By tag: " + parts.joined(separator: ", "), indent: "    ", firstIndent: "  ")
    }
    let missed = final.filter { ($0.outcome?.score ?? 0) < 0.9999 }
    if !missed.isEmpty {
      out.line("  Missed:")
      for (ref, outcome) in missed {
        guard let q = state.catalog.question(ref) else {
          out.line("    \(safe(ref.description, out.context)) (no longer in its bank)")
          continue
        }
        let status =
          outcome == nil
          ? "not reached"
          : outcome?.isSkipped == true ? "skipped" : "\(Int(saturating: ((outcome?.score ?? 0) * 100).rounded()))%"
        out.paragraph("\(q.id) (\(status)): \(shortPrompt(q))", indent: "      ", firstIndent: "    ")
        // Questions never reached keep their answers secret, for the retry.
        if outcome != nil {
          out.paragraph("\(s.arrow) " + Grader.correctAnswer(for: q), indent: "        ", firstIndent: "      ")
        }
      }
      out.line("  Type retry to practise the missed questions.")
    } else if run.endReason == .finished {
      // A pass that completes a session is followed by the completion, which says what comes next.
      let next = sessionCompletedByPass(run, state) == nil ? state.nextSession : nil
      out.line("  Everything right." + (next.map { " Next up: \(quotedTitle($0.title, out.context))." } ?? ""))
    }
    if let step = checkpointNextStep(run, state) { out.paragraph(step, indent: "  ", firstIndent: "  ") }
  }

  /// `in 10 min`, `in 4 days`, `now`.
  static func relative(_ t: Timestamp, from now: Timestamp) -> String {
    let delta = t.microseconds - now.microseconds
    if delta <= 0 { return "now" }
    let s = Double(delta) / 1e6
    if s < 3600 { return "in \(max(1, Int(saturating: (s / 60).rounded()))) min" }
    if s < 86_400 { return "in \(Int(saturating: (s / 3600).rounded())) h" }
    let days = Int(saturating: (s / 86_400).rounded())
    return days == 1
      ? "in 1 day" : days < 60 ? "in \(days) days" : days < 730 ? "in \(days / 30) months" : "in \(days / 365) years"
  }

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
