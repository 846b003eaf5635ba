import QuizlineCore
import QuizlineFormats

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a synthetic profile with N events over a real catalog, laid out as quizline itself lays
/// it out: `archive/` segments of 500 events, `snapshot.json` at the last segment boundary, the
/// rest in `journal.jsonl`.
///
/// The learner takes quizzes of 10 questions (bank quizzes mostly, checkpoints, review and cram
/// runs too), answers are graded by the real grader from plausible typed responses (right about
/// 70 % of the time), with skips, flags, undos, quizzes ended early, completed sessions and a
/// settings change now and then, about 20 s per answer and 10–40 min between quizzes. Drawn from
/// SplitMix64(seed), so the same N gives the same profile.
struct ReportProfileGenerator {
  let catalog: Catalog
  let events: Int
  var seed: UInt64 = 7
  /// Seconds between quizzes: the least, and how much more at most.
  var gap: (least: Double, spread: Double) = (600, 1800)

  static let segment = 500
  static let start = Timestamp(iso8601: "2024-01-02T08:00:00Z")!

  /// Generates the events, writes the profile into `directory` and returns the time of the last event.
  func write(to directory: String) throws -> Timestamp {
    var random = SplitMix64(seed: seed)
    var progress = LearnerProgress()
    var seq = 0
    var now = Self.start
    var lines: [UInt8] = []
    lines.reserveCapacity(4 << 20)
    var segmentFirst = 1
    mkdir(directory, 0o755)
    mkdir(directory + "/archive", 0o755)
    let banks = catalog.banks.filter { !$0.questions.isEmpty }
    let sessions = catalog.sessions.filter { $0.checkpoint != nil }

    func emit(_ payload: EventPayload) throws {
      seq += 1
      let event = RecordedEvent(sequence: seq, at: now, payload: payload)
      lines += Array((EventCoding.encode(event) + "\n").utf8)
      progress.apply(event)
      if seq % Self.segment == 0 {
        try Self.writeFile(directory + "/archive/" + Self.segmentName(segmentFirst, seq), lines)
        lines.removeAll(keepingCapacity: true)
        segmentFirst = seq + 1
        if events - seq < Self.segment {
          try Self.writeFile(directory + "/snapshot.json", Array(SnapshotCoding.encode(progress, writtenAt: now).utf8))
        }
      }
    }

    while seq < events {
      now = now.adding(seconds: Int64(gap.least + random.nextUniform() * gap.spread))
      let kind = random.nextUniform()
      let source: RunSource
      var refs: [QuestionRef]
      if kind < 0.75 || sessions.isEmpty {
        let bank = banks[Int(random.next() % UInt64(banks.count))]
        source = .bank(bank.id)
        refs = bank.questions.map { QuestionRef(bank: bank.id, question: $0.id) }
      } else if kind < 0.85 {
        let s = sessions[Int(random.next() % UInt64(sessions.count))]
        source = .checkpoint(session: s.id)
        refs = s.checkpoint!.questions
      } else {
        source = kind < 0.95 ? .review : .cram
        refs = banks.flatMap { b in b.questions.map { QuestionRef(bank: b.id, question: $0.id) } }
      }
      var picked: [QuestionRef] = []
      for _ in 0..<min(10, refs.count) { picked.append(refs.remove(at: Int(random.next() % UInt64(refs.count)))) }
      let practice = source == .cram
      try emit(.quizStarted(RunStart(source: source, questions: picked, seed: random.next(), practice: practice)))
      let runID = seq
      var early = false
      for ref in picked {
        guard seq < events else { break }
        now = now.adding(seconds: 5 + Int64(random.nextUniform() * 30))
        let u = random.nextUniform()
        if u < 0.03 {
          try emit(.skipped(run: runID, question: ref))
          continue
        }
        if u < 0.04 { try emit(.flagged(question: ref, on: !progress.question(ref).flagged)) }
        if u > 0.995 {
          early = true
          break
        }
        guard let q = catalog.question(ref) else { continue }
        let (typed, score) = Self.answer(q, right: random.nextUniform() < 0.7, &random)
        let seconds = 5 + random.nextUniform() * 40
        let rating: Rating? = practice ? nil : progress.settings.rating(score: score, seconds: seconds, certainty: nil)
        try emit(
          .answered(
            AnswerRecord(run: runID, question: ref, response: typed, score: score, seconds: seconds, rating: rating)))
        if random.nextUniform() < 0.01, seq + 1 < events {
          // Taken back and answered again, as `undo` in the REPL does.
          try emit(.undone(target: seq))
          let (again, score) = Self.answer(q, right: true, &random)
          let rating: Rating? =
            practice ? nil : progress.settings.rating(score: score, seconds: seconds, certainty: nil)
          try emit(
            .answered(
              AnswerRecord(run: runID, question: ref, response: again, score: score, seconds: seconds, rating: rating)))
        }
      }
      guard seq < events else { break }
      try emit(.runEnded(run: runID, reason: early ? .ended : .finished))
      if case .checkpoint(let id) = source, seq < events, !progress.isCompleted(id), random.nextUniform() < 0.3 {
        try emit(.sessionCompleted(session: id))
      }
      if seq < events, random.nextUniform() < 0.0005 {
        var settings = progress.settings
        settings.newCardsPerDay = 10 + Int(random.next() % 30)
        try emit(.settingsChanged(settings))
      }
    }
    if !lines.isEmpty { try Self.writeFile(directory + "/journal.jsonl", lines) }
    if events < Self.segment {
      try Self.writeFile(
        directory + "/snapshot.json", Array(SnapshotCoding.encode(LearnerProgress(), writtenAt: now).utf8))
    }
    return now
  }

  /// A typed response for `q` and the grader's score for it.
  static func answer(_ q: Question, right: Bool, _ random: inout SplitMix64) -> (String, Double) {
    var typed: String
    switch q.body {
    case .single(let choices, let answer):
      typed = choiceLetter(
        right ? answer : (answer + 1 + Int(random.next() % UInt64(max(1, choices.count - 1)))) % choices.count)
    case .multiple(let choices, let answers):
      typed =
        right
        ? answers.map(choiceLetter).joined(separator: ",") : choiceLetter(Int(random.next() % UInt64(choices.count)))
    case .truefalse(let answer, _, _): typed = (right ? answer : !answer) ? "true" : "false"
    case .text(let accept, _, _): typed = right ? accept[0].text : "no idea"
    case .numeric(let accept, _, _):
      if case .value(let v, _) = accept[0].match, right { typed = JSONText.format(v) } else { typed = "12345" }
    case .matching(let pairs, _):
      typed = (0..<pairs.count).map { "\($0 + 1)\(choiceLetter(right ? $0 : 0))" }.joined(separator: " ")
    case .ordering(let items): typed = (0..<items.count).map(choiceLetter).joined(separator: " ")
    case .cloze(_, let gaps): typed = gaps.map { right ? $0.accept[0].text : "x" }.joined(separator: " | ")
    case .flashcard, .openEnded: typed = right ? "good" : "again"
    }
    guard case .success(let response) = AnswerParser.parse(typed, for: q) else { return (typed, 0) }
    if case .selfGraded(let g, _) = response { return (response.typed, g.score) }
    return (response.typed, Grader.grade(response, for: q).score)
  }

  static func segmentName(_ first: Int, _ last: Int) -> String {
    func pad(_ n: Int) -> String {
      let s = String(n)
      return String(repeating: "0", count: max(0, 10 - s.count)) + s
    }
    return "\(pad(first))-\(pad(last)).jsonl"
  }

  static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw BenchError.usage("cannot create \(path)") }
    defer { close(fd) }
    var done = 0
    try bytes.withUnsafeBytes { raw in
      while done < raw.count {
        let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
        guard n > 0 else { throw BenchError.usage("cannot write \(path)") }
        done += n
      }
    }
  }
}
