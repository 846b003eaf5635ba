import QuizlineCore
import QuizlineFormats
import QuizlineReports
import QuizlineStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `quizline-bench report`: generates a profile of N events (``ReportProfileGenerator``) and times
/// a full `quizline report` on it in each format, as a separate process: median wall time of R runs
/// and the peak resident memory (`ru_maxrss` of the child). For comparison it also times, in
/// process, reading the history with the fast reader and with the generic per-line decoder (the
/// slow path), and checks that both give the same report.
///
/// `quizline-bench report-sample --events N --keep DIR` only writes a profile spread over months
/// (a few quizzes a day), for looking at reports (`scripts/reports/screenshot.sh`).
struct ReportBenchmark {
  let events: Int
  let runs: Int
  let quizzes: String
  let directory: String
  let formats: [String]

  init(arguments: [String]) throws {
    var rest = arguments
    var keep: String?
    if let i = rest.firstIndex(of: "--keep") {
      guard i + 1 < rest.count else { throw BenchError.usage("--keep needs a folder") }
      keep = rest[i + 1]
      rest.removeSubrange(i...i + 1)
    }
    var options = BenchOptions(rest)
    events = try options.int("--events", default: 1_000_000, in: 1...50_000_000)
    runs = try options.int("--repeat", default: 5, in: 1...100)
    let compare = !options.flag("--no-compare")
    seed = UInt64(try options.int("--seed", default: 7, in: 0...1_000_000))
    try options.finish()
    quizzes = "Quizzes"
    directory = keep ?? "/tmp/quizline-bench-report-\(getpid())"
    self.keep = keep != nil
    formats = ["text", "json", "md", "html", "csv"]
    self.compare = compare
  }

  let compare: Bool
  let seed: UInt64
  /// `--keep DIR`: generate into DIR and leave it there (for profiling).
  let keep: Bool

  /// Writes a realistic-looking profile into `directory` and prints the time of its last event.
  func sample() throws {
    let catalog = CatalogLoader.load(directory: quizzes).catalog
    mkdir(directory, 0o755)
    var generator = ReportProfileGenerator(catalog: catalog, events: events, seed: seed)
    generator.gap = (3 * 3600, 40 * 3600)
    print(try generator.write(to: directory + "/default").iso8601)
  }

  func run() throws {
    let catalog = CatalogLoader.load(directory: quizzes).catalog
    guard !catalog.banks.isEmpty else {
      throw BenchError.usage("no banks in \(quizzes) (run from the repository root)")
    }
    mkdir(directory, 0o755)
    defer { if !keep { removeTree(directory) } }
    let profile = directory + "/default"
    var t0 = monotonicSeconds()
    let last = try ReportProfileGenerator(catalog: catalog, events: events).write(to: profile)
    let now = last.adding(seconds: 3600).iso8601
    print(
      "report: generated \(events) events in \(String(format2(monotonicSeconds() - t0))) s (\(megabytes(du(profile))) MB on disk)"
    )
    let binary = siblingExecutable("quizline")
    for format in formats {
      var times: [Double] = []
      var cpus: [Double] = []
      var peak = 0
      var bytes = 0
      for k in 0...runs {  // run 0 warms the page cache and is not counted
        let out = directory + "/out.\(format)"
        unlink(out)
        let started = monotonicSeconds()
        let (status, rss, cpu) = try spawn(
          binary,
          [
            "--quizzes", quizzes, "--progress", directory, "--now", now, "report", "--format", format, "--out", out,
            "--force",
          ])
        let elapsed = monotonicSeconds() - started
        guard status == 0 else { throw BenchError.usage("quizline report --format \(format) exited with \(status)") }
        if k > 0 {
          times.append(elapsed)
          cpus.append(cpu)
          peak = max(peak, rss)
        }
        bytes = Int(fileSize(out))
      }
      print(
        "report: --format \(format): median \(format3(median(times))) s, best \(format3(times.min()!)) s, CPU median \(format3(median(cpus))) s, peak RSS \(peak / 1024) MB, output \(megabytes(bytes)) MB"
      )
    }
    guard compare else { return }
    let layout = ProfileLayout(progressDirectory: directory, profile: "default")
    var times: [String: [Double]] = [:]
    var reports: [Report] = []
    let progress = try ProfileOpener.view(layout, now: Timestamp(iso8601: now)!).progress
    // The fast reader on two threads (as quizline runs it), on one, and the generic decoder on one.
    let variants: [(String, HistoryScanner.Decoder, Int)] = [
      ("fast, 1 thread", .fast, Int.max), ("fast, 2 threads", .fast, 16 << 20),
      ("generic, 1 thread", .generic, Int.max),
    ]
    for (name, decoder, parallelFrom) in variants {
      for k in 0..<(decoder == .fast ? runs : min(runs, 3)) {
        t0 = monotonicSeconds()
        let history = try HistoryLoader.load(layout, keepAttempts: true, decoder: decoder, parallelFrom: parallelFrom)
        let report = ReportBuilder.build(
          catalog: catalog, inputs: [ReportInput(profile: "default", progress: progress, history: history)],
          now: Timestamp(iso8601: now)!,
          options: ReportOptions(includeAttempts: true))
        times[name, default: []].append(monotonicSeconds() - t0)
        if k == 0 {
          if name != "fast, 2 threads" { reports.append(report) }
          if name == "fast, 1 thread" {
            print(
              "report: history \(history.eventCount) events, \(history.fallbackCount) lines through the generic decoder"
            )
          }
        }
      }
    }
    let base = median(times["fast, 1 thread"]!)
    for (name, _, _) in variants {
      let m = median(times[name]!)
      print(
        "report: in process, history read + report built (attempt log kept), \(name): median \(format3(m)) s (\(format1(m / base))x)"
      )
    }
    print("report: fast and generic reports equal: \(reports[0] == reports[1] ? "yes" : "NO")")
    if reports[0] != reports[1] {
      throw BenchError.usage("the fast reader's report differs from the generic decoder's")
    }
  }
}

func format1(_ x: Double) -> String {
  String(Int((x * 10).rounded()) / 10) + "." + String(Int((x * 10).rounded()) % 10)
}
func format2(_ x: Double) -> String { String(Double(Int((x * 100).rounded())) / 100) }
func format3(_ x: Double) -> String { String(Double(Int((x * 1000).rounded())) / 1000) }
func megabytes(_ bytes: Int) -> String { format1(Double(bytes) / 1_048_576) }
