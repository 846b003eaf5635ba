import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Start-up against its peers as separate processes, runs interleaved
/// (quizline, peer, peer, quizline, …) so all share the machine's noise; medians of wall time and
/// CPU time, and peak memory.
///
/// * `startup`: `quizline` on a quizzes folder with an empty profile, reading `quit` (load the
///   catalog, open the profile, show the first prompt, leave); peers: a trivial Swift program that
///   imports Foundation (`--trivial PATH`), and Python loading the same JSON files with `json`
///   (`--python PATH --script PATH`).
/// Loading banks is ``LoadingBenchmark``.
struct StartupBenchmark {
  var repeatCount: Int
  /// Rounds of `repeatCount` runs each: one table row per peer, the rounds' medians and ratios.
  var rounds: Int
  var trivial: String?
  var python: String?
  var script: String?
  var quizzes: String
  var directory: String

  init(arguments: [String]) throws {
    var options = BenchOptions(arguments)
    repeatCount = try options.int("--repeat", default: 31, in: 1...1000)
    rounds = try options.int("--rounds", default: 1, in: 1...100)
    trivial = options.string("--trivial")
    python = options.string("--python")
    script = options.string("--script")
    quizzes = options.string("--quizzes") ?? "Quizzes"
    directory = options.string("--dir") ?? "/tmp/quizline-bench-startup"
    try options.finish()
  }

  struct Sample {
    var walls: [Double] = []
    var cpus: [Double] = []
    var peakKiB = 0
  }

  /// Runs each command `repeatCount` times (after one warm-up each), interleaved.
  func measure(_ commands: [(name: String, path: String, arguments: [String], stdin: String?)]) throws -> [Sample] {
    var samples = Array(repeating: Sample(), count: commands.count)
    for round in 0...repeatCount {
      for (k, c) in commands.enumerated() {
        let t0 = monotonicSeconds()
        let (status, rss, cpu) = try spawn(c.path, c.arguments, stdin: c.stdin)
        let wall = monotonicSeconds() - t0
        guard status == 0 else { throw BenchError.usage("\(c.name) exited with \(status)") }
        guard round > 0 else { continue }
        samples[k].walls.append(wall)
        samples[k].cpus.append(cpu)
        samples[k].peakKiB = max(samples[k].peakKiB, rss)
      }
    }
    return samples
  }

  func startup() throws {
    removeTree(directory)
    mkdir(directory, 0o755)
    let input = directory + "/quit.txt"
    let fd = open(input, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = write(fd, "quit\n", 5)
    close(fd)
    var commands: [(name: String, path: String, arguments: [String], stdin: String?)] = [
      ("quizline", siblingExecutable("quizline"), ["--quizzes", quizzes, "--progress", directory + "/progress"], input)
    ]
    if let trivial { commands.append(("trivial Swift + Foundation", trivial, [], nil)) }
    if let python, let script { commands.append(("python3 json", python, [script, quizzes], nil)) }
    var perRound: [[Sample]] = []
    for _ in 0..<rounds {
      let samples = try measure(commands)
      report(commands.map(\.name), samples, what: "startup")
      perRound.append(samples)
    }
    guard rounds > 1 else { return }
    let mine = perRound.map { median($0[0].walls) }
    let targets = ["trivial Swift + Foundation": ("≤ 1.2×", 1.2), "python3 json": ("faster (< 1×)", 1.0)]
    for (k, c) in commands.enumerated().dropFirst() {
      let peer = perRound.map { median($0[k].walls) }
      let ratios = zip(mine, peer).map { $0 / $1 }
      let (target, bound) = targets[c.name] ?? ("–", .infinity)
      BenchRow(
        measure: "Start-up to the first prompt and quit, shipped quizzes (wall, \(repeatCount) runs a round)",
        figure: BenchRow.spread(mine, unit: "ms", digits: 1, scale: 1000),
        peer: "\(c.name == "python3 json" ? "CPython json on the same files" : c.name) "
          + BenchRow.spread(peer, unit: "ms", digits: 1, scale: 1000),
        ratio: BenchRow.spread(ratios, unit: "×"),
        target: "\(target) \(c.name == "python3 json" ? "Python" : "trivial")",
        met: bound > 1 ? median(ratios) <= bound : median(ratios) < bound, command: "scripts/startup/bench.sh"
      ).print()
    }
  }

  private func report(_ names: [String], _ samples: [Sample], what: String) {
    for (name, s) in zip(names, samples) {
      print(
        "\(what): \(name): median \(format2(median(s.walls) * 1000)) ms (best \(format2(s.walls.min()! * 1000)) ms), CPU median \(format2(median(s.cpus) * 1000)) ms, peak \(s.peakKiB / 1024) MB"
      )
    }
    for (name, s) in zip(names, samples).dropFirst() {
      print(
        "\(what): \(names[0]) / \(name): wall \(format2(median(samples[0].walls) / median(s.walls)))x, CPU \(format2(median(samples[0].cpus) / median(s.cpus)))x"
      )
    }
  }
}
