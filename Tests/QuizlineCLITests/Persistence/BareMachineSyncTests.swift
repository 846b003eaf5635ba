import Foundation
import Testing

/// `quizline sync` on machines where git has never been configured: no `~/.gitconfig`, no
/// `$XDG_CONFIG_HOME/git/config`, no system file. Two devices sync both ways through a local bare
/// remote; sync's commits (and the pull's rebase) carry quizline's identity, the `.gitignore` sync
/// writes is committed, and sync leaves nothing untracked.
@Suite(.serialized) struct BareMachineSyncTests {
  struct Device {
    var name: String
    var clone: String
    var state: String
    var home: String
    /// git's global configuration file (none: `/dev/null`).
    var gitConfig = "/dev/null"
  }

  /// The test's environment with git's configuration and identity variables taken away (or only
  /// `gitConfig`'s).
  func environment(home: String, gitConfig: String = "/dev/null", state: String? = nil) -> [String: String] {
    var env = binaryEnvironment()
    env["HOME"] = home
    env["XDG_CONFIG_HOME"] = home + "/.config"
    env["GIT_CONFIG_GLOBAL"] = gitConfig
    env["GIT_CONFIG_NOSYSTEM"] = "1"
    for name in ["EMAIL", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"] {
      env[name] = nil
    }
    if let state { env["XDG_STATE_HOME"] = state }
    return env
  }

  func git(_ arguments: [String], in directory: String, home: String) throws -> RunResult {
    try runProcess("/usr/bin/env", ["git"] + arguments, environment: environment(home: home), directory: directory)
  }

  func quizline(_ d: Device, _ rest: [String], input: String = "", at time: String) throws -> RunResult {
    try runProcess(
      quizlineExecutable,
      ["--quizzes", Fixtures.catalog, "--progress", d.clone, "--device", d.name, "--now", time] + rest, input: input,
      environment: environment(home: d.home, gitConfig: d.gitConfig, state: d.state))
  }

  /// A bare remote and one clone per device, each made before anything was pushed (so both devices
  /// write their own `.gitignore`).
  func devices(_ base: String, _ names: [String]) throws -> [Device] {
    let home = base + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    _ = try git(["init", "-q", "--bare", "-b", "main", base + "/remote.git"], in: base, home: home)
    return try names.map { name in
      let d = Device(name: name, clone: base + "/" + name, state: base + "/state-" + name, home: home)
      _ = try git(["clone", "-q", base + "/remote.git", d.clone], in: base, home: home)
      _ = try git(["checkout", "-q", "-b", "main"], in: d.clone, home: home)
      return d
    }
  }

  @Test func aMachineWithNoGitConfigurationSyncsBothWaysAndCommitsItsIgnoreFile() throws {
    let base = try temporaryDirectory()
    let ds = try devices(base, ["laptop", "desk"])
    let (laptop, desk) = (ds[0], ds[1])
    let remote = base + "/remote.git"
    // git has not been told who anyone is here.
    #expect(try git(["config", "user.email"], in: laptop.clone, home: laptop.home).status != 0)

    let study = "start sample\nb\nquit\n"
    #expect(try quizline(laptop, [], input: study, at: "2026-03-01T09:00:00Z").status == 0)
    let first = try quizline(laptop, ["sync"], at: "2026-03-01T09:01:00Z")
    #expect(first.status == 0, "\(first.stderr)")
    // The desk has its own commit to rebase onto the laptop's: the rebase needs a committer too.
    #expect(try quizline(desk, [], input: study, at: "2026-03-01T10:00:00Z").status == 0)
    let second = try quizline(desk, ["sync"], at: "2026-03-01T10:01:00Z")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("1 answer from 'laptop' merged"), "\(second.stdout)")
    let third = try quizline(laptop, ["sync"], at: "2026-03-01T11:00:00Z")
    #expect(third.status == 0, "\(third.stderr)")
    #expect(third.stdout.contains("1 answer from 'desk' merged"), "\(third.stdout)")

    let signatures = try git(["log", "--format=%an <%ae> | %cn <%ce>", "main"], in: remote, home: laptop.home)
    #expect(
      Set(signatures.stdout.split(separator: "\n")) == [
        "quizline (laptop) <quizline@laptop> | quizline (laptop) <quizline@laptop>",
        "quizline (desk) <quizline@desk> | quizline (desk) <quizline@desk>",
      ], "\(signatures.stdout)")
    for d in [laptop, desk] {
      let tracked = try git(["ls-files", "--", ".gitignore"], in: d.clone, home: d.home)
      #expect(tracked.stdout == ".gitignore\n", "\(d.name): the .gitignore sync wrote is committed")
      let left = try git(["status", "--porcelain", "--untracked-files=all"], in: d.clone, home: d.home)
      #expect(left.stdout.isEmpty, "\(d.name): sync leaves nothing untracked or uncommitted: \(left.stdout)")
    }
    let snapshots = [laptop, desk].map { FileManager.default.contents(atPath: $0.clone + "/default/snapshot.json") }
    #expect(snapshots[0] != nil && snapshots[0] == snapshots[1], "both devices fold the same progress")
  }

  @Test func anIdentityTheUserConfiguredStillSignsTheCommits() throws {
    let base = try temporaryDirectory()
    let ds = try devices(base, ["laptop", "desk"])
    var desk = ds[1]
    desk.gitConfig = base + "/ana.gitconfig"
    try Data("[user]\n\tname = Ana\n\temail = ana@example.org\n".utf8).write(
      to: URL(fileURLWithPath: desk.gitConfig))
    #expect(try quizline(ds[0], ["sync"], at: "2026-03-01T09:00:00Z").status == 0)
    let synced = try quizline(desk, ["sync"], at: "2026-03-01T10:00:00Z")
    #expect(synced.status == 0, "\(synced.stderr)")
    let top = try git(
      ["log", "-1", "--format=%an <%ae> | %cn <%ce>", "main"], in: base + "/remote.git", home: desk.home)
    #expect(top.stdout == "Ana <ana@example.org> | Ana <ana@example.org>\n")
  }

  /// The state a sync killed between `git add .gitignore` and its commit leaves (CI met it in the
  /// three-device simulation): the next sync commits the staged file instead of calling it the
  /// user's uncommitted change, and pulls.
  @Test func aSyncKilledBeforeCommittingItsIgnoreFileIsFinishedByTheNextSync() throws {
    let base = try temporaryDirectory()
    let ds = try devices(base, ["laptop", "desk"])
    let (laptop, desk) = (ds[0], ds[1])
    #expect(try quizline(laptop, ["sync"], at: "2026-03-01T09:00:00Z").status == 0)
    #expect(try quizline(desk, [], input: "start sample\nb\nquit\n", at: "2026-03-01T10:00:00Z").status == 0)
    // What the killed sync did before its commit: wrote the ignore file and staged it.
    let ignore = try String(contentsOfFile: laptop.clone + "/.gitignore", encoding: .utf8)
    try Data(ignore.utf8).write(to: URL(fileURLWithPath: desk.clone + "/.gitignore"))
    _ = try git(["add", "--", ".gitignore"], in: desk.clone, home: desk.home)

    let synced = try quizline(desk, ["sync"], at: "2026-03-01T10:01:00Z")
    #expect(synced.status == 0, "\(synced.stderr)")
    let left = try git(["status", "--porcelain", "--untracked-files=all"], in: desk.clone, home: desk.home)
    #expect(left.stdout.isEmpty, "nothing left staged or untracked: \(left.stdout)")
    let pushed = try git(["ls-tree", "--name-only", "main"], in: base + "/remote.git", home: desk.home)
    #expect(pushed.stdout.contains(".gitignore\n"), "\(pushed.stdout)")
  }

  /// A `.gitignore` already committed is the user's: sync never commits their edits to it, and
  /// says they stop the pull.
  @Test func editsToACommittedIgnoreFileAreNotCommittedBySync() throws {
    let base = try temporaryDirectory()
    let laptop = try devices(base, ["laptop"])[0]
    #expect(try quizline(laptop, ["sync"], at: "2026-03-01T09:00:00Z").status == 0)
    let path = laptop.clone + "/.gitignore"
    let edited = try String(contentsOfFile: path, encoding: .utf8) + "my-notes/\n"
    try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    let second = try quizline(laptop, ["sync"], at: "2026-03-01T09:05:00Z")
    #expect(second.status == 79, "\(second.stderr)")
    #expect(second.stderr.contains("changes that are not committed (.gitignore)"), "\(second.stderr)")
    let diff = try git(["diff", "--name-only"], in: laptop.clone, home: laptop.home)
    #expect(diff.stdout == ".gitignore\n", "the edit stays the user's, uncommitted: \(diff.stdout)")
  }
}
