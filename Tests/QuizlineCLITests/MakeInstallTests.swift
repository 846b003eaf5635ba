import Foundation
import Testing

@testable import QuizlineCLI

/// README's way onto `PATH`, tried as written: `make install PREFIX=~/.local` puts a `quizline`
/// that runs into `~/.local/bin` (created when missing), says when that folder is not on `PATH`,
/// and `make uninstall` takes it away; `DESTDIR` stages an install. The release build `make
/// install` normally makes first takes minutes on two cores, so the test installs the debug binary
/// it already has (`INSTALL_BINARY`): what is tried is the Makefile's install step and README's
/// instruction, not the release build (`make run` and `make bench` build that).
@Suite struct MakeInstallTests {
  func make(_ arguments: [String], home: String, path: String = "/usr/bin:/bin") throws -> RunResult {
    var env = ProcessInfo.processInfo.environment
    env["HOME"] = home
    env["PATH"] = path
    env["MAKEFLAGS"] = nil
    env["MAKELEVEL"] = nil
    return try runProcess(
      "/usr/bin/env",
      ["make", "-s", "-C", Fixtures.repositoryRoot] + arguments + ["INSTALL_BINARY=\(quizlineExecutable)"],
      environment: env)
  }

  /// The `make install …` line of README's set-up section.
  func readmeInstallLine() throws -> [String] {
    let readme = try String(contentsOfFile: Fixtures.repositoryRoot + "/README.md", encoding: .utf8)
    let setUp = readme.components(separatedBy: "## Set-up")[1].components(separatedBy: "\n## ")[0]
    let line = setUp.split(separator: "\n").first { $0.hasPrefix("make install ") }
    return line.map { $0.split(separator: "#")[0].split(separator: " ").map(String.init) } ?? []
  }

  @Test func readmesInstallLineInstallsAQuizlineThatRunsFromPath() throws {
    let home = try temporaryDirectory()
    let words = try readmeInstallLine()
    #expect(words == ["make", "install", "PREFIX=~/.local"], "README's set-up section says how to install")
    // `~` as zsh passes it, unexpanded; bash expands it to the same folder.
    let installed = try make(Array(words.dropFirst()), home: home)
    #expect(installed.status == 0, "\(installed.stderr)")
    let bin = home + "/.local/bin"
    #expect(installed.stdout.contains("Installed \(bin)/quizline."), "\(installed.stdout)")
    #expect(installed.stdout.contains("\(bin) is not on PATH: add export PATH=\"\(bin):$PATH\""), "\(installed.stdout)")
    var env = ProcessInfo.processInfo.environment
    env["PATH"] = bin + ":/usr/bin:/bin"
    let version = try runProcess("/usr/bin/env", ["quizline", "--version"], environment: env, directory: home)
    #expect(version.status == 0, "\(version.stderr)")
    #expect(version.stdout == "quizline \(CommandTable.version)\n")
    // Once the folder is on PATH, the install says nothing more about it.
    let again = try make(["install", "PREFIX=~/.local"], home: home, path: bin + ":/usr/bin:/bin")
    #expect(!again.stdout.contains("not on PATH"), "\(again.stdout)")
    let removed = try make(["uninstall", "PREFIX=~/.local"], home: home)
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: bin + "/quizline"))
  }

  @Test func destdirStagesTheInstallUnderItsFolder() throws {
    let stage = try temporaryDirectory()
    let r = try make(["install", "DESTDIR=\(stage)", "PREFIX=/usr"], home: stage)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(FileManager.default.isExecutableFile(atPath: stage + "/usr/bin/quizline"))
    #expect(!r.stdout.contains("not on PATH"), "a staged install is not run from where it is")
  }
}

/// `make release` (and so `make run`) shows swift build's output without the static Foundation's
/// linker note about `mktemp`, which a newcomer cannot act on; every other line and the exit status
/// come through. A stand-in `swift` prints what the real link prints.
@Suite struct ReleaseBuildOutputTests {
  @Test func theMktempLinkerNoteIsLeftOutAndEverythingElseKept() throws {
    let dir = try temporaryDirectory()
    let note =
      "/opt/swift/usr/lib/swift_static/linux/libFoundationEssentials.a(Data+Writing.swift.o):_ThreadLocal.swift.o:function $s20FoundationEssentials19createTemporaryFile: warning: the use of `mktemp' is dangerous, better use `mkstemp' or `mkdtemp'"
    let fake = dir + "/swift"
    try Data(
      """
      #!/bin/sh
      echo "args: $*"
      echo '[4/6] Write Objects.LinkFileList'
      echo '\(note.replacingOccurrences(of: "'", with: "'\\''"))'
      echo 'Sources/X.swift:1:1: warning: a warning of our own' >&2
      echo '[5/6] Linking quizline'
      exit 3

      """.utf8
    ).write(to: URL(fileURLWithPath: fake))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
    var env = ProcessInfo.processInfo.environment
    env["SWIFT"] = fake
    let r = try runProcess(Fixtures.repositoryRoot + "/scripts/release/build.sh", ["quizline"], environment: env)
    #expect(r.status == 3, "swift build's status comes through")
    #expect(
      r.stdout == """
        args: build -c release --static-swift-stdlib --product quizline
        [4/6] Write Objects.LinkFileList
        Sources/X.swift:1:1: warning: a warning of our own
        [5/6] Linking quizline

        """, "\(r.stdout)")
  }
}
