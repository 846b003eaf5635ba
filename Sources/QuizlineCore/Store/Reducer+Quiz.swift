extension Reducer {
  /// A line typed inside a quiz: a quiz command, an answer, a line of an open answer, or a self-grade.
  static func reduceQuizLine(_ state: inout AppState, _ raw: String, _ context: inout Context) -> Reduction {
    if let run = state.progress.activeRun, run.isAtEnd {
      // The run's end was not recorded (a failed save): record it now.
      state.quiz = nil
      state.display = [.runSummary(runID: run.id)]
      return Reduction(events: [.runEnded(run: run.id, reason: .finished)])
    }
    guard let run = state.progress.activeRun, let stage = state.quiz, let (ref, question) = state.currentQuestion else {
      state.quiz = nil
      return fail(&state, "there is no quiz in progress", hint: "Type start BANK to begin one.")
    }
    var line = raw.trimmingSpaces
    if case .writing(let shownAt, let lines) = stage {
      if line.isEmpty {
        guard !lines.isEmpty else {
          state.display = [.notice("Write your answer first (an empty line ends it), or type skip.")]
          return Reduction()
        }
        let written = lines.joined(separator: "\n")
        state.quiz = .openGrading(shownAt: shownAt, written: written)
        state.display = [.modelAnswer(ref, written: written)]
        return Reduction()
      }
      if !lines.isEmpty || !isQuizCommand(line) {
        state.quiz = .writing(shownAt: shownAt, lines: lines + [raw.trimmingTrailingSpaces()])
        return Reduction()
      }
    }
    if line.isEmpty {
      if case .asking(let shownAt) = stage, case .flashcard = question.body {
        state.quiz = .flashcardBack(shownAt: shownAt)
        state.display = [.flashcardBack(ref)]
      } else if case .asking = stage {
        // Enter on an empty answer line means nothing else: show the question again (as `again`).
        state.display = [.currentQuestion]
      } else {
        state.display = [.notice(reminder(for: stage, question))]
      }
      return Reduction()
    }
    // At a self-grade, `again` is the grade, not the command that shows the question again.
    var isGrade = false
    if case .flashcardBack = stage { isGrade = SelfGrade(typed: line) != nil }
    if case .openGrading = stage { isGrade = SelfGrade(typed: line) != nil }
    if line.hasPrefix("=") {
      line = String(line.dropFirst()).trimmingSpaces
    } else if !isGrade, isQuizCommand(line) {
      switch decode(&state, line, in: .quiz) {
      case .failure(let refusal): return refusal.reduction
      case .success(nil): return Reduction()
      case .success(let (spec, command)?):
        return quizCommand(&state, spec, command, run: run, ref: ref, question: question, context)
      }
    }
    switch (stage, question.body) {
    case (.asking(let shownAt), .flashcard):
      state.quiz = .flashcardBack(shownAt: shownAt)
      state.display = [.flashcardBack(ref, guess: line)]
      return Reduction()
    case (.asking(let shownAt), .openEnded):
      // `line` has the leading `=` removed, if the learner used it to start with a command word.
      state.quiz = .writing(shownAt: shownAt, lines: [line])
      return Reduction()
    case (.certainty(_, let typed), _):
      guard let level = Int(line), (1...3).contains(level) else {
        return fail(
          &state, "\(quoted(line)) is not a certainty", hint: "Type 1 (not sure), 2 (fairly sure) or 3 (very sure).")
      }
      guard case .success(let response) = AnswerParser.parse(typed, for: question) else { return Reduction() }
      return record(&state, response, run: run, ref: ref, question: question, context, certainty: level)
    case (.flashcardBack, _), (.openGrading, _):
      guard let grade = SelfGrade(typed: line) else {
        return fail(&state, "\(quoted(line)) is not a grade", hint: "Type again, hard, good or easy (or 1-4).")
      }
      var written: String?
      if case .openGrading(_, let w) = stage { written = w }
      return record(&state, .selfGraded(grade, written: written), run: run, ref: ref, question: question, context)
    default:
      switch AnswerParser.parse(line, for: question) {
      case .failure(let error):
        if let word = ReplCommands.tokenize(line).first?.lowercased(),
          ReplCommands.parser(for: .home).command(named: word) != nil
        {
          return fail(
            &state, "\(word) cannot be used during a quiz",
            hint: "Type end to finish the quiz first, or quit to leave and resume later.")
        }
        return fail(
          &state, error.message, hint: AnswerParser.syntaxHint(for: question) + " " + quizCommandsHint(question))
      case .success(let response):
        if run.start.certainty {
          state.quiz = .certainty(shownAt: stage.shownAt, answer: line)
          state.display = [.notice("How sure are you? 1 not sure, 2 fairly sure, 3 very sure.")]
          return Reduction()
        }
        return record(&state, response, run: run, ref: ref, question: question, context)
      }
    }
  }

  /// The quiz commands an error line advertises: `hint` only when the question has one.
  static func quizCommandsHint(_ question: Question) -> String {
    question.hint == nil ? "Or skip, flag, end, help." : "Or skip, hint, flag, end, help."
  }

  private static func isQuizCommand(_ line: String) -> Bool {
    let words = ReplCommands.tokenize(line)
    guard let word = words.first else { return false }
    // "override setUp", "edit distance" and "play the piano" are answers; only `override` (or `!`)
    // alone overrules a mark, only `edit` alone opens the question in the editor, and only `play`
    // or `open` alone plays or opens the card's media.
    if words.count > 1, let name = ReplCommands.parser(for: .quiz).command(named: word.lowercased())?.name,
      ["override", "edit", "play", "open"].contains(name)
    {
      return false
    }
    return ReplCommands.parser(for: .quiz).command(named: word.lowercased()) != nil
  }

  private static func reminder(for stage: QuizStage, _ question: Question) -> String {
    switch stage {
    case .flashcardBack, .openGrading: "Grade yourself: again, hard, good or easy."
    case .certainty: "Type 1 (not sure), 2 (fairly sure) or 3 (very sure)."
    default: AnswerParser.syntaxHint(for: question)
    }
  }

  /// Grades and records an answer, then moves on to the next question or ends the run.
  private static func record(
    _ state: inout AppState, _ response: Response, run: QuizRun, ref: QuestionRef, question: Question,
    _ context: Context,
    certainty: Int? = nil
  ) -> Reduction {
    let grade = Grader.grade(response, for: question, typoTolerance: state.progress.settings.typoTolerance)
    // Milliseconds, as the journal writes them, so replay applies exactly what was applied live.
    let elapsed =
      Double(context.now.microseconds - (state.quiz?.shownAt.microseconds ?? context.now.microseconds)) / 1e6
    let seconds = (min(600, max(0, elapsed)) * 1000).rounded() / 1000
    var selfGrade: SelfGrade?
    var rating: Rating?
    var written: String?
    if case .selfGraded(let g, let text) = response {
      selfGrade = g
      written = text
      rating = Rating(name: g.rawValue)
    } else {
      rating = state.progress.settings.rating(score: grade.score, seconds: seconds, certainty: certainty)
    }
    if run.start.practice { rating = nil }
    let card = state.progress.questions[ref]?.card
    let skipsSteps = state.progress.settings.skipsLearningSteps(
      rating: rating, selfGraded: selfGrade != nil, card: card)
    let days = state.balancedDays(
      question: ref, card: card, rating: rating, at: context.now, sequence: state.progress.lastSequence + 1,
      skippingLearningSteps: skipsSteps)
    let answer = AnswerRecord(
      run: run.id, question: ref, response: response.typed, score: grade.score, seconds: seconds, selfGrade: selfGrade,
      certainty: certainty, rating: rating, written: written, skipsLearningSteps: skipsSteps, scheduledDays: days)
    let feedback = Feedback(
      question: ref, typed: response.typed, grade: grade, certainty: certainty, practice: run.start.practice)
    state.display = [.feedback(feedback)]
    return Reduction(events: [.answered(answer)], settle: .moveOn)
  }

  private static func quizCommand(
    _ state: inout AppState, _ spec: ReplCommandSpec, _ command: ReplCommand, run: QuizRun, ref: QuestionRef,
    question: Question, _ context: Context
  ) -> Reduction {
    switch command {
    case .skip:
      state.display = [.notice("Skipped.")]
      return Reduction(events: [.skipped(run: run.id, question: ref)], settle: .moveOn)
    case .hint:
      guard let hint = question.hint else {
        return fail(&state, "this question has no hint", hint: AnswerParser.syntaxHint(for: question))
      }
      state.display = [.hint(hint)]
    case .flag:
      let on = !state.progress.question(ref).flagged
      state.display = [.flagToggled(ref, on: on)]
      return Reduction(events: [.flagged(question: ref, on: on)])
    case .back:
      guard run.position > 0 else {
        return fail(
          &state, "this is the first question; there is no earlier feedback",
          hint: AnswerParser.syntaxHint(for: question))
      }
      let previousRef = run.questions[run.position - 1]
      guard let outcome = run.outcomes[run.position - 1], let typed = outcome.response,
        let previous = state.catalog.question(previousRef)
      else {
        state.display = [.notice("You skipped the previous question (\(previousRef))."), .currentQuestion]
        return Reduction()
      }
      let grade: Grade
      if let g = SelfGrade(typed: typed), previous.body.kind.isSelfGraded {
        grade = Grade(score: g.score)
      } else if case .success(let response) = AnswerParser.parse(typed, for: previous) {
        grade = Grader.grade(response, for: previous, typoTolerance: state.progress.settings.typoTolerance)
      } else {
        grade = Grade(score: outcome.score ?? 0)
      }
      state.display = [
        .feedback(Feedback(question: previousRef, typed: typed, grade: grade, recorded: false)), .currentQuestion,
      ]
    case .end:
      state.quiz = nil
      state.display = [.runSummary(runID: run.id)]
      return Reduction(events: [.runEnded(run: run.id, reason: .ended)])
    case .help(let topic):
      if let topic, ReplCommands.parser(for: .quiz).command(named: topic) == nil,
        ReplCommands.parser(for: .home).command(named: topic) == nil
      {
        return fail(
          &state, "help: there is no command \(quotedArg(topic))", hint: "Type help to see the quiz commands.")
      }
      state.display = [.help(command: topic, context: .quiz)]
    case .status: state.display = [.status]
    case .again: state.display = [.currentQuestion]
    case .clear: state.display = [.clearScreen, .currentQuestion]
    case .undo: return undo(&state, context)
    case .override: return overrule(&state)
    case .edit: return edit(&state, target: nil)
    case .info(let card): return info(&state, card: card)
    case .play: return media(&state, card: nil, open: false)
    case .openMedia: return media(&state, card: nil, open: true)
    case .quit:
      state.quitRequested = true
      state.display = [.notice("Your place in this quiz is saved: type resume next time."), .goodbye]
    default:
      return fail(&state, "\(spec.name) cannot be used during a quiz", hint: "Type end to finish the quiz first.")
    }
    return Reduction()
  }
}
