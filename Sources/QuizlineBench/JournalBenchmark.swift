import QuizlineCore
import QuizlineFormats
import QuizlineStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `quizline-bench journal`: what a long history costs when recording answers and at start-up
/// (issue "Progress that cannot be lost"; figures in BENCHMARKS.md).
///
/// - **Recording**: a profile of N events (``ReportProfileGenerator``, laid out as quizline lays it
///   out) and an empty one are opened as the REPL opens them (`ProfileOpener.open`, lock taken), then
///   the same quizzes of 10 answers are recorded in both, alternating answer by answer so both share
///   the machine's noise (fsync times on these shared machines swing between ~0.2 and ~4 ms). One answer is timed through the real recording path: `ProfileStore.append`
///   (write + fsync), `LearnerProgress.apply`, `ProfileStore.didApply` (a snapshot every 500 events,
///   then the journal is archived). Median and mean per answer; the ratio long / empty.
/// - **Start-up**: the real binary as a separate process on each profile, `quizline` reading `quit`
///   from standard input (open, lock, snapshot and journal tail, welcome screen, snapshot at exit):
///   median wall and CPU time of R runs after a warm-up.
struct JournalBenchmark {
  let events: Int
  let answers: Int
  let runs: Int
  let quizzes = "Quizzes"
  let directory: String

  init(arguments: [String]) throws {
    var options = BenchOptions(arguments)
    events = try options.int("--events", default: 1_000_000, in: 1...50_000_000)
    answers = try options.int("--answers", default: 2_000, in: 10...1_000_000)
    runs = try options.int("--repeat", default: 11, in: 1...100)
    try options.finish()
    directory = "/tmp/quizline-bench-journal-\(getpid())"
  }

  func run() throws {
    let catalog = CatalogLoader.load(directory: quizzes).catalog
    guard !catalog.banks.isEmpty else {
      throw BenchError.usage("no banks in \(quizzes) (run from the repository root)")
    }
    mkdir(directory, 0o755)
    defer { removeTree(directory) }
    let started = monotonicSeconds()
    let last = try ReportProfileGenerator(catalog: catalog, events: events).write(to: directory + "/long")
    mkdir(directory + "/empty", 0o755)
    print(
      "journal: generated \(events) events in \(format2(monotonicSeconds() - started)) s (\(megabytes(du(directory + "/long"))) MB on disk)"
    )
    let now = last.adding(seconds: 3600)
    try startUp(now: now)
    try recording(catalog: catalog, now: now)
  }

  /// The REPL started and left (`quit`) on each profile, as a separate process.
  func startUp(now: Timestamp) throws {
    let input = directory + "/quit.txt"
    let fd = open(input, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = write(fd, "quit\n", 5)
    close(fd)
    let binary = siblingExecutable("quizline")
    var medians: [String: Double] = [:]
    var allWalls: [String: [Double]] = [:]
    for profile in ["empty", "long"] {
      var walls: [Double] = []
      var cpus: [Double] = []
      for k in 0...runs {  // run 0 warms the page cache and is not counted
        let t0 = monotonicSeconds()
        let (status, _, cpu) = try spawn(
          binary, ["--quizzes", quizzes, "--progress", directory, "--profile", profile, "--now", now.iso8601],
          stdin: input)
        let wall = monotonicSeconds() - t0
        guard status == 0 else { throw BenchError.usage("quizline on profile \(profile) exited with \(status)") }
        if k > 0 {
          walls.append(wall)
          cpus.append(cpu)
        }
      }
      medians[profile] = median(walls)
      allWalls[profile] = walls
      print(
        "journal: start-up and quit, \(profile) profile: median \(format3(median(walls))) s, best \(format3(walls.min()!)) s, CPU median \(format3(median(cpus))) s"
      )
    }
    print("journal: start-up with \(events) events / empty: \(format2(medians["long"]! / medians["empty"]!))x")
    let long = allWalls["long"]!
    let empty = allWalls["empty"]!
    BenchRow(
      measure: "Start-up and quit with \(events) events of history",
      figure: BenchRow.spread(long, unit: "s", digits: 3),
      peer: "empty profile " + BenchRow.spread(empty, unit: "s", digits: 3),
      ratio: BenchRow.spread(zip(long, empty).map { $0 / $1 }, unit: "×"), target: "< 0.3 s",
      met: median(long) < 0.3, command: "scripts/persistence/bench.sh"
    ).print()
  }

  /// The same quizzes recorded in both profiles, alternating; each answer timed.
  func recording(catalog: Catalog, now: Timestamp) throws {
    var opened: [OpenedProfile] = []
    for profile in ["empty", "long"] {
      let layout = ProfileLayout(progressDirectory: directory, profile: profile)
      do {
        opened.append(try ProfileOpener.open(layout, profile: profile, now: now))
      } catch {
        throw BenchError.usage("cannot open \(profile): \(error.message)")
      }
    }
    let refs = catalog.banks[0].questions.prefix(10).map { QuestionRef(bank: catalog.banks[0].id, question: $0.id) }
    var times: [[Double]] = [[], []]
    var at = now
    for quiz in 0..<(answers + 9) / 10 {
      var runIDs: [Int] = []
      for k in opened.indices {
        try record(
          &opened[k], .quizStarted(RunStart(source: .bank(catalog.banks[0].id), questions: refs, seed: UInt64(quiz))),
          at: at)
        runIDs.append(opened[k].progress.lastSequence)
      }
      for (n, ref) in refs.enumerated() {
        let right = (quiz + n) % 3 != 0
        // Answer by answer, alternating profiles (the order too), so bursts of disk contention hit both.
        for k in (quiz + n) % 2 == 0 ? [0, 1] : [1, 0] {
          let answer = AnswerRecord(
            run: runIDs[k], question: ref, response: right ? "b" : "a", score: right ? 1 : 0, seconds: 12.5,
            rating: right ? .good : .again)
          let t0 = monotonicSeconds()
          try record(&opened[k], .answered(answer), at: at.adding(seconds: Int64(n + 1) * 10))
          times[k].append(monotonicSeconds() - t0)
        }
      }
      for k in opened.indices {
        try record(&opened[k], .runEnded(run: runIDs[k], reason: .finished), at: at.adding(seconds: 110))
      }
      at = at.adding(seconds: 600)
    }
    let names = ["empty", "long"]
    for k in opened.indices {
      let mean = times[k].reduce(0, +) / Double(times[k].count)
      print(
        "journal: recording one answer, \(names[k]) profile: median \(format3(median(times[k]) * 1000)) ms, mean \(format3(mean * 1000)) ms over \(times[k].count) answers"
      )
    }
    let ratio = median(times[1]) / median(times[0])
    let meanRatio = (times[1].reduce(0, +) / Double(times[1].count)) / (times[0].reduce(0, +) / Double(times[0].count))
    print("journal: recording with \(events) events / empty: median \(format2(ratio))x, mean \(format2(meanRatio))x")
    // Five rounds of consecutive answers: each round's medians, and their ratio.
    let longRounds = BenchRow.rounds(times[1], 5).map { median(Array($0)) }
    let emptyRounds = BenchRow.rounds(times[0], 5).map { median(Array($0)) }
    let ratios = zip(longRounds, emptyRounds).map { $0 / $1 }
    BenchRow(
      measure: "Recording one answer (fsync) with \(events) events of history, \(times[1].count) answers in 5 rounds",
      figure: BenchRow.spread(longRounds, unit: "ms", digits: 3, scale: 1000),
      peer: "empty profile " + BenchRow.spread(emptyRounds, unit: "ms", digits: 3, scale: 1000),
      ratio: BenchRow.spread(ratios, unit: "×"), target: "≤ 1.2× empty", met: median(ratios) <= 1.2,
      command: "scripts/persistence/bench.sh"
    ).print()
  }

  /// The recording path the REPL takes for one event: append (fsync), apply, snapshot when due.
  func record(_ profile: inout OpenedProfile, _ payload: EventPayload, at: Timestamp) throws {
    let event = RecordedEvent(sequence: profile.progress.lastSequence + 1, at: at, payload: payload)
    do {
      try profile.journal.append(event)
    } catch {
      throw BenchError.usage("append failed: \(error.message)")
    }
    profile.progress.apply(event)
    if let warning = profile.store?.didApply(profile.progress, at: at) { throw BenchError.usage(warning) }
  }
}
