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

/// The fold's events of one device's merged lines, in that device's own order: its source puts in
/// the fold's event of each line it hands to the merge, and the merge's reader takes them out as
/// the device's events come out of the merge (a device's events leave the merge in its own order,
/// held ones included). So the fold's event (145 bytes, a dozen references) is moved twice instead
/// of being carried through the merge with each line (``ReportPass/merged(_:scanner:accumulator:)``).
struct FoldQueue {
  private var events: [RecordedEvent?] = []
  private var first = 0

  /// Puts in the fold's event of the next line handed to the merge (nil: the fold could not read it).
  mutating func append(_ event: consuming RecordedEvent?) {
    if first >= 1024, first * 2 >= events.count {
      events.removeFirst(first)
      first = 0
    }
    events.append(event)
  }

  /// The fold's event of the device's next merged line; nil when there is none.
  mutating func take() -> RecordedEvent? {
    guard first < events.count else { return nil }
    let event = events[first].take()
    first += 1
    if first == events.count {
      events.removeAll(keepingCapacity: true)
      first = 0
    }
    return event
  }
}

/// One device's log for a report's history, read a chunk at a time as the merge needs it: the
/// fast line decoder as for one journal, the device's own order (``OwnOrder``: each sequence number
/// once, and for another device's log nothing after a gap between files), as ``HistoryLoader/ownOrder``
/// leaves a held log. With a scanner that has a converter, the fold's event of each line handed to
/// the merge goes to ``foldQueue``.
struct DeviceHistorySource: MergeSource {
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
  private var folds: [RecordedEvent?] = []
  /// With a converter: the fold's events of the lines handed to the merge, for its reader (``takeFold()``).
  private var foldQueue = FoldQueue()
  private let keepsFolds: Bool
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
    keepsFolds = scanner.converter != nil
  }

  mutating func next() throws(ProfileError) -> HistoryEvent? {
    while true {
      while position < buffer.events.count {
        let k = position
        position += 1
        let kept = filter.keeps(buffer.events[k].sequence, at: read + k, damagedBefore: scanner.badLinePositions)
        if keepsFolds {
          // Moved out (not copied) and checked here, once, kept or not (``pairFolds(badLines:)``).
          if k < folds.count, let fold = folds[k].take() {
            if !Self.agree(fold, buffer.events[k]) { diverged = true }
            if kept { foldQueue.append(fold) }
          } else {
            diverged = true
            if kept { foldQueue.append(nil) }
          }
        }
        if kept { return buffer.events[k] }
        if filter.stopped {
          // Nothing more of this log is merged; its lines are still read, so its bad lines count,
          // and the two readers' events of them are still checked (the rest of this chunk here,
          // the next chunks one by one in ``pairFolds(badLines:)``).
          if keepsFolds { checkFolds(from: position) }
          while try fill() {}
          return nil
        }
      }
      guard try fill() else { return nil }
    }
  }

  /// The fold's event of this device's next merged line (in the order ``next()`` handed the lines
  /// on); nil without a converter, or for a line the fold could not read.
  mutating func takeFold() -> RecordedEvent? { foldQueue.take() }

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

  /// Takes the fold's events of the lines just read, one per history event. The usual chunk (no
  /// damaged line, one fold event a history event) is moved in whole, and ``next()`` checks each
  /// event as it moves it out: copying each one here retained a dozen references and cost more
  /// than a tenth of the merge. Otherwise the events are paired one by one and the two readers
  /// checked to leave out the same lines (the damaged ones). Either way a line the two read apart
  /// (number, time or undo target) makes the source ``diverged``, and so does a missing fold event.
  private mutating func pairFolds(badLines: Int) {
    var lines = scanner.takeFoldLines()
    if folds.isEmpty, badLines == 0, lines.count == buffer.events.count, !filter.stopped {
      swap(&folds, &lines)
      return
    }
    var unread = 0
    for line in lines {
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

  /// Checks the fold's events of the chunk's lines from `start` on, which ``next()`` will not reach.
  private mutating func checkFolds(from start: Int) {
    for k in start..<buffer.events.count {
      if k < folds.count, let fold = folds[k].take() {
        if !Self.agree(fold, buffer.events[k]) { diverged = true }
      } else {
        diverged = true
      }
    }
  }

  /// Whether the two readers' events of one line agree on what the merge reads of them. (Not
  /// inlined: Swift 6.3's optimizer crashed on this check inlined into the loop above.)
  @inline(never)
  private static func agree(_ fold: RecordedEvent, _ history: HistoryEvent) -> Bool {
    fold.sequence == history.sequence && fold.mergeTime == history.at && fold.undoTarget == history.undoTarget
  }
}
