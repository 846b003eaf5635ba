import Foundation
import Testing

/// A full disk (simulated with `ulimit -f`) and a second writer on the same profile.
@Suite(.serialized) struct DiskTroubleTests {
  @Test func fullDiskGivesAClearErrorAndKeepsWhatWasSaved() throws {
    let quizzes = try makeTrueFalseCatalog(count: 60)
    let progress = try temporaryDirectory()
    // 8 blocks of 512 bytes: room for about twenty journal lines, then writes fail with EFBIG.
    let p = try SpawnedProcess(
      ["--quizzes", quizzes, "--progress", progress], environment: ["QUIZLINE_SNAPSHOT_EVERY": "1000"],
      shell: "ulimit -f 8;")
    p.send("start big\n" + String(repeating: "true\n", count: 60) + "quit\n")
    #expect(p.finish() == 74, "steps that could not be saved end with an I/O error status")
    let out = p.stdout
    let reported = out.components(separatedBy: "Correct. recorded").count - 1
    #expect(reported > 5 && reported < 60, "\(reported) answers reported")
    #expect(out.contains("error: could not save your progress: cannot write"))
    #expect(out.contains("Nothing of this step was recorded; what was saved before is safe."))
    let flat = out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains("steps could not be saved in \(progress)/default; the rest is saved."), "\(out.suffix(300))")
    #expect(!out.contains("Your progress is saved"))
    let answers = try recordedAnswers(inProfile: progress + "/default")
    #expect(answers.count == reported)
    let names = try FileManager.default.contentsOfDirectory(atPath: progress + "/default")
    #expect(!names.contains { $0.contains(".tmp-") }, "a half-written snapshot was left: \(names)")
    // The profile still opens, without the limit, with every reported answer.
    let again = try SpawnedProcess(["--quizzes", quizzes, "--progress", progress])
    again.send("resume\nquit\n")
    #expect(again.finish() == 0)
    #expect(again.stdout.contains("Resuming big at question \(reported + 1) of 60."), "\(again.stdout)")
    #expect(again.stderr.isEmpty, "\(again.stderr)")
  }

  @Test func aSecondQuizlineOnTheSameProfileExits75AndReadOnlyStillWorks() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let first = try SpawnedProcess(["--quizzes", quizzes, "--progress", progress])
    first.send("list\n")
    #expect(first.waitFor("Banks"))
    let second = try runBinary(["--quizzes", quizzes, "--progress", progress], input: "quit\n")
    #expect(second.status == 75)
    #expect(
      second.stderr
        == "quizline: profile \"default\" is in use by another quizline (process \(first.process.processIdentifier)). Close it first, or add --read-only to look without saving.\n"
    )
    let viewer = try runBinary(
      ["--quizzes", quizzes, "--progress", progress, "--read-only"], input: "start big\ntrue\nlist\nquit\n")
    #expect(viewer.status == 0)
    #expect(viewer.stdout.contains("read-only: you can read sessions"))
    #expect(viewer.stdout.contains("error: start records progress, and this profile is open read-only (--read-only)"))
    #expect(viewer.stdout.contains("Banks\n  big"), "list still works")
    // A killed owner leaves no lock behind.
    first.kill9()
    first.finish()
    let third = try runBinary(["--quizzes", quizzes, "--progress", progress], input: "quit\n")
    #expect(third.status == 0)
  }
}
