import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One device's log read one event at a time (``DeviceLogReader/read(_:label:after:contiguous:each:)``'s
/// rules: archive segments in order, then `journal.jsonl`; complete lines only; damaged lines
/// reported; a gap between files of another device's log ends it), holding one file at a time: the
/// source a ``StreamingMerge`` reads when it needs the device's next event.
struct DeviceLogCursor: MergeSource {
  /// The device id (the merge's tie-break): empty for the single journal.
  let device: String
  /// The highest sequence number the device's files hold (read or not), once read to the end.
  private(set) var lastOnDisk: Int?
  private(set) var notices: [String] = []
  private let label: String
  private let after: Int?
  private let paths: [String]
  private let segmentCount: Int
  private var nextFile = 0
  private var file = FileBuffer()
  private var path = ""
  private var inFile = false
  private var start = 0
  private var line = 0
  private var rule: LogReadRule
  private var ended = false
  private var decoder = FastReplayDecoder()

  init(_ layout: ProfileLayout, label: String, after: Int?, contiguous: Bool = false) {
    device = layout.device ?? ""
    self.label = label
    self.after = after
    rule = LogReadRule(contiguous: contiguous, after: after)
    let segments = layout.archivedSegments()
    segmentCount = segments.count
    paths = segments + [layout.journal]
  }

  /// The paths read, in order (segments, then the journal).
  var files: [String] { paths }

  mutating func next() throws(ProfileError) -> RecordedEvent? {
    while !ended {
      if !inFile {
        guard nextFile < paths.count else {
          ended = true
          return nil
        }
        let k = nextFile
        nextFile += 1
        if k < segmentCount, let after, let end = DeviceLogReader.segmentEnd(paths[k]) {
          lastOnDisk = max(lastOnDisk ?? end, end)
          if end <= after { continue }
        }
        guard try file.read(paths[k]) else { continue }
        path = paths[k]
        inFile = true
        rule.beginFile()
        line = 0
        start = 0
      }
      guard start < file.count else {
        inFile = false
        continue
      }
      line += 1
      guard let end = DeviceLogReader.newline(in: file.bytes, from: start, to: file.count) else {
        inFile = false  // a torn last line: left for next time
        continue
      }
      let lineStart = start
      start = end + 1
      if end == lineStart { continue }
      var failure: EventCoding.DecodeError?
      let decoded: RecordedEvent? = file.bytes.withUnsafeBufferPointer { buffer in
        do throws(EventCoding.DecodeError) {
          return try decoder.decode(UnsafeBufferPointer(rebasing: buffer[lineStart..<end]))
        } catch {
          failure = error
          return nil
        }
      }
      guard let event = consume decoded else {
        let message = failure?.message ?? ""
        notices.append("\(path):\(line): a line of device \(label) could not be read (\(message)) and was left out")
        _ = rule.keepsDamaged()
        continue
      }
      guard rule.keeps(sequence: event.sequence) else {
        if rule.stopped {
          ended = true
          return nil
        }
        continue
      }
      lastOnDisk = max(lastOnDisk ?? event.sequence, event.sequence)
      if let after, event.sequence <= after { continue }
      return event
    }
    return nil
  }
}

/// Finds the `undone` events of a device's files before a ``StreamingMerge`` reads them: the lines
/// that may be `undone` events (``mayBeUndone(_:)``) are decoded, so the merge
/// knows which events a later `undone` takes back. Lines that do not decode are left out, as the
/// readers leave them out; a line the readers leave out for another reason (a duplicate, a file
/// after a gap) only makes the count too high, which the merge allows.
public enum UndoScan {
  /// Each target of the `undone` events in `paths`, with how many (distinct) `undone`s take it back.
  public static func targets(_ paths: [String]) throws(ProfileError) -> [Int: Int] {
    var undos: [Int: Int] = [:]  // the undone's sequence number → its target
    // One buffer for every file (a long history has 2,000 segments; a fresh 1 MiB each was cleared
    // each time), sized to the largest file read, up to 1 MiB: a new profile's few small files
    // then touch a page, not the 256 that clearing 1 MiB cost every start-up.
    var buffer: [UInt8] = []
    for path in paths { try scan(path, into: &undos, buffer: &buffer) }
    var targets: [Int: Int] = [:]
    for target in undos.values { targets[target, default: 0] += 1 }
    return targets
  }

  private static let needle: [UInt8] = Array("undone".utf8)
  /// The most the scan's buffer holds before a line longer than that makes it grow.
  static let bufferLimit = 1 << 20

  private static func scan(_ path: String, into undos: inout [Int: Int], buffer: inout [UInt8]) throws(ProfileError) {
    guard FileOps.exists(path) else { return }
    let fd = try FileOps.openRegular(path, O_RDONLY)
    defer { close(fd) }
    var info = stat()
    let size = fstat(fd, &info) == 0 ? Int(info.st_size) : bufferLimit
    // Room for the whole file and one byte more (so a full buffer means a line goes on), at least
    // a page; a file that grows meanwhile is read on as one with a long line.
    let wanted = max(4096, min(bufferLimit, size + 1))
    if buffer.count < wanted { buffer = [UInt8](repeating: 0, count: wanted) }
    var filled = 0
    while true {
      if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }  // one long line
      let n = buffer.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress! + filled, raw.count - filled) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ProfileError("\(path): cannot read: \(FileOps.lastError)", exitCode: .ioError)
      }
      if n == 0 { return }  // what is left is a torn last line
      filled += n
      var complete = filled
      while complete > 0, buffer[complete - 1] != 0x0A { complete -= 1 }
      guard complete > 0 else { continue }
      buffer.withUnsafeBufferPointer { scanLines(UnsafeBufferPointer(rebasing: $0[..<complete]), into: &undos) }
      buffer.withUnsafeMutableBytes { raw in
        _ = memmove(raw.baseAddress!, raw.baseAddress! + complete, filled - complete)
      }
      filled -= complete
    }
  }

  /// The complete lines of `bytes` (the last one ends it) that are `undone` events.
  private static func scanLines(_ bytes: UnsafeBufferPointer<UInt8>, into undos: inout [Int: Int]) {
    guard let base = bytes.baseAddress else { return }
    var start = 0
    while start < bytes.count, let hit = memchr(base + start, 0x0A, bytes.count - start) {
      let end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      let line = UnsafeBufferPointer(start: base + start, count: end - start)
      start = end + 1
      guard mayBeUndone(line), let event = try? EventCoding.decode(line), case .undone(let target) = event.payload
      else { continue }
      undos[event.sequence] = target
    }
  }

  /// `{"seq":`, `,"at":"`, `,"type":"` and `undone"` as little-endian words (at most 8 bytes each:
  /// the type's prefix is 9, its last byte `"` checked apart), with their lengths.
  private static let seqPrefix = word("{\"seq\":")
  private static let atPrefix = word(",\"at\":\"")
  private static let typePrefix = word(",\"type\":")
  private static let undoneType = word("undone\"")

  private static func word(_ text: StaticString) -> (bits: UInt64, count: Int) {
    var bits: UInt64 = 0
    for k in 0..<text.utf8CodeUnitCount { bits |= UInt64(text.utf8Start[k]) << (8 * k) }
    return (bits, text.utf8CodeUnitCount)
  }

  /// Whether `line` holds `prefix`'s bytes at `at` (read as one word when 8 bytes are there).
  @inline(__always)
  private static func holds(_ line: UnsafeBufferPointer<UInt8>, _ prefix: (bits: UInt64, count: Int), at: Int) -> Bool {
    guard line.count - at >= prefix.count else { return false }
    if line.count - at >= 8 {
      let mask: UInt64 = prefix.count == 8 ? ~0 : (1 << (8 * UInt64(prefix.count))) - 1
      return UnsafeRawPointer(line.baseAddress! + at).loadUnaligned(as: UInt64.self) & mask == prefix.bits
    }
    for k in 0..<prefix.count where line[at + k] != UInt8(truncatingIfNeeded: prefix.bits >> (8 * UInt64(k))) {
      return false
    }
    return true
  }

  /// False only for a line sure not to be an `undone`: a line as quizline writes it
  /// (`{"seq":N,"at":"…","type":"…"`) of another type. Any other line is looked for `undone`.
  /// (Its prefixes are compared a word at a time; `UndoScanTests` holds the byte-by-byte form as
  /// the oracle.)
  static func mayBeUndone(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    if line.count > 40, holds(line, seqPrefix, at: 0) {
      var i = seqPrefix.count
      while i < line.count, line[i] &- 0x30 < 10 { i += 1 }
      // `,"at":"`, the time up to its closing quote, then `,"type":"`.
      if holds(line, atPrefix, at: i) {
        i += atPrefix.count
        // The time's closing quote, unless an escape comes first (`i` where either is, or the end).
        let base = UnsafeRawPointer(line.baseAddress!)
        let end = memchr(base + i, 0x22, line.count - i).map { base.distance(to: $0) } ?? line.count
        i = memchr(base + i, 0x5C, end - i).map { base.distance(to: $0) } ?? end
        let type = i + 1 + typePrefix.count + 1
        if i < line.count, line[i] == 0x22, holds(line, typePrefix, at: i + 1), type <= line.count,
          line[type - 1] == 0x22
        {
          // A type spelled with an escape (`\u0075ndone`) is decoded as the fold decodes it.
          return holds(line, undoneType, at: type) || (type < line.count && line[type] == 0x5C)
        }
      }
    }
    // Not as quizline writes a line: the word anywhere in it, or any escape (which may spell it).
    if let base = line.baseAddress, memchr(base, 0x5C, line.count) != nil { return true }
    let u = needle[0]
    var k = 0
    while k + needle.count <= line.count {
      if line[k] == u, line[k..<(k + needle.count)].elementsEqual(needle) { return true }
      k += 1
    }
    return false
  }
}
