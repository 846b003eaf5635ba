import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `loading`: for each bank shape (``BankShape``), a generated bank of N questions checked with
/// `quizline check --quizzes EMPTY FILE` (read, parse, decode, validate, report; a separate
/// process) against CPython's `json.load` of the same file. Per shape: one warm-up, then `rounds`
/// rounds, each running quizline and Python once, in alternating order (so both share the noise);
/// per-round ratio = Python's CPU time / quizline's. Prints the medians with (min–max), and one
/// `ROW` line per shape plus the worst shape's (the target: ≥ 2×) for `make bench`.
struct LoadingBenchmark {
  var rounds: Int
  var questions: Int
  var shapes: [BankShape]
  var python: String?
  var quizline: String
  /// Another quizline binary (e.g. main's) measured in the same rounds, for before/after.
  var baseline: String?
  var directory: String
  var command: String

  init(arguments: [String]) throws {
    var options = BenchOptions(arguments)
    rounds = try options.int("--repeat", default: 5, in: 1...1000)
    questions = try options.int("--questions", default: 100_000, in: 10...10_000_000)
    let one = options.string("--shape")
    let list = options.string("--shapes")
    if one != nil, list != nil { throw BenchError.usage("give --shape NAME or --shapes all|A,B, not both") }
    let names =
      list == "all"
      ? BankShape.allCases.map(\.rawValue)
      : (list ?? one ?? "sample").split(separator: ",")
        .map(String.init)
    shapes = try names.map { name in
      guard let shape = BankShape(rawValue: name) else {
        throw BenchError.usage(
          "unknown shape '\(name)' (\(BankShape.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      return shape
    }
    python = options.string("--python")
    quizline = options.string("--quizline") ?? siblingExecutable("quizline")
    baseline = options.string("--baseline")
    directory = options.string("--dir") ?? "/tmp/quizline-bench-loading"
    command = options.string("--command") ?? "quizline-bench loading"
    try options.finish()
  }

  struct Runs {
    var cpus: [Double] = []
    var walls: [Double] = []
    var peakKiB = 0
  }

  func run() throws {
    removeTree(directory)
    mkdir(directory, 0o755)
    mkdir(directory + "/empty", 0o755)
    var worst: (shape: BankShape, ours: Runs, peer: Runs, ratios: [Double])?
    for shape in shapes {
      let bank = directory + "/bank-\(shape.rawValue).json"
      let count = min(questions, shape.maxQuestions)
      let bytes = BankSampleGenerator(questions: count, shape: shape).json()
      try writeFile(bank, bytes)
      var commands: [(name: String, path: String, arguments: [String])] = [
        ("quizline check", quizline, ["check", "--quizzes", directory + "/empty", bank])
      ]
      if let python {
        commands.append(
          (
            "python3 json.load", python,
            ["-c", "import json,sys; json.load(open(sys.argv[1], encoding='utf-8'))", bank]
          ))
      }
      if let baseline {
        commands.append(("baseline check", baseline, ["check", "--quizzes", directory + "/empty", bank]))
      }
      let runs = try measure(commands)
      let megabytes = Double(bytes.count) / 1_000_000
      print("loading \(shape.rawValue): \(count) questions, \(format2(megabytes)) MB, load \(loadAverage())")
      for (c, r) in zip(commands, runs) {
        print(
          "  \(c.name): CPU \(spread(r.cpus, scale: 1000)) ms, wall \(spread(r.walls, scale: 1000)) ms, \(format2(megabytes / median(r.walls))) MB/s, peak \(r.peakKiB / 1024) MB (\(format2(Double(r.peakKiB) * 1024 / Double(bytes.count)))x the file)"
        )
      }
      guard python != nil else { continue }
      let ratios = zip(runs[1].cpus, runs[0].cpus).map { $0 / $1 }
      let wallRatios = zip(runs[1].walls, runs[0].walls).map { $0 / $1 }
      print("  Python / quizline: CPU \(spreadX(ratios)), wall \(spreadX(wallRatios))")
      if let baseline = runs.count > 2 ? runs[2] : nil {
        print("  Python / baseline: CPU \(spreadX(zip(runs[1].cpus, baseline.cpus).map { $0 / $1 }))")
      }
      row("Loading, \(shape.rawValue), CPU", runs[0], runs[1], ratios)
      if worst == nil || median(ratios) < median(worst!.ratios) { worst = (shape, runs[0], runs[1], ratios) }
    }
    if let worst, shapes.count > 1 {
      print("loading: worst shape \(worst.shape.rawValue), \(spreadX(worst.ratios)) Python's CPU time")
      row("Loading, worst shape (\(worst.shape.rawValue)), CPU", worst.ours, worst.peer, worst.ratios)
    }
  }

  private func row(_ measure: String, _ ours: Runs, _ peer: Runs, _ ratios: [Double]) {
    let status = median(ratios) >= 2 ? "met" : "NOT MET"
    print(
      "ROW\t\(measure)\t\(spread(ours.cpus, scale: 1)) s\tPython json.load \(spread(peer.cpus, scale: 1)) s\t\(spreadX(ratios))\t≥ 2×\t\(status)\t\(command)"
    )
  }

  /// One warm-up of each command, then `rounds` rounds; odd rounds run the commands in reverse.
  private func measure(_ commands: [(name: String, path: String, arguments: [String])]) throws -> [Runs] {
    var runs = Array(repeating: Runs(), count: commands.count)
    for round in 0...rounds {
      let order = round % 2 == 0 ? Array(commands.indices) : commands.indices.reversed()
      for k in order {
        let c = commands[k]
        let t0 = monotonicSeconds()
        let (status, rss, cpu) = try spawn(c.path, c.arguments)
        let wall = monotonicSeconds() - t0
        guard status == 0 else { throw BenchError.usage("\(c.name) exited with \(status) on \(c.arguments.last!)") }
        guard round > 0 else { continue }
        runs[k].cpus.append(cpu)
        runs[k].walls.append(wall)
        runs[k].peakKiB = max(runs[k].peakKiB, rss)
      }
    }
    return runs
  }
}

/// `1.23 (1.20–1.31)`: the median and range of `xs` times `scale`, two decimals.
func spread(_ xs: [Double], scale: Double) -> String {
  let digits = scale == 1 ? 3 : 1
  return
    "\(fixed(median(xs) * scale, digits)) (\(fixed(xs.min()! * scale, digits))–\(fixed(xs.max()! * scale, digits)))"
}

/// `2.19× (2.05–2.31)`.
func spreadX(_ xs: [Double]) -> String {
  "\(fixed(median(xs), 2))× (\(fixed(xs.min()!, 2))–\(fixed(xs.max()!, 2)))"
}

func fixed(_ x: Double, _ digits: Int) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let n = Int((x * scale).rounded())
  let whole = String(n / Int(scale))
  let fraction = String(n % Int(scale))
  return digits == 0 ? whole : whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

/// The first three fields of /proc/loadavg.
func loadAverage() -> String {
  guard let file = fopen("/proc/loadavg", "r") else { return "unknown" }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 128)
  guard fgets(&buffer, 128, file) != nil else { return "unknown" }
  let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}

/// Writes `bytes` to `path`.
func writeFile(_ path: String, _ bytes: [UInt8]) throws {
  guard let file = fopen(path, "wb"), fwrite(bytes, 1, bytes.count, file) == bytes.count, fclose(file) == 0 else {
    throw BenchError.usage("cannot write \(path)")
  }
}
