import QuizlineCore
import QuizlineFormats
import QuizlineStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `device-replay`: the fold of a per-device profile from nothing (no snapshot, as after a late
/// older event): N events of history (``ReportProfileGenerator``) as the first device's log plus a
/// second device's 1,000 answers, read with the fast line reader and merged; against today's
/// single-journal replay of the same N events (`JournalReader`, generic decoder), in one process.
struct DeviceReplayBenchmark {
  var events: Int
  var runs: Int
  /// Only this part (`fold`, `today`, `fast`, `generic`, `apply`), for a profiler; nil: all.
  var only: String?
  /// Where to write the snapshot of the per-device fold's progress (to compare two builds byte for byte).
  var snapshot: String?
  var quizzes = "Quizzes"
  var directory = "/tmp/quizline-bench-devices-\(getpid())"

  init(arguments: [String]) throws {
    var options = BenchOptions(arguments)
    events = try options.int("--events", default: 1_000_000, in: 1000...20_000_000)
    runs = try options.int("--repeat", default: 5, in: 1...100)
    if let dir = options.string("--dir") { directory = dir }
    only = options.string("--only")
    snapshot = options.string("--snapshot")
    if let only, !["fold", "today", "fast", "generic", "apply"].contains(only) {
      throw BenchError.usage("--only takes fold, today, fast, generic or apply")
    }
    try options.finish()
  }

  func run() throws {
    let catalog = CatalogLoader.load(directory: quizzes).catalog
    guard !catalog.banks.isEmpty else {
      throw BenchError.usage("no banks in \(quizzes) (run from the repository root)")
    }
    removeTree(directory)
    mkdir(directory, 0o755)
    defer { removeTree(directory) }
    let single = directory + "/single"
    mkdir(single, 0o755)
    let last = try ReportProfileGenerator(catalog: catalog, events: events).write(to: single + "/default")
    unlink(single + "/default/snapshot.json")
    // The same files as the first device's log (tag 0), plus a second device.
    let shared = directory + "/shared/default"
    let first = "aaaa0000aaaa0000aaaa0000aaaa0000"
    let second = "bbbb1111bbbb1111bbbb1111bbbb1111"
    let legacy = ProfileLayout(directory: single + "/default")
    for id in [first, second] { try makeFolders(shared + "/devices/" + id + "/archive") }
    for segment in legacy.archivedSegments() {
      try copy(segment, to: shared + "/devices/" + first + "/archive/" + (segment.split(separator: "/").last ?? ""))
    }
    try copy(legacy.journal, to: shared + "/devices/" + first + "/journal.jsonl")
    try write(
      DeviceRecord(id: first, name: "first", tag: 0, createdAt: last).json,
      shared + "/devices/" + first + "/device.json")
    try write(
      DeviceRecord(id: second, name: "second", tag: 5, createdAt: last).json,
      shared + "/devices/" + second + "/device.json")
    let ref = QuestionRef(bank: catalog.banks[0].id, question: catalog.banks[0].questions[0].id)
    var secondLines = ""
    for k in 1...1000 {
      let at = last.adding(seconds: Int64(k) * -3600 * 24 * 30 / 1000 - 1)
      secondLines +=
        EventCoding.encode(
          RecordedEvent(
            sequence: DeviceSequence.base(of: 5) + k, at: at,
            payload: .answered(AnswerRecord(run: 0, question: ref, response: "a", score: 1, seconds: 4, rating: .good)))
        )
        + "\n"
    }
    // Reversed times would break the device's own order; keep them rising.
    let reversed: [Substring] = secondLines.split(separator: "\n").reversed()
    var renumbered: [String] = []
    for (k, line) in reversed.enumerated() {
      renumbered.append(line.replacingSequence(DeviceSequence.base(of: 5) + k + 1))
    }
    try write(renumbered.joined(separator: "\n") + "\n", shared + "/devices/" + second + "/journal.jsonl")
    let now = last.adding(seconds: 3600)
    // The parts: decoding every line (fast reader, generic decoder) and `apply` over decoded events.
    var lines: [[UInt8]] = []
    for path in legacy.archivedSegments() + [legacy.journal] {
      guard let bytes = try FileOpsBench.read(path) else { continue }
      lines += bytes.split(separator: 0x0A).map(Array.init)
    }
    var parts: [String: [Double]] = [:]
    let want = { (part: String) in only == nil || only == part || (part == "fast" && only == "apply") }
    for k in 0...runs {
      var decoder = FastReplayDecoder()
      var decoded: [RecordedEvent] = []
      var measured: [(String, Double)] = []
      var c0 = cpuSeconds()
      if want("fast") {
        decoded.reserveCapacity(lines.count)
        for line in lines {
          if let e = try? line.withUnsafeBufferPointer({ b throws(EventCoding.DecodeError) in try decoder.decode(b) }) {
            decoded.append(e)
          }
        }
        measured.append(("decode, fast reader", cpuSeconds() - c0))
      }
      if want("generic") {
        c0 = cpuSeconds()
        var generic = 0
        for line in lines where (try? EventCoding.decode(line)) != nil { generic += 1 }
        measured.append(("decode, generic decoder", cpuSeconds() - c0))
      }
      if want("apply") {
        c0 = cpuSeconds()
        var p = LearnerProgress()
        for e in decoded { p.apply(e) }
        measured.append(("apply over decoded events", cpuSeconds() - c0))
      }
      var a = LearnerProgress()
      if want("today") {
        c0 = cpuSeconds()
        a = try ProfileOpener.view(legacy, now: now).progress
        measured.append(("today's single-journal replay (read + generic decode + apply)", cpuSeconds() - c0))
      }
      var b = LearnerProgress()
      if want("fold") {
        c0 = cpuSeconds()
        let w0 = wallSeconds()
        b = try DeviceProfileOpener.view(ProfileLayout(directory: shared), now: now).progress
        measured.append(("per-device fold, 2 devices (read + fast decode + k-way merge + apply)", cpuSeconds() - c0))
        measured.append(("per-device fold, 2 devices, wall time", wallSeconds() - w0))
      }
      guard k > 0 else { continue }
      for (name, value) in measured { parts[name, default: []].append(value) }
      if k == runs, want("fold"), let snapshot {
        try write(SnapshotCoding.encode(b, writtenAt: now), snapshot)
      }
      if k == runs {
        let count = { (q: LearnerProgress) in q.questions.values.reduce(0) { $0 + $1.attempts } }
        print(
          "device-replay: \(lines.count) lines (\(decoder.genericCount) generic), answers folded \(count(a)) and \(count(b)) (+1000)"
        )
      }
    }
    for (name, values) in parts.sorted(by: { $0.key < $1.key }) {
      let range = "\(format3(values.min() ?? 0))–\(format3(values.max() ?? 0))"
      let kind = name.hasSuffix("wall time") ? "median" : "CPU median"
      print("device-replay: \(name): \(kind) \(format3(median(values))) s (range \(range), \(values.count) runs)")
    }
  }

  func wallSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  func makeFolders(_ path: String) throws {
    var built = ""
    for part in path.split(separator: "/") {
      built += "/" + part
      mkdir(built, 0o755)
    }
  }

  func copy(_ from: String, to: String) throws {
    guard let bytes = try FileOpsBench.read(from) else { return }
    try write(bytes, to)
  }

  func write(_ text: String, _ path: String) throws { try write(Array(text.utf8), path) }

  func write(_ bytes: [UInt8], _ path: String) throws {
    guard let file = fopen(path, "wb"), fwrite(bytes, 1, bytes.count, file) == bytes.count, fclose(file) == 0 else {
      throw BenchError.usage("cannot write \(path)")
    }
  }
}

enum FileOpsBench {
  static func read(_ path: String) throws -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = fread(&chunk, 1, chunk.count, file)
      if n <= 0 { break }
      out += chunk[0..<n]
    }
    return out
  }
}

extension Substring {
  /// The journal line with its `"seq"` replaced.
  func replacingSequence(_ seq: Int) -> String {
    guard let comma = firstIndex(of: ",") else { return String(self) }
    return "{\"seq\":\(seq)" + self[comma...]
  }
}
