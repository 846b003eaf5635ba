/// The summary at the end of a quiz, checkpoint or review: score, tags, what was missed, and what
/// was right only after a miss (a card graded again, then asked again in the same review).
extension Renderer {
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
    }
    // A question asked again in the run counts with its last answer; one first missed (a card graded
    // again, then good when it came back) was not right all along, and the summary says so.
    let recovered = rightOnlyAfterAMiss(run, final, state.catalog)
    if !recovered.isEmpty {
      out.line("  Right in the end, not at the first answer:")
      for (ref, first) in recovered {
        let what = state.catalog.question(ref).map { "\($0.id) (first: \(first)): \(shortPrompt($0))" }
        out.paragraph(what ?? "\(ref) (first: \(first))", indent: "      ", firstIndent: "    ")
      }
    }
    if missed.isEmpty, run.endReason == .finished {
      // A pass that completes a session is followed by the completion, which says what comes next.
      let next = sessionCompletedByPass(run, state) == nil ? state.nextSession : nil
      let nextUp = next.map { " Next up: \(quotedTitle($0.title, out.context))." } ?? ""
      if recovered.isEmpty {
        out.line("  Everything right." + nextUp)
      } else if !nextUp.isEmpty {
        out.line(" " + nextUp)
      }
    }
    if let step = checkpointNextStep(run, state) { out.paragraph(step, indent: "  ", firstIndent: "  ") }
  }

  /// Questions right in the end (their last answer) whose first answer in the run was not: each with
  /// how that first answer went (`again`, `hard` for a self-graded card, else its score, `0%`).
  static func rightOnlyAfterAMiss(
    _ run: QuizRun, _ final: [(ref: QuestionRef, outcome: RunOutcome?)], _ catalog: Catalog
  ) -> [(ref: QuestionRef, first: String)] {
    let rightInTheEnd = Set(final.filter { ($0.outcome?.score ?? 0) >= 0.9999 }.map(\.ref))
    var firstAnswer: [QuestionRef: RunOutcome] = [:]
    var order: [QuestionRef] = []
    for (ref, outcome) in zip(run.questions, run.outcomes) {
      guard let outcome, outcome.score != nil, firstAnswer[ref] == nil else { continue }
      firstAnswer[ref] = outcome
      order.append(ref)
    }
    return order.compactMap { ref in
      guard rightInTheEnd.contains(ref), let first = firstAnswer[ref], let score = first.score, score < 0.9999
      else { return nil }
      let selfGraded = catalog.question(ref)?.body.kind.isSelfGraded == true
      let grade = selfGraded ? first.response.flatMap { SelfGrade(typed: $0) }.map(\.rawValue) : nil
      return (ref, grade ?? "\(Int(saturating: (score * 100).rounded()))%")
    }
  }
}
