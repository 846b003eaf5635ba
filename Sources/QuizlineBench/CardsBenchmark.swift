import QuizlineCore
import QuizlineFormats

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `quizline-bench cards`: the card browser on a large profile. A generated bank of N questions
/// (``BankSampleGenerator``, default 100,000) and a profile whose cards have been studied until
/// their histories hold M reviews (``CardsProfileGenerator``, default 1,000,000, built through the
/// real fold and written to disk), opened at 08:00 UTC `--away` days (default 1) after the morning
/// after the last sitting: with 1, the learner skipped a day's sitting and that day's cards are due.
///
/// * In process, the REPL's path as the learner meets it: the line `cards QUERY` sent to the
///   ``Store`` (command parsed, query parsed, every card's row built and matched, sorted by due),
///   the frame rendered, and the pager's first screen cut from it. Peers in the same rounds: the
///   REPL's `status`, and a plain count of the due cards over the progress (no row, no query).
///   Then the same path split into its parts.
/// * As a process, through the release binary: `quizline cards QUERY` (load the catalog, open the
///   profile, print the table) against `quizline status` on the same profile.
struct CardsBenchmark {
  var cards: Int
  var reviews: Int
  var runs: Int
  var query: String
  var directory: String
  var keep: Bool
  /// Days without a sitting before the profile is opened (at 08:00 UTC): 1, the day after the
  /// morning after, so that a whole day's cards are due.
  var away: Int
  /// The terminal the REPL's rounds render for.
  let width = 100
  let rows = 40

  init(arguments: [String]) throws {
    var options = BenchOptions(arguments)
    cards = try options.int("--cards", default: 100_000, in: 100...2_000_000)
    reviews = try options.int("--reviews", default: 1_000_000, in: 100...50_000_000)
    runs = try options.int("--repeat", default: 11, in: 1...1000)
    query = options.string("--query") ?? "is:due"
    away = try options.int("--away", default: 1, in: 0...3650)
    let kept = options.string("--keep")
    try options.finish()
    keep = kept != nil
    directory = kept ?? "/tmp/quizline-bench-cards-\(getpid())"
  }

  func run() throws {
    removeTree(directory)
    mkdir(directory, 0o755)
    defer { if !keep { removeTree(directory) } }
    let quizzes = directory + "/quizzes"
    mkdir(quizzes, 0o755)
    mkdir(directory + "/progress", 0o755)
    mkdir(directory + "/state", 0o755)
    try ReportProfileGenerator.writeFile(quizzes + "/big-bank.json", BankSampleGenerator(questions: cards).json())
    var t0 = monotonicSeconds()
    let loaded = CatalogLoader.load(directory: quizzes)
    let catalog = loaded.catalog
    let refs = catalog.banks.flatMap { b in b.questions.map { QuestionRef(bank: b.id, question: $0.id) } }
    guard loaded.errorCount == 0, refs.count == cards else {
      throw BenchError.usage("the generated bank did not load: \(loaded.errorCount) errors, \(refs.count) questions")
    }
    print("cards: catalog of \(refs.count) questions loaded in \(format3(monotonicSeconds() - t0)) s")
    t0 = monotonicSeconds()
    // New cards at a pace that introduces them all within about 400 days, before the reviews run out.
    let generator = CardsProfileGenerator(refs: refs, reviews: reviews, newPerDay: max(20, refs.count / 400))
    let profile = try generator.write(to: directory + "/progress/default")
    let progress = profile.progress
    let now = profile.morningAfter.adding(seconds: Int64(away) * 86_400)
    let scheduled = progress.questions.values.filter { $0.card != nil }.count
    let reps = progress.questions.values.reduce(0) { $0 + $1.reps }
    print(
      "cards: profile of \(profile.events) events over \(profile.days) days (\(generator.newPerDay) new cards a day) generated through LearnerProgress.apply in \(format1(monotonicSeconds() - t0)) s: \(scheduled) cards with a schedule, \(reps) reviews in their histories, \(megabytes(du(directory + "/progress"))) MB on disk; opened at \(now.iso8601)"
    )
    let state = AppState(catalog: catalog, progress: progress)
    try inProcess(state, now: now)
    try asProcess(quizzes: quizzes, now: now, expected: dueCount(state, now))
  }

  /// The cards `query` finds at `now` (the REPL's reducer, unsorted).
  func dueCount(_ state: AppState, _ now: Timestamp) -> Int {
    guard let q = try? CardQueryParser.parse(query) else { return -1 }
    return CardBrowser.select(state, q, sort: .added, at: now).rows.count
  }

  /// One REPL line as the learner meets it: sent, rendered, the pager's first screen cut.
  func replLine(_ line: String, _ state: AppState, _ context: RenderContext) -> (
    seconds: Double, text: Frame, page: String
  ) {
    let t0 = monotonicSeconds()
    var store = Store(state: state, journal: MemoryJournal())
    store.send(.lineEntered(line, at: context.now, entropy: 0), at: context.now)
    let frame = Renderer.render(store.state, context)
    // As ``Pager`` does: the lines, then the first screen less a line.
    let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let page = lines.prefix(max(1, rows - 1)).joined(separator: "\n")
    return (monotonicSeconds() - t0, frame, page)
  }

  /// Due now, counted straight from the progress: the floor under any query.
  static func plainDueCount(_ progress: LearnerProgress, _ now: Timestamp) -> Int {
    var n = 0
    for p in progress.questions.values {
      if let card = p.card, card.lastReview != nil, card.due <= now, !p.suspended, !p.isBuried(at: now) { n += 1 }
    }
    return n
  }

  func inProcess(_ state: AppState, now: Timestamp) throws {
    let context = RenderContext(width: width, style: Style(unicode: true, color: true), now: now)
    let line = "cards " + query
    var times: [String: [Double]] = [:]
    var shown = ""
    var lineCount = 0
    var plain = 0
    for round in 0...runs {  // round 0 warms up and is not counted
      let c = replLine(line, state, context)
      let s = replLine("status", state, context)
      let t0 = monotonicSeconds()
      plain = Self.plainDueCount(state.progress, now)
      let p = monotonicSeconds() - t0
      guard round > 0 else {
        shown = c.page
        lineCount = c.text.text.split(separator: "\n").count
        continue
      }
      times["cards", default: []].append(c.seconds)
      times["status", default: []].append(s.seconds)
      times["plain", default: []].append(p)
    }
    let found = dueCount(state, now)
    print(
      "cards: `\(line)` finds \(found) of \(state.catalog.banks.reduce(0) { $0 + $1.questions.count }) cards (plain count of due cards: \(plain)); the frame has \(lineCount) lines, the first screen \(rows - 1):"
    )
    for l in shown.split(separator: "\n").prefix(4) { print("cards:   | " + withoutEscapes(String(l))) }
    let base = median(times["cards"]!)
    for (name, label) in [
      ("cards", "REPL `\(line)` (send + render + first screen)"), ("status", "REPL `status` (send + render)"),
      ("plain", "plain count of due cards over the progress"),
    ] {
      let xs = times[name]!
      print(
        "cards: in process, \(label): median \(ms(median(xs))) ms (range \(ms(xs.min()!))–\(ms(xs.max()!)) ms, \(runs) rounds)\(name == "cards" ? "" : ", cards / this \(format2(base / median(xs)))x")"
      )
    }
    let browsing = times["cards"]!
    let status = times["status"]!
    BenchRow(
      measure: "Card browser: REPL `\(line)` on \(cards) cards, \(reviews) reviews (\(runs) rounds)",
      figure: BenchRow.spread(browsing, unit: "ms", digits: 1, scale: 1000),
      peer: "REPL `status` " + BenchRow.spread(status, unit: "ms", digits: 1, scale: 1000),
      ratio: BenchRow.spread(zip(browsing, status).map { $0 / $1 }, unit: "×"), target: "< 0.2 s",
      met: median(browsing) < 0.2, command: "scripts/cards/bench.sh"
    ).print()
    try splits(state, context)
  }

  /// The REPL's path in parts: query parse, rows built and matched (file order), the same sorted by
  /// due, the frame rendered.
  func splits(_ state: AppState, _ context: RenderContext) throws {
    var parts: [String: [Double]] = [:]
    let parsed = try CardQueryParser.parse(query)
    var shown = state
    for round in 0...runs {
      var t0 = monotonicSeconds()
      _ = try CardQueryParser.parse(query)
      let parse = monotonicSeconds() - t0
      t0 = monotonicSeconds()
      let unsorted = CardBrowser.select(state, parsed, sort: .added, at: context.now)
      let select = monotonicSeconds() - t0
      t0 = monotonicSeconds()
      let sorted = CardBrowser.select(state, parsed, sort: .due, at: context.now)
      let selectSorted = monotonicSeconds() - t0
      shown.display = [.cards(CardListing(query: query, sort: .due, rows: sorted.rows, total: sorted.total))]
      t0 = monotonicSeconds()
      let frame = Renderer.render(shown, context)
      let render = monotonicSeconds() - t0
      guard round > 0, unsorted.rows.count == sorted.rows.count, !frame.text.isEmpty else { continue }
      parts["parse", default: []].append(parse)
      parts["select", default: []].append(select)
      parts["sorted", default: []].append(selectSorted)
      parts["render", default: []].append(render)
    }
    let described = [
      ("parse", "query parsed"), ("select", "rows built and matched (file order)"),
      ("sorted", "rows built, matched and sorted by due"),
      ("render", "table rendered (every row, as the pager receives it)"),
    ]
    for (key, label) in described {
      print("cards: split: \(label): median \(ms(median(parts[key]!))) ms")
    }
    print("cards: split: so the sort by due: \(ms(median(parts["sorted"]!) - median(parts["select"]!))) ms")
  }

  /// `quizline cards QUERY` and `quizline status` through the binary, interleaved, on the profile
  /// on disk (made a per-device profile first by one REPL start, as a learner's first start does).
  func asProcess(quizzes: String, now: Timestamp, expected: Int) throws {
    let binary = siblingExecutable("quizline")
    let state = directory + "/state"
    let common = ["--quizzes", quizzes, "--progress", directory + "/progress", "--now", now.iso8601]
    let quit = directory + "/quit.txt"
    try ReportProfileGenerator.writeFile(quit, Array("quit\n".utf8))
    var t0 = monotonicSeconds()
    let first = try spawn(binary, common, stdin: quit, stateHome: state)
    guard first.status == 0 else { throw BenchError.usage("quizline (first start) exited with \(first.status)") }
    print("cards: first start (the profile becomes per-device): \(format3(monotonicSeconds() - t0)) s")
    let json = directory + "/cards.json"
    let check = try spawn(binary, common + ["cards", query, "--json"], stdout: json, stateHome: state)
    let text = String(decoding: try readAll(json), as: UTF8.self)
    let listed = text.split(separator: "\n").filter { $0.contains("\"ref\":") }.count
    guard check.status == 0, listed == expected else {
      throw BenchError.usage(
        "quizline cards \(query) --json listed \(listed) cards (exit \(check.status)); in process \(expected)")
    }
    print("cards: `quizline cards \(query) --json` lists \(listed) cards, as in process")
    let commands: [(String, [String])] = [("cards " + query, ["cards", query]), ("status", ["status"])]
    var walls: [[Double]] = [[], []]
    var cpus: [[Double]] = [[], []]
    var peak = [0, 0]
    for round in 0...runs {
      for (k, c) in commands.enumerated() {
        t0 = monotonicSeconds()
        let r = try spawn(binary, common + c.1, stateHome: state)
        let wall = monotonicSeconds() - t0
        guard r.status == 0 else { throw BenchError.usage("quizline \(c.0) exited with \(r.status)") }
        guard round > 0 else { continue }
        walls[k].append(wall)
        cpus[k].append(r.cpu)
        peak[k] = max(peak[k], r.maxRSSKiB)
      }
    }
    for (k, c) in commands.enumerated() {
      print(
        "cards: process `quizline \(c.0)`: median \(ms(median(walls[k]))) ms (range \(ms(walls[k].min()!))–\(ms(walls[k].max()!)) ms), CPU median \(ms(median(cpus[k]))) ms, peak \(peak[k] / 1024) MB"
      )
    }
    print(
      "cards: process cards / status: wall \(format2(median(walls[0]) / median(walls[1])))x, difference \(ms(median(walls[0]) - median(walls[1]))) ms"
    )
  }

  func ms(_ seconds: Double) -> String { (seconds < 0 ? "-" : "") + format1(abs(seconds) * 1000) }
}

/// `text` without its terminal escape sequences (`ESC [ … letter`), for printing a styled screen.
func withoutEscapes(_ text: String) -> String {
  var out = ""
  var inEscape = false
  for ch in text {
    if ch == "\u{1B}" {
      inEscape = true
    } else if inEscape {
      if ch.isLetter { inEscape = false }
    } else {
      out.append(ch)
    }
  }
  return out
}

/// The bytes of the file at `path`.
func readAll(_ path: String) throws -> [UInt8] {
  guard let file = fopen(path, "rb") else { throw BenchError.usage("cannot read \(path)") }
  defer { fclose(file) }
  var out: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let n = fread(&buffer, 1, buffer.count, file)
    if n == 0 { break }
    out += buffer[0..<n]
  }
  return out
}
