import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// `quizline export xapi` through the real binary: valid statements, one per answer, the same
/// bytes every time, and files written only as reports write them.
@Suite(.serialized) struct ExportXapiCommandTests {
  @Test func everyStatementOfAClassMatchesTheXapiSchema() throws {
    let fixture = try XapiClassFixture([
      ("ada", XapiClassFixture.fullScript), ("bob", XapiClassFixture.failScript),
      ("cy", XapiClassFixture.shortScript),
    ])
    let path = fixture.progress + "/../class-\(UUID().uuidString).jsonl"
    let run = try runBinary(
      fixture.arguments + ["export", "xapi", path, "--all-profiles", "--mbox", "{profile}@school.example"])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n")
    let answers = try ["ada", "bob", "cy"].map { try fixture.answerCount($0) }.reduce(0, +)
    #expect(lines.filter { $0.contains("/verbs/answered\"") }.count == answers)
    #expect(lines.filter { $0.contains("/verbs/completed\"") }.count == 2)
    #expect(lines.filter { $0.contains("/verbs/passed\"") }.count == 1)
    #expect(lines.filter { $0.contains("/verbs/failed\"") }.count == 1)
    #expect(lines.count == answers + 4)
    for type in ["choice", "true-false", "fill-in", "numeric", "matching", "sequencing", "long-fill-in", "other"] {
      #expect(text.contains("\"interactionType\":\"\(type)\""), "no \(type) interaction")
    }
    #expect(text.contains("\"mbox\":\"mailto:bob@school.example\""))
    let check = try validateSchema("xapi-statement.schema.json", [path], lines: true)
    #expect(check.status == 0, "\(check.stdout)")
    #expect(
      check.stdout.hasSuffix(
        "validated \(lines.count) document(s) against \(Fixtures.repositoryRoot)/schemas/xapi-statement.schema.json: 0 problem(s)\n"
      ) || check.stdout.contains(": 0 problem(s)"), "\(check.stdout)")
    // score.raw lies between min and max, which the schema cannot say.
    for line in lines {
      let score = try JSONDocument.parse(Array(line.utf8)).root.member("result")?.member("score")
      guard let score, let raw = score.member("raw")?.double else { continue }
      #expect(raw >= score.member("min")?.double ?? 0 && raw <= score.member("max")?.double ?? 1)
    }
  }

  @Test func exportingAgainGivesTheSameBytesAndAFileIsReplacedOnlyWithForce() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let first = try runBinary(fixture.arguments + ["--profile", "ada", "export", "xapi"])
    let second = try runBinary(fixture.arguments + ["--profile", "ada", "export", "xapi", "-"])
    #expect(first.status == 0 && !first.stdout.isEmpty)
    #expect(first.stdout == second.stdout)
    let path = fixture.progress + "/../ada-\(UUID().uuidString).jsonl"
    #expect(try runBinary(fixture.arguments + ["--profile", "ada", "export", "xapi", path]).status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == first.stdout)
    let refused = try runBinary(fixture.arguments + ["--profile", "ada", "export", "xapi", path])
    #expect(refused.status == ExitCode.cantCreate.rawValue)
    #expect(refused.stderr.contains("already exists; pass --force"))
    let other = try runBinary(
      fixture.arguments + [
        "--profile", "ada", "export", "xapi", path, "--force", "--base-iri", "https://school.example/q",
      ])
    #expect(other.status == 0)
    let replaced = try String(contentsOfFile: path, encoding: .utf8)
    #expect(replaced.contains("\"id\":\"https://school.example/q/sample/"))
    // Another base IRI changes the activities, never the statement ids.
    let ids = { (text: String) in text.split(separator: "\n").map { $0.prefix(48) } }
    #expect(ids(replaced) == ids(first.stdout))
  }

  /// Answers recorded at the same instant (a clock fixed with --now, a script piped in) keep the
  /// order they were given in, not the order of their ids.
  @Test func statementsOfOneInstantKeepTheOrderTheAnswersWereGiven() throws {
    let progress = try temporaryDirectory()
    let args = ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-12-01T10:00:00Z"]
    let run = try runBinary(args, input: XapiClassFixture.shortScript + "quit\n")
    #expect(run.status == 0, "\(run.stderr)")
    let export = try runBinary(args + ["export", "xapi"])
    let objects = try export.stdout.split(separator: "\n").map { line in
      let statement = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return (statement["object"] as? [String: Any])?["id"] as? String ?? ""
    }
    #expect(
      objects.map { $0.split(separator: "/").suffix(2).joined(separator: "/") } == [
        "sample/single-owner", "sample/multiple-containers", "sample/tf-declarative",
      ])
  }

  @Test func sinceLeavesOutEarlierAnswers() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let all = try runBinary(fixture.arguments + ["--profile", "ada", "export", "xapi", "--since", "2000-01-01"])
    let none = try runBinary(fixture.arguments + ["--profile", "ada", "export", "xapi", "--since", "2999-01-01"])
    #expect(all.status == 0 && none.status == 0)
    #expect(!all.stdout.isEmpty)
    #expect(none.stdout.isEmpty)
  }

  @Test(arguments: [
    (["export", "csv"], "is not a format export writes"),
    (["export", "xapi", "--base-iri", "ftp://x"], "is not an absolute IRI"),
    (["export", "xapi", "--home-page", "https://a b"], "has a space"),
    (["export", "xapi", "--mbox", "nobody"], "is not a mail address"),
    (["export", "xapi", "--all-profiles", "--mbox", "class@school.example"], "needs {profile}"),
    (["export", "xapi", "--since", "yesterday"], "is not a date"),
  ])
  func badOptionsAreExit64WithAMessage(arguments: [String], message: String) throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let run = try runBinary(fixture.arguments + arguments)
    #expect(run.status == ExitCode.usage.rawValue)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test func theBaseIRICanComeFromTheEnvironment() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let run = try runBinary(
      fixture.arguments + ["--profile", "ada", "export", "xapi"],
      environment: ["QUIZLINE_XAPI_BASE_IRI": "https://env.example/x"])
    #expect(run.stdout.contains("\"id\":\"https://env.example/x/sample/"))
    let bad = try runBinary(
      fixture.arguments + ["--profile", "ada", "export", "xapi"], environment: ["QUIZLINE_XAPI_BASE_IRI": "nope"])
    #expect(bad.status == ExitCode.usage.rawValue)
    #expect(bad.stderr.contains("QUIZLINE_XAPI_BASE_IRI 'nope'"))
  }
}
