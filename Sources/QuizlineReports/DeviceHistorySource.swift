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

/// One device's log for a report's history, read a chunk at a time as the merge needs it: the
/// fast line decoder as for one journal, the device's own order (``OwnOrder``: each sequence number
/// once, and for another device's log nothing after a gap between files), as ``HistoryLoader/ownOrder``
/// leaves a held log.
struct DeviceHistorySource: MergeSource {
  let files: [String]
  /// This device's lines: its bad lines and fallbacks are counted here.
  private(set) var scanner: HistoryScanner
  private let table: SharedStringTable
  private var filter: OwnOrder
  private var buffer = EventBuffer()
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

  mutating func next() throws(ProfileError) -> HistoryEvent? {
    while true {
      while position < buffer.events.count {
        let k = position
        position += 1
        if filter.keeps(buffer.events[k].sequence, at: read + k, damagedBefore: scanner.badLinePositions) {
          return buffer.events[k]
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
      swap(&scanner.table, &table.table)
      scanner.feed(chunk, into: &buffer)
      swap(&scanner.table, &table.table)
      if !buffer.events.isEmpty { return true }
    }
  }
}
