import QuizlineCore
import QuizlineStorage

/// Progress files through their readers: the journal (with its recovery rules), the fast line reader
/// reports use (it must agree with the generic decoder on every line it takes), and the snapshot.
enum JournalFuzz {
  static func run(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    journal(bytes, &check)
    fastLines(bytes, &check)
    snapshot(bytes, &check)
  }

  /// Bad lines are numbered inside the file; rewriting only the valid lines (what recovery does with
  /// a damaged journal) gives a clean journal that replays to the same progress.
  private static func journal(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    var progress = LearnerProgress()
    let outcome = JournalReader.replay(bytes, into: &progress, keepLines: true)
    let lineCount = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (bytes.last == 0x0A || bytes.isEmpty ? 0 : 1)
    for bad in outcome.badLines {
      check.expect(bad.line >= 1 && bad.line <= lineCount, "bad line \(bad.line) outside 1...\(lineCount)")
      check.expect(!bad.message.isEmpty, "bad line \(bad.line) without a reason")
    }
    check.expect(outcome.completeLength <= bytes.count, "complete length past the end")
    check.expect(
      outcome.tornTail == (outcome.completeLength < bytes.count), "torn tail not where the complete lines end")
    var rebuilt = LearnerProgress()
    let clean = JournalReader.replay(outcome.validLines.flatMap { $0 }, into: &rebuilt)
    check.expect(
      clean.badLines.isEmpty && !clean.tornTail, "the rewritten journal is not clean: \(clean.badLines.prefix(3))")
    check.expect(rebuilt == progress, "the rewritten journal replays to other progress")
    numbers(progress, "journal", &check)
  }

  /// Numbers that reach progress through a reader lie in the loaders' ranges (``ProgressLimits``),
  /// and the screens' conversions of them (durations, percentages) give text, never a trap: a
  /// `"seconds":1e19` once crashed every later start.
  private static func numbers(_ progress: LearnerProgress, _ source: String, _ check: inout PropertyCheck) {
    for (ref, q) in progress.questions {
      check.expect(
        ProgressLimits.count.contains(q.attempts) && (0...q.attempts).contains(q.correct) && q.totalScore.isFinite
          && q.totalScore >= 0,
        "\(source): question \(ref) holds attempts \(q.attempts), correct \(q.correct), total \(q.totalScore)")
      _ = ReportFormat.percent(q.totalScore / Double(max(1, q.attempts)))
      if let s = q.card?.stability { _ = Renderer.fixed(s, 2) }
    }
    for (day, d) in progress.days {
      check.expect(
        d.seconds.isFinite && d.seconds >= 0 && d.answers >= 0,
        "\(source): day \(day) holds \(d.answers) answers, \(d.seconds) s")
      _ = Renderer.formatDuration(d.seconds)
    }
    for run in progress.runs + (progress.activeRun.map { [$0] } ?? []) {
      for case let o? in run.outcomes {
        check.expect(
          ProgressLimits.seconds.contains(o.seconds), "\(source): run \(run.id) holds an answer of \(o.seconds) s")
        check.expect(
          o.score.map { ProgressLimits.score.contains($0) } ?? true,
          "\(source): run \(run.id) holds a score of \(o.score ?? 0)")
        _ = Renderer.formatDuration(o.seconds)
      }
      _ = run.percent
    }
    for (_, stats) in progress.bankScores { _ = stats.average }
  }

  private static func fastLines(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    var table = StringTable()
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
      let lineBytes = Array(line)
      guard let fast = lineBytes.withUnsafeBufferPointer({ FastEventLine.parse($0, table: &table) }) else { continue }
      guard let generic = try? EventCoding.decode(lineBytes) else {
        check.expect(
          false,
          "the fast reader took a line the decoder refuses: \(String(decoding: lineBytes.prefix(200), as: UTF8.self))")
        continue
      }
      check.expect(
        HistoryEvent(generic, table: &table) == fast,
        "fast and generic readers disagree on: \(String(decoding: lineBytes.prefix(200), as: UTF8.self))")
    }
  }

  /// A snapshot that decodes is written and read back to the same progress.
  private static func snapshot(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    guard let progress = try? SnapshotCoding.decode(bytes) else { return }
    numbers(progress, "snapshot", &check)
    let written = SnapshotCoding.encode(progress, writtenAt: Timestamp(microseconds: 0))
    do {
      let again = try SnapshotCoding.decode(Array(written.utf8))
      check.expect(again == progress, "a snapshot written and read back is not the same progress")
    } catch {
      check.expect(false, "a snapshot quizline wrote does not read back: \(error)")
    }
  }
}
