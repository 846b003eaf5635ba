import Foundation
import Testing

/// `quizline sync`'s documented exit codes: 78 outside a git work tree or without a remote, 69 when
/// the remote cannot be reached, 76 when it refuses the push; each with a one-line message, and
/// this device's progress committed locally all the same.
@Suite(.serialized) struct SyncExitCodeTests {
  func git(_ arguments: [String], in directory: String) throws -> RunResult {
    try runProcess(
      "/usr/bin/env", ["git"] + arguments, environment: ProcessInfo.processInfo.environment, directory: directory)
  }

  func sync(_ progress: String, state: String) throws -> RunResult {
    try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--device", "laptop", "sync"],
      environment: ["XDG_STATE_HOME": state])
  }

  @Test func outsideAGitWorkTreeOrWithoutARemoteSyncExits78() throws {
    let base = try temporaryDirectory()
    let plain = try sync(base + "/plain", state: base + "/state")
    #expect(plain.status == 78)
    #expect(plain.stderr.contains("is not in a git work tree"))
    _ = try git(["init", "-q", "-b", "main", base + "/repo"], in: base)
    let lonely = try sync(base + "/repo", state: base + "/state")
    #expect(lonely.status == 78)
    #expect(lonely.stderr.contains("has no remote"))
    let log = try git(["log", "--oneline"], in: base + "/repo")
    #expect(log.stdout.contains("quizline sync: laptop"), "committed locally all the same")
  }

  @Test func anUnreachableRemoteExits69AndARefusedPushExits76() throws {
    let base = try temporaryDirectory()
    _ = try git(["init", "-q", "--bare", "-b", "main", base + "/remote.git"], in: base)
    _ = try git(["clone", "-q", base + "/remote.git", base + "/clone"], in: base)
    _ = try git(["checkout", "-q", "-b", "main"], in: base + "/clone")
    // Refused: the remote's hook declines every push.
    let hook = base + "/remote.git/hooks/pre-receive"
    try Data("#!/bin/sh\necho 'pushes are closed' >&2\nexit 1\n".utf8).write(to: URL(fileURLWithPath: hook))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    let refused = try sync(base + "/clone", state: base + "/state")
    #expect(refused.status == 76, "\(refused.stderr)")
    #expect(refused.stderr.contains("refused the push"))
    // Unreachable: the remote's folder is gone.
    try FileManager.default.moveItem(atPath: base + "/remote.git", toPath: base + "/moved.git")
    let offline = try sync(base + "/clone", state: base + "/state")
    #expect(offline.status == 69, "\(offline.stderr)")
    #expect(offline.stderr.contains("cannot reach origin"))
    // Back online and open: the device's commits go out.
    try FileManager.default.moveItem(atPath: base + "/moved.git", toPath: base + "/remote.git")
    try FileManager.default.removeItem(atPath: hook)
    let ok = try sync(base + "/clone", state: base + "/state")
    #expect(ok.status == 0, "\(ok.stderr)")
    let remoteLog = try git(["log", "--oneline", "main"], in: base + "/remote.git")
    #expect(remoteLog.stdout.contains("quizline sync: laptop"))
  }
}
