import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A device's identity file in a shared profile, `devices/<id>/device.json`: written once, by that
/// device, when it first uses the profile.
public struct DeviceRecord: Sendable, Equatable {
  public var id: String
  public var name: String
  /// Its sequence numbers start at `tag << 32` (``DeviceSequence``).
  public var tag: Int
  public var createdAt: Timestamp

  public init(id: String, name: String, tag: Int, createdAt: Timestamp) {
    self.id = id
    self.name = name
    self.tag = tag
    self.createdAt = createdAt
  }

  public var json: String {
    JSONText.object([
      ("schemaVersion", .int(1)), ("id", .string(id)), ("name", .string(name)), ("tag", .int(tag)),
      ("createdAt", .string(createdAt.iso8601)),
    ]).rendered() + "\n"
  }

  /// The record at `path`; nil when it is missing or not (yet) readable (a copy in flight).
  static func read(_ path: String) -> DeviceRecord? {
    guard let bytes = try? FileOps.read(path), let doc = try? JSONDocument.parse(bytes) else { return nil }
    let root = doc.root
    guard let id = root.member("id")?.string, let name = root.member("name")?.string,
      let tag = root.member("tag")?.int, tag >= 0, tag < DeviceSequence.tagLimit,
      let created = root.member("createdAt")?.string.flatMap(Timestamp.init(iso8601:))
    else { return nil }
    return DeviceRecord(id: id, name: name, tag: tag, createdAt: created)
  }

  /// The name as a message may show it: control characters escaped (the record comes from another
  /// machine and can hold anything, terminal escapes included).
  public var shownName: String { escapingControlCharacters(name, keepNewlines: false) }

  /// Which of two devices claiming one name came second (and is refused): the later claim, then
  /// the larger id.
  func claimedAfter(_ other: DeviceRecord) -> Bool { (createdAt, id) > (other.createdAt, other.id) }
}

/// What was read of one device's log.
struct DeviceLogRead {
  var log: DeviceLog
  /// The highest sequence number the device's files hold (read or not).
  var lastOnDisk: Int?
  var notices: [String] = []
}

/// Reads devices' logs: archive segments in order, then `journal.jsonl`; complete lines only.
enum DeviceLogReader {
  /// The names under `devices/` that are device ids (folders, or links and files standing for
  /// one: ``DeviceFolders`` says which are read), sorted.
  static func deviceIDs(_ layout: ProfileLayout) -> [String] {
    let names = (try? LocalFileSource().entries(of: layout.devices)) ?? []
    return names.filter(DeviceIdentity.isDeviceID).sorted()
  }

  /// The events of the device whose layout is `layout` with a sequence number above `after`. A line
  /// without its newline (a write or a copy in flight) is left for next time, never repaired; a
  /// damaged line is reported with the device and its line number and the rest is used.
  ///
  /// `contiguous` (another device's log): a device numbers its events without gaps, so a gap between
  /// one file and the next means a file that has not arrived yet (a segment copied after the
  /// journal): reading stops before it and takes the rest next time, once the missing events are
  /// there. A damaged line counts as the one event it stands for. A gap inside one file is a hole
  /// a repair left (the damaged line dropped), not a copy in flight (a copy is a prefix of its file):
  /// reading goes on.
  static func read(_ layout: ProfileLayout, label: String, after: Int?, contiguous: Bool = false)
    throws(ProfileError) -> DeviceLogRead
  {
    var events: [RecordedEvent] = []
    events.reserveCapacity(expectedCount(layout.archivedSegments(), journal: layout.journal, after: after))
    var result = try read(layout, label: label, after: after, contiguous: contiguous) { events.append($0) }
    result.log.events = events
    return result
  }

  /// ``read(_:label:after:contiguous:)`` handing each event to `each` as it is read, in the log's
  /// order, instead of holding them (the returned log has no events).
  static func read(
    _ layout: ProfileLayout, label: String, after: Int?, contiguous: Bool = false, each: (RecordedEvent) -> Void
  ) throws(ProfileError) -> DeviceLogRead {
    var cursor = DeviceLogCursor(layout, label: label, after: after, contiguous: contiguous)
    while let event = try cursor.next() { each(event) }
    return DeviceLogRead(
      log: DeviceLog(device: cursor.device, events: []), lastOnDisk: cursor.lastOnDisk, notices: cursor.notices)
  }

  /// The index of the first newline at or after `start` (`memchr`: a byte loop over a slice was a
  /// noticeable part of reading a million lines).
  static func newline(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      guard start < end, end <= buffer.count, let base = buffer.baseAddress,
        let hit = memchr(base + start, 0x0A, end - start)
      else { return nil }
      return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }
  }

  /// About how many events the files hold above `after`, so that the log's array is allocated once
  /// (grown by doubling, a million events were copied once more and twice the memory touched). A
  /// segment holds the sequence numbers its name says, never taken above one event per 40 bytes of
  /// the file, so a wrong name cannot reserve much; the journal (or a segment without a range in
  /// its name) one event per 100 bytes: lines average 150–250 bytes, so this reserves at most about
  /// twice what a large journal holds, and a journal of short lines grows the array once.
  static func expectedCount(_ segments: [String], journal: String, after: Int?) -> Int {
    var total = 0
    for path in segments + [journal] {
      var st = stat()
      guard stat(path, &st) == 0 else { continue }
      let size = Int(st.st_size)
      if path != journal, let (first, end) = segmentRange(path) {
        total += min(size / 40, max(0, end - max(first - 1, after ?? Int.min)))
      } else {
        total += size / 100
      }
    }
    return total
  }

  /// `0000000001-0000000500.jsonl` → (1, 500).
  static func segmentRange(_ path: String) -> (first: Int, end: Int)? {
    guard let end = segmentEnd(path), let name = path.split(separator: "/").last,
      let first = Int(name.prefix { $0 != "-" })
    else { return nil }
    return (first, end)
  }

  /// `0000000001-0000000500.jsonl` → 500.
  static func segmentEnd(_ path: String) -> Int? {
    guard let name = path.split(separator: "/").last, name.hasSuffix(".jsonl"),
      let dash = name.firstIndex(of: "-")
    else { return nil }
    return Int(name[name.index(after: dash)...].dropLast(6))
  }
}

extension ProfileLayout {
  /// About how many events `segments` and this layout's journal hold (``DeviceLogReader``'s estimate),
  /// so that a reader allocates its array of events once.
  public func expectedEventCount(segments: [String]) -> Int {
    DeviceLogReader.expectedCount(segments, journal: journal, after: nil)
  }
}

/// Whole files read into one buffer kept from file to file. Reading each of a long history's 2,000
/// segments into a fresh array allocated above malloc's mapping threshold: the memory was mapped,
/// page-faulted, copied as the array grew, and unmapped again, per file.
struct FileBuffer {
  /// The last file's bytes in `bytes[..<count]`; what follows is left from earlier files.
  private(set) var bytes: [UInt8] = []
  private(set) var count = 0

  /// Reads the regular file at `path` (no symbolic link) whole; false when there is none.
  mutating func read(_ path: String) throws(ProfileError) -> Bool {
    guard FileOps.exists(path) else { return false }
    let fd = try FileOps.openRegular(path, O_RDONLY)
    defer { close(fd) }
    var st = stat()
    let size = fstat(fd, &st) == 0 ? Int(st.st_size) : 0
    count = 0
    while true {
      // Room for the whole file and one more byte, so the read that finds its end needs no growth.
      let want = count + max(size - count + 1, 1 << 16)
      if bytes.count < want { grow(to: want) }
      let filled = count
      let n = bytes.withUnsafeMutableBytes { raw in readInto(fd, raw.baseAddress! + filled, raw.count - filled) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ProfileError("\(path): cannot read: \(FileOps.lastError)", exitCode: .ioError)
      }
      if n == 0 { return true }
      count += n
    }
  }

  private mutating func grow(to size: Int) {
    var bigger = [UInt8](repeating: 0, count: max(size, bytes.count * 2))
    if count > 0 {
      bigger.withUnsafeMutableBufferPointer { to in
        bytes.withUnsafeBufferPointer { from in
          to.baseAddress!.update(from: from.baseAddress!, count: count)
        }
      }
    }
    bytes = bigger
  }
}

/// `read(2)` (the name is taken inside ``FileBuffer``).
private func readInto(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
