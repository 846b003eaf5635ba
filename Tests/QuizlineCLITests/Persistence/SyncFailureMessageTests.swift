import Foundation
import Testing

/// What stops `quizline sync` on this machine is said as what it is, with its own exit code: git
/// missing (78), the user's uncommitted changes, a conflict, untracked files in the pull's way
/// (79); never "the remote refused" (76). The device's progress is committed all the same, and the
/// user's own files are left as they were.
@Suite(.serialized) struct SyncFailureMessageTests {
  func git(_ arguments: [String], in directory: String) throws -> RunResult {
    try runProcess(
      "/usr/bin/env", ["git", "-c", "user.name=test", "-c", "user.email=test@example.org"] + arguments,
      environment: ProcessInfo.processInfo.environment, directory: directory)
  }

  func sync(_ clone: String, _ device: String, _ base: String, environment: [String: String] = [:]) throws
    -> RunResult
  {
    var variables = environment
    variables["XDG_STATE_HOME"] = base + "/state-" + device
    return try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", clone, "--device", device, "sync"], environment: variables)
  }

  /// A bare remote holding `notes.md`, and two clones of it on branch main.
  func remoteWithTwoClones() throws -> String {
    let base = try temporaryDirectory()
    _ = try git(["init", "-q", "--bare", "-b", "main", base + "/remote.git"], in: base)
    _ = try git(["clone", "-q", base + "/remote.git", base + "/seed"], in: base)
    _ = try git(["checkout", "-q", "-b", "main"], in: base + "/seed")
    try Data("# my notes\n".utf8).write(to: URL(fileURLWithPath: base + "/seed/notes.md"))
    _ = try git(["add", "notes.md"], in: base + "/seed")
    _ = try git(["commit", "-q", "-m", "notes"], in: base + "/seed")
    _ = try git(["push", "-q", "origin", "main"], in: base + "/seed")
    for name in ["a", "b"] { _ = try git(["clone", "-q", base + "/remote.git", base + "/" + name], in: base) }
    return base
  }

  func write(_ text: String, _ path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test func withoutGitSyncSaysGitIsMissingAndExits78() throws {
    let base = try remoteWithTwoClones()
    let r = try sync(base + "/a", "laptop", base, environment: ["PATH": base + "/no-such-folder"])
    #expect(r.status == 78, "\(r.stderr)")
    #expect(r.stderr.contains("git is not installed (or not on PATH)"), "\(r.stderr)")
    #expect(!r.stderr.contains("not in a git work tree"))
  }

  @Test func uncommittedChangesOfTheUserStopThePullWithTheirNamesAndExit79() throws {
    let base = try remoteWithTwoClones()
    // Another device pushed, so there is something to pull.
    #expect(try sync(base + "/b", "desk", base).status == 0)
    try write("# my notes\nhalf-written thought\n", base + "/a/notes.md")
    let r = try sync(base + "/a", "laptop", base)
    #expect(r.status == 79, "\(r.stderr)")
    #expect(r.stderr.contains("changes that are not committed (notes.md)"), "\(r.stderr)")
    #expect(r.stderr.contains("commit or stash"), "\(r.stderr)")
    #expect(!r.stderr.contains("refused"))
    // This device's progress is committed; the user's edit is neither committed nor lost.
    let log = try git(["log", "--format=%s", "--name-only", "-1"], in: base + "/a")
    #expect(log.stdout.hasPrefix("quizline sync: laptop"), "\(log.stdout)")
    #expect(!log.stdout.contains("notes.md"))
    #expect(try git(["diff", "--name-only"], in: base + "/a").stdout == "notes.md\n")
  }

  @Test func aConflictInAFileOfTheUserIsNamedTheRebaseUndoneAndSyncExits79() throws {
    let base = try remoteWithTwoClones()
    for (clone, line) in [("b", "from b"), ("a", "from a")] {
      try write("# my notes\n\(line)\n", base + "/\(clone)/notes.md")
      _ = try git(["commit", "-q", "-am", "edit notes"], in: base + "/\(clone)")
    }
    #expect(try sync(base + "/b", "desk", base).status == 0)
    let r = try sync(base + "/a", "laptop", base)
    #expect(r.status == 79, "\(r.stderr)")
    #expect(r.stderr.contains("stopped on a conflict in notes.md"), "\(r.stderr)")
    #expect(r.stderr.contains("git pull --rebase origin main"), "\(r.stderr)")
    let status = try git(["status", "--porcelain"], in: base + "/a")
    #expect(status.stdout.isEmpty, "the rebase was undone: \(status.stdout)")
    #expect(try git(["log", "--format=%s", "-1"], in: base + "/a").stdout == "quizline sync: laptop\n")
  }

  @Test func untrackedFilesThePullWouldOverwriteAreNamedAndSyncExits79() throws {
    let base = try remoteWithTwoClones()
    try write("shared\n", base + "/b/plan.md")
    _ = try git(["add", "plan.md"], in: base + "/b")
    _ = try git(["commit", "-q", "-m", "plan"], in: base + "/b")
    #expect(try sync(base + "/b", "desk", base).status == 0)
    try write("mine\n", base + "/a/plan.md")
    let r = try sync(base + "/a", "laptop", base)
    #expect(r.status == 79, "\(r.stderr)")
    #expect(r.stderr.contains("would overwrite untracked files here (plan.md)"), "\(r.stderr)")
    #expect(FileManager.default.contents(atPath: base + "/a/plan.md") == Data("mine\n".utf8))
  }
}
