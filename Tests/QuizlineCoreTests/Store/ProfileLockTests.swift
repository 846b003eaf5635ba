import Foundation
import Testing

@testable import QuizlineStorage

/// The lock file holds its owner's PID on its first line, for the message a second quizline shows.
struct ProfileLockTests {
  @Test func theOwnerLeavesExactlyItsPIDOverALongerOneLeftBefore() throws {
    let dir = try temporaryDirectory()
    let path = dir + "/lock"
    try Data("12345678\nleft over\n".utf8).write(to: URL(fileURLWithPath: path))
    let lock = try ProfileLock(path: path, profile: "default")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
    withExtendedLifetime(lock) {}
  }

  @Test func aSecondOpenerNamesTheOwnersPIDFromTheFirstLineOnly() throws {
    let dir = try temporaryDirectory()
    let path = dir + "/lock"
    let holder = open(path, O_RDWR | O_CREAT, 0o644)
    #expect(holder >= 0)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    // An owner caught between writing its PID over a longer one and cutting the rest.
    let text = Array("4242\n78\n".utf8)
    #expect(text.withUnsafeBytes { pwrite(holder, $0.baseAddress, text.count, 0) } == text.count)
    #expect {
      _ = try ProfileLock(path: path, profile: "default")
    } throws: { error in
      (error as? ProfileError)?.message
        == "profile \"default\" is in use by another quizline (process 4242). Close it first, or add --read-only to look without saving."
    }
  }
}
