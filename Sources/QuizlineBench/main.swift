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
  case "-h", "--help", "help": print(usage)
  default: throw BenchError.usage("unknown benchmark '\(name)'")
  }
} catch let BenchError.usage(message) {
  printError("quizline-bench: \(message)\n\n\(usage)")
  exit(64)
}
