import QuizlineCore
import QuizlineStorage

/// The fold's reading rule for one device's events (``HistoryLoader/ownOrder(_:fileStarts:damagedBefore:contiguous:)``),
/// one event at a time (``LogReadRule`` over the events' indices): each sequence number once, and for another device's log (`contiguous`)
/// reading stops at a gap between one file and the next, a damaged line standing for one event.
struct OwnOrder {
  let contiguous: Bool
  /// The index (among the device's events read) of each file's first event, in order; a reader
  /// that goes file by file appends each as the file begins.
  var fileStarts: [Int]
  /// True once a gap between files was met: no later event of this log is read.
  var stopped: Bool { rule.stopped }
  private var rule: LogReadRule
  private var nextBad = 0
  private var nextFile = 0

  init(contiguous: Bool, fileStarts: [Int] = []) {
    self.contiguous = contiguous
    self.fileStarts = fileStarts
    rule = LogReadRule(contiguous: contiguous, inFile: false)
  }

  /// Whether the event at `index` among the device's events read, numbered `sequence`, is kept;
  /// `damagedBefore`: for each damaged line met so far, how many events came before it.
  mutating func keeps(_ sequence: Int, at index: Int, damagedBefore: [Int]) -> Bool {
    guard !stopped else { return false }
    while nextBad < damagedBefore.count, damagedBefore[nextBad] <= index {
      _ = rule.keepsDamaged()
      nextBad += 1
    }
    while nextFile < fileStarts.count, fileStarts[nextFile] <= index {
      rule.beginFile()
      nextFile += 1
    }
    return rule.keeps(sequence: sequence)
  }
}

/// Reports of a profile with one log (one device's, or the single journal no device took over yet;
/// a learner's own profile): the merged order is the log's own, and the only void events are
/// `undone`s of another device's event, so each chunk's events are counted as they are read, never
/// all held (``loadDevices`` holds every device's events to merge them). With a scanner that has a
/// converter, `foldLines` gets the fold's events of each chunk's lines (``ReportPass``), and
/// `fileBegins` is called as each file begins.
extension HistoryLoader {
  static func loadOnlyLog(
    _ device: ProfileLayout, contiguous: Bool, scanner: HistoryScanner, accumulator: HistoryAccumulator,
    reader: any ChunkedFileReader, stream: (any AttemptStream)?, fileBegins: () -> Void = {},
    foldLines: ([RecordedEvent?]) -> Void = { _ in }
  ) throws(ProfileError) -> ProfileHistory {
    var scanner = scanner
    var accumulator = accumulator
    var buffer = EventBuffer()
    var filter = OwnOrder(contiguous: contiguous)
    var read = 0  // events read before the buffer's first
    var count = 0
    var first: Int?
    var lastSequence = 0
    func drain() {
      for k in buffer.events.indices {
        let event = buffer.events[k]
        guard filter.keeps(event.sequence, at: read + k, damagedBefore: scanner.badLinePositions) else { continue }
        if event.kind == .undone, DeviceMerge.undoesAnotherDevice(event.sequence, target: event.run) { continue }
        count += 1
        if first == nil { first = event.sequence }
        lastSequence = max(lastSequence, event.sequence)
        accumulator.consume(event, table: scanner.table)
        if let stream, count % 4096 == 0 { accumulator.drainAttempts { stream.write($0, table: scanner.table) } }
      }
      read += buffer.events.count
      buffer.events.removeAll(keepingCapacity: true)
    }
    for path in device.archivedSegments() + [device.journal] {
      filter.fileStarts.append(read)
      scanner.beginFile(path)
      fileBegins()
      _ = try reader.read(path) { chunk in
        scanner.feed(chunk, into: &buffer)
        drain()
        // The reports' one pass (``ReportPass``): the fold's events of the same lines.
        if scanner.converter != nil { foldLines(scanner.takeFoldLines()) }
      }
    }
    if let stream { accumulator.drainAttempts(all: true) { stream.write($0, table: scanner.table) } }
    return ProfileHistory(
      table: scanner.table, accumulator: accumulator, firstSequence: first, lastSequence: lastSequence,
      eventCount: count, badLineCount: scanner.badLineCount, badLines: scanner.badLines,
      fallbackCount: scanner.fallbackCount)
  }
}
