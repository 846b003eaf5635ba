import CZlib
import Foundation
import QuizlineCore
import QuizlineStorage
import Testing

@testable import QuizlineInterop

/// The zip reader before issue 36 (the whole archive in memory), kept as the oracle of the reader that
/// reads its source at offsets. One change: a zip64 marker in an archive under 56 bytes made it trap
/// (`UInt64` of a negative size); it refuses it as a damaged zip64 directory, as the new reader does.
struct WholeBytesZipArchive {
  struct Entry: Equatable {
    var name: String
    var method: UInt16
    var flags: UInt16
    var crc: UInt32
    var compressedSize: Int
    var size: Int
    var localOffset: Int
  }

  let entries: [Entry]
  /// The position in ``entries`` of the first entry of each name (a package lists thousands of media).
  private let firstByName: [String: Int]
  let bytes: [UInt8]
  let limits: ZipLimits

  init(bytes: [UInt8], limits: ZipLimits = .default) throws(PackageError) {
    self.bytes = bytes
    self.limits = limits
    guard bytes.count >= 22 else { throw PackageError("not a zip archive (too short; truncated?)") }
    // The end-of-central-directory record: the last signature within 22 + 65,535 bytes of the end.
    var eocd = -1
    var i = bytes.count - 22
    let lowest = max(0, bytes.count - 22 - 65_535)
    while i >= lowest {
      if bytes.u32(i) == 0x0605_4b50 {
        eocd = i
        break
      }
      i -= 1
    }
    guard eocd >= 0 else {
      throw PackageError("not a zip archive, or a truncated one (no end of central directory)")
    }
    var count = Int(bytes.u16(eocd + 10))
    var cdSize = Int(bytes.u32(eocd + 12))
    var cdOffset = Int(bytes.u32(eocd + 16))
    if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
      // Zip64: the locator sits just before the record and points at the zip64 record.
      let loc = eocd - 20
      guard loc >= 0, bytes.u32(loc) == 0x0706_4b50 else { throw PackageError("damaged zip64 directory") }
      let z = bytes.u64(loc + 8)
      guard bytes.count >= 56, z <= UInt64(bytes.count - 56), bytes.u32(Int(z)) == 0x0606_4b50 else {
        throw PackageError("damaged zip64 directory")
      }
      count = Int(clamping: bytes.u64(Int(z) + 32))
      cdSize = Int(clamping: bytes.u64(Int(z) + 40))
      cdOffset = Int(clamping: bytes.u64(Int(z) + 48))
    }
    guard count <= limits.maxEntries else {
      throw PackageError("the archive has \(count) entries; at most \(limits.maxEntries) are read")
    }
    guard cdOffset <= bytes.count, cdSize <= bytes.count - cdOffset else {
      throw PackageError("truncated zip archive (the central directory lies past the end)")
    }
    var list: [Entry] = []
    list.reserveCapacity(count)
    var p = cdOffset
    var total = 0
    for n in 0..<count {
      guard p + 46 <= cdOffset + cdSize, bytes.u32(p) == 0x0201_4b50 else {
        throw PackageError("damaged zip central directory at entry \(n + 1)")
      }
      let nameLength = Int(bytes.u16(p + 28))
      let extraLength = Int(bytes.u16(p + 30))
      let commentLength = Int(bytes.u16(p + 32))
      let end = p + 46 + nameLength + extraLength + commentLength
      guard end <= cdOffset + cdSize else { throw PackageError("damaged zip central directory at entry \(n + 1)") }
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
    entries = list
    firstByName = Dictionary(list.indices.map { (list[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// The entry named `name`, if the archive has one.
  func entry(_ name: String) -> Entry? { firstByName[name].map { entries[$0] } }

  /// The entry's bytes, inflated and checked.
  func data(_ entry: Entry) throws(PackageError) -> [UInt8] {
    let p = entry.localOffset
    guard p <= bytes.count - 30, bytes.u32(p) == 0x0403_4b50 else {
      throw PackageError("entry \(quoted(entry.name)): damaged or truncated local header")
    }
    let start = p + 30 + Int(bytes.u16(p + 26)) + Int(bytes.u16(p + 28))
    guard start <= bytes.count, entry.compressedSize <= bytes.count - start else {
      throw PackageError("entry \(quoted(entry.name)) is cut short (truncated archive)")
    }
    guard entry.flags & 1 == 0 else { throw PackageError("entry \(quoted(entry.name)) is encrypted") }
    let out: [UInt8]
    switch entry.method {
    case 0:
      guard entry.compressedSize == entry.size else {
        throw PackageError("entry \(quoted(entry.name)): stored sizes disagree")
      }
      out = Array(bytes[start..<(start + entry.size)])
    case 8:
      out = try ZipArchive.inflateRaw(bytes[start..<(start + entry.compressedSize)], size: entry.size, name: entry.name)
    default:
      throw PackageError(
        "entry \(quoted(entry.name)) uses compression method \(entry.method); only stored and deflate are read")
    }
    let crc = out.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
    guard crc == entry.crc else { throw PackageError("entry \(quoted(entry.name)) is damaged (CRC mismatch)") }
    return out
  }
}
