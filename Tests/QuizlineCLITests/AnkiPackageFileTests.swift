import Foundation
import QuizlineInterop
import QuizlineStorage
import Testing

@testable import QuizlineCLI

/// An Anki package read at offsets (``AnkiPackageFile``): a file cut short after it was opened is a
/// read failure (the import's exit 74, as when the whole file could not be read), not a damaged
/// package (65).
@Suite struct AnkiPackageFileTests {
  @Test func aPackageCutShortAfterOpeningIsAReadFailureNotADamagedPackage() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/deck.apkg"
    try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: path))
    let source = try AnkiPackageFile.open(path, limit: 1 << 20, LocalFileSource())
    #expect(source.count == 4096)
    #expect(try source.bytes(at: 4000, count: 96) == [UInt8](repeating: 7, count: 96))
    #expect(truncate(path, 1000) == 0)
    #expect {
      _ = try source.bytes(at: 4000, count: 96)
    } throws: { error in
      guard let error = error as? PackageError else { return false }
      return error.isReadFailure
        && error.message
          == "the package could not be read: the file ends at byte 4000, before its size when opened (4096)"
    }
  }
}
