import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineInterop

/// Packages an importer must refuse with a clear message (built by `make-decks.py --hostile`).
@Suite struct AnkiHostilePackageTests {
  static let cases: [(String, String)] = [
    ("truncated.apkg", "truncated"),
    ("not-a-zip.apkg", "not a zip archive"),
    ("bomb.apkg", "zip bomb"),
    ("lying-size.apkg", "beyond its declared size"),
    ("traversal.apkg", "\"../evil.png\" names a folder"),
    ("absolute.apkg", "\"/tmp/evil.png\" is an absolute path"),
    ("not-collection.apkg", "not an Anki collection (no table col)"),
    ("missing-column.apkg", "table notes has no column flds"),
    ("not-sqlite.apkg", "is not an SQLite database"),
  ]

  @Test(arguments: cases)
  func aHostilePackageIsRefusedWithAMessageSayingWhy(_ name: String, _ expected: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try AnkiDecks.path(name))))
    #expect {
      _ = try AnkiImporter().read(bytes: bytes, path: name)
    } throws: { error in
      (error as? PackageError)?.message.contains(expected) == true
    }
  }

  @Test func theEntryCountLimitRefusesAPackageWithMoreEntries() throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try AnkiDecks.path("deck.apkg"))))
    var limits = ZipLimits.default
    limits.maxEntries = 3
    #expect(throws: PackageError("the archive has 6 entries; at most 3 are read")) {
      _ = try AnkiImporter(limits: limits).read(bytes: bytes, path: "deck.apkg")
    }
    limits = .default
    limits.maxTotalBytes = 50_000
    #expect {
      _ = try AnkiImporter(limits: limits).read(bytes: bytes, path: "deck.apkg")
    } throws: { ($0 as? PackageError)?.message.contains("more than 50000 bytes") == true }
  }

  @Test func everyTruncationOfAPackageIsAnErrorNeverACrash() throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try AnkiDecks.path("deck-legacy.apkg"))))
    for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      #expect(throws: PackageError.self) { _ = try AnkiImporter().read(bytes: Array(bytes[..<cut]), path: "x") }
    }
  }

  @Test func mediaNamesWithAPathAreUnsafe() {
    for name in ["../a.png", "/etc/passwd", "a/b.png", "a\\b", "..", "", "a\u{1}.png"] {
      #expect(AnkiPackage.unsafeMediaName(name) != nil, "\(name)")
    }
    #expect(AnkiPackage.unsafeMediaName("diagram 1.png") == nil)
  }
}

/// The zip reader's own checks, on archives built here.
extension AnkiHostilePackageTests {
  /// The limit on all entries together adds them up: three entries, each well under it, are refused
  /// when their sum is over it (a zip bomb of many entries just under the limit for one). FB49.
  @Test func theTotalSizeLimitCountsEveryEntryTogether() throws {
    var zip = ZipWriter()
    for name in ["a", "b", "c"] { zip.add(name, [UInt8](repeating: 7, count: 30_000)) }
    var limits = ZipLimits.default
    limits.maxTotalBytes = 89_999
    #expect(throws: PackageError("the archive would unpack to more than 89999 bytes (a zip bomb?)")) {
      _ = try ZipArchive(bytes: zip.finish(), limits: limits)
    }
    limits.maxTotalBytes = 90_000
    #expect(try ZipArchive(bytes: zip.finish(), limits: limits).entries.map(\.name) == ["a", "b", "c"])
  }

  /// An entry whose bytes were damaged after it was written is refused by its CRC-32, never read
  /// as if whole. FB48.
  @Test func anEntryWhoseBytesDoNotMatchItsChecksumIsRefused() throws {
    var zip = ZipWriter()
    zip.add("collection", Array("the collection".utf8))
    var bytes = zip.finish()
    let whole = try ZipArchive(bytes: bytes)
    #expect(try whole.data(#require(whole.entry("collection"))) == Array("the collection".utf8))
    // A stored entry's bytes follow its 30-byte local header and its name.
    bytes[30 + "collection".utf8.count] ^= 0x20
    let archive = try ZipArchive(bytes: bytes)
    let entry = try #require(archive.entry("collection"))
    #expect(throws: PackageError("entry \"collection\" is damaged (CRC mismatch)")) { _ = try archive.data(entry) }
  }
}
