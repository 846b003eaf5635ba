import QuizlineCore

/// Writes the attempt table of the CSV form straight from compact ``Attempt``s: each distinct
/// string (question, bank, response, run source) is made into a CSV field once, when first needed,
/// numbers and times are formatted into a byte buffer, so a million rows take a fraction of a
/// second. The rows are exactly what ``CSVReportRenderer`` would write from ``AttemptLog``'s
/// ``AttemptRow``s (tested). Attempts can come all at once (``writeAll()``) or in pieces as the
/// history is read (``write(_:table:)``, then ``finish()``).
struct CSVAttemptWriter {
  let sink: any ReportSink
  private let log: AttemptLog?
  /// A question reference's bank and type (the type empty when the question is not in the catalog).
  private let describe: (String) -> (bank: String, type: String)
  private var buffer = ByteBuffer(capacity: 1 << 20 + 65_536)
  /// Every field text that repeats, made once: ranges into `arena` (an empty range: not made yet).
  private var arena: [UInt8] = []
  private var profile: Range<Int> = 0..<0
  private var strings: [Range<Int>] = []
  private var banks: [Range<Int>] = []
  private var types: [Range<Int>] = []
  private var sources: [Int: Range<Int>] = [:]
  private var scores: [UInt64: Range<Int>] = [:]
  private var yes: Range<Int> = 0..<0
  private var no: Range<Int> = 0..<0
  private var ratings: [Range<Int>] = []
  private var dayPrefix: (number: Int64, bytes: [UInt8]) = (Int64.min, [])
  /// The run source key and the score bits of the last attempt whose fields were made: the next
  /// attempt with the same ones needs no dictionary look-up to know they are made.
  private var lastMade: (source: Int, score: UInt64) = (Int.min, UInt64.max)
  private static let unmade = -1 ..< -1

  /// A writer for a whole attempt log.
  init(log: AttemptLog, profile: String, sink: any ReportSink) {
    self.init(profile: profile, sink: sink, log: log) { (log.banks[$0] ?? "", log.types[$0] ?? "") }
  }

  /// A writer for attempts that come as the history is read.
  init(profile: String, catalog: Catalog, sink: any ReportSink) {
    self.init(profile: profile, sink: sink, log: nil) { text in
      let ref = QuestionRef(text)
      return (ref?.bank ?? "", ref.flatMap { catalog.question($0)?.typeName } ?? "")
    }
  }

  private init(
    profile: String, sink: any ReportSink, log: AttemptLog?,
    describe: @escaping (String) -> (bank: String, type: String)
  ) {
    self.sink = sink
    self.log = log
    self.describe = describe
    self.profile = add(Self.cell(profile))
    yes = add(Array("true".utf8))
    no = add(Array("false".utf8))
    ratings = [add([])] + Rating.allCases.map { add(Array($0.name.utf8)) }
  }

  private mutating func add(_ bytes: [UInt8]) -> Range<Int> {
    let start = arena.count
    arena += bytes
    return start..<arena.count
  }

  static func sourceKey(_ a: Attempt) -> Int {
    a.known ? Int(a.sourceKind.rawValue) << 32 | Int(UInt32(bitPattern: a.sourceID)) : -1
  }

  static func sourceText(_ a: Attempt, _ table: StringTable) -> String {
    guard a.known else { return "unknown" }
    switch a.sourceKind {
    case .bank: return "bank:" + table[a.sourceID]
    case .checkpoint: return "checkpoint:" + table[a.sourceID]
    case .review: return "review"
    case .cram: return "cram"
    case .retry: return "retry"
    }
  }

  /// The whole log given to ``init(log:profile:sink:)``.
  mutating func writeAll() {
    guard let log else { return }
    write(log.attempts[...], table: log.table)
    finish()
  }

  /// The rows of `attempts` (undone ones left out), their strings in `table`.
  mutating func write(_ attempts: ArraySlice<Attempt>, table: StringTable) {
    if strings.count < table.count {
      let more = table.count - strings.count
      strings += repeatElement(Self.unmade, count: more)
      banks += repeatElement(Self.unmade, count: more)
      types += repeatElement(Self.unmade, count: more)
    }
    for a in attempts where !a.undone { make(a, table) }
    let arena = self.arena
    arena.withUnsafeBufferPointer { arena in
      func put(_ r: Range<Int>, _ buffer: inout ByteBuffer) { buffer.append(UnsafeBufferPointer(rebasing: arena[r])) }
      var lastSource = (key: Int.min, range: 0..<0)
      // The two scores met last (most answers score 0 or 1): no dictionary look-up for them.
      var lastScore = (bits: UInt64.max, range: 0..<0)
      var otherScore = (bits: UInt64.max, range: 0..<0)
      for a in attempts where !a.undone {
        put(profile, &buffer)
        comma()
        integer(a.sequence)
        comma()
        timestamp(a.at)
        comma()
        integer(a.run)
        comma()
        let key = Self.sourceKey(a)
        if key != lastSource.key { lastSource = (key, sources[key]!) }
        put(lastSource.range, &buffer)
        comma()
        put(banks[Int(a.question)], &buffer)
        comma()
        put(strings[Int(a.question)], &buffer)
        comma()
        put(types[Int(a.question)], &buffer)
        comma()
        put(strings[Int(a.response)], &buffer)
        comma()
        if a.score.bitPattern == lastScore.bits {
          put(lastScore.range, &buffer)
        } else if a.score.bitPattern == otherScore.bits {
          swap(&lastScore, &otherScore)
          put(lastScore.range, &buffer)
        } else if let r = scores[a.score.bitPattern] {
          otherScore = lastScore
          lastScore = (a.score.bitPattern, r)
          put(r, &buffer)
        } else {
          buffer += Array(JSONText.format(a.score).utf8)
        }
        comma()
        put(a.score >= 0.9999 ? yes : no, &buffer)
        comma()
        seconds(a.seconds)
        comma()
        if a.certainty != Attempt.noCertainty { integer(Int(a.certainty)) }
        comma()
        put(ratings[a.rating <= 4 ? Int(a.rating) : 0], &buffer)
        comma()
        put(a.practice ? yes : no, &buffer)
        buffer.append(0x0D)
        buffer.append(0x0A)
        if buffer.count >= 1 << 20 { flush() }
      }
    }
  }

  /// Makes the fields `a` needs that are not made yet.
  private mutating func make(_ a: Attempt, _ table: StringTable) {
    let q = Int(a.question)
    if strings[q] == Self.unmade {
      let text = table[a.question]
      strings[q] = add(Self.cell(text))
      let (bank, type) = describe(text)
      banks[q] = add(Self.cell(bank))
      types[q] = add(Array(type.utf8))
    }
    let r = Int(a.response)
    if strings[r] == Self.unmade { strings[r] = add(Self.cell(table[a.response])) }
    let key = Self.sourceKey(a)
    if key != lastMade.source {
      if sources[key] == nil { sources[key] = add(Self.cell(Self.sourceText(a, table))) }
      lastMade.source = key
    }
    let bits = a.score.bitPattern
    // Once a score is made (or the table is full) it stays so: the same bits need no second look.
    if bits != lastMade.score {
      if scores[bits] == nil, scores.count < 4096 { scores[bits] = add(Array(JSONText.format(a.score).utf8)) }
      lastMade.score = bits
    }
  }

  /// Writes out what is buffered and frees the buffer.
  mutating func finish() {
    flush()
    buffer.free()
  }

  private mutating func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBufferPointer { sink.write(bytes: $0) }
    buffer.removeAll(keepingCapacity: true)
  }

  @inline(__always) private mutating func comma() { buffer.append(0x2C) }

  private static func cell(_ s: String) -> [UInt8] { Array(CSVReportRenderer.field(CSVReportRenderer.text(s)).utf8) }

  /// Seconds as recorded (whole milliseconds) without trailing zeros; anything finer as JSON writes it.
  private mutating func seconds(_ x: Double) {
    let ms = (x * 1000).rounded()
    guard x.isFinite, x >= 0, ms < 1e12, ms / 1000 == x else {
      buffer += Array(JSONText.format(x).utf8)
      return
    }
    let m = Int(ms)
    integer(m / 1000)
    var frac = m % 1000
    guard frac != 0 else { return }
    var digits = 3
    while frac % 10 == 0 {
      frac /= 10
      digits -= 1
    }
    buffer.append(0x2E)
    var divisor = 1
    for _ in 1..<digits { divisor *= 10 }
    while divisor > 0 {
      buffer.append(UInt8(0x30 + frac / divisor % 10))
      divisor /= 10
    }
  }

  private mutating func integer(_ n: Int) { buffer.appendInteger(n) }

  private mutating func timestamp(_ micros: Int64) { buffer.appendTimestamp(micros, day: &dayPrefix) }
}

/// One profile's CSV attempt table written as its history is read (``HistoryLoader``'s
/// `attemptStream`), so the attempt log is never kept whole: the header row at once, then the rows
/// as the attempts become final; ``finish()`` writes out the rest.
public final class CSVAttemptStream: AttemptStream {
  private var writer: CSVAttemptWriter

  public init(profile: String, catalog: Catalog, sink: any ReportSink) {
    var out = CSVReportRenderer.Buffered(sink)
    CSVReportRenderer.header(.attempts, &out)
    writer = CSVAttemptWriter(profile: profile, catalog: catalog, sink: sink)
  }

  public func write(_ attempts: ArraySlice<Attempt>, table: StringTable) { writer.write(attempts, table: table) }

  public func finish() { writer.finish() }
}
