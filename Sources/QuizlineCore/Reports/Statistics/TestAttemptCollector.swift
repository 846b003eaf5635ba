/// Gathers the class's attempts at each test, profile by profile, keeping only the attempts the
/// ``AttemptChoice`` counts: per attempt, one mark and one response per question of the test.
///
/// An attempt is a quiz run drawn from a bank (`start BANK`) or a session's checkpoint (`quiz
/// SESSION`), not practice, with at least one answer in the report's period, and no longer running
/// (the profile's unfinished run is left out, as Moodle leaves out attempts in progress). Each
/// question's mark is its last answer in the run, after any override; undone answers do not count.
/// A question the run asked and never got an answer to (skipped, or the quiz ended early) scores 0,
/// as in a submitted Moodle attempt; a question it did not ask (`--count`, `--tags`,
/// `--only-missed`) is not part of the attempt, which is then partial.
struct TestAttemptCollector: Sendable {
  struct Key: Hashable, Sendable {
    var kind: TestKind
    var id: String
  }

  struct Test: Sendable {
    var slots: [(ref: QuestionRef, question: Question)]
    var slotIndex: [String: Int]
    var attempts: [TestAttempt] = []
  }

  let catalog: Catalog
  let choice: AttemptChoice
  private(set) var tests: [Key: Test] = [:]

  init(catalog: Catalog, choice: AttemptChoice) {
    self.catalog = catalog
    self.choice = choice
  }

  /// The test's questions in its order, from the catalog; nil when it is not in the catalog.
  private func slots(_ key: Key) -> [(ref: QuestionRef, question: Question)]? {
    switch key.kind {
    case .bank:
      guard let bank = catalog.bank(key.id) else { return nil }
      return bank.questions.map { (QuestionRef(bank: bank.id, question: $0.id), $0) }
    case .checkpoint:
      guard let refs = catalog.session(key.id)?.checkpoint?.questions else { return nil }
      return refs.compactMap { ref in catalog.question(ref).map { (ref, $0) } }
    }
  }

  /// Adds one learner's attempts, from their attempt log (oldest first) with its strings.
  mutating func add(
    _ log: [Attempt], table: StringTable, activeRun: Int?, runQuestions: [Int: [Int32]] = [:]
  ) {
    var order: [Int] = []
    var runs: [Int: (key: Key, attempt: TestAttempt, at: Int64)] = [:]
    for a in log where !a.undone && a.known && !a.practice && a.run != activeRun {
      let kind: TestKind
      switch a.sourceKind {
      case .bank: kind = .bank
      case .checkpoint: kind = .checkpoint
      case .review, .cram, .retry: continue
      }
      let key = Key(kind: kind, id: table[a.sourceID])
      if tests[key] == nil {
        guard let slots = slots(key) else { continue }
        var index: [String: Int] = [:]
        for (k, s) in slots.enumerated() { index[s.ref.description] = k }
        tests[key] = Test(slots: slots, slotIndex: index)
      }
      guard let k = tests[key]!.slotIndex[table[a.question]] else { continue }
      if runs[a.run] == nil {
        let n = tests[key]!.slots.count
        runs[a.run] = (
          key, TestAttempt(marks: Array(repeating: nil, count: n), responses: Array(repeating: nil, count: n)), a.at
        )
        order.append(a.run)
      }
      runs[a.run]!.attempt.marks[k] = a.score
      runs[a.run]!.attempt.responses[k] = table[a.response]
    }
    // A question the run asked but never got an answer to (skipped, or the quiz ended first)
    // scores 0, as in a submitted Moodle attempt; one it did not ask (--count, --tags) is not part
    // of the attempt.
    for run in order {
      guard let asked = runQuestions[run], let test = tests[runs[run]!.key] else { continue }
      for q in asked {
        guard let k = test.slotIndex[table[q]], runs[run]!.attempt.marks[k] == nil else { continue }
        runs[run]!.attempt.marks[k] = 0
      }
    }
    var byTest: [Key: [(attempt: TestAttempt, at: Int64, run: Int)]] = [:]
    var keys: [Key] = []
    for run in order {
      let r = runs[run]!
      if byTest[r.key] == nil { keys.append(r.key) }
      byTest[r.key, default: []].append((r.attempt, r.at, run))
    }
    for key in keys {
      let mine = byTest[key]!.sorted { ($0.at, $0.run) < ($1.at, $1.run) }
      switch choice {
      case .first: tests[key]!.attempts.append(mine.first!.attempt)
      case .last: tests[key]!.attempts.append(mine.last!.attempt)
      case .best:
        var best = mine[0]
        for m in mine.dropFirst() where m.attempt.percent > best.attempt.percent { best = m }
        tests[key]!.attempts.append(best.attempt)
      case .all: tests[key]!.attempts += mine.map(\.attempt)
      }
    }
  }

  /// The statistics of every test with an attempt: banks in catalog order, then checkpoints.
  func statistics() -> ClassStatistics {
    var out: [TestStatistics] = []
    for bank in catalog.banks {
      guard let t = tests[Key(kind: .bank, id: bank.id)], !t.attempts.isEmpty else { continue }
      out.append(
        TestStatisticsBuilder.build(
          kind: .bank, id: bank.id, title: bank.title, questions: t.slots, attempts: t.attempts))
    }
    for session in catalog.sessions {
      guard let t = tests[Key(kind: .checkpoint, id: session.id)], !t.attempts.isEmpty else { continue }
      out.append(
        TestStatisticsBuilder.build(
          kind: .checkpoint, id: session.id, title: session.title, questions: t.slots, attempts: t.attempts))
    }
    return ClassStatistics(choice: choice, tests: out)
  }
}
