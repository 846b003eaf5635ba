import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// `quizline xapi push` against a real Learning Record Store: Ralph (PyPI ralph-malph) on its
/// file-system backend, started by scripts/xapi/ralph.sh in .build/ralph-venv on a free local port
/// (`make conformance`: it installs from PyPI the first time). A small class is pushed through the
/// real binary and read back with the LRS's own `GET /xAPI/statements`, following `more` links.
@Suite("Conformance: xAPI push to a Ralph LRS", .serialized)
struct ConformanceXapiRalph {
  static let user = "teacher"
  static let password = "Ralph-Secr3t-\(UUID().uuidString.prefix(8))"

  /// A running Ralph: its statements URL and the process group to stop.
  struct Server {
    var port: Int
    var pid: Int32
    var folder: String
    var endpoint: String { "http://127.0.0.1:\(port)/xAPI" }

    func stop() { kill(-pid, SIGTERM) }
  }

  func start() throws -> Server {
    let folder = try temporaryDirectory()
    let log = folder + "/ralph.sh.out"
    let status = try spawnAndWait(
      Fixtures.repositoryRoot + "/scripts/xapi/ralph.sh", [folder, Self.user, Self.password], output: log)
    let out = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    let parts = out.split(separator: "\n").last?.split(separator: " ").compactMap { Int($0) } ?? []
    try #require(status == 0 && parts.count == 2, "scripts/xapi/ralph.sh failed (\(status)): \(out)")
    return Server(port: parts[0], pid: Int32(parts[1]), folder: folder)
  }

  /// Runs `executable` with its output (both streams) into the file `output` and waits for it.
  /// Foundation's `Process` waited forever for this script here, whose server stays behind in a
  /// session of its own; `posix_spawn` and `waitpid` do not.
  func spawnAndWait(_ executable: String, _ arguments: [String], output: String) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    let envp: [UnsafeMutablePointer<CChar>?] =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for p in envp { free(p) } }
    // The test runner's threads block most signals, and a child inherits the mask: the server would
    // ignore the SIGTERM that stops it. It starts with nothing blocked and default handlers.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    try #require(spawned == 0, "cannot start \(executable): \(String(cString: strerror(spawned)))")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }

  /// Every statement id the LRS holds, read page by page (`more`), with the number of pages.
  func readBack(_ server: Server) throws -> (ids: [String], pages: Int) {
    var ids: [String] = []
    var next: String? = "/xAPI/statements?limit=25"
    var pages = 0
    while let path = next, !path.isEmpty, pages < 1000 {
      let outcome = CurlTransport().send(
        HTTPRequest(
          method: "GET", url: "http://127.0.0.1:\(server.port)" + path, headers: ["X-Experience-API-Version: 1.0.3"],
          body: [], credentials: BasicCredentials(user: Self.user, password: Self.password)))
      guard case .response(200, let body) = outcome else {
        Issue.record("GET \(path): \(outcome)")
        break
      }
      let root = try JSONDocument.parse(body).root
      ids += root.member("statements")?.elements.compactMap { $0.member("id")?.string } ?? []
      next = root.member("more")?.string
      pages += 1
    }
    return (ids, pages)
  }

  func exportedIDs(_ fixture: XapiClassFixture) throws -> [String] {
    let run = try runBinary(fixture.arguments + ["export", "xapi", "--all-profiles"])
    #expect(run.status == 0)
    return run.stdout.split(separator: "\n").compactMap {
      try? JSONDocument.parse(Array($0.utf8)).root.member("id")?.string
    }
  }

  @Test func aClassArrivesOnceASecondPushAddsNothingAndAWrongPasswordIsRefused() throws {
    let fixture = try XapiClassFixture([
      ("ada", XapiClassFixture.fullScript), ("bob", XapiClassFixture.failScript),
      ("cy", XapiClassFixture.shortScript), ("dan", XapiClassFixture.fullScript),
      ("eve", XapiClassFixture.fullScript),
    ])
    let server = try start()
    defer { server.stop() }
    let push =
      fixture.arguments + [
        "xapi", "push", server.endpoint, "--all-profiles", "--batch-size", "10", "--auth",
        "basic:\(Self.user):\(Self.password)",
      ]
    let started = Date()
    let first = try runBinary(push)
    let seconds = Date().timeIntervalSince(started)
    #expect(first.status == 0, "\(first.stderr)")
    let expected = try exportedIDs(fixture)
    let answers = try ["ada", "bob", "cy", "dan", "eve"].map { try fixture.answerCount($0) }.reduce(0, +)
    let (stored, pages) = try readBack(server)
    #expect(expected.count > answers && answers > 0)
    #expect(stored.count == expected.count)
    #expect(Set(stored) == Set(expected))
    #expect(Set(stored).count == stored.count, "a statement arrived twice")
    print(
      "xAPI round trip through Ralph: \(expected.count) statements (\(answers) answers) of 5 profiles pushed in "
        + "\(String(format: "%.2f", seconds)) s (batches of 10), read back in \(pages) pages: \(stored.count) stored, \(Set(stored).count) distinct"
    )

    let second = try runBinary(push)
    #expect(second.status == 0)
    #expect(
      second.stdout.contains("Sent 0 statements to \(server.endpoint)/statements in 0 requests"), "\(second.stdout)")
    #expect(try readBack(server).ids.count == expected.count)

    // Without the remembered state, everything is sent again and the LRS keeps each id once.
    for profile in ["ada", "bob", "cy", "dan", "eve"] {
      for state in profileStates(fixture.progress + "/" + profile) { try FileManager.default.removeItem(atPath: state) }
    }
    let resent = try runBinary(push)
    #expect(resent.status == 0, "\(resent.stderr)")
    #expect(try readBack(server).ids.count == expected.count)

    try fixture.answer("cy", XapiClassFixture.shortScript)
    let wrong = try runBinary(
      fixture.arguments + [
        "--profile", "cy", "xapi", "push", server.endpoint, "--auth", "basic:\(Self.user):wrong-\(Self.password)",
      ])
    #expect(wrong.status == ExitCode.refused.rawValue)
    #expect(wrong.stderr.contains("(HTTP 401): Invalid authentication credentials"), "\(wrong.stderr)")
    #expect(!(wrong.stdout + wrong.stderr + first.stdout + first.stderr).contains(Self.password))
    #expect(!fixture.allFiles().contains(Self.password))
    print("wrong password: exit \(wrong.status), \(wrong.stderr.split(separator: "\n").first ?? "")")
    #expect(try readBack(server).ids.count == expected.count)
  }

  func profileStates(_ folder: String) -> [String] {
    let all = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
    return all.filter { $0.hasSuffix("xapi-sent.json") }.map { folder + "/" + $0 }
  }
}
