import QuizlineCore
import QuizlineFormats
import QuizlineStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `devices-sample`: the Reports benchmark's history (``ReportProfileGenerator``, the profile of
/// `report-sample`) spread over N devices' logs, so one log and N logs hold the SAME events: whole
/// runs go to the devices in turn (a run's answers, skips, undo and end stay on the device that
/// started it; what follows a run goes with it), each device numbering its events from its own tag
/// (run ids and undo targets renumbered with them) and its clock `k × 7 s` ahead, so the devices'
/// times interleave run by run. Device 0 (tag 0) is this machine: its identity is written to
/// `OUT/state/quizline/device.json` (run with `XDG_STATE_HOME=OUT/state`). `OUT/late/<id>/` holds
/// one more device's log of 20 answers dated before the last run (a log arriving late: moved into
/// `devices/`, it makes the next start-up fold everything again).
struct DeviceProfileGenerator {
  var events: Int
  var devices: Int
  var out: String
  var seed: UInt64
  var quizzes = "Quizzes"

  init(arguments: [String]) throws {
    var options = BenchOptions(arguments)
    events = try options.int("--events", default: 1_000_000, in: 1000...20_000_000)
    devices = try options.int("--devices", default: 2, in: 1...16)
    seed = UInt64(try options.int("--seed", default: 7, in: 0...Int.max))
    guard let out = options.string("--out") else { throw BenchError.usage("devices-sample needs --out DIR") }
    self.out = out
    try options.finish()
  }

  static func id(_ k: Int) -> String { String(repeating: String(k, radix: 16), count: 8) + "00ab00cd00ef0123456789ab" }

  func run() throws {
    let catalog = CatalogLoader.load(directory: quizzes).catalog
    guard !catalog.banks.isEmpty else {
      throw BenchError.usage("no banks in \(quizzes) (run from the repository root)")
    }
    mkdir(out, 0o755)
    let single = out + "/single-\(getpid())"
    defer { removeTree(single) }
    var generator = ReportProfileGenerator(catalog: catalog, events: events, seed: seed)
    generator.gap = (3 * 3600, 40 * 3600)
    let last = try generator.write(to: single)
    let profile = out + "/default"
    for k in 0..<devices {
      for folder in [profile, profile + "/devices", folder(k), folder(k) + "/archive"] { mkdir(folder, 0o755) }
      try ReportProfileGenerator.writeFile(
        folder(k) + "/device.json",
        Array(
          DeviceRecord(id: Self.id(k), name: "device\(k)", tag: k, createdAt: ReportProfileGenerator.start).json.utf8))
    }
    for folder in [out + "/state", out + "/state/quizline"] { mkdir(folder, 0o755) }
    try ReportProfileGenerator.writeFile(
      out + "/state/quizline/device.json", Array("{\"id\":\"\(Self.id(0))\",\"name\":\"device0\"}\n".utf8))
    var writers = (0..<devices).map { Writer(tag: $0, folder: folder($0)) }
    var renumbered = [Int](repeating: 0, count: events + 1)  // old sequence number → new
    var device = 0
    var runs = 0
    var decoder = FastReplayDecoder()
    let layout = ProfileLayout(directory: single)
    for path in layout.archivedSegments() + [layout.journal] {
      guard let file = fopen(path, "rb") else { continue }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n <= 0 { break }
        bytes += chunk[0..<n]
      }
      fclose(file)
      try bytes.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < buffer.count, let end = buffer[start...].firstIndex(of: 0x0A) {
          defer { start = end + 1 }
          var event = try decoder.decode(UnsafeBufferPointer(rebasing: buffer[start..<end]))
          if case .quizStarted = event.payload {
            device = runs % devices
            runs += 1
          }
          let old = event.sequence
          event.sequence = writers[device].next()
          renumbered[old] = event.sequence
          event.at = event.at.adding(seconds: Int64(device * 7))
          switch event.payload {
          case .answered(var a):
            a.run = renumbered[a.run]
            event.payload = .answered(a)
          case .skipped(let run, let q): event.payload = .skipped(run: renumbered[run], question: q)
          case .runEnded(let run, let reason): event.payload = .runEnded(run: renumbered[run], reason: reason)
          case .undone(let target): event.payload = .undone(target: renumbered[target])
          default: break
          }
          try writers[device].write(event)
        }
      }
    }
    for k in writers.indices { try writers[k].finish() }
    // A late device: 20 answers dated a day before the history's last event.
    let late = Self.id(devices + 1)
    for folder in [out + "/late", out + "/late/" + late, out + "/late/" + late + "/archive"] { mkdir(folder, 0o755) }
    try ReportProfileGenerator.writeFile(
      out + "/late/" + late + "/device.json",
      Array(DeviceRecord(id: late, name: "late", tag: devices + 1, createdAt: last).json.utf8))
    let ref = QuestionRef(bank: catalog.banks[0].id, question: catalog.banks[0].questions[0].id)
    var lines = ""
    for k in 1...20 {
      let event = RecordedEvent(
        sequence: DeviceSequence.base(of: devices + 1) + k, at: last.adding(seconds: -86_400 + Int64(k) * 60),
        payload: .answered(AnswerRecord(run: 0, question: ref, response: "a", score: 1, seconds: 4, rating: .good)))
      lines += EventCoding.encode(event) + "\n"
    }
    try ReportProfileGenerator.writeFile(out + "/late/" + late + "/journal.jsonl", Array(lines.utf8))
    print(
      "devices-sample: \(events) events over \(devices) device(s) in \(profile), \(runs) runs; last event \(last.iso8601)"
    )
  }

  private func folder(_ k: Int) -> String { out + "/default/devices/" + Self.id(k) }

  /// One device's log being written: archive segments of 500 events, then the journal.
  struct Writer {
    let tag: Int
    let folder: String
    var sequence: Int
    var segmentFirst: Int
    var lines: [UInt8] = []

    init(tag: Int, folder: String) {
      self.tag = tag
      self.folder = folder
      sequence = DeviceSequence.base(of: tag)
      segmentFirst = sequence + 1
    }

    mutating func next() -> Int {
      sequence += 1
      return sequence
    }

    mutating func write(_ event: RecordedEvent) throws {
      lines += Array((EventCoding.encode(event) + "\n").utf8)
      if (event.sequence - DeviceSequence.base(of: tag)) % ReportProfileGenerator.segment == 0 {
        try ReportProfileGenerator.writeFile(
          folder + "/archive/" + ReportProfileGenerator.segmentName(segmentFirst, event.sequence), lines)
        lines.removeAll(keepingCapacity: true)
        segmentFirst = event.sequence + 1
      }
    }

    func finish() throws {
      try ReportProfileGenerator.writeFile(folder + "/journal.jsonl", lines)
    }
  }
}
