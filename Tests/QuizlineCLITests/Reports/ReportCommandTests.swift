import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineReports

/// `quizline report` and the REPL's `progress` and `export`, run as a learner would.
@Suite struct ReportCommandTests {
  static let now = "2026-12-02T10:00:00Z"

  /// A progress folder with one quiz taken by `profile`.
  static func progressFolder(profiles: [String] = ["default"]) throws -> String {
    let dir = try temporaryDirectory()
    for (k, profile) in profiles.enumerated() {
      let answers = k % 2 == 0 ? "b\na,c\ntrue\n" : "c\na\nfalse\n"
      let r = try runBinary(
        ["--quizzes", Fixtures.catalog, "--progress", dir, "--profile", profile, "--now", now],
        input: "start sample --count 3\n" + answers + "quit\n")
      #expect(r.status == 0, "\(r.stderr)")
    }
    return dir
  }

  static func report(_ dir: String, _ args: [String]) -> RunResult {
    runInProcess(["--quizzes", Fixtures.catalog, "--progress", dir, "--now", now, "report"] + args)
  }

  @Test func theDefaultReportIsTheProgressScreen() throws {
    let dir = try Self.progressFolder()
    let repl = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", dir, "--now", Self.now], input: "progress\nquit\n")
    let screen = try #require(
      repl.stdout.components(separatedBy: "quizline> progress\n").last?.components(separatedBy: "quizline> quit").first)
    let r = Self.report(dir, [])
    #expect(r.status == 0)
    #expect(r.stdout == screen)
    #expect(r.stdout.contains("Progress | profile default | 2026-12-02"))
  }

  @Test func aFileIsNeverReplacedWithoutForce() throws {
    let dir = try Self.progressFolder()
    let out = dir + "/r.json"
    var r = Self.report(dir, ["--format", "json", "--out", out])
    #expect(r.status == 0)
    #expect(r.stdout.hasPrefix("Wrote \(out) ("))
    let first = try String(contentsOfFile: out, encoding: .utf8)
    #expect(first.contains("\"kind\": \"report\""))
    try "keep me".write(toFile: out, atomically: true, encoding: .utf8)
    r = Self.report(dir, ["--format", "json", "--out", out])
    #expect(r.status == 73)
    #expect(r.stderr == "quizline: '\(out)' already exists; pass --force to replace it\n")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me")
    r = Self.report(dir, ["--out", out, "--force"])
    #expect(r.status == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == first)
  }

  @Test func unwritablePlacesAreLocatedErrors() throws {
    let dir = try Self.progressFolder()
    var r = Self.report(dir, ["--format", "html", "--out", dir + "/missing/r.html"])
    #expect(r.status == 74)
    #expect(r.stderr == "quizline: cannot write '\(dir)/missing/r.html': the folder '\(dir)/missing' does not exist\n")
    r = Self.report(dir, ["--format", "md", "--out", dir])
    #expect(r.status == 74)
    #expect(r.stderr.contains("it is a folder"))
  }

  @Test func csvWritesTheAttemptsAndTheSessionsTables() throws {
    let dir = try Self.progressFolder()
    let r = Self.report(dir, ["--out", dir + "/class.csv"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("\(dir)/class.csv, \(dir)/class-sessions.csv"))
    let attempts = try #require(parseCSV(try String(contentsOfFile: dir + "/class.csv", encoding: .utf8)))
    #expect(attempts.count == 4)
    #expect(attempts[1][6] == "sample/single-owner")
    let sessions = try #require(parseCSV(try String(contentsOfFile: dir + "/class-sessions.csv", encoding: .utf8)))
    #expect(sessions.count == 3)
    // When any of the files exists, none is written.
    try FileManager.default.removeItem(atPath: dir + "/class.csv")
    #expect(Self.report(dir, ["--out", dir + "/class.csv"]).status == 73)
    #expect(!FileManager.default.fileExists(atPath: dir + "/class.csv"))
    let table = Self.report(dir, ["--format", "csv", "--table", "sessions"])
    #expect(table.stdout.hasPrefix(CSVReportRenderer.sessionColumns.joined(separator: ",") + "\r\n"))
  }

  @Test(arguments: [
    (["--since", "last week"], "--since 'last week' is not a date"),
    (["--all-profiles", "--profile", "ana"], "--all-profiles and --profile cannot be used together"),
    (["--format", "csv", "--table", "items"], "--table items needs --all-profiles"),
    (["--format", "csv", "--table", "tests"], "--table tests needs --all-profiles"),
    (["--format", "md", "--table", "sessions"], "--table applies to --format csv only"),
  ])
  func badOptionsAreUsageErrors(_ args: [String], _ message: String) throws {
    let dir = try temporaryDirectory()
    let r = Self.report(dir, args)
    #expect(r.status == 64)
    #expect(r.stderr.contains(message), "\(r.stderr)")
  }

  @Test func anUnknownFormatIsRefusedByTheParser() throws {
    let r = Self.report(try temporaryDirectory(), ["--format", "pdf"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("pdf"))
  }

  @Test func formatsGoToStandardOutputWithoutOut() throws {
    let dir = try Self.progressFolder()
    #expect(Self.report(dir, ["--format", "md"]).stdout.hasPrefix("# Progress report for default: Basics\n"))
    #expect(Self.report(dir, ["-f", "html"]).stdout.hasPrefix("<!DOCTYPE html>"))
    #expect(
      Self.report(dir, ["--format", "json", "--since", "2026-12-02"]).stdout.contains("\"since\": \"2026-12-02\""))
  }

  @Test func allProfilesMakesAClassReport() throws {
    let dir = try Self.progressFolder(profiles: ["default", "ana", "ben"])
    let md = Self.report(dir, ["--all-profiles", "--format", "md"])
    #expect(md.status == 0)
    for name in ["| ana |", "| ben |", "| default |", "| **Total** |", "## Test statistics", "`sample/single-owner`"] {
      #expect(md.stdout.contains(name), "\(name)")
    }
    let items = Self.report(dir, ["--all-profiles", "--format", "csv", "--table", "items"])
    #expect(parseCSV(items.stdout)?.count == 4)
    let tests = Self.report(dir, ["--all-profiles", "--format", "csv", "--table", "tests"])
    #expect(parseCSV(tests.stdout)?.map { $0[1] } == ["test", "sample"])
    let empty = try temporaryDirectory()
    let none = Self.report(empty, ["--all-profiles"])
    #expect(none.status == 66)
    #expect(none.stderr.contains("no profiles in"))
  }

  @Test func exportInTheREPLWritesUnderTheProfileAndSaysWhere() throws {
    let dir = try Self.progressFolder()
    let r = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", dir, "--now", Self.now],
      input:
        "export html\nexport html\nexport csv\nexport md \(dir)/nowhere/x.md\nexport json \(dir)/mine.json\nquit\n",
      environment: ["COLUMNS": "1000"])
    let reports = dir + "/default/reports"
    #expect(r.stdout.contains("Wrote \(reports)/2026-12-02-report.html ("))
    #expect(r.stdout.contains("Wrote \(reports)/2026-12-02-report-2.html ("))
    #expect(
      r.stdout.contains("Wrote \(reports)/2026-12-02-report.csv (")
        && r.stdout.contains("and \(reports)/2026-12-02-report-sessions.csv."))
    #expect(
      r.stdout.contains("error: export: cannot write '\(dir)/nowhere/x.md': the folder '\(dir)/nowhere' does not exist")
    )
    #expect(r.stdout.contains("Wrote \(dir)/mine.json ("))
    for name in [
      "2026-12-02-report.html", "2026-12-02-report-2.html", "2026-12-02-report.csv", "2026-12-02-report-sessions.csv",
    ] {
      #expect(FileManager.default.fileExists(atPath: reports + "/" + name), "\(name)")
    }
    let again = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", dir, "--now", Self.now],
      input: "export json \(dir)/mine.json\nquit\n",
      environment: ["COLUMNS": "1000"])
    #expect(again.stdout.contains("already exists; pass --force to replace it"))
  }

  /// The HTML page rendered by a real browser (Debian's chromium, installed by scripts/ensure-deps.sh
  /// when missing) through scripts/reports/screenshot.sh.
  @Test func theHTMLReportRendersInAHeadlessBrowser() throws {
    try requireChromium()
    let dir = try Self.progressFolder()
    #expect(Self.report(dir, ["--out", dir + "/r.html"]).status == 0)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Fixtures.repositoryRoot + "/scripts/reports/screenshot.sh")
    p.arguments = [dir + "/r.html", dir + "/r.png", "1000x1400"]
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    #expect(p.terminationStatus == 0)
    let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/r.png"))
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(png.count > 20_000)
  }
}
