import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats

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
    #expect(
      result.stderr
        == "quizline: unknown option '--colour'\nUsage: quizline list [options]\nRun 'quizline help list' for more.\n")
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
    let flagWins = runInProcess(
      ["list", "--quizzes", "/nonexistent"], variables: ["QUIZLINE_QUIZZES": Fixtures.catalog])
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

  @Test func badValuesFromEnvironmentVariablesNameTheVariable() {
    let time = runInProcess(["list"], variables: ["QUIZLINE_NOW": "yesterday"])
    #expect(time.status == 64)
    #expect(time.stderr.hasPrefix("quizline: QUIZLINE_NOW 'yesterday' is not an ISO-8601 time"), "\(time.stderr)")
    let profile = runInProcess(["list"], variables: ["QUIZLINE_PROFILE": "../x"])
    #expect(profile.status == 64)
    #expect(
      profile.stderr.hasPrefix("quizline: QUIZLINE_PROFILE: profile name '../x' is not allowed"), "\(profile.stderr)")
  }
}

@Suite struct CompletionScriptTests {
  /// Runs the generated bash completion for the words typed so far (the last one being completed).
  func complete(_ words: [String]) throws -> [String] {
    try completeWithOptions(words).replies
  }

  /// The replies, and the `compopt` options the completion function asked readline for (outside
  /// a real TAB press `compopt` cannot act, so a stand-in records its arguments).
  func completeWithOptions(_ words: [String]) throws -> (replies: [String], compopt: String) {
    let script = try temporaryDirectory() + "/quizline.bash"
    try runInProcess(["completions", "bash"]).stdout.write(toFile: script, atomically: true, encoding: .utf8)
    let bin = URL(fileURLWithPath: quizlineExecutable).deletingLastPathComponent().path
    let quotedWords = (["quizline"] + words).map { "'\($0)'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "-c",
      "source '\(script)'; PATH='\(bin)':$PATH; compopt() { COMPOPT=\"$*\"; }; COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count); _quizline; printf 'compopt:%s\\n' \"$COMPOPT\"; printf '%s\\n' \"${COMPREPLY[@]}\"",
    ]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let compopt = String(lines.removeFirst().dropFirst("compopt:".count))
    return (lines.filter { !$0.isEmpty }, compopt)
  }

  @Test func bashCompletesCommandsAndIdsFromTheQuizzesFolderOnTheLine() throws {
    #expect(try complete(["ch"]) == ["check"])
    let ids = try complete(["--quizzes", Fixtures.catalog, "quiz", ""]).filter { !$0.hasPrefix("-") }
    #expect(ids == ["sample", "intro", "layout"])
    #expect(try complete(["completions", "f"]) == ["fish"])
  }

  @Test func bashCompletesAnOptionsValueForTheCommandItBelongsTo() throws {
    #expect(try complete(["report", "--format", ""]) == ReportFormat.allCases.map(\.rawValue))
    #expect(try complete(["report", "-f", "c"]) == ["csv"])
    #expect(try complete(["import", "--format", ""]) == ["gift", "aiken", "anki", "csv", "tsv"])
    #expect(try complete(["list", "--ids", "s"]) == ["session"])
    #expect(try complete(["--profile", "ana", "report", "--table", "i"]) == ["items"])
  }

  @Test func bashCompletesFileNamesSoTabGoesOnIntoAFolder() throws {
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/banks", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: dir + "/report.md", contents: Data()))
    for words in [
      ["check", dir + "/ba"], ["report", "--out", dir + "/ba"], ["export-anki", "-o", dir + "/ba"],
      ["--quizzes", dir + "/ba"],
    ] {
      let result = try completeWithOptions(words)
      #expect(result.replies == [dir + "/banks"], "\(words)")
      // With `filenames`, bash puts '/' after a folder instead of a space.
      #expect(result.compopt == "-o filenames", "\(words)")
    }
    #expect(try complete(["report", "-o", dir + "/rep"]) == [dir + "/report.md"], "a report may replace a file")
    #expect(try completeWithOptions(["check", "--qu"]).compopt == "", "options are not file names")
  }
}

@Suite struct ZshAndFishCompletionTests {
  @Test func zshFindsTheCommandAfterGlobalOptionsAndCompletesOptionValues() {
    let script = runInProcess(["completions", "zsh"]).stdout
    #expect(script.contains("--quizzes) q=\"--quizzes ${words[i+1]}\"; ((i++));;"))
    #expect(
      script.contains(
        "    report:--format|report:-f) compadd -- \(ReportFormat.allCases.map(\.rawValue).joined(separator: " ")); return;;\n"
      ))
    #expect(script.contains("    import:--format) compadd -- gift aiken anki csv tsv; return;;\n"))
    #expect(script.contains("$(quizline ${=q} list --ids session 2>/dev/null)"))
  }

  @Test func fishOffersOptionChoicesAndShortNames() {
    let script = runInProcess(["completions", "fish"]).stdout
    #expect(
      script.contains(
        "-n '__fish_seen_subcommand_from report' -s f -l format -x -a \"\(ReportFormat.allCases.map(\.rawValue).joined(separator: " "))\""
      ))
    #expect(script.contains("-n '__fish_seen_subcommand_from import' -l format -x -a \"gift aiken anki csv tsv\""))
    #expect(script.contains("-n '__fish_seen_subcommand_from report' -s o -l out -r -F"))
  }
}
