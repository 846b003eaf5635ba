import QuizlineCore
import QuizlineFormats

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `markdown-loading`: the same generated bank (``BankSampleGenerator``, every type) as JSON and
/// as Markdown (written by ``MarkdownBankWriter``): `quizline check FILE` on each as separate
/// processes, runs interleaved; then each file read in this process (``CatalogFileDecoder`` against
/// ``MarkdownBankReader``), medians of `repeat` runs.
struct MarkdownLoadingBenchmark {
  var repeatCount: Int
  var questions: Int
  var directory: String
  /// Only write the two files into `directory` (for scripts/markdown/bench.sh).
  var writeOnly: Bool

  init(arguments: [String]) throws {
    var options = BenchOptions(arguments)
    repeatCount = try options.int("--repeat", default: 11, in: 1...1000)
    questions = try options.int("--questions", default: 10_000, in: 10...1_000_000)
    directory = options.string("--dir") ?? "/tmp/quizline-bench-markdown"
    writeOnly = options.flag("--write-only")
    try options.finish()
  }

  func run() throws {
    removeTree(directory)
    mkdir(directory, 0o755)
    mkdir(directory + "/empty", 0o755)
    let json = BankSampleGenerator(questions: questions).json()
    let (item, context) = CatalogFileDecoder.decode(bytes: json, path: "big-bank.json")
    guard case .bank(let bank, _, _) = item, !context.diagnostics.hasErrors else {
      throw BenchError.usage("the generated bank does not load")
    }
    let markdown = Array(MarkdownBankWriter.markdown(bank).utf8)
    let (check, _, _) = MarkdownBankReader.read(bytes: markdown, path: "big-bank.md")
    guard var readBack = check else { throw BenchError.usage("the generated Markdown bank does not read") }
    readBack.contentHash = bank.contentHash
    guard readBack == bank else { throw BenchError.usage("the Markdown bank does not read back as the JSON one") }
    let jsonPath = directory + "/big-bank.json"
    let markdownPath = directory + "/big-bank.md"
    try write(json, to: jsonPath)
    try write(markdown, to: markdownPath)
    print(
      "markdown-loading: \(questions) questions, JSON \(format2(Double(json.count) / 1_000_000)) MB, Markdown \(format2(Double(markdown.count) / 1_000_000)) MB"
    )
    if writeOnly { return }

    let quizline = siblingExecutable("quizline")
    var walls: [[Double]] = [[], []]
    var cpus: [[Double]] = [[], []]
    var peaks = [0, 0]
    for round in 0...repeatCount {
      for (k, path) in [jsonPath, markdownPath].enumerated() {
        let t0 = monotonicSeconds()
        let (status, rss, cpu) = try spawn(quizline, ["check", "-q", "--quizzes", directory + "/empty", path])
        let wall = monotonicSeconds() - t0
        guard status == 0 else { throw BenchError.usage("quizline check \(path) exited with \(status)") }
        guard round > 0 else { continue }
        walls[k].append(wall)
        cpus[k].append(cpu)
        peaks[k] = max(peaks[k], rss)
      }
    }
    for (k, name) in ["JSON", "Markdown"].enumerated() {
      print(
        "markdown-loading: quizline check, \(name): median \(format2(median(walls[k]) * 1000)) ms (best \(format2(walls[k].min()! * 1000)) ms), CPU median \(format2(median(cpus[k]) * 1000)) ms, peak \(peaks[k] / 1024) MB"
      )
    }
    print("markdown-loading: quizline check, Markdown / JSON: wall \(format2(median(walls[1]) / median(walls[0])))x")

    var inJSON: [Double] = []
    var inMarkdown: [Double] = []
    for _ in 0..<repeatCount {
      var t0 = monotonicSeconds()
      _ = CatalogFileDecoder.decode(bytes: json, path: "big-bank.json", hashContent: false)
      inJSON.append(monotonicSeconds() - t0)
      t0 = monotonicSeconds()
      _ = MarkdownBankReader.read(bytes: markdown, path: "big-bank.md", hashContent: false)
      inMarkdown.append(monotonicSeconds() - t0)
    }
    print(
      "markdown-loading: in process, JSON decode median \(format2(median(inJSON) * 1000)) ms, Markdown read median \(format2(median(inMarkdown) * 1000)) ms (\(format2(median(inMarkdown) / median(inJSON)))x)"
    )
  }

  private func write(_ bytes: [UInt8], to path: String) throws {
    guard let file = fopen(path, "wb"), fwrite(bytes, 1, bytes.count, file) == bytes.count, fclose(file) == 0 else {
      throw BenchError.usage("cannot write \(path)")
    }
  }
}
