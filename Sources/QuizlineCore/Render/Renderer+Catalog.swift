extension Renderer {
  static func renderWelcome(_ state: AppState, _ out: inout Output) {
    let s = out.context.style
    let c = state.catalog
    let done = c.sessions.filter { state.progress.isCompleted($0.id) }.count
    out.line(
      s.paint("quizline \(out.context.version)", .bold)
        + "\(s.dot)profile \(safe(state.profile, out.context))\(s.dot)\(count(c.banks.count, "bank")), \(count(c.sessions.count, "session"))\(s.dot)\(done)/\(c.sessions.count) completed"
    )
    let outlook = ReviewOutlook(state, out.context.now)
    if let due = dueLine(state, out.context.now, outlook) {
      out.paragraph("Reviews: \(due). Type review to start.")
    } else if let unlock = readFirstLine(state, out.context.now, outlook) {
      out.paragraph("Reviews: \(unlock).")
    }
    if c.isEmpty {
      out.paragraph(
        "The quizzes folder has no banks or sessions. Add some (see ARCHITECTURE.md) or start quizline with --quizzes DIR."
      )
    }
    if state.readOnly {
      out.paragraph(
        "read-only: you can read sessions and look at your progress; quizzes and changes need the profile to yourself.")
    }
    if state.loadErrorCount > 0 {
      out.paragraph(
        "note: \(count(state.loadErrorCount, "problem")) in the quizzes folder; those parts are left out. Run quizline check to see them."
      )
    }
    if let run = state.progress.activeRun {
      let unloaded = state.unloadedBanks(of: run)
      let how =
        unloaded.isEmpty
        ? "Type resume to continue."
        : "It is kept, but \(AppState.bankList(unloaded)) not loaded: start quizline with the folder that holds it (--quizzes DIR) to resume it."
      out.paragraph(
        "You have an unfinished quiz on \(run.start.source.label) (\(run.position) of \(run.questions.count) done). \(how)"
      )
    }
    if let next = state.nextSession {
      var place = ""
      if let (course, index) = c.course(containing: next.id) {
        place = "session \(index + 1) of \(course.sessions.count), "
      }
      out.paragraph(
        "Next up: \(quotedTitle(next.title, out.context)) (\(place)~\(next.estimatedMinutes) min). Type next to read it, help for commands."
      )
    } else if !c.sessions.isEmpty {
      out.paragraph("Every study session is completed. Type list to see your scores, help for commands.")
    } else {
      out.paragraph("Type list to see the banks, help for commands.")
    }
  }

  static func renderHelp(_ command: String?, _ context: ReplContext, _ out: inout Output) {
    if let command, let spec = ReplCommands.all.first(where: { $0.name == command || $0.aliases.contains(command) }) {
      out.line("usage: \(spec.usage)")
      out.paragraph(spec.abstract.prefix(1).uppercased() + spec.abstract.dropFirst() + ".", indent: "  ")
      // Descriptions start in column 26 when that leaves room; a narrow terminal moves them as
      // far left as the option names allow, or under the name, so words are never cut.
      let widest = spec.options.map { TextWrap.displayWidth($0.synopsis) }.max() ?? 0
      let column = out.context.width - 26 >= 30 ? 26 : min(26, widest + 4)
      for o in spec.options {
        if out.context.width - column < 20 {
          out.line("  " + o.synopsis)
          out.paragraph(o.help, indent: "      ")
        } else {
          out.paragraph(
            o.help, indent: String(repeating: " ", count: column),
            firstIndent: TextWrap.pad("  " + o.synopsis, to: column))
        }
      }
      for line in spec.details { out.line(line) }
      return
    }
    let commands = ReplCommands.commands(in: context)
    if context == .quiz {
      out.paragraph(
        "Answer by typing it: a letter (b), letters (a,c), true/false, a word, a number, pairs (1c 2a), an order (c a b), or gaps (x | y). Start with = to answer with a word that is also a command."
      )
    }
    out.line(context == .quiz ? "Quiz commands:" : "Commands:")
    let width = min(24, (commands.map { TextWrap.displayWidth($0.usage) }.max() ?? 0) + 4)
    for c in commands {
      let head = "  " + c.usage
      if TextWrap.displayWidth(head) + 2 > width {
        out.line(head)
        out.paragraph(c.abstract, indent: String(repeating: " ", count: width))
      } else {
        out.paragraph(
          c.abstract, indent: String(repeating: " ", count: width), firstIndent: TextWrap.pad(head, to: width))
      }
    }
    out.line("Type help COMMAND for its options. TAB completes commands, banks and sessions.")
  }

  static func renderList(_ state: AppState, _ out: inout Output) {
    let s = out.context.style
    let c = state.catalog
    if c.isEmpty {
      out.line("No banks, sessions or courses found.")
      return
    }
    var listed = Set<String>()
    for course in c.courses {
      let (done, total) = state.completion(of: course)
      out.line(
        s.paint("Course \(quotedTitle(course.title, out.context))", .bold) + "  "
          + s.bar(Double(done) / Double(max(1, total)), width: 14) + "  \(done)/\(total) sessions")
      for id in course.sessions {
        guard let session = c.session(id) else { continue }
        listed.insert(id)
        sessionRow(session, state, &out)
      }
    }
    let others = c.sessions.filter { !listed.contains($0.id) }
    if !others.isEmpty {
      out.line(s.paint("Study sessions", .bold))
      for session in others { sessionRow(session, state, &out) }
    }
    if !c.banks.isEmpty {
      out.line(s.paint("Banks", .bold))
      let idWidth = min(28, (c.banks.map { TextWrap.displayWidth($0.id) }.max() ?? 0) + 2)
      let checkpoints = ReportBuilder.checkpointFigures(state.progress)
      for bank in c.banks {
        let answered = bank.questions.contains {
          state.progress.questions[QuestionRef(bank: bank.id, question: $0.id)]?.attempts ?? 0 > 0
        }
        let record = ReportText.bankRecord(
          state.scores(ofBank: bank.id), checkpoints: checkpoints[bank.id], answered: answered,
          never: "not taken yet", dot: s.dot)
        let detail = count(bank.questions.count, "question") + s.dot + record
        out.paragraph(
          "\(safe(bank.title, out.context)): \(detail)", indent: String(repeating: " ", count: idWidth + 2),
          firstIndent: TextWrap.pad("  " + bank.id, to: idWidth + 2))
      }
    }
  }

  private static func sessionRow(_ session: StudySession, _ state: AppState, _ out: inout Output) {
    let s = out.context.style
    let p = state.progress.sessions[session.id]
    let mark = p?.completedAt != nil ? s.paint(s.doneMark, .good) : s.todoMark
    var detail: String
    if let at = p?.completedAt {
      detail = "completed \(at.isoDate)"
    } else {
      detail = "~\(session.estimatedMinutes) min"
      if let cp = session.checkpoint { detail += "\(s.dot)checkpoint \(cp.questions.count)" }
    }
    if let best = p?.bestCheckpointPercent { detail += "\(s.dot)best \(best)%" }
    out.paragraph(
      "\(safe(session.title, out.context))\(s.dot)\(detail)", indent: "        ",
      firstIndent: "  \(mark) \(safe(session.id, out.context)): ")
  }

  static func renderSearch(_ query: String, _ state: AppState, _ out: inout Output) {
    let needle = query.lowercased()
    var hits: [String] = []
    for session in state.catalog.sessions {
      let body = session.body.flatMap(\.texts).joined(separator: " ")
      if session.title.lowercased().contains(needle) || body.lowercased().contains(needle) {
        hits.append("session \(session.id): \(session.title)")
      }
    }
    for bank in state.catalog.banks {
      for q in bank.questions {
        guard let field = SearchFields.match(q, needle) else { continue }
        // A match outside the prompt says where it is, so the line's prompt does not puzzle.
        let place = field == "prompt" ? "" : " (in the \(field))"
        hits.append("\(bank.id)/\(q.id)\(place): \(shortPrompt(q))")
      }
    }
    if hits.isEmpty {
      out.paragraph("Nothing matches \(quoted(query, limit: 60)).")
      return
    }
    out.line("\(count(hits.count, "match", "matches")) for \(quoted(query, limit: 60)):")
    for hit in hits.prefix(30) { out.paragraph(hit, indent: "      ", firstIndent: "  ") }
    if hits.count > 30 { out.line("  \(out.context.style.ellipsis) and \(hits.count - 30) more; narrow the search.") }
  }

  static func renderSession(_ id: String, _ state: AppState, _ out: inout Output) {
    guard let session = state.catalog.session(id) else { return }
    let s = out.context.style
    var detail = "~\(session.estimatedMinutes) min"
    if let (course, index) = state.catalog.course(containing: id) {
      detail = "session \(index + 1)/\(course.sessions.count)\(s.dot)" + detail
    }
    let completedAt = state.progress.sessions[id]?.completedAt
    let status =
      completedAt.map { s.paint(s.doneMark + " completed on \($0.isoDate)", .good) } ?? (s.todoMark + " not completed")
    out.line()
    out.header(safe(session.title, out.context), detail: detail + s.dot + status)
    out.line(s.paint("Objectives", .bold))
    for o in session.objectives { out.paragraph(o, indent: "    ", firstIndent: "  \(s.bullet) ") }
    out.line()
    let count = session.sections.count
    if count > 1 {
      out.paragraph("\(count) sections; to read one at a time, type read \(id) 1 (up to \(count)).")
      out.line()
    }
    renderBody(session.body, &out)
    renderSessionEnd(session, state, &out)
  }

  /// Key terms, the checkpoint and how the session is completed.
  static func renderSessionEnd(_ session: StudySession, _ state: AppState, _ out: inout Output) {
    let s = out.context.style
    let id = session.id
    let completedAt = state.progress.sessions[id]?.completedAt
    if !session.keyTerms.isEmpty {
      out.line(s.paint("Key terms", .bold))
      for t in session.keyTerms {
        out.paragraph("\(t.term): \(t.definition)", indent: "    ", firstIndent: "  \(s.bullet) ")
      }
      out.line()
    }
    if let cp = session.checkpoint {
      let best = state.progress.sessions[id]?.bestCheckpointPercent.map { ", best so far \($0)%" } ?? ""
      out.paragraph(
        "Checkpoint: \(count(cp.questions.count, "question")), pass mark \(cp.passPercent)%\(best). Type quiz \(id) when ready."
      )
    }
    if completedAt == nil {
      if session.completion == .checkpoint && session.checkpoint != nil {
        out.paragraph("This session is completed by passing its checkpoint.")
      } else {
        out.paragraph("Type complete \(id) when you have studied it.")
      }
    }
  }

  static func renderStatus(_ state: AppState, _ out: inout Output) {
    let s = out.context.style
    let c = state.catalog
    let p = state.progress
    let done = c.sessions.filter { p.isCompleted($0.id) }.count
    out.line(s.paint("Status\(s.dot)profile \(safe(state.profile, out.context))", .bold))
    out.field(
      "Sessions completed",
      "\(s.bar(Double(done) / Double(max(1, c.sessions.count)), width: 14)) \(done)/\(c.sessions.count)")
    for course in c.courses {
      let (d, t) = state.completion(of: course)
      out.paragraph("\(course.title): \(d)/\(t)", indent: "      ", firstIndent: "    ")
    }
    let attempted = Set(p.questions.filter { $0.value.attempts > 0 && c.bank($0.key.bank) != nil }.map(\.key.bank))
    out.field("Banks attempted", "\(attempted.count)/\(c.banks.count)")
    let attempts = p.questions.values.reduce(0) { $0 + $1.attempts }
    let score = p.questions.values.reduce(0) { $0 + $1.totalScore }
    let accuracy =
      attempts > 0
      ? "\(Int(saturating: (score / Double(attempts) * 100).rounded()))% over \(count(attempts, "answer"))"
      : "no answers yet"
    out.field("Accuracy", accuracy)
    let studied = p.days.values.reduce(0) { $0 + $1.seconds }
    out.field("Time answering", formatDuration(studied))
    out.field("Flagged", count(p.flaggedQuestions.count, "question"))
    let suspended = p.suspendedQuestions.count
    if suspended > 0 { out.field("Suspended", suspendedText(suspended)) }
    let buried = p.questions.values.count { $0.isBuried(at: out.context.now) && !$0.suspended }
    if buried > 0 { out.field("Buried", count(buried, "question") + " (back tomorrow, or `unbury`)") }
    let leeches = p.leechQuestions.count
    if leeches > 0 { out.field("Leeches", leechText(leeches)) }
    out.field("Reviews", reviewsLine(state, out.context.now))
    if p.settings.parameterFit != nil { out.field("Scheduler", parameterSummary(p.settings, arrow: s.arrow)) }
    let orphans = state.orphanedQuestionCount
    if orphans > 0 {
      out.field(
        "Orphaned", "\(count(orphans, "question")) kept (no longer in \(orphans == 1 ? "its bank" : "their banks"))")
    }
    let unloaded = state.unloadedProgress
    if unloaded.questions > 0 {
      out.field(
        "Not loaded",
        "\(count(unloaded.questions, "question")) of \(count(unloaded.banks, "bank")) not in the quizzes folders (kept)"
      )
    }
    if let run = p.activeRun {
      let missing = state.unloadedBanks(of: run)
      let how =
        !missing.isEmpty ? " (\(AppState.bankList(missing)) not loaded)" : state.quiz == nil ? " (type resume)" : ""
      out.field(
        "Current quiz",
        "\(safe(run.start.source.label, out.context)), \(run.position)/\(run.questions.count) done" + how)
    } else {
      out.field("Current quiz", "none")
    }
  }

  /// `2 questions (not reviewed until `unsuspend`)`, for `status` and `progress`.
  static func suspendedText(_ n: Int) -> String {
    count(n, "question") + " (not reviewed until `unsuspend`)"
  }

  /// `2 questions (failed again and again: cards is:leech lists them)`, for `status` and `progress`.
  static func leechText(_ n: Int) -> String {
    count(n, "question") + " (failed again and again: cards is:leech lists them)"
  }

  /// `1 bank`, `3 banks`.
  public static func count(_ n: Int, _ word: String, _ plural: String? = nil) -> String {
    "\(n) " + (n == 1 ? word : (plural ?? word + "s"))
  }
}
