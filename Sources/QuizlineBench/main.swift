// quizline-bench: throughput benchmarks, one subcommand each. `make bench` / scripts/*/bench.sh run
// them next to their reference implementations and print the ratios.
import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  usage: quizline-bench <benchmark> [options]

  benchmarks:
    fsrs [--reviews N] [--repeat R] [--no-fuzz]   schedule N reviews (default 1000000), R runs (default 5)
    report [--events N] [--repeat R] [--no-compare] [--keep DIR]
                                                 (report-sample --events N --keep DIR [--seed S]: a profile only)
                                                 time `quizline report` on a profile of N events (default 1000000)
    journal [--events N] [--answers K] [--repeat R]
                                                 record K answers (default 2000) and start up, with N events
                                                 of history (default 1000000) and with none
    startup [--repeat R] [--rounds K] [--quizzes DIR] [--trivial PATH] [--python PATH --script PATH]
                                                 start and quit against a trivial Foundation program and Python
    loading [--questions N] [--repeat R] [--python PATH] [--shape NAME | --shapes all|A,B]
            [--quizline PATH] [--baseline PATH]  check a generated bank of N questions (default 100000) of
                                                 each shape against Python's json.load (ROW lines)
    device-replay [--events N] [--repeat R]     fold a per-device profile of N events (default 1000000) from
                                                 nothing, against today's single-journal replay;
                                                 --only fold|today|fast|generic|apply runs one part;
                                                 --snapshot FILE writes the fold's progress snapshot
    devices-sample --devices K --out DIR [--events N] [--seed S]
                                                 the report-sample profile's N events spread over K devices'
                                                 logs (whole runs in turn), for scripts/devices/bench.sh
    optimizer-fit --revlog FILE [--repeat R]   the FSRS-6 fit alone, in process, on a review-log CSV
                                                 (weights and median fit time as JSON)
    markdown-loading [--questions N] [--repeat R] [--dir DIR] [--write-only]
                                                 check the same generated bank of N questions (default 10000)
                                                 as JSON and as Markdown, and read each in process
                                                 (--write-only: only write both files into DIR)
    cards [--cards N] [--reviews M] [--repeat R] [--query Q] [--away D] [--keep DIR]
                                                 `cards is:due` in the REPL and `quizline cards is:due` on a
                                                 profile of N cards (default 100000) with M reviews
                                                 (default 1000000), against `status`
    bank-sample [--questions N] [--shape NAME] --out FILE
                                                 write a valid bank of N questions (default 100000) for the
                                                 loading benchmark; shapes: sample (default, every type),
                                                 single-short, text-heavy, minified, indent1, indent2,
                                                 indent4, tabs, non-ascii, many-tags
  """

var arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
  printError(usage)
  exit(64)
}
arguments.removeFirst()

do {
  switch name {
  case "fsrs": try FSRSBenchmark(arguments: arguments).run()
  case "report": try ReportBenchmark(arguments: arguments).run()
  case "report-sample": try ReportBenchmark(arguments: arguments).sample()
  case "journal": try JournalBenchmark(arguments: arguments).run()
  case "bank-sample": try writeBankSample(arguments: arguments)
  case "startup": try StartupBenchmark(arguments: arguments).startup()
  case "loading": try LoadingBenchmark(arguments: arguments).run()
  case "markdown-loading": try MarkdownLoadingBenchmark(arguments: arguments).run()
  case "device-replay": try DeviceReplayBenchmark(arguments: arguments).run()
  case "devices-sample": try DeviceProfileGenerator(arguments: arguments).run()
  case "cards": try CardsBenchmark(arguments: arguments).run()
  case "optimizer-fit": try OptimizerFitBenchmark(arguments: arguments).run()
  case "-h", "--help", "help": print(usage)
  default: throw BenchError.usage("unknown benchmark '\(name)'")
  }
} catch let BenchError.usage(message) {
  printError("quizline-bench: \(message)\n\n\(usage)")
  exit(64)
}

/// `bank-sample`: writes the generated bank to `--out`.
func writeBankSample(arguments: [String]) throws {
  var options = BenchOptions(arguments)
  let count = try options.int("--questions", default: 100_000, in: 1...10_000_000)
  guard let path = options.string("--out") else { throw BenchError.usage("bank-sample needs --out FILE") }
  let name = options.string("--shape") ?? BankShape.sample.rawValue
  guard let shape = BankShape(rawValue: name) else { throw BenchError.usage("unknown shape '\(name)'") }
  try options.finish()
  let bytes = BankSampleGenerator(questions: count, shape: shape).json()
  try writeFile(path, bytes)
  print("wrote \(path): \(count) questions, \(bytes.count) bytes")
}
