import Foundation
import QuizlineCore
import Testing

@testable import QuizlineCLI

/// ``ConcurrentSync/sync(_:)`` (a batch of temporaries synced on several threads, issue 36) against
/// one ``InteropFiles/syncTemporary(_:)`` after the other: each file's outcome at its own place,
/// whether it is synced through its open descriptor or opened again by name, and a temporary gone
/// before its sync fails with the reason the sequential sync gives.
@Suite struct ConcurrentSyncTests {
  @Test func eachFileGetsTheOutcomeOfItsOwnSync() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var random = SplitMix64(seed: 36)
    for count in [0, 1, 2, 7, 100] {
      var pending: [InteropFiles.PendingWrite] = []
      var expected: [String?] = []
      for k in 0..<count {
        let bytes = (0..<Int(random.next() % 5000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let p = try InteropFiles.writeTemporary(
          bytes: bytes, for: "\(dir)/file-\(count)-\(k)", replace: false, keepOpen: random.next() % 3 == 0)
        pending.append(p)
        // A temporary removed before its sync: opened by name, it is missing; an open one still syncs.
        if random.next() % 4 == 0 {
          unlink(p.temp)
          expected.append(p.fd < 0 ? String(cString: strerror(ENOENT)) : nil)
        } else {
          expected.append(nil)
        }
      }
      let failures = ConcurrentSync.sync(pending)
      #expect(failures == expected, "\(count) files")
      for p in pending {
        unlink(p.temp)
        OutputFiles.forget(p.slot)
      }
    }
  }
}
