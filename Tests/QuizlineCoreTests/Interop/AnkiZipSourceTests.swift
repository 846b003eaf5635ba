import Foundation
import QuizlineCore
import QuizlineStorage
import Testing

@testable import QuizlineInterop

/// The zip reader reading its source at offsets (issue 36: a package of pictures read entry by entry,
/// never whole) against the reader that held the whole archive (``WholeBytesZipArchive``): on random
/// archives and random damage to them (cuts, flipped bytes, lying sizes and offsets, zip64 markers),
/// both give the same entries or the same refusal, and each entry the same bytes or the same refusal;
/// read from memory and from a file.
@Suite struct AnkiZipSourceTests {
  /// What a reader made of an archive: its entries and each one's bytes, or the refusal's message.
  enum Outcome: Equatable {
    case refused(String)
    case read([String], [Result<[UInt8], PackageError>])
  }

  /// A file read at offsets, as the import reads a package.
  struct FileSource: ZipSource {
    let file: RandomAccessFile
    var count: Int { file.size }
    func bytes(at offset: Int, count: Int) throws(PackageError) -> [UInt8] {
      do { return try file.read(at: offset, count: count) } catch { throw PackageError(error.message) }
    }
  }

  static func oracle(_ bytes: [UInt8]) -> Outcome {
    do {
      let zip = try WholeBytesZipArchive(bytes: bytes)
      let data = zip.entries.map { e in Result { () throws(PackageError) in try zip.data(e) } }
      return .read(zip.entries.map { "\($0.name) \($0.size) \($0.compressedSize)" }, data)
    } catch { return .refused(error.message) }
  }

  static func streamed(_ source: any ZipSource) -> Outcome {
    do {
      let zip = try ZipArchive(source: source)
      let data = zip.entries.map { e in Result { () throws(PackageError) in try zip.data(e) } }
      return .read(zip.entries.map { "\($0.name) \($0.size) \($0.compressedSize)" }, data)
    } catch { return .refused(error.message) }
  }

  /// A random archive: 0 to 5 entries, stored or deflated, of random or repetitive bytes.
  static func archive(_ random: inout SplitMix64) -> [UInt8] {
    var zip = ZipWriter()
    for n in 0..<Int(random.next() % 6) {
      let size = Int(random.next() % 3) == 0 ? Int(random.next() % 5000) : Int(random.next() % 40)
      let repetitive = random.next() % 2 == 0
      let data = (0..<size).map { i in repetitive ? UInt8(i % 7) : UInt8(truncatingIfNeeded: random.next()) }
      zip.add("entry\(n)", data, deflate: random.next() % 2 == 0)
    }
    return zip.finish()
  }

  /// `bytes` damaged in one of the ways a package arrives damaged or hostile.
  static func damaged(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    var b = bytes
    func at(_ range: Range<Int>) -> Int? {
      range.isEmpty ? nil : range.lowerBound + Int(random.next() % UInt64(range.count))
    }
    switch random.next() % 8 {
    case 0: b = Array(b[..<Int(random.next() % UInt64(b.count + 1))])
    case 1: if let i = at(0..<b.count) { b[i] ^= UInt8(1 << (random.next() % 8)) }
    case 2:
      // A field of the end record (entry count, directory size or offset) set to a zip64 marker.
      if b.count >= 22 {
        let fields: [[Int]] = [[10, 11], [12, 13, 14, 15], [16, 17, 18, 19]]
        for k in fields[Int(random.next() % 3)] { b[b.count - 22 + k] = 0xFF }
      }
    case 3:
      // A central directory field (sizes, offset, name length) made to lie.
      if let i = at(max(0, b.count - 22 - 200)..<b.count) { b[i] = UInt8(truncatingIfNeeded: random.next()) }
    case 4: b = (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) } + b
    case 5: b += (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    case 6:
      // A zip64 locator before the end record, pointing anywhere.
      if b.count >= 22 {
        var loc: [UInt8] = [0x50, 0x4b, 0x06, 0x07, 0, 0, 0, 0]
        let z = random.next() % UInt64(b.count + 80)
        loc += (0..<8).map { UInt8(truncatingIfNeeded: z >> (8 * $0)) } + [1, 0, 0, 0]
        b.insert(contentsOf: loc, at: b.count - 22)
        b[b.count - 22 + 10] = 0xFF
        b[b.count - 22 + 11] = 0xFF
      }
    default: for _ in 0..<3 { if let i = at(0..<b.count) { b[i] = UInt8(truncatingIfNeeded: random.next()) } }
    }
    return b
  }

  @Test func readingAtOffsetsGivesWhatReadingTheWholeArchiveGave() {
    var random = SplitMix64(seed: 36)
    var refused = 0
    for _ in 0..<3000 {
      let whole = Self.archive(&random)
      let bytes = random.next() % 5 == 0 ? whole : Self.damaged(whole, &random)
      let expected = Self.oracle(bytes)
      if case .refused = expected { refused += 1 }
      #expect(Self.streamed(bytes) == expected, "\(bytes)")
    }
    #expect(refused > 300)
  }

  @Test func readingAFileAtOffsetsGivesWhatReadingItWholeGave() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-source-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var random = SplitMix64(seed: 37)
    for n in 0..<300 {
      let whole = Self.archive(&random)
      let bytes = n % 4 == 0 ? whole : Self.damaged(whole, &random)
      let path = folder + "/\(n).zip"
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let file = try #require(try LocalFileSource().openForReadsAt(path, limit: 1 << 30))
      #expect(Self.streamed(FileSource(file: file)) == Self.oracle(bytes))
    }
  }
}
