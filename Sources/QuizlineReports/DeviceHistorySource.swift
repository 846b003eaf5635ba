import QuizlineCore
import QuizlineStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one string table the history sources of a merge intern into (each source's scanner holds it
/// while it reads a chunk), so every event's ids name the same strings.
final class SharedStringTable {
  var table = StringTable()
}

/// A file read one chunk at a time when asked (``PosixChunkedReader`` reads a whole file through a
/// callback; a merge needs each device's next chunk only when it runs out of that device's events).
final class ChunkPuller {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private var fd: Int32 = -1
  private var path = ""

  init(chunkSize: Int = 1 << 20) {
    buffer = .allocate(capacity: chunkSize)
  }

  deinit {
    if fd >= 0 { close(fd) }
    buffer.deallocate()
  }

  /// Opens the regular file at `path` (no link); false when there is none.
  func open(_ path: String) throws(ProfileError) -> Bool {
    if fd >= 0 { close(fd) }
    fd = -1
    guard FileOps.exists(path) else { return false }
    fd = try FileOps.openRegular(path, O_RDONLY)
    self.path = path
    return true
  }

  /// The file's next chunk; nil at its end (the file is closed).
  func next() throws(ProfileError) -> UnsafeBufferPointer<UInt8>? {
    guard fd >= 0 else { return nil }
    while true {
      let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
      if n < 0 {
        if errno == EINTR { continue }
        throw ProfileError("cannot read \(path): \(String(cString: strerror(errno)))", exitCode: .ioError)
      }
      if n == 0 {
        close(fd)
        fd = -1
        return nil
      }
      return UnsafeBufferPointer(rebasing: buffer[0..<n])
    }
  }
}

/// What a report's merge reads of a line: the history's compact event, and in the reports' one
/// pass the fold's event of the same line too. The CSV's history (no fold) merges the bare
/// ``HistoryEvent``, so no room for a fold event is copied through the merge per line.
protocol ReportMergeEvent: MergeableEvent {
  var history: HistoryEvent { get }
  /// The event of a line (`fold`: the fold's event of it, nil without a converter).
  init(history: HistoryEvent, fold: RecordedEvent?)
}

extension HistoryEvent: ReportMergeEvent {
  @inline(__always) var history: HistoryEvent { self }
  @inline(__always) init(history: HistoryEvent, fold: RecordedEvent?) { self = history }
}

/// A line's event as the reports' one pass reads it (``ReportPass``): the history's compact
/// event and the fold's event of the same line.
struct ReportEvent: ReportMergeEvent {
  var history: HistoryEvent
  var fold: RecordedEvent?

  @inline(__always) var mergeTime: Int64 { history.at }
  @inline(__always) var sequence: Int { history.sequence }
  @inline(__always) var undoTarget: Int? { history.undoTarget }
}

/// One device's log for a report's history, read a chunk at a time as the merge needs it: the
/// fast line decoder as for one journal, the device's own order (``OwnOrder``: each sequence number
/// once, and for another device's log nothing after a gap between files), as ``HistoryLoader/ownOrder``
/// leaves a held log. With a scanner that has a converter, each event also carries the fold's
/// event of its line (``ReportEvent/fold``); without one, `Event` is the bare ``HistoryEvent``.
struct DeviceHistorySource<Event: ReportMergeEvent>: MergeSource {
  let files: [String]
  /// This device's lines: its bad lines and fallbacks are counted here.
  private(set) var scanner: HistoryScanner
  /// With the fold's events: a line the fold reads otherwise than the history (one reader cannot
  /// read it, or their time, number or undo target differ), so the two readers would not merge the
  /// same events; the one pass then gives way to them.
  private(set) var diverged = false
  private let table: SharedStringTable
  private var filter: OwnOrder
  private var buffer = EventBuffer()
  /// The fold's event of each of `buffer`'s events (with a converter).
  private var folds: [RecordedEvent] = []
  private var position = 0
  /// Events read before the buffer's first.
  private var read = 0
  private var nextFile = 0
  private var fileOpen = false
  private let puller = ChunkPuller()

  init(_ device: ProfileLayout, contiguous: Bool, scanner: HistoryScanner, table: SharedStringTable) {
    files = device.archivedSegments() + [device.journal]
    self.scanner = scanner
    self.table = table
    filter = OwnOrder(contiguous: contiguous)
  }

  mutating func next() throws(ProfileError) -> Event? {
    while true {
      while position < buffer.events.count {
        let k = position
        position += 1
        if filter.keeps(buffer.events[k].sequence, at: read + k, damagedBefore: scanner.badLinePositions) {
          return Event(history: buffer.events[k], fold: k < folds.count ? folds[k] : nil)
        }
        if filter.stopped {
          // Nothing more of this log is merged; its lines are still read, so its bad lines count.
          while try fill() {}
          return nil
        }
      }
      guard try fill() else { return nil }
    }
  }

  /// Reads the next chunk that holds events into `buffer`; false after the last file.
  private mutating func fill() throws(ProfileError) -> Bool {
    read += buffer.events.count
    buffer.events.removeAll(keepingCapacity: true)
    folds.removeAll(keepingCapacity: true)
    position = 0
    while true {
      if !fileOpen {
        guard nextFile < files.count else { return false }
        let path = files[nextFile]
        nextFile += 1
        filter.fileStarts.append(read)
        scanner.beginFile(path)
        guard try puller.open(path) else { continue }
        fileOpen = true
      }
      guard let chunk = try puller.next() else {
        fileOpen = false
        continue
      }
      let badLines = scanner.badLineCount
      swap(&scanner.table, &table.table)
      scanner.feed(chunk, into: &buffer)
      swap(&scanner.table, &table.table)
      if scanner.converter != nil { pairFolds(badLines: scanner.badLineCount - badLines) }
      if !buffer.events.isEmpty { return true }
    }
  }

  /// Takes the fold's events of the lines just read, one per history event, and checks that the
  /// two readers read each line alike: the same lines left out (the damaged ones), and each event
  /// with the same number, time and undo target.
  private mutating func pairFolds(badLines: Int) {
    var unread = 0
    for line in scanner.takeFoldLines() {
      guard let event = line else {
        unread += 1
        continue
      }
      let k = folds.count
      if k >= buffer.events.count || !Self.agree(event, buffer.events[k]) { diverged = true }
      folds.append(event)
    }
    if unread != badLines || folds.count != buffer.events.count { diverged = true }
  }

  /// Whether the two readers' events of one line agree on what the merge reads of them. (Not
  /// inlined: Swift 6.3's optimizer crashed on this check inlined into the loop above.)
  @inline(never)
  private static func agree(_ fold: RecordedEvent, _ history: HistoryEvent) -> Bool {
    fold.sequence == history.sequence && fold.mergeTime == history.at && fold.undoTarget == history.undoTarget
  }
}
