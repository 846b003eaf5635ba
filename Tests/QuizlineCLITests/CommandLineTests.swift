import Foundation
import Testing
@testable import QuizlineCLI
@testable import QuizlineCore

@Suite struct CommandLineTests {
  @Test func helpListsEveryCommandAndTheExitCodes() {
    let result = runInProcess(["--help"])
    #expect(result.status == 0)
    for command in CommandTable.commands {
      #expect(result.stdout.contains("\n  \(command.name)"), "missing \(command.name)")
    }
    #expect(result.stdout.contains("64 usage error"))
    #expect(runInProcess(["help", "check"]).stdout.hasPrefix("Usage: quizline check [options] [PATH...]"))
    #expect(runInProcess(["check", "--help"]).stdout == runInProcess(["help", "check"]).stdout)
  }

  @Test func helpLinesFitTheWidth() {
    for width in [40, 80] {
      let lines = runInProcess(["--help"], width: width).stdout.split(separator: "\n")
      #expect(lines.allSatisfy { TextWrap.displayWidth(String($0)) <= width || !$0.contains(" ") })
    }
  }

  @Test func versionPrintsOneLine() {
    #expect(runInProcess(["--version"]).stdout == "quizline \(CommandTable.version)\n")
  }

  @Test func unknownOptionsExitWithUsage() {
    let result = runInProcess(["list", "--colour"])
    #expect(result.status == 64)
    #expect(result.stderr == "quizline: unknown option '--colour'\nUsage: quizline list [options]\nRun 'quizline help list' for more.\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func listJSONIsValidAndComplete() throws {
    let result = runInProcess(["list", "--json", "--quizzes", Fixtures.catalog])
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let banks = try #require(object["banks"] as? [[String: Any]])
    #expect(banks.first?["id"] as? String == "sample")
    #expect(banks.first?["questions"] as? Int == 10)
    #expect((object["sessions"] as? [[String: Any]])?.map { $0["id"] as? String } == ["intro", "layout"])
    #expect((object["courses"] as? [[String: Any]])?.first?["sessions"] as? Int == 2)
  }

  @Test func listTableShowsCounts() {
    let out = runInProcess(["list", "--quizzes", Fixtures.catalog]).stdout
    #expect(out.contains("Banks (1)\n  sample  Sample bank with every question type"))
    #expect(out.contains("10 questions"))
    #expect(out.contains("~8 min | checkpoint 5"))
  }

  @Test func listOfAFolderWithProblemsNamesTheFolderToCheck() {
    let result = runInProcess(["list", "--quizzes", Fixtures.malformed])
    #expect(result.status == 0)
    #expect(result.stderr.hasSuffix("Run 'quizline check \(Fixtures.malformed)' for details.\n"), "\(result.stderr)")
  }

  @Test func flagsWinOverEnvironmentVariables() {
    let viaEnv = runInProcess(["list", "--json"], variables: ["QUIZLINE_QUIZZES": Fixtures.catalog])
    #expect(viaEnv.status == 0 && viaEnv.stdout.contains("\"sample\""))
    let flagWins = runInProcess(["list", "--quizzes", "/nonexistent"], variables: ["QUIZLINE_QUIZZES": Fixtures.catalog])
    #expect(flagWins.status == 66)
  }

  @Test func checkReportsOKMissingAndBadData() throws {
    let ok = runInProcess(["check", Fixtures.catalog])
    #expect(ok.status == 0)
    #expect(ok.stdout == "checked 4 files (1 bank, 10 questions, 2 sessions, 1 course): 0 errors, 0 warnings\n")
    #expect(runInProcess(["check", "/nonexistent"]).status == 66)
    let bad = runInProcess(["check", "-q", Fixtures.malformed + "/unknown-kind.json"])
    #expect(bad.status == 65)
  }

  @Test func checkOfASingleSessionResolvesAgainstTheQuizzesFolder() {
    let result = runInProcess(["check", "--quizzes", Fixtures.catalog, Fixtures.catalog + "/sessions/intro.json"])
    #expect(result.status == 0, "\(result.stdout)")
  }

  @Test func badProfileNamesAndTimesAreUsageErrors() {
    #expect(runInProcess(["list", "--profile", "../x"]).status == 64)
    let time = runInProcess(["list", "--now", "yesterday"])
    #expect(time.status == 64)
    #expect(time.stderr.hasPrefix("quizline: --now 'yesterday' is not an ISO-8601 time"))
  }
}

@Suite struct CompletionScriptTests {
  /// Runs the generated bash completion for the words typed so far (the last one being completed).
  func complete(_ words: [String]) throws -> [String] {
    let script = try temporaryDirectory() + "/quizline.bash"
    try runInProcess(["completions", "bash"]).stdout.write(toFile: script, atomically: true, encoding: .utf8)
    let bin = URL(fileURLWithPath: quizlineExecutable).deletingLastPathComponent().path
    let quotedWords = (["quizline"] + words).map { "'\($0)'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", "source '\(script)'; PATH='\(bin)':$PATH; COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count); _quizline; printf '%s\\n' \"${COMPREPLY[@]}\""]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsAndIdsFromTheQuizzesFolderOnTheLine() throws {
    #expect(try complete(["ch"]) == ["check"])
    let ids = try complete(["--quizzes", Fixtures.catalog, "quiz", ""]).filter { !$0.hasPrefix("-") }
    #expect(ids == ["sample", "intro", "layout"])
    #expect(try complete(["completions", "f"]) == ["fish"])
  }
}
