/// Builds a class report (`--all-profiles`) one profile at a time, so memory stays flat however
/// many profiles the class has.
///
/// ``add(_:)`` builds a learner's ``ProfileReport`` and hands it back to be written out at once
/// (the JSON form's profile objects, the CSV rows: `ClassReportWriter`); the learner's progress and
/// history can go as soon as it returns. Only what the finished report needs is kept: each
/// profile's row (``ProfileReport/classRow``), the class totals, and per question of the catalog
/// the item-analysis counters: learners, summed first-answer credit, answers, and the first answers
/// chosen (grouped by text). Discrimination ranks learners by their total first-answer credit, which
/// is known only at the end, so each learner's first-answer credits are kept as (question, credit)
/// pairs: 16 bytes a question answered.
///
/// Sums are taken in the order `ReportBuilder` always took them (profiles in the order given,
/// ranked learners in rank order), so the report is the same, bit for bit, as one built from every
/// profile at once (tested against that builder, in every format).
public struct ClassReportStream: Sendable {
  public let catalog: Catalog
  public let now: Timestamp
  public let options: ReportOptions
  /// Each profile's row, in the order added.
  private var rows: [ProfileReport] = []
  private var answers = 0
  private var credit = 0.0
  private var seconds = 0.0
  private var sessionsCompleted = 0
  /// The catalog's questions in bank order, and their index by reference text.
  private let refs: [QuestionRef]
  private let index: [String: Int32]
  private var items: [ItemCounter]
  /// Learners with a first answer in the period (to any question, in the catalog or not).
  private var learners: [RankedLearner] = []
  /// Each test's counted attempts (Moodle's quiz statistics).
  private var tests: TestAttemptCollector

  public init(catalog: Catalog, now: Timestamp, options: ReportOptions) {
    self.catalog = catalog
    self.now = now
    self.options = options
    var refs: [QuestionRef] = []
    var index: [String: Int32] = [:]
    for bank in catalog.banks {
      for q in bank.questions {
        let ref = QuestionRef(bank: bank.id, question: q.id)
        index[ref.description] = Int32(refs.count)
        refs.append(ref)
      }
    }
    self.refs = refs
    self.index = index
    items = Array(repeating: ItemCounter(), count: refs.count)
    tests = TestAttemptCollector(catalog: catalog, choice: options.attemptChoice)
  }

  /// Profiles added so far.
  public var count: Int { rows.count }

  /// Counts one learner and returns their report (with everything, for the formats that show it).
  public mutating func add(_ input: ReportInput) -> ProfileReport {
    let report = ReportBuilder.profile(input, catalog: catalog, now: now, options: options)
    let counted = report.counted
    answers += counted.answers
    credit += (counted.accuracy ?? 0) * Double(counted.answers)
    seconds += counted.secondsStudied
    sessionsCompleted += report.summary.sessionsCompleted
    rows.append(report.classRow)
    guard let h = input.history else { return report }
    tests.add(h.accumulator.countedAttempts, table: h.table, activeRun: input.progress.activeRun?.id)
    var learner = RankedLearner(profile: input.profile)
    var any = false
    for (q, f) in h.accumulator.firstAnswers.sorted(by: { $0.key < $1.key }) {
      any = true
      learner.total += f.score
      guard let k = index[h.table[q]] else { continue }
      learner.firsts.append((k, f.score))
      items[Int(k)].add(first: f.score, response: h.table[f.response])
    }
    for (q, n) in h.accumulator.answerCounts where n > 0 {
      guard let k = index[h.table[q]] else { continue }
      items[Int(k)].answers = (items[Int(k)].answers ?? 0) + n
    }
    if any { learners.append(learner) }
    return report
  }

  /// The report: every profile's row and the class part.
  public func finish() -> Report {
    let ranked = learners.sorted { (-$0.total, $0.profile) < (-$1.total, $1.profile) }
    let third = ranked.count / 3
    var upper = Array(repeating: GroupMean(), count: refs.count)
    var lower = upper
    if third > 0 {
      for learner in ranked.prefix(third) { for (k, score) in learner.firsts { upper[Int(k)].add(score) } }
      for learner in ranked.suffix(third) { for (k, score) in learner.firsts { lower[Int(k)].add(score) } }
    }
    var analysis: [ItemAnalysis] = []
    for (k, ref) in refs.enumerated() {
      let counter = items[k]
      guard counter.learners > 0, let q = catalog.question(ref) else { continue }
      var discrimination: Double?
      if let u = upper[k].mean, let l = lower[k].mean { discrimination = u - l }
      let groups = counter.responses.map { (response: $0.key, count: $0.value.count, score: $0.value.score) }
      var item = ItemAnalysis(
        ref: ref, title: Renderer.shortPrompt(q), type: q.typeName, learners: counter.learners,
        answers: counter.answers ?? counter.learners, facility: counter.credit / Double(counter.learners),
        discrimination: discrimination, options: ItemAnalysisBuilder.optionCounts(q, groups), responses: [], flags: [])
      if item.options.isEmpty { item.responses = ItemAnalysisBuilder.topResponses(groups) }
      item.flags = ItemAnalysisBuilder.flags(item, options)
      analysis.append(item)
    }
    let totals = ClassTotals(
      profiles: rows.count, activeLearners: ranked.count, sessionsCompleted: sessionsCompleted, answers: answers,
      accuracy: answers > 0 ? credit / Double(answers) : nil, secondsStudied: seconds)
    return Report(
      generatedAt: now, sinceDay: options.sinceDay, profiles: rows,
      classReport: ClassReport(totals: totals, items: analysis, statistics: tests.statistics()))
  }
}

/// One question's item-analysis counters, summed in the order profiles come.
struct ItemCounter: Sendable {
  /// Learners with a first answer to it, and the sum of those answers' credit.
  var learners = 0
  var credit = 0.0
  /// All answers to it in the period (nil: no learner has a counted one).
  var answers: Int?
  /// The first answers by text: how many learners chose each, and their summed credit.
  var responses: [String: (count: Int, score: Double)] = [:]

  mutating func add(first score: Double, response: String) {
    learners += 1
    credit += score
    var g = responses[response] ?? (0, 0)
    g.count += 1
    g.score += score
    responses[response] = g
  }
}

/// A learner as discrimination ranks them: by the total credit of their first answers.
struct RankedLearner: Sendable {
  var profile: String
  var total = 0.0
  /// First answers to the catalog's questions: the question's index and the credit.
  var firsts: [(Int32, Double)] = []
}

/// A mean over a group of learners, summed in rank order.
struct GroupMean: Sendable {
  var count = 0
  var sum = 0.0

  mutating func add(_ score: Double) {
    count += 1
    sum += score
  }

  var mean: Double? { count == 0 ? nil : sum / Double(count) }
}

extension ProfileReport {
  /// What a class report keeps of a profile once it is written out: its name, summary and period
  /// (the profile table's row); everything else empty.
  var classRow: ProfileReport {
    ProfileReport(
      profile: profile, summary: summary, period: period, courses: [], sessions: [], banks: [], weakestTags: [],
      flagged: [], dueNow: [], activity: [], questions: [], attempts: nil, history: nil)
  }
}
