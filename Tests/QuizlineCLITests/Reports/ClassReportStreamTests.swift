import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineReports
@testable import QuizlineStorage

/// `report --all-profiles` streams profile by profile (`ClassReportStream`, `ClassReportWriter`):
/// every format it writes is byte for byte what the report built from every profile at once gives
/// (``AllAtOnceClassReport``, the builder as it was), for a class in the single-journal layout and
/// as per-device logs, with and without `--since`.
@Suite(.serialized) struct ClassReportStreamTests {
  static let now = "2026-12-02T10:00:00Z"
  static let right = ["b", "a,c", "true", "ZStack", "2", "1b 2a 3d", "c b a", "modifier | padding", "", "good"]
  static let wrong = ["c", "a", "false", "VStack", "3", "1a 2b 3d", "a b c", "padding | x", "", "again"]
  static let open = (right: ["I own it", "", "good"], wrong: ["no idea", "", "hard"])

  /// What student `k` types on day `day` (0 or 1): a sample quiz with a mix of right and wrong
  /// answers, with an undo, a skip, a checkpoint or a quiz ended early here and there.
  static func script(_ k: Int, day: Int) -> String {
    var lines = ["start sample"]
    for j in 0..<9 {
      let good = (k * 7 + j * 3 + day) % 5 < 1 + k % 4
      if j == 8 { lines += (good ? right : wrong)[8...9] } else { lines.append((good ? right : wrong)[j]) }
      if k == 2, j == 1 { lines += ["undo", right[1]] }
      if k == 3, j == 4, day == 0 { lines.append("skip") }
      if k == 5, j == 5, day == 1 {
        lines.append("end")
        break
      }
    }
    if !(k == 5 && day == 1) { lines += (k % 3 == 0 ? open.right : open.wrong) }
    if k == 4 { lines += ["read intro", "quiz intro", "b", "a,c", "true", "ZStack", "2"] }
    return (lines + ["quit"]).joined(separator: "\n") + "\n"
  }

  /// A class of eight students (one never answers; one studies on two devices) in `layout`.
  static func classFolder(devices: Bool) throws -> String {
    let base = try temporaryDirectory()
    let progress = base + "/Progress"
    for k in 0..<8 {
      let student = "s\(k)"
      for day in 0..<(k == 7 ? 1 : 2) {
        var args = ["--quizzes", Fixtures.catalog, "--progress", progress, "--profile", student]
        args += ["--now", "2026-11-2\(k % 3 + 3 * day)T09:00:00Z"]
        var environment: [String: String] = [:]
        if devices {
          let device = k == 1 && day == 1 ? "desk" : "laptop"
          args += ["--device", device]
          environment["XDG_STATE_HOME"] = base + "/state-\(student)-\(device)"
        }
        let input = k == 7 ? "flag sample/single-owner\nquit\n" : script(k, day: day)
        let r = try runBinary(args, input: input, environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
      }
    }
    return progress
  }

  /// The report from every profile at once, rendered into each file the format writes.
  static func allAtOnce(
    _ progress: String, format: ReportFormat, since: Int64?, attempts: AttemptChoice = .first
  ) throws -> [String] {
    let now = try #require(Timestamp(iso8601: Self.now))
    let catalog = CatalogLoader.load(directory: Fixtures.catalog).catalog
    var inputs: [ReportInput] = []
    for name in ReportProfiles.names(in: progress) {
      let layout = ProfileLayout(progressDirectory: progress, profile: name)
      let opened = try ProfileOpener.view(layout, now: now)
      // The test statistics read every profile's attempt log, as `report --all-profiles` does.
      let history = try HistoryLoader.load(layout, sinceDay: since, keepAttempts: true, keepResponses: true)
      inputs.append(ReportInput(profile: name, progress: opened.progress, history: history))
    }
    let report = AllAtOnceClassReport.build(
      catalog: catalog, inputs: inputs, now: now,
      options: ReportOptions(sinceDay: since, includeAttempts: format == .csv, attemptChoice: attempts))
    return format.files(for: "r", classReport: true).map { table, _ in
      let sink = StringReportSink()
      ReportRenderer.render(report, format: format, table: table, style: .plain, width: 80, to: sink)
      return sink.text
    }
  }

  static func streamed(_ progress: String, _ args: [String]) -> RunResult {
    runInProcess(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", now, "report", "--all-profiles"] + args)
  }

  @Test(arguments: [false, true]) func everyFormatIsWhatTheAllAtOnceReportGives(devices: Bool) throws {
    let progress = try Self.classFolder(devices: devices)
    #expect(ReportProfiles.names(in: progress) == (0..<8).map { "s\($0)" })
    let out = try temporaryDirectory()
    for since in [nil, "2026-11-25"] {
      let day = since.flatMap(ReportDates.day)
      let sinceArgs = since.map { ["--since", $0] } ?? []
      for format in [ReportFormat.md, .json, .csv, .html] {
        let expected = try Self.allAtOnce(progress, format: format, since: day)
        let path = out + "/\(devices)-\(since ?? "all").\(format.rawValue)"
        let r = Self.streamed(progress, ["--format", format.rawValue, "--out", path] + sinceArgs)
        #expect(r.status == 0, "\(r.stderr)")
        let files = format.files(for: path, classReport: true).map(\.path)
        #expect(files.count == expected.count)
        for (file, text) in zip(files, expected) {
          let written = try String(contentsOfFile: file, encoding: .utf8)
          #expect(written == text, "\(file) differs from the report built at once")
        }
        // Standard output is streamed the same way.
        let table = format == .csv ? ["--table", "sessions"] : []
        let printed = Self.streamed(progress, ["--format", format.rawValue] + table + sinceArgs)
        #expect(printed.stdout == expected[format == .csv ? 1 : 0])
      }
      let text = Self.streamed(progress, sinceArgs)
      #expect(text.stdout == (try Self.allAtOnce(progress, format: .text, since: day))[0])
    }
    // Each choice of attempts streams the same as well.
    for attempts in [AttemptChoice.last, .best, .all] {
      for format in [ReportFormat.md, .csv] {
        let expected = try Self.allAtOnce(progress, format: format, since: nil, attempts: attempts)
        let table = format == .csv ? ["--table", "items"] : []
        let printed = Self.streamed(progress, ["--format", format.rawValue, "--attempts", attempts.rawValue] + table)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == expected[format == .csv ? 2 : 0], "\(attempts) \(format)")
      }
    }
    // The class is not trivial: answers from every active student, statistics of the sample bank and
    // the intro checkpoint, with flags.
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(Self.streamed(progress, ["--format", "json"]).stdout.utf8))
        as? [String: Any])
    let klass = json["class"] as? [String: Any]
    #expect((klass?["totals"] as? [String: Any])?["activeLearners"] as? Int == 7)
    #expect(klass?["attempts"] as? String == "first")
    let tests = klass?["tests"] as? [[String: Any]] ?? []
    #expect(tests.map { $0["id"] as? String } == ["sample", "intro"])
    let questions = tests.first?["questions"] as? [[String: Any]] ?? []
    #expect(questions.count == 10)
    #expect(questions.contains { ($0["flags"] as? [String])?.isEmpty == false })
  }

  /// One learner's CSV report writes its attempt rows as the history is read; the files are those of
  /// the report built with the whole attempt log.
  @Test(arguments: [false, true]) func oneLearnersCSVIsWhatTheWholeAttemptLogGives(devices: Bool) throws {
    let progress = try Self.classFolder(devices: devices)
    let now = try #require(Timestamp(iso8601: Self.now))
    let catalog = CatalogLoader.load(directory: Fixtures.catalog).catalog
    let out = try temporaryDirectory()
    for name in ["s1", "s2", "s3", "s5"] {
      let layout = ProfileLayout(progressDirectory: progress, profile: name)
      let history = try HistoryLoader.load(layout, keepAttempts: true)
      let input = ReportInput(
        profile: name, progress: try ProfileOpener.view(layout, now: now).progress, history: history)
      let report = ReportBuilder.build(
        catalog: catalog, inputs: [input], now: now, options: ReportOptions(includeAttempts: true))
      let expected = [CSVTable.attempts, .sessions].map { CSVReportRenderer.render(report, table: $0) }
      #expect(expected[0].split(separator: "\r\n").count > 10)
      let path = out + "/\(name).csv"
      let r = runInProcess(
        [
          "--quizzes", Fixtures.catalog, "--progress", progress, "--profile", name, "--now", Self.now, "report",
          "--out", path,
        ])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == expected[0])
      #expect(try String(contentsOfFile: out + "/\(name)-sessions.csv", encoding: .utf8) == expected[1])
      let printed = runInProcess(
        [
          "--quizzes", Fixtures.catalog, "--progress", progress, "--profile", name, "--now", Self.now, "report", "-f",
          "csv",
        ])
      #expect(printed.stdout == expected[0])
    }
  }

  @Test func theStreamKeepsOnlyEachProfilesRow() throws {
    let progress = try Self.classFolder(devices: false)
    let now = try #require(Timestamp(iso8601: Self.now))
    let catalog = CatalogLoader.load(directory: Fixtures.catalog).catalog
    var stream = ClassReportStream(catalog: catalog, now: now, options: ReportOptions(includeAttempts: true))
    for name in ReportProfiles.names(in: progress) {
      let layout = ProfileLayout(progressDirectory: progress, profile: name)
      let history = try HistoryLoader.load(layout, keepAttempts: true, keepResponses: true)
      let full = stream.add(
        ReportInput(profile: name, progress: try ProfileOpener.view(layout, now: now).progress, history: history))
      #expect(full.sessions.count == catalog.sessions.count)
    }
    let report = stream.finish()
    #expect(report.profiles.count == 8)
    for p in report.profiles {
      #expect(p.sessions.isEmpty && p.banks.isEmpty && p.questions.isEmpty && p.activity.isEmpty)
      #expect(p.attempts == nil)
    }
    #expect(report.profiles.map(\.summary.answers).reduce(0, +) == report.classReport?.totals.answers)
  }
}
