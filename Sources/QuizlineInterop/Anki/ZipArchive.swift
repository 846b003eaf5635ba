import CZlib
import QuizlineCore

/// Limits a zip archive must stay within, so that a hostile package (a zip bomb, a lying header)
/// is refused before it costs memory. Documented in ARCHITECTURE.md ("Anki packages").
public struct ZipLimits: Sendable, Equatable {
  /// Entries in the central directory.
  public var maxEntries: Int
  /// Uncompressed bytes of one entry.
  public var maxEntryBytes: Int
  /// Uncompressed bytes of all entries together (as the central directory declares them).
  public var maxTotalBytes: Int
  /// Uncompressed size / compressed size, checked for entries over ``ratioFloor`` bytes.
  public var maxRatio: Int
  /// Entries up to this size are never refused for their ratio (tiny files compress well).
  public var ratioFloor: Int

  public init(maxEntries: Int, maxEntryBytes: Int, maxTotalBytes: Int, maxRatio: Int, ratioFloor: Int) {
    self.maxEntries = maxEntries
    self.maxEntryBytes = maxEntryBytes
    self.maxTotalBytes = maxTotalBytes
    self.maxRatio = maxRatio
    self.ratioFloor = ratioFloor
  }

  /// 100,000 entries, 1 GiB an entry, 4 GiB in all, at most 250:1 beyond 1 MiB.
  public static let `default` = ZipLimits(
    maxEntries: 100_000, maxEntryBytes: 1 << 30, maxTotalBytes: 4 << 30, maxRatio: 250, ratioFloor: 1 << 20)
}

/// Why an archive (or something inside it) could not be read.
public struct PackageError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  /// The package's file could not be read (an I/O error, or cut short while read at offsets),
  /// rather than read and found wrong: exit 74, not 65.
  public var isReadFailure: Bool
  public init(_ message: String, isReadFailure: Bool = false) {
    self.message = message
    self.isReadFailure = isReadFailure
  }
  public var description: String { message }
}

/// A zip archive read from a ``ZipSource`` (memory, or a file read at offsets): the central
/// directory is read and checked against ``ZipLimits`` when the archive is opened; an entry is read,
/// inflated (stored and deflate only) when asked for, never beyond its declared size, and its CRC-32 is
/// checked. Hand-written over zlib so every limit is ours.
public struct ZipArchive: Sendable {
  public struct Entry: Sendable, Equatable {
    public var name: String
    var method: UInt16
    var flags: UInt16
    var crc: UInt32
    public var compressedSize: Int
    public var size: Int
    var localOffset: Int
  }

  public let entries: [Entry]
  /// The position in ``entries`` of the first entry of each name (a package lists thousands of media).
  private let firstByName: [String: Int]
  let source: any ZipSource
  let limits: ZipLimits

  public init(bytes: [UInt8], limits: ZipLimits = .default) throws(PackageError) {
    try self.init(source: bytes, limits: limits)
  }

  /// The archive in `source`, whose end and central directory are read now, its entries when asked for.
  public init(source: any ZipSource, limits: ZipLimits = .default) throws(PackageError) {
    self.source = source
    self.limits = limits
    let size = source.count
    guard size >= 22 else { throw PackageError("not a zip archive (too short; truncated?)") }
    // The end-of-central-directory record: the last signature within 22 + 65,535 bytes of the end.
    let tailStart = max(0, size - 22 - 65_535)
    let tail = try source.bytes(at: tailStart, count: size - tailStart)
    var eocd = -1
    var i = size - 22 - tailStart
    while i >= 0 {
      if tail.u32(i) == 0x0605_4b50 {
        eocd = i
        break
      }
      i -= 1
    }
    guard eocd >= 0 else {
      throw PackageError("not a zip archive, or a truncated one (no end of central directory)")
    }
    var count = Int(tail.u16(eocd + 10))
    var cdSize = Int(tail.u32(eocd + 12))
    var cdOffset = Int(tail.u32(eocd + 16))
    if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
      // Zip64: the locator sits just before the record and points at the zip64 record.
      let loc = tailStart + eocd - 20
      guard loc >= 0 else { throw PackageError("damaged zip64 directory") }
      let locator = try source.bytes(at: loc, count: 20)
      guard locator.u32(0) == 0x0706_4b50 else { throw PackageError("damaged zip64 directory") }
      let z = locator.u64(8)
      guard z <= UInt64(max(0, size - 56)), size >= 56 else { throw PackageError("damaged zip64 directory") }
      let record = try source.bytes(at: Int(z), count: 56)
      guard record.u32(0) == 0x0606_4b50 else { throw PackageError("damaged zip64 directory") }
      count = Int(clamping: record.u64(32))
      cdSize = Int(clamping: record.u64(40))
      cdOffset = Int(clamping: record.u64(48))
    }
    guard count <= limits.maxEntries else {
      throw PackageError("the archive has \(count) entries; at most \(limits.maxEntries) are read")
    }
    guard cdOffset <= size, cdSize <= size - cdOffset else {
      throw PackageError("truncated zip archive (the central directory lies past the end)")
    }
    let directory = try source.bytes(at: cdOffset, count: cdSize)
    let list = try Self.centralDirectory(directory, count: count, limits: limits)
    entries = list
    firstByName = Dictionary(list.indices.map { (list[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// The `count` entries of the central directory `bytes`, each checked against `limits`.
  private static func centralDirectory(_ bytes: [UInt8], count: Int, limits: ZipLimits) throws(PackageError)
    -> [Entry]
  {
    var list: [Entry] = []
    list.reserveCapacity(count)
    var p = 0
    var total = 0
    for n in 0..<count {
      guard p + 46 <= bytes.count, bytes.u32(p) == 0x0201_4b50 else {
        throw PackageError("damaged zip central directory at entry \(n + 1)")
      }
      let nameLength = Int(bytes.u16(p + 28))
      let extraLength = Int(bytes.u16(p + 30))
      let commentLength = Int(bytes.u16(p + 32))
      let end = p + 46 + nameLength + extraLength + commentLength
      guard end <= bytes.count else { throw PackageError("damaged zip central directory at entry \(n + 1)") }
      let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
      var compressed = Int(bytes.u32(p + 20))
      var size = Int(bytes.u32(p + 24))
      var offset = Int(bytes.u32(p + 42))
      if compressed == 0xFFFF_FFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
        var e = p + 46 + nameLength
        let extraEnd = e + extraLength
        while e + 4 <= extraEnd {
          let id = bytes.u16(e)
          let length = Int(bytes.u16(e + 2))
          var f = e + 4
          if id == 1 {
            if size == 0xFFFF_FFFF, f + 8 <= extraEnd {
              size = Int(clamping: bytes.u64(f))
              f += 8
            }
            if compressed == 0xFFFF_FFFF, f + 8 <= extraEnd {
              compressed = Int(clamping: bytes.u64(f))
              f += 8
            }
            if offset == 0xFFFF_FFFF, f + 8 <= extraEnd { offset = Int(clamping: bytes.u64(f)) }
          }
          e += 4 + length
        }
      }
      let entry = Entry(
        name: name, method: bytes.u16(p + 10), flags: bytes.u16(p + 8), crc: bytes.u32(p + 16),
        compressedSize: compressed, size: size, localOffset: offset)
      guard size <= limits.maxEntryBytes else {
        throw PackageError(
          "entry \(quoted(name)) would unpack to \(size) bytes; at most \(limits.maxEntryBytes) are allowed")
      }
      total = total.addingReportingOverflow(size).partialValue
      guard total <= limits.maxTotalBytes else {
        throw PackageError("the archive would unpack to more than \(limits.maxTotalBytes) bytes (a zip bomb?)")
      }
      if size > limits.ratioFloor, size / max(compressed, 1) > limits.maxRatio {
        throw PackageError(
          "entry \(quoted(name)) is compressed more than \(limits.maxRatio):1 (\(compressed) to \(size) bytes; a zip bomb?)"
        )
      }
      list.append(entry)
      p = end
    }
    return list
  }

  /// The entry named `name`, if the archive has one.
  public func entry(_ name: String) -> Entry? { firstByName[name].map { entries[$0] } }

  /// The entry's bytes, read from the source, inflated and checked.
  public func data(_ entry: Entry) throws(PackageError) -> [UInt8] {
    let p = entry.localOffset
    let size = source.count
    guard p <= size - 30 else {
      throw PackageError("entry \(quoted(entry.name)): damaged or truncated local header")
    }
    let header = try source.bytes(at: p, count: 30)
    guard header.u32(0) == 0x0403_4b50 else {
      throw PackageError("entry \(quoted(entry.name)): damaged or truncated local header")
    }
    let start = p + 30 + Int(header.u16(26)) + Int(header.u16(28))
    guard start <= size, entry.compressedSize <= size - start else {
      throw PackageError("entry \(quoted(entry.name)) is cut short (truncated archive)")
    }
    guard entry.flags & 1 == 0 else { throw PackageError("entry \(quoted(entry.name)) is encrypted") }
    let out: [UInt8]
    switch entry.method {
    case 0:
      guard entry.compressedSize == entry.size else {
        throw PackageError("entry \(quoted(entry.name)): stored sizes disagree")
      }
      out = try source.bytes(at: start, count: entry.size)
    case 8:
      out = try Self.inflateRaw(
        source.bytes(at: start, count: entry.compressedSize)[...], size: entry.size, name: entry.name)
    default:
      throw PackageError(
        "entry \(quoted(entry.name)) uses compression method \(entry.method); only stored and deflate are read")
    }
    let crc = out.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
    guard crc == entry.crc else { throw PackageError("entry \(quoted(entry.name)) is damaged (CRC mismatch)") }
    return out
  }

  /// Raw deflate into exactly `size` bytes: more output, or less, is an error.
  static func inflateRaw(_ input: ArraySlice<UInt8>, size: Int, name: String) throws(PackageError) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: size)
    var stream = z_stream()
    guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw PackageError("zlib could not start")
    }
    defer { inflateEnd(&stream) }
    var input = Array(input)
    var spare: UInt8 = 0
    let status: Int32 = input.withUnsafeMutableBufferPointer { inp in
      out.withUnsafeMutableBufferPointer { o in
        stream.next_in = inp.baseAddress
        stream.avail_in = UInt32(inp.count)
        stream.next_out = o.baseAddress ?? withUnsafeMutablePointer(to: &spare) { $0 }
        stream.avail_out = UInt32(o.count)
        var r = CZlib.inflate(&stream, Z_FINISH)
        if r == Z_BUF_ERROR, stream.avail_out == 0 {
          // Output full: see whether the stream wanted to write more than it declared.
          withUnsafeMutablePointer(to: &spare) { s in
            stream.next_out = s
            stream.avail_out = 1
            r = CZlib.inflate(&stream, Z_FINISH)
          }
          if stream.avail_out == 0 { return -100 }
        }
        return r
      }
    }
    if status == -100 { throw PackageError("entry \(quoted(name)) inflates beyond its declared size (a zip bomb?)") }
    guard status == Z_STREAM_END, Int(stream.total_out) == size else {
      throw PackageError("entry \(quoted(name)) is damaged or truncated (deflate stream does not end where declared)")
    }
    return out
  }
}

extension Array where Element == UInt8 {
  func u16(_ i: Int) -> UInt16 { UInt16(self[i]) | UInt16(self[i + 1]) << 8 }
  func u32(_ i: Int) -> UInt32 { UInt32(u16(i)) | UInt32(u16(i + 2)) << 16 }
  func u64(_ i: Int) -> UInt64 { UInt64(u32(i)) | UInt64(u32(i + 4)) << 32 }
}
