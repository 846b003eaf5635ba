import QuizlineCore
import QuizlineStorage

/// Splits journal bytes into lines and turns each into a ``HistoryEvent``, the way
/// ``JournalReader/replay(_:into:keepLines:)`` reads them: complete lines only (a last line without
/// its newline is a torn write and is left out), empty lines skipped, events at or below the last
/// sequence number seen skipped (so a profile's history is its archive segments in order, then
/// `journal.jsonl`), and lines that cannot be read counted with their location.
///
/// Bytes may arrive in chunks of any size; a line cut by a chunk boundary is carried over.
public struct HistoryScanner {
  /// How lines are decoded: ``FastEventLine`` first (falling back to the generic decoder for lines it
  /// does not take), or always ``EventCoding/decode(_:)`` (the slow path, kept for comparison).
  public enum Decoder: Sendable {
    case fast, generic
  }

  /// A line that could not be read.
  public typealias BadLine = HistoryBadLine

  public var table = StringTable()
  public let decoder: Decoder
  public private(set) var firstSequence: Int?
  public private(set) var lastSequence = 0
  /// Events handed on (duplicates and bad lines not counted).
  public private(set) var eventCount = 0
  /// Lines decoded by the generic decoder although the fast one was asked for.
  public private(set) var fallbackCount = 0
  public private(set) var badLineCount = 0
  /// The first few bad lines (at most ``badLineSampleLimit``).
  public private(set) var badLines: [BadLine] = []
  static let badLineSampleLimit = 10
  /// For each bad line, ``eventCount`` when it was met: where it stands among the events handed on
  /// (the per-device reader counts a damaged line as the event it stands for, as the fold does).
  public private(set) var badLinePositions: [Int] = []

  /// With a converter (the reports' one pass, ``ReportPass``), each line read also becomes the
  /// fold's event, from the same parse where the compact form keeps what the fold uses and from
  /// the generic decoder otherwise: ``foldLines`` gets one entry per non-empty line, nil for a line
  /// that does not decode (as ``FastReplayDecoder`` reads it), whatever the history keeps of it.
  var converter: ReplayConverter?
  var foldLines: [RecordedEvent?] = []

  /// False for a scanner that reads a later part of the history on another thread: it hands on
  /// every event, and ``replay(_:from:into:)`` applies the sequence rule when they are put in order.
  var deduplicate = true

  private var file = ""
  private var line = 0
  private var carry: [UInt8] = []

  /// Responses are kept (interned) only when asked for: the attempt log and the test statistics use them.
  public let keepResponses: Bool
  private var lineState: FastEventLine.State

  public init(decoder: Decoder = .fast, keepResponses: Bool = true) {
    self.decoder = decoder
    self.keepResponses = keepResponses
    lineState = FastEventLine.State(keepResponses: keepResponses)
  }

  /// Starts a new file (its line numbers restart at 1; an unfinished line of the previous file is dropped).
  mutating func beginFile(_ name: String) {
    file = name
    line = 0
    carry.removeAll(keepingCapacity: true)
  }

  /// Reads the complete lines in `chunk` (after what was carried over) and hands each event to `sink`.
  mutating func feed<S: HistorySink>(_ chunk: UnsafeBufferPointer<UInt8>, into sink: inout S) {
    var start = 0
    if !carry.isEmpty {
      guard let newline = chunk.firstIndex(of: 0x0A) else {
        carry.append(contentsOf: chunk)
        return
      }
      carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<newline]))
      let pending = carry
      carry.removeAll(keepingCapacity: true)
      pending.withUnsafeBufferPointer { handle($0, into: &sink) }
      start = newline + 1
    }
    guard let base = chunk.baseAddress else { return }
    while start < chunk.count {
      guard let length = findNewline(base + start, chunk.count - start) else {
        carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
        return
      }
      handle(UnsafeBufferPointer(start: base + start, count: length), into: &sink)
      start += length + 1
    }
  }

  /// Convenience for whole files held in memory.
  mutating func scanFile<S: HistorySink>(_ name: String, bytes: [UInt8], into sink: inout S) {
    beginFile(name)
    bytes.withUnsafeBufferPointer { feed($0, into: &sink) }
  }

  private mutating func handle<S: HistorySink>(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout S) {
    line += 1
    if bytes.isEmpty { return }
    // The reports' one pass (a converter, the fast decoder) also makes each line's fold event; every
    // other reader (the CSV, the class report) reads the history alone, with no fold event to carry.
    if converter != nil, decoder == .fast {
      handleFolding(bytes, into: &sink)
      return
    }
    if decoder == .fast, let e = FastEventLine.parse(bytes, table: &table, state: &lineState) {
      deliver(e, into: &sink)
      return
    }
    if decoder == .fast { fallbackCount += 1 }
    do {
      let decoded = try EventCoding.decode(bytes)
      if converter != nil { foldLines.append(decoded) }
      let e = HistoryEvent(decoded, table: &table, keepResponse: keepResponses)
      deliver(e, into: &sink)
    } catch {
      countBadLine(error)
    }
  }

  /// ``handle(_:into:)`` with a converter: the compact event from the fast reader and the fold's
  /// event from the same parse (the table read in place, not copied), the generic decoder otherwise.
  private mutating func handleFolding<S: HistorySink>(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout S) {
    if let e = FastEventLine.parse(bytes, table: &table, state: &lineState) {
      if let recorded = converter!.convert(e, bytes, table: table, state: lineState) {
        foldLines.append(recorded)
      } else {
        foldLines.append(try? EventCoding.decode(bytes))
      }
      deliver(e, into: &sink)
      return
    }
    fallbackCount += 1
    do {
      let decoded = try EventCoding.decode(bytes)
      foldLines.append(decoded)
      let e = HistoryEvent(decoded, table: &table, keepResponse: keepResponses)
      deliver(e, into: &sink)
    } catch {
      countBadLine(error)
    }
  }

  /// A line that does not decode: counted, the first few kept, and a nil fold event (with a converter).
  private mutating func countBadLine(_ error: EventCoding.DecodeError) {
    badLineCount += 1
    badLinePositions.append(eventCount)
    if badLines.count < Self.badLineSampleLimit {
      badLines.append(BadLine(file: file, line: line, message: error.message))
    }
    if converter != nil { foldLines.append(nil) }
  }

  /// Hands `e` on unless the sequence rule leaves it out.
  @inline(__always) private mutating func deliver<S: HistorySink>(_ e: HistoryEvent, into sink: inout S) {
    if deduplicate {
      guard e.sequence > lastSequence else { return }
      lastSequence = e.sequence
      if firstSequence == nil { firstSequence = e.sequence }
    }
    eventCount += 1
    sink.consume(e, table: table)
  }

  /// The fold's events read since the last call (``converter``), handed over.
  mutating func takeFoldLines() -> [RecordedEvent?] {
    var taken: [RecordedEvent?] = []
    taken.reserveCapacity(foldLines.count)
    swap(&taken, &foldLines)
    return taken
  }

  /// Hands on `events` read by `other` (a scanner of the files after this one's, without
  /// deduplication), as if this scanner had read them itself: their strings are interned here in
  /// the order `other` met them, the sequence rule applies, and `other`'s bad lines are counted.
  public mutating func replay<S: HistorySink>(_ events: [HistoryEvent], from other: HistoryScanner, into sink: inout S)
  {
    var remap: [Int32] = []
    remap.reserveCapacity(other.table.count)
    for k in 0..<other.table.count { remap.append(table.intern(other.table[Int32(k)])) }
    @inline(__always) func map(_ id: Int32) -> Int32 { id < 0 ? id : remap[Int(id)] }
    for var e in events {
      guard e.sequence > lastSequence else { continue }
      lastSequence = e.sequence
      if firstSequence == nil { firstSequence = e.sequence }
      e.subject = map(e.subject)
      e.response = map(e.response)
      e.sourceID = map(e.sourceID)
      if !e.questions.isEmpty { e.questions = e.questions.map(map) }
      eventCount += 1
      sink.consume(e, table: table)
    }
    badLineCount += other.badLineCount
    badLines += other.badLines.prefix(max(0, Self.badLineSampleLimit - badLines.count))
    fallbackCount += other.fallbackCount
  }
}

/// Keeps events as they come (the later part of a history read on another thread).
struct EventBuffer: HistorySink {
  public var events: [HistoryEvent] = []

  init() {}

  public mutating func consume(_ event: HistoryEvent, table: StringTable) { events.append(event) }
}

@inline(__always) private func findNewline(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
  // memchr is far faster than a byte loop on long lines.
  guard let hit = memchr(p, 0x0A, n) else { return nil }
  return UnsafeRawPointer(hit) - UnsafeRawPointer(p)
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
