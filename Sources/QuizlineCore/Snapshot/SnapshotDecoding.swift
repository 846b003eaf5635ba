extension SnapshotCoding {
  /// Why a snapshot could not be used.
  public enum DecodeError: Error, Sendable, Equatable {
    /// Written by a newer quizline: never overwrite it.
    case newerSchema(Int)
    case damaged(String)
  }

  public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> LearnerProgress {
    let doc: JSONDocument
    do {
      doc = try JSONDocument.parse(bytes)
    } catch {
      throw .damaged("not valid JSON: \(error.message)")
    }
    let root = FieldMap(doc.root)
    guard let version = root.value("schemaVersion")?.int else { throw .damaged("no schemaVersion") }
    if version > schemaVersion { throw .newerSchema(version) }
    guard version == schemaVersion else { throw .damaged("unknown schemaVersion \(version)") }
    do {
      return try progress(root)
    } catch {
      throw .damaged(error.message)
    }
  }

  typealias E = EventCoding.DecodeError

  private static func progress(_ root: FieldMap) throws(E) -> LearnerProgress {
    var p = LearnerProgress()
    p.lastSequence = try root.int("lastSequence", in: ProgressLimits.count)
    let importFlags = root.bool(learnerFlagsOnly) != true
    p.countsReviews = root.bool(reviewCounts) == true
    for (k, v) in try members(root, "questions") {
      var q = try question(FieldMap(v))
      // An older quizline flagged every card an Anki import suspended: that flag was not the learner's.
      if importFlags, q.suspended { q.flagged = false }
      p.questions[try ref(k)] = q
    }
    for (k, v) in try members(root, "sessions") { p.sessions[k] = try session(FieldMap(v)) }
    if let v = root.value("activeRun"), v.kind == .object { p.activeRun = try run(FieldMap(v)) }
    for v in root.value("runs")?.elements ?? [] { p.runs.append(try run(FieldMap(v))) }
    for (k, v) in try members(root, "bankScores") { p.bankScores[k] = try scores(FieldMap(v)) }
    for (k, v) in try members(root, "days") {
      guard let t = Timestamp(iso8601: k) else { throw E(message: "bad day \(quoted(k))") }
      p.days[t.dayNumber] = try day(FieldMap(v))
    }
    var steps: [UndoEntry] = []
    for v in root.value("undoStack")?.elements ?? [] { steps.append(try undo(FieldMap(v))) }
    p.ledger.setSteps(steps)
    if let v = root.value("settings"), v.kind == .object { p.settings = try SettingsCoding.decode(FieldMap(v)) }
    try devices(root, into: &p)
    return p
  }

  static func members(_ f: FieldMap, _ key: String) throws(E) -> [(String, JSONValue)] {
    guard let v = f.value(key) else { return [] }
    guard v.kind == .object else { throw E(message: "\"\(key)\" must be an object") }
    return v.members.compactMap { m in m.key.string.map { ($0, m.value) } }
  }

  private static func ref(_ s: String) throws(E) -> QuestionRef {
    guard let r = QuestionRef(s) else { throw E(message: "\(quoted(s)) is not bank/question") }
    return r
  }

  static func time(_ f: FieldMap, _ key: String) throws(E) -> Timestamp? {
    guard let s = try f.optionalString(key) else { return nil }
    guard let t = Timestamp(iso8601: s) else { throw E(message: "\"\(key)\" is not a time: \(quoted(s))") }
    return t
  }

  private static func question(_ f: FieldMap) throws(E) -> QuestionProgress {
    var q = QuestionProgress()
    q.attempts = try f.int("attempts", in: ProgressLimits.count)
    q.correct = try f.int("correct", in: 0...q.attempts)
    q.totalScore = try f.double("totalScore", in: 0...Double(q.attempts))
    q.lastScore = try f.optionalDouble("lastScore", in: ProgressLimits.score)
    q.lastAnsweredAt = try time(f, "lastAnsweredAt")
    q.flagged = f.bool("flagged") ?? false
    q.suspended = f.bool("suspended") ?? false
    if let day = try f.optionalString("buriedUntil") {
      guard let t = Timestamp(iso8601: day + "T00:00:00Z") else {
        throw E(message: "\"buriedUntil\" is not a day: \(quoted(day))")
      }
      q.buriedUntilDay = t.dayNumber
    }
    q.leech = f.bool("leech") ?? false
    q.reps = try f.optionalInt("reps", in: ProgressLimits.count) ?? 0
    q.lapses = try f.optionalInt("lapses", in: 0...q.reps) ?? 0
    q.firstReviewAt = try time(f, "firstReviewAt")
    if let r = try f.optionalString("lastRating") {
      guard let rating = Rating(name: r) else { throw E(message: "unknown lastRating \(quoted(r))") }
      q.lastRating = rating
    }
    if let c = f.value("card"), c.kind == .object { q.card = try card(FieldMap(c)) }
    return q
  }

  private static func card(_ f: FieldMap) throws(E) -> FSRSCard {
    guard let phase = CardPhase.allCases.first(where: { $0.name == (try? f.string("phase")) }) else {
      throw E(message: "bad card phase")
    }
    guard let due = try time(f, "due") else { throw E(message: "card without due") }
    return FSRSCard(
      phase: phase, step: try f.optionalInt("step", in: 0...1000),
      stability: try f.optionalDouble("stability", in: ProgressLimits.stability),
      difficulty: try f.optionalDouble("difficulty", in: ProgressLimits.difficulty),
      due: due, lastReview: try time(f, "lastReview"))
  }

  private static func session(_ f: FieldMap) throws(E) -> SessionProgress {
    SessionProgress(
      completedAt: try time(f, "completedAt"),
      bestCheckpointPercent: try f.optionalInt("bestCheckpointPercent", in: ProgressLimits.percent),
      readAt: try time(f, "readAt"))
  }

  static func run(_ f: FieldMap) throws(E) -> QuizRun {
    guard let source = RunSource(journalText: try f.string("source")) else { throw E(message: "unknown run source") }
    guard let seed = UInt64(try f.string("seed")) else { throw E(message: "bad seed") }
    var hashes: [String: String] = [:]
    for (k, v) in try members(f, "bankHashes") { hashes[k] = v.string ?? "" }
    let questions = try f.strings("questions").map { (s: String) throws(E) -> QuestionRef in try ref(s) }
    let start = RunStart(
      source: source, questions: questions, seed: seed, bankHashes: hashes, practice: f.bool("practice") ?? false,
      certainty: f.bool("certainty") ?? false)
    guard let startedAt = try time(f, "startedAt") else { throw E(message: "run without startedAt") }
    var r = QuizRun(id: try f.int("id", in: ProgressLimits.count), start: start, startedAt: startedAt)
    r.position = try f.int("position", in: ProgressLimits.count)
    let outcomes = f.value("outcomes")?.elements ?? []
    guard outcomes.count == questions.count, r.position >= 0, r.position <= questions.count else {
      throw E(message: "run \(r.id) does not add up")
    }
    r.outcomes = try outcomes.map { (v: JSONValue) throws(E) -> RunOutcome? in
      guard v.kind == .object else { return nil }
      let o = FieldMap(v)
      return RunOutcome(
        score: try o.optionalDouble("score", in: ProgressLimits.score), response: try o.optionalString("response"),
        seconds: try o.double("seconds", in: ProgressLimits.seconds),
        certainty: try o.optionalInt("certainty", in: 1...3))
    }
    r.endedAt = try time(f, "endedAt")
    r.endReason = try f.optionalString("endReason").flatMap(RunEndReason.init(rawValue:))
    return r
  }

  private static func scores(_ f: FieldMap) throws(E) -> ScoreStats {
    let runs = try f.int("runs", in: ProgressLimits.count)
    return ScoreStats(
      runs: runs, best: try f.int("best", in: ProgressLimits.percent),
      last: try f.int("last", in: ProgressLimits.percent),
      totalPercent: try f.int("totalPercent", in: 0...(runs * 100)))
  }

  private static func day(_ f: FieldMap) throws(E) -> DayActivity {
    let answers = try f.int("answers", in: ProgressLimits.count)
    return DayActivity(
      answers: answers, correct: try f.int("correct", in: 0...answers),
      seconds: try f.double("seconds", in: ProgressLimits.total),
      newCards: try f.optionalInt("newCards", in: ProgressLimits.count) ?? 0)
  }

  static func undo(_ f: FieldMap) throws(E) -> UndoEntry {
    var u = UndoEntry(sequence: try f.int("sequence", in: ProgressLimits.count), summary: try f.string("summary"))
    for (k, v) in try members(f, "previousQuestions") {
      u.previousQuestions[try ref(k)] = .some(v.kind == .object ? try question(FieldMap(v)) : nil)
    }
    for (k, v) in try members(f, "previousSessions") {
      u.previousSessions[k] = .some(v.kind == .object ? try session(FieldMap(v)) : nil)
    }
    for (k, v) in try members(f, "previousDays") {
      guard let d = Int64(k) else { throw E(message: "bad day number") }
      u.previousDays[d] = .some(v.kind == .object ? try day(FieldMap(v)) : nil)
    }
    for (k, v) in try members(f, "previousBankScores") {
      u.previousBankScores[k] = .some(v.kind == .object ? try scores(FieldMap(v)) : nil)
    }
    if let r = f.value("previousRun"), r.kind == .object { u.previousRun = try run(FieldMap(r)) }
    if let r = f.value("overriddenRun"), r.kind == .object { u.overriddenRun = try run(FieldMap(r)) }
    if let p = f.value("previousParameters"), p.kind == .object {
      let weights = try EventPayload.decodeWeights(FieldMap(p))
      var fit: ParameterFit?
      if let v = FieldMap(p).value("parameterFit"), v.kind == .object { fit = try ParameterFit.decode(FieldMap(v)) }
      u.previousParameters = ParameterState(weights: weights, fit: fit)
    }
    return u
  }
}
