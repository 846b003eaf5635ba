/// What a report covers and how much detail it keeps.
public struct ReportOptions: Sendable, Equatable {
  /// First UTC day of the period (`--since`); nil: all history.
  public var sinceDay: Int64?
  /// Keep the attempt log (CSV needs it; it is the only part that grows with the history).
  public var includeAttempts = false
  /// A tag needs this many answers before it can be called weak.
  var minimumTagAnswers = 5
  var weakestTagLimit = 5
  /// Which attempts of each learner the class's test statistics count (`--attempts`).
  public var attemptChoice = AttemptChoice.first

  public init(sinceDay: Int64? = nil, includeAttempts: Bool = false, attemptChoice: AttemptChoice = .first) {
    self.sinceDay = sinceDay
    self.includeAttempts = includeAttempts
    self.attemptChoice = attemptChoice
  }
}

/// One learner's inputs to a report.
public struct ReportInput: Sendable {
  public var profile: String
  public var progress: LearnerProgress
  /// nil: no history was read (the REPL's `progress` screen); score history and the period stay empty.
  public var history: ProfileHistory?
  /// The profile's reviews through the fold (`ProfileReviewHistory`); nil: no scheduler section.
  public var reviews: [ReviewRecord]?

  public init(profile: String, progress: LearnerProgress, history: ProfileHistory?, reviews: [ReviewRecord]? = nil) {
    self.profile = profile
    self.progress = progress
    self.history = history
    self.reviews = reviews
  }
}

/// Builds ``Report`` values: a pure function of the catalog, each learner's progress and history,
/// the clock and the options.
public enum ReportBuilder {
  /// A learner's report, or a class report over several learners (`classReport`).
  public static func build(
    catalog: Catalog, inputs: [ReportInput], now: Timestamp, options: ReportOptions, classReport: Bool = false
  )
    -> Report
  {
    guard classReport else {
      let profiles = inputs.map { profile($0, catalog: catalog, now: now, options: options) }
      return Report(generatedAt: now, sinceDay: options.sinceDay, profiles: profiles, classReport: nil)
    }
    // The class part as `quizline report --all-profiles` builds it, profile by profile; here every
    // profile's whole report is kept.
    var stream = ClassReportStream(catalog: catalog, now: now, options: options)
    let profiles = inputs.map { stream.add($0) }
    var report = stream.finish()
    report.profiles = profiles
    return report
  }

  /// One learner's part.
  public static func profile(_ input: ReportInput, catalog: Catalog, now: Timestamp, options: ReportOptions)
    -> ProfileReport
  {
    let p = input.progress
    let state = AppState(catalog: catalog, progress: p, profile: input.profile)
    let today = now.dayNumber
    let history = input.history
    let due = state.dueCards(at: now)
    // Sums of credit and seconds are taken in key order: a dictionary's order changes from one
    // instance to the next, and a floating-point sum with it (a report of the same files could
    // read 0.6333333333333333 in one run and 0.6333333333333334 in another).
    let byQuestion = p.questions.sorted { $0.key < $1.key }
    let byDay = p.days.sorted { $0.key < $1.key }
    let attempts = byQuestion.reduce(0) { $0 + $1.value.attempts }
    let score = byQuestion.reduce(0) { $0 + $1.value.totalScore }
    let activeDays = p.days.filter { $0.value.answers > 0 }.map(\.key)
    let streaks = Streaks(days: activeDays, today: today)
    let summary = ReportSummary(
      sessionsCompleted: catalog.sessions.filter { p.isCompleted($0.id) }.count, sessionsTotal: catalog.sessions.count,
      questionsAttempted: p.questions.filter { $0.value.attempts > 0 && catalog.question($0.key) != nil }.count,
      questionsTotal: catalog.questionCount, answers: attempts, accuracy: attempts > 0 ? score / Double(attempts) : nil,
      secondsStudied: byDay.reduce(0) { $0 + $1.value.seconds }, streakDays: streaks.current,
      longestStreakDays: streaks.longest,
      lastActiveDay: activeDays.max(), flaggedCount: p.flaggedQuestions.count, dueNow: due.now.count,
      dueToday: due.now.count + due.laterToday,
      newToday: min(state.newCards(at: now).count, state.newCardsLeftToday(at: now)),
      nextReview: Renderer.nextReview(state)?.due, newCardsDoneToday: Renderer.newCardsDoneToday(state, now),
      suspendedCount: p.suspendedQuestions.count)
    var period: PeriodSummary?
    if let since = options.sinceDay {
      let days = byDay.filter { $0.key >= since }.map(\.value)
      let scored = history?.accumulator.days.filter { $0.key >= since }.sorted { $0.key < $1.key }.map(\.value)
      let answers = scored?.reduce(0) { $0 + $1.answers } ?? 0
      period = PeriodSummary(
        fromDay: since, toDay: today, answers: days.reduce(0) { $0 + $1.answers },
        correct: days.reduce(0) { $0 + $1.correct },
        accuracy: answers > 0 ? (scored?.reduce(0.0) { $0 + $1.score } ?? 0) / Double(answers) : nil,
        secondsStudied: days.reduce(0) { $0 + $1.seconds },
        activeDays: days.filter { $0.answers > 0 }.count)
    }
    var report = ProfileReport(
      profile: input.profile, summary: summary, period: period, courses: courses(state), sessions: sessions(catalog, p),
      banks: banks(catalog, p, history, options), weakestTags: weakestTags(catalog, p, options),
      flagged: p.flaggedQuestions.map { label($0, catalog) }, dueNow: due.now.map { label($0, catalog) },
      activity: p.days.filter {
        $0.key >= (options.sinceDay ?? Int64.min) && ($0.value.answers > 0 || $0.value.newCards > 0)
      }
      .sorted { $0.key < $1.key }
      .map {
        DayRow(
          day: $0.key, answers: $0.value.answers, correct: $0.value.correct, seconds: $0.value.seconds,
          newCards: $0.value.newCards)
      },
      questions: questions(catalog, p),
      attempts: options.includeAttempts
        ? AttemptLog(
          table: history?.table ?? StringTable(), attempts: history?.accumulator.countedAttempts ?? [], catalog: catalog
        ) : nil,
      history: history.map {
        HistoryInfo(
          firstSequence: $0.firstSequence, lastSequence: $0.lastSequence, events: $0.eventCount,
          complete: $0.isComplete,
          unreadableLines: $0.badLineCount)
      })
    report.forecast = forecast(state, now: now)
    report.leeches = p.leechQuestions.map {
      LeechRow(question: label($0, catalog), lapses: p.question($0).lapses, suspended: p.question($0).suspended)
    }
    report.scheduler = input.reviews.map { SchedulerReport.build(settings: p.settings, reviews: $0) }
    let checkpoints = checkpointFigures(p)
    for k in report.banks.indices { report.banks[k].checkpoints = checkpoints[report.banks[k].id] }
    return report
  }

  static func courses(_ state: AppState) -> [CourseRow] {
    state.catalog.courses.map { c in
      let (done, total) = state.completion(of: c)
      return CourseRow(id: c.id, title: c.title, completed: done, total: total)
    }
  }

  /// Course sessions in course order (each once), then the rest by id.
  static func sessions(_ catalog: Catalog, _ p: LearnerProgress) -> [SessionRow] {
    var seen = Set<String>()
    var rows: [SessionRow] = []
    func add(_ s: StudySession) {
      guard seen.insert(s.id).inserted else { return }
      let place = catalog.course(containing: s.id)
      rows.append(
        SessionRow(
          id: s.id, title: s.title, course: place?.course.id, position: place.map { $0.index + 1 },
          completedAt: p.sessions[s.id]?.completedAt,
          checkpointQuestions: s.checkpoint?.questions.count ?? 0, passPercent: s.checkpoint?.passPercent,
          bestCheckpointPercent: p.sessions[s.id]?.bestCheckpointPercent))
    }
    for course in catalog.courses { for id in course.sessions { if let s = catalog.session(id) { add(s) } } }
    for s in catalog.sessions { add(s) }
    return rows
  }

  static func banks(_ catalog: Catalog, _ p: LearnerProgress, _ history: ProfileHistory?, _ options: ReportOptions)
    -> [BankRow]
  {
    var perBank: [String: (attempted: Int, answers: Int, score: Double)] = [:]
    for (ref, q) in p.questions.sorted(by: { $0.key < $1.key }) where q.attempts > 0 {
      var t = perBank[ref.bank] ?? (0, 0, 0)
      if catalog.question(ref) != nil { t.attempted += 1 }
      t.answers += q.attempts
      t.score += q.totalScore
      perBank[ref.bank] = t
    }
    return catalog.banks.map { b in
      let t = perBank[b.id] ?? (0, 0, 0)
      var points: [ScorePoint] = []
      if let history, let index = history.table.index(of: b.id) {
        let since = options.sinceDay.map { $0 * 86_400_000_000 } ?? Int64.min
        points = history.accumulator.scoreHistory(bank: index).filter { $0.endedAt >= since }
      }
      return BankRow(
        id: b.id, title: b.title, questions: b.questions.count, questionsAttempted: t.attempted, answers: t.answers,
        accuracy: t.answers > 0 ? t.score / Double(t.answers) : nil, scores: p.bankScores[b.id], scoreHistory: points)
    }
  }

  static func weakestTags(_ catalog: Catalog, _ p: LearnerProgress, _ options: ReportOptions) -> [TagRow] {
    var tags: [String: (questions: Int, answers: Int, score: Double)] = [:]
    for bank in catalog.banks {
      for q in bank.questions {
        guard let progress = p.questions[QuestionRef(bank: bank.id, question: q.id)], progress.attempts > 0 else {
          continue
        }
        for tag in Set(bank.tags + q.tags) {
          var t = tags[tag] ?? (0, 0, 0)
          t.questions += 1
          t.answers += progress.attempts
          t.score += progress.totalScore
          tags[tag] = t
        }
      }
    }
    return tags.filter { $0.value.answers >= options.minimumTagAnswers }
      .map {
        TagRow(
          tag: $0.key, questions: $0.value.questions, answers: $0.value.answers,
          accuracy: $0.value.score / Double($0.value.answers))
      }
      .filter(isWeak)
      .sorted { ($0.accuracy, $0.tag) < ($1.accuracy, $1.tag) }
      .prefix(options.weakestTagLimit).map { $0 }
  }

  static func questions(_ catalog: Catalog, _ p: LearnerProgress) -> [QuestionRow] {
    p.questions.filter { $0.value.attempts > 0 || $0.value.flagged || $0.value.card != nil }.sorted { $0.key < $1.key }
      .map { ref, q in
        QuestionRow(
          ref: ref, title: label(ref, catalog).title, type: catalog.question(ref)?.typeName, attempts: q.attempts,
          correct: q.correct,
          accuracy: q.accuracy, lastScore: q.lastScore, lastAnsweredAt: q.lastAnsweredAt, flagged: q.flagged,
          due: q.card?.due)
      }
  }

  /// A question's reference and title (its title, else the first line of its prompt, cut only past
  /// ``labelLimit`` characters: a report has room; the dashboard shortens it to its width).
  static func label(_ ref: QuestionRef, _ catalog: Catalog) -> QuestionLabel {
    guard let q = catalog.question(ref) else {
      return QuestionLabel(ref: ref, title: "", bankLoaded: catalog.bank(ref.bank) != nil)
    }
    let title = ReportText.firstLine(q.title ?? q.prompt, limit: labelLimit)
    guard mayHoldMedia(q.prompt) else { return QuestionLabel(ref: ref, title: title, images: []) }
    let shown = mayHoldMedia(title) ? Set(InlineMarkup.mediaReferences(title).map(\.source)) : []
    let images = InlineMarkup.mediaReferences(q.prompt).filter { $0.kind == .image && !shown.contains($0.source) }
    return QuestionLabel(ref: ref, title: title, images: images)
  }

  /// False when `text`'s bytes hold neither `![` nor `[sound:`: then it has no media reference
  /// (``InlineMarkup/mediaReferences(_:)`` looks for those characters first, and a text that has
  /// them as characters has them as bytes). Most texts have none, and this byte search costs far
  /// less than the character search (`ReportLabelTests` checks both agree).
  static func mayHoldMedia(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.count >= 2 else { return false }
      for k in 0..<(bytes.count - 1) where bytes[k + 1] == UInt8(ascii: "[") {
        if bytes[k] == UInt8(ascii: "!") { return true }
      }
      let sound = soundOpening
      guard bytes.count >= sound.count else { return false }
      for k in 0...(bytes.count - sound.count) where bytes[k] == UInt8(ascii: "[") {
        if bytes[k..<(k + sound.count)].elementsEqual(sound) { return true }
      }
      return false
    }
  }

  private static let soundOpening = Array("[sound:".utf8)

  static let labelLimit = 240
}

/// Study streaks over the UTC days with answers.
struct Streaks {
  var current = 0
  var longest = 0

  init(days: [Int64], today: Int64) {
    let set = Set(days)
    for d in set where !set.contains(d - 1) {
      var n = 1
      while set.contains(d + Int64(n)) { n += 1 }
      longest = max(longest, n)
    }
    var end = set.contains(today) ? today : today - 1
    while set.contains(end) {
      current += 1
      end -= 1
    }
  }
}
