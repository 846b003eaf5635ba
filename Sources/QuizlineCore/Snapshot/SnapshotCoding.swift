/// The progress snapshot file: the derived ``LearnerProgress`` as pretty-printed JSON with sorted
/// keys, its `schemaVersion`, and the last event sequence it includes.

public enum SnapshotCoding {
  public static let schemaVersion = 1

  /// Root key written as `true`: every `flagged` in the file is the learner's own. Snapshots written
  /// before it was added lack it; in those, an Anki import had flagged each card it suspended, so a
  /// question both suspended and flagged there is read unflagged (a flag the learner set on such a
  /// card before that import is lost with it; the journal's events no longer flag on replay).
  static let learnerFlagsOnly = "learnerFlagsOnly"
  /// Root key written as `true`: the questions' `reps`, `lapses`, `firstReviewAt` and `lastRating`
  /// count every review. A snapshot written before they were kept lacks it (and them): its progress
  /// is read with ``LearnerProgress/countsReviews`` false, and a per-device profile folds its logs again.
  static let reviewCounts = "reviewCounts"

  public static func encode(_ progress: LearnerProgress, writtenAt: Timestamp) -> String {
    String(decoding: encodedBytes(progress, writtenAt: writtenAt), as: UTF8.self)
  }

  /// The snapshot file's bytes: the root's members with keys sorted, pretty-printed, a newline at the end.
  /// Written as made: each question's value is built, written and let go in turn, so that no tree of
  /// the whole progress (nor a sorted copy of it, nor a `String` of the file) is held.
  public static func encodedBytes(_ progress: LearnerProgress, writtenAt: Timestamp) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(4096 + 512 * progress.questions.count)
    write(progress, writtenAt: writtenAt, to: &out) { _ in }
    return out
  }

  /// The bytes of ``encodedBytes(_:writtenAt:)`` handed to `emit` in pieces of about `chunkBytes` (the
  /// last one shorter), in order: their concatenation is the file, byte for byte. Only one piece is held
  /// at a time, so that a large progress's snapshot is never one buffer in memory (issue 36).
  public static func encodedChunks(
    _ progress: LearnerProgress, writtenAt: Timestamp, chunkBytes: Int = 1 << 20, emit: ([UInt8]) -> Void
  ) {
    var out: [UInt8] = []
    out.reserveCapacity(chunkBytes + 4096)
    write(progress, writtenAt: writtenAt, to: &out) { piece in
      guard piece.count >= chunkBytes else { return }
      emit(piece)
      piece.removeAll(keepingCapacity: true)
    }
    emit(out)
  }

  /// Writes the snapshot to `out`, calling `handOver` between questions (it may take what `out` holds
  /// and empty it).
  private static func write(
    _ progress: LearnerProgress, writtenAt: Timestamp, to out: inout [UInt8], handOver: (inout [UInt8]) -> Void
  ) {
    // Device 0's run, undo and sequence at the top, every other device's under "devices" (in
    // SnapshotCoding+Devices.swift): the bytes do not depend on which device wrote them.
    var p = progress
    p.switchDevice(0)
    let root: [(String, JSONText)] =
      [
        ("schemaVersion", .int(schemaVersion)),
        ("lastSequence", .int(p.lastSequence)),
        ("writtenAt", .string(writtenAt.iso8601)),
        ("questions", .null),  // written by `writeQuestions`, one at a time
        ("sessions", .object(p.sessions.sorted { $0.key < $1.key }.map { ($0.key, session($0.value)) })),
        ("activeRun", p.activeRun.map(run) ?? .null),
        ("runs", .array(p.runs.map(run))),
        ("bankScores", .object(p.bankScores.sorted { $0.key < $1.key }.map { ($0.key, scores($0.value)) })),
        (
          "days",
          .object(
            p.days.sorted { $0.key < $1.key }.map { (Timestamp(seconds: $0.key * 86_400).isoDate, day($0.value)) })
        ),
        ("undoStack", .array(p.undoStack.map(undo))),
        ("settings", SettingsCoding.encode(p.settings)),
        (learnerFlagsOnly, .bool(true)),
      ] + (p.countsReviews ? [(reviewCounts, .bool(true))] : []) + devices(p)
    out.append(0x7B)
    for (n, k) in root.indices.sorted(by: { root[$0].0 < root[$1].0 }).enumerated() {
      if n > 0 { out.append(0x2C) }
      JSONText.newline(&out, 1)
      JSONText.writeString(root[k].0, to: &out)
      out.append(contentsOf: [0x3A, 0x20])
      if root[k].0 == "questions" {
        writeQuestions(p.questions, to: &out, handOver: handOver)
      } else {
        root[k].1.write(to: &out, pretty: true, indent: 1, sortingKeys: true)
      }
    }
    JSONText.newline(&out, 0)
    out.append(contentsOf: [0x7D, 0x0A])
  }

  /// The `questions` object at the root's first level: keys sorted as text (the order a tree with
  /// sorted keys gives: the same sort over the refs in their own order), each value made when written.
  private static func writeQuestions(
    _ questions: [QuestionRef: QuestionProgress], to out: inout [UInt8], handOver: (inout [UInt8]) -> Void
  ) {
    guard !questions.isEmpty else { return out.append(contentsOf: [0x7B, 0x7D]) }
    let refs = questions.keys.sorted()
    let names = refs.map(\.description)
    out.append(0x7B)
    for (n, k) in names.indices.sorted(by: { names[$0] < names[$1] }).enumerated() {
      if n > 0 { out.append(0x2C) }
      JSONText.newline(&out, 2)
      JSONText.writeString(names[k], to: &out)
      out.append(contentsOf: [0x3A, 0x20])
      question(questions[refs[k]]!).write(to: &out, pretty: true, indent: 2, sortingKeys: true)
      handOver(&out)
    }
    JSONText.newline(&out, 1)
    out.append(0x7D)
  }

  // MARK: encoding parts

  static func question(_ q: QuestionProgress) -> JSONText {
    var m: [(String, JSONText)] = [
      ("attempts", .int(q.attempts)), ("correct", .int(q.correct)), ("totalScore", .double(q.totalScore)),
    ]
    if let v = q.lastScore { m.append(("lastScore", .double(v))) }
    if let v = q.lastAnsweredAt { m.append(("lastAnsweredAt", .string(v.iso8601))) }
    if q.flagged { m.append(("flagged", .bool(true))) }
    if q.suspended { m.append(("suspended", .bool(true))) }
    if let v = q.buriedUntilDay { m.append(("buriedUntil", .string(Timestamp(seconds: v * 86_400).isoDate))) }
    if q.leech { m.append(("leech", .bool(true))) }
    if q.reps > 0 { m.append(("reps", .int(q.reps))) }
    if q.lapses > 0 { m.append(("lapses", .int(q.lapses))) }
    if let v = q.firstReviewAt { m.append(("firstReviewAt", .string(v.iso8601))) }
    if let v = q.lastRating { m.append(("lastRating", .string(v.name))) }
    if let c = q.card { m.append(("card", card(c))) }
    return .object(m)
  }

  static func card(_ c: FSRSCard) -> JSONText {
    var m: [(String, JSONText)] = [("phase", .string(c.phase.name)), ("due", .string(c.due.iso8601))]
    if let v = c.step { m.append(("step", .int(v))) }
    if let v = c.stability { m.append(("stability", .double(v))) }
    if let v = c.difficulty { m.append(("difficulty", .double(v))) }
    if let v = c.lastReview { m.append(("lastReview", .string(v.iso8601))) }
    return .object(m)
  }

  static func session(_ s: SessionProgress) -> JSONText {
    var m: [(String, JSONText)] = []
    if let v = s.completedAt { m.append(("completedAt", .string(v.iso8601))) }
    if let v = s.bestCheckpointPercent { m.append(("bestCheckpointPercent", .int(v))) }
    if let v = s.readAt { m.append(("readAt", .string(v.iso8601))) }
    return .object(m)
  }

  static func run(_ r: QuizRun) -> JSONText {
    var m: [(String, JSONText)] = [
      ("id", .int(r.id)), ("source", .string(r.start.source.journalText)),
      ("questions", .array(r.questions.map { .string($0.description) })), ("seed", .string(String(r.start.seed))),
      ("bankHashes", .object(r.start.bankHashes.map { ($0.key, .string($0.value)) })),
      ("startedAt", .string(r.startedAt.iso8601)), ("position", .int(r.position)),
      ("outcomes", .array(r.outcomes.map { $0.map(outcome) ?? .null })),
    ]
    if r.start.practice { m.append(("practice", .bool(true))) }
    if r.start.certainty { m.append(("certainty", .bool(true))) }
    if let v = r.endedAt { m.append(("endedAt", .string(v.iso8601))) }
    if let v = r.endReason { m.append(("endReason", .string(v.rawValue))) }
    return .object(m)
  }

  static func outcome(_ o: RunOutcome) -> JSONText {
    var m: [(String, JSONText)] = [("seconds", .double(o.seconds))]
    if let v = o.score { m.append(("score", .double(v))) }
    if let v = o.response { m.append(("response", .string(v))) }
    if let v = o.certainty { m.append(("certainty", .int(v))) }
    return .object(m)
  }

  static func scores(_ s: ScoreStats) -> JSONText {
    .object([
      ("runs", .int(s.runs)), ("best", .int(s.best)), ("last", .int(s.last)), ("totalPercent", .int(s.totalPercent)),
    ])
  }

  static func day(_ d: DayActivity) -> JSONText {
    var fields: [(String, JSONText)] = [
      ("answers", .int(d.answers)), ("correct", .int(d.correct)), ("seconds", .double(d.seconds)),
      ("newCards", .int(d.newCards)),
    ]
    if d.reviews > 0 { fields.append(("reviews", .int(d.reviews))) }
    return .object(fields)
  }

  static func undo(_ u: UndoEntry) -> JSONText {
    var m: [(String, JSONText)] = [("sequence", .int(u.sequence)), ("summary", .string(u.summary))]
    m.append(
      ("previousQuestions", .object(u.previousQuestions.map { ($0.key.description, $0.value.map(question) ?? .null) })))
    m.append(("previousSessions", .object(u.previousSessions.map { ($0.key, $0.value.map(session) ?? .null) })))
    m.append(("previousDays", .object(u.previousDays.map { (String($0.key), $0.value.map(day) ?? .null) })))
    m.append(("previousBankScores", .object(u.previousBankScores.map { ($0.key, $0.value.map(scores) ?? .null) })))
    if let r = u.previousRun { m.append(("previousRun", run(r))) }
    if let r = u.overriddenRun { m.append(("overriddenRun", run(r))) }
    if let p = u.previousParameters {
      var fields: [(String, JSONText)] = [("weights", .array(p.weights.map { .double($0) }))]
      if let fit = p.fit { fields.append(("parameterFit", .object(fit.fields))) }
      m.append(("previousParameters", .object(fields)))
    }
    return .object(m)
  }
}
