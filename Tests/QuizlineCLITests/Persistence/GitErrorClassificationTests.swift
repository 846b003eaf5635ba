import Testing

@testable import QuizlineCLI

/// Which git errors `sync` reports as "offline" (exit 69) and which as a refusal (exit 76).
@Suite struct GitErrorClassificationTests {
  @Test(arguments: [
    "fatal: '/tmp/quizline-cli-tests-4013A403-77C1-4011-B401-000000000000/remote.git' does not appear to be a git repository\nfatal: Could not read from remote repository.",
    "fatal: unable to access 'https://example.org/me/progress.git/': Could not resolve host: example.org",
    "ssh: connect to host example.org port 22: Connection refused",
  ])
  func unreachableRemotesAreOfflineEvenWhenTheirPathHoldsStatusLikeDigits(_ errors: String) {
    #expect(GitRunner.isUnreachable(errors))
  }

  @Test(arguments: [
    "remote: Permission to me/progress.git denied.\nfatal: unable to access 'https://example.org/me/progress.git/': The requested URL returned error: 403",
    "fatal: Authentication failed for 'https://example.org/me/progress.git/'",
    "git@example.org: Permission denied (publickey).\nfatal: Could not read from remote repository.",
  ])
  func refusalsAreNotOffline(_ errors: String) {
    #expect(!GitRunner.isUnreachable(errors))
  }
}

/// Each of git's failures that `sync` can meet gets its own kind and exit code (README, exit status):
/// nothing on this machine is reported as the remote refusing.
@Suite struct GitFailureExitCodeTests {
  @Test(
    arguments: [
      (127, "/usr/bin/env: 'git': No such file or directory", 78),
      (
        128,
        "Committer identity unknown\n\n*** Please tell me who you are.\n\nfatal: unable to auto-detect email address (got 'root@vm.(none)')",
        78
      ),
      (128, "fatal: empty ident name (for <>) not allowed", 78),
      (1, "error: cannot pull with rebase: You have unstaged changes.\nerror: Please commit or stash them.", 79),
      (1, "error: cannot pull with rebase: Your index contains uncommitted changes.", 79),
      (
        1,
        "error: could not apply 1a2b3c4... edit notes\nhint: Resolve all conflicts manually\nCONFLICT (content): Merge conflict in notes.md",
        79
      ),
      (
        1,
        "error: The following untracked working tree files would be overwritten by checkout:\n\tplan.md\nPlease move or remove them before you switch branches.\nAborting",
        79
      ),
      (
        128, "fatal: Unable to create '/p/.git/index.lock': File exists.\n\nAnother git process seems to be running", 79
      ),
      (
        128, "fatal: 'origin' does not appear to be a git repository\nfatal: Could not read from remote repository.", 69
      ),
      (128, "git@example.org: Permission denied (publickey).\nfatal: Could not read from remote repository.", 76),
      (1, "remote: pushes are closed\n ! [remote rejected] HEAD -> main (pre-receive hook declined)", 76),
    ] as [(Int32, String, Int32)])
  func everyFailureHasItsOwnExitCode(_ status: Int32, _ errors: String, _ code: Int32) {
    #expect(GitFailure.classify(status: status, errors: errors).exitCode.rawValue == code, "\(errors)")
  }

  @Test func aLocalPermissionProblemIsNotARefusalByTheRemote() {
    let errors = "error: insufficient permission for adding an object to repository database .git/objects"
    #expect(GitFailure.classify(status: 128, errors: errors) == .other)
    #expect(
      GitFailure.classify(status: 128, errors: "fatal: Unable to create '/p/.git/index.lock': Permission denied")
        != .refused)
  }
}
