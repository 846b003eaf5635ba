import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `optimizer-fit --revlog FILE [--repeat R] [--epochs N] [--batch N] [--gamma MILLI]`: the FSRS-6 fit alone, in process, on a review-log CSV,
/// so the optimizer benchmark can set the fit next to fsrs-rs's `compute_parameters` without the
/// process start and the CSV parsing that `quizline optimize --revlog` also does. Prints one JSON
/// line: the weights (the same as `quizline optimize --revlog FILE --json` gives), the parse time
/// and the median fit time over R runs.
struct OptimizerFitBenchmark {
  let path: String
  let repeats: Int
  /// The optimizer's settings; `--epochs`, `--batch` and `--gamma` (the L2 pull, in thousandths)
  /// change them, to study the fit.
  var config = FSRSOptimizer.Config()

  init(arguments: [String]) throws {
    var options = BenchOptions(arguments)
    guard let path = options.string("--revlog") else { throw BenchError.usage("optimizer-fit needs --revlog FILE") }
    self.path = path
    repeats = try options.int("--repeat", default: 1, in: 1...100)
    config.epochs = try options.int("--epochs", default: config.epochs, in: 1...100)
    config.batchSize = try options.int("--batch", default: config.batchSize, in: 1...100_000)
    config.gamma = Double(try options.int("--gamma", default: Int(config.gamma * 1000), in: 0...100_000)) / 1000
    try options.finish()
  }

  func run() throws {
    guard let file = fopen(path, "rb") else { throw BenchError.usage("cannot read \(path)") }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = fread(&chunk, 1, chunk.count, file)
      if n <= 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
    }
    fclose(file)
    let parseStart = monotonicSeconds()
    guard let records = try? RevlogCSV.parse(bytes) else { throw BenchError.usage("\(path) is not a review-log CSV") }
    let parseSeconds = monotonicSeconds() - parseStart
    var times: [Double] = []
    var weights: [Double] = []
    for _ in 0..<repeats {
      let start = monotonicSeconds()
      let fit = ParameterOptimization.fitAll(records, config: config)
      times.append(monotonicSeconds() - start)
      weights = fit.weights
    }
    let list = weights.map { "\($0)" }.joined(separator: ",")
    print("{\"weights\":[\(list)],\"parseSeconds\":\(parseSeconds),\"fitSeconds\":\(median(times))}")
  }
}
