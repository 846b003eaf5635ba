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
