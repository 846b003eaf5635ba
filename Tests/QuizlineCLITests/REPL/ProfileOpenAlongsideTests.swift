import Foundation
import QuizlineCore
import Testing

@testable import QuizlineCLI
@testable import QuizlineStorage

/// Start-up opens the profile on another thread while it reads the quizzes folders. What the
/// learner sees must not change: a missing folder still stops before the profile is touched, and a
/// profile in use still ends the start with its one message.
@Suite struct ProfileOpenAlongsideTests {
  @Test func aMissingQuizzesFolderStopsTheStartBeforeTheProfileIsTouched() throws {
    let root = try temporaryDirectory()
    let r = runInProcess(["--quizzes", root + "/nope", "--progress", root + "/progress"])
    #expect(r.status == 66)
    #expect(
      r.stderr
        == "quizline: quizzes folder '\(root)/nope' does not exist (set the folders with --quizzes DIR, once per folder, or QUIZLINE_QUIZZES=DIR:DIR)\n"
    )
    #expect(r.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: root + "/progress"), "no profile folder made")
  }

  @Test func aProfileInUseEndsTheStartWithItsMessageAlone() throws {
    let progress = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: progress + "/default", withIntermediateDirectories: true)
    // Another holder of the lock: `flock` locks belong to an open file, so this one excludes the start's own.
    let holder = open(progress + "/default/lock", O_RDWR | O_CREAT, 0o644)
    #expect(holder >= 0)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    #expect(Array("4242\n".utf8).withUnsafeBytes { pwrite(holder, $0.baseAddress, 5, 0) } == 5)
    let r = runInProcess(["--quizzes", Fixtures.catalog, "--progress", progress])
    #expect(r.status == 75)
    #expect(r.stdout.isEmpty, "no welcome screen")
    #expect(
      r.stderr
        == "quizline: profile \"default\" is in use by another quizline (process 4242). Close it first, or add --read-only to look without saving.\n"
    )
  }

  @Test func theOpeningsOutcomeComesBackToEveryCallAndAnErrorIsThrownAsIs() throws {
    let progress = try temporaryDirectory()
    let layout = ProfileLayout(progressDirectory: progress, profile: "default")
    let now = Timestamp(iso8601: "2026-03-01T09:00:00Z")!
    let opening = ProfileOpenAlongside { () throws(ProfileError) in
      try ProfileOpener.open(layout, profile: "default", now: now, snapshotEvery: 500)
    }
    let first = try opening.result()
    let again = try opening.result()
    #expect(first.layout == again.layout)
    #expect(first.progress == again.progress)
    let failing = ProfileOpenAlongside { () throws(ProfileError) in
      throw ProfileError("the disk is gone", exitCode: .ioError)
    }
    #expect(throws: ProfileError.self) { try failing.result() }
    do {
      _ = try failing.result()
    } catch {
      #expect(error.message == "the disk is gone")
      #expect(error.exitCode == .ioError)
    }
  }
}
