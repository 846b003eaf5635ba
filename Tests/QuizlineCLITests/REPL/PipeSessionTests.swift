import Foundation
import Testing

/// The real binary with piped input and output, as a script or CI drives it.
@Suite struct PipeSessionTests {
  static let now = "2026-03-01T09:00:00Z"

  /// Global options for the fixture catalog, a progress folder and a fixed clock.
  static func options(_ progress: String) -> [String] {
    ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", now]
  }

  /// The goodbye line; a long temporary path goes to a line of its own at width 80.
  static func goodbye(_ progress: String) -> String {
    let line = "Bye. Your progress is saved in \(progress)/default."
    return line.count <= 80
      ? line + "\n" : "Bye. Your progress is saved in\n  \(progress)/default.\n"
  }

  /// Every question of the sample bank answered right, in file order.
  static let everyTypeRight = [
    "b", "a,c", "true", "ZStack", "2", "1b 2a 3d", "c b a", "modifier | padding", "", "good",
    "One owner.", "", "easy",
  ]

  @Test func aScriptedSessionTakesEveryTypeCompletesASessionAndIsKeptForTheNextRun() throws {
    let progress = try temporaryDirectory()
    let input =
      (["start sample"] + Self.everyTypeRight + ["read layout", "complete", "quit"]).joined(
        separator: "\n") + "\n"
    let first = try runBinary(Self.options(progress), input: input)
    #expect(first.status == 0)
    #expect(first.stderr.isEmpty, "\(first.stderr)")
    let out = first.stdout
    #expect(
      out.hasPrefix("quizline 0.1.0 | profile default | 1 bank, 2 sessions | 0/2 completed\n"))
    for k in 1...10 { #expect(out.contains("\n-- sample \(k)/10 "), "question \(k) shown") }
    #expect(out.contains("sample 1/10> b\n[right] Correct. recorded\n"))
    #expect(out.contains("sample 9/10 (Enter to turn)> \n  A two-way reference"))
    #expect(out.contains("sample 9/10 grade> good\nGraded good. recorded\n"))
    #expect(out.contains("sample 10/10> One owner.\nsample 10/10 ... \nYou wrote:\n  One owner.\nModel answer:\n"))
    #expect(out.contains("Quiz finished: sample\n  Score 10/10 (100%) | 0 s\n"))
    #expect(out.contains("quizline> complete\n[x] layout is now completed (2026-03-01).\n"))
    #expect(out.hasSuffix("quizline> quit\n" + Self.goodbye(progress)))
    #expect(!out.contains("\u{1B}"), "no control sequences when piped")
    let events = recordedEventLines(profileDirectory: progress + "/default")
    #expect(events.filter { $0.contains("\"type\":\"answered\"") }.count == 10)
    #expect(events.contains { $0.contains("\"type\":\"sessionCompleted\",\"session\":\"layout\"") })

    let second = try runBinary(Self.options(progress), input: "list\nstatus\n")
    #expect(second.status == 0)
    #expect(
      second.stdout.hasPrefix(
        "quizline 0.1.0 | profile default | 1 bank, 2 sessions | 1/2 completed\n"))
    #expect(second.stdout.contains("  [x] layout: Layout and modifiers | completed 2026-03-01\n"))
    #expect(
      second.stdout.contains(
        "sample  Sample bank with every question type: 10 questions | best 100% | last"))
    #expect(second.stdout.contains("  Accuracy            100% over 10 answers\n"))
    #expect(second.stdout.hasSuffix(Self.goodbye(progress)), "the end of input leaves")

    let read = try runBinary(Self.options(progress) + ["read", "layout"])
    #expect(read.status == 0)
    #expect(read.stdout.contains(" | [x] completed on 2026-03-01\n"))
  }

  @Test func quizFromAPipeAnswersAndLeavesWhenTheQuizEnds() throws {
    let progress = try temporaryDirectory()
    let result = try runBinary(
      Self.options(progress) + ["quiz", "sample", "--count", "2"], input: "b\na\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("sample 1/2> b\n[right] Correct. recorded\n"))
    #expect(result.stdout.contains("sample 2/2> a\n[partly] Partly right (50%). recorded\n"))
    #expect(result.stdout.contains("Quiz finished: sample\n  Score 1.5/2 (75%)"))
    #expect(
      result.stdout.hasSuffix(
        "Type retry to practise the missed questions.\n" + Self.goodbye(progress)))
    #expect(!result.stdout.contains("quizline> "), "no home prompt: it leaves after the quiz")
  }

  @Test func quizOfASessionTakesItsCheckpointAndCompletesIt() throws {
    let progress = try temporaryDirectory()
    let result = try runBinary(
      Self.options(progress) + ["quiz", "intro"], input: "b\na,c\ntrue\nzstack\n2\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("Checkpoint finished: intro\n  Score 5/5 (100%) | passed"))
    #expect(result.stdout.contains("[x] intro is now completed (2026-03-01).\n"))
    let read = try runBinary(Self.options(progress) + ["read", "intro"])
    #expect(read.stdout.contains(" | [x] completed on 2026-03-01\n"))
  }

  @Test func aQuizCutShortByTheEndOfInputCanBeResumed() throws {
    let progress = try temporaryDirectory()
    let first = try runBinary(Self.options(progress) + ["quiz", "sample"], input: "b\na,c\n")
    #expect(first.status == 0)
    let second = try runBinary(Self.options(progress), input: "resume\ntrue\nend\n")
    #expect(
      second.stdout.contains(
        "You have an unfinished quiz on sample (2 of 10 done). Type resume to continue.\n"))
    #expect(second.stdout.contains("Resuming sample at question 3 of 10.\n"))
    #expect(second.stdout.contains("Quiz ended early: sample\n  Score 3/10 (30%)"))
  }

  @Test func quizWithABadOptionValueFailsWithTheErrorAloneOnStandardError() throws {
    let progress = try temporaryDirectory()
    let cases = [
      (["--count", "0"], "error: --count must be a whole number of at least 1, not '0'\n"),
      (["--seed", "x"], "error: --seed must be a whole number such as 42, not 'x'\n"),
    ]
    for (options, message) in cases {
      let result = try runBinary(Self.options(progress) + ["quiz", "sample"] + options)
      #expect(result.status == 64)
      #expect(result.stdout.isEmpty, "no welcome before a usage error: \(result.stdout)")
      #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
      #expect(!result.stderr.contains("start BANK"), "the hint fits the command line too")
    }
  }

  @Test func quizAndReadOfSomethingUnknownFailWithUsage() throws {
    let progress = try temporaryDirectory()
    let quiz = try runBinary(Self.options(progress) + ["quiz", "nope"])
    #expect(quiz.status == 64)
    #expect(quiz.stdout.isEmpty)
    #expect(quiz.stderr == "quizline: there is no bank or session 'nope'\nRun 'quizline list' to see them.\n")
    let read = try runBinary(Self.options(progress) + ["read", "intr"])
    #expect(read.status == 64)
    #expect(read.stderr == "error: there is no session 'intr'\n  Did you mean intro?\n")
    #expect(read.stdout.isEmpty)
  }

  @Test func readPrintsTheSessionAndExits() throws {
    let progress = try temporaryDirectory()
    let result = try runBinary(Self.options(progress) + ["read", "intro"])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        "\n-- Introduction to state -------------- session 1/2 | ~8 min | [ ] not completed\nObjectives\n"
      ))
    #expect(result.stdout.hasSuffix("This session is completed by passing its checkpoint.\n"))
    #expect(
      !FileManager.default.fileExists(atPath: progress + "/default/journal.jsonl"),
      "reading writes nothing")
  }

  @Test func badInputGetsAnErrorAndAHintAndTheLoopGoesOn() throws {
    let progress = try temporaryDirectory()
    let input =
      "frobnicate\nstart nope\nstart sample --count 0\nstart sample --seed x\nstart sample --count 1\nz\nb\nlist\n"
    let result = try runBinary(Self.options(progress), input: input)
    #expect(result.status == 0)
    let out = result.stdout
    #expect(out.contains("quizline> frobnicate\nerror: unknown command 'frobnicate'"))
    #expect(
      out.contains(
        "quizline> start nope\nerror: there is no bank 'nope'\n  Type list to see them.\nquizline> "
      ))
    #expect(
      out.contains(
        "quizline> start sample --count 0\nerror: --count must be a whole number of at least 1, not '0'\n"
      ))
    #expect(
      out.contains(
        "quizline> start sample --seed x\nerror: --seed must be a whole number such as 42, not 'x'\n"
      ))
    #expect(
      out.contains(
        "sample 1/1> z\nerror: \"z\" is not one of a-d.\n  Type a letter (a-d). Or skip, hint, flag, end, help.\nsample 1/1> b\n[right] Correct."
      ))
    #expect(out.contains("quizline> list\nCourse \"Basics\""))
  }

  @Test func pipedOutputWrapsToColumnsAndStaysPlain() throws {
    let progress = try temporaryDirectory()
    let input = "help\nlist\nread intro\nstatus\nstart sample --count 3\nd\na\nf\n"
    let result = try runBinary(
      Self.options(progress), input: input,
      environment: ["COLUMNS": "40", "TERM": "xterm-256color"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.unicodeScalars.allSatisfy { $0.isASCII })
    let code = [
      "      @State private var count = 0", "      var body: some View { Text(\"\\(count)\") }",
    ]
    let wide = result.stdout.split(separator: "\n").map(String.init).filter {
      $0.count > 40 && !code.contains($0)
    }
    #expect(wide.isEmpty, "\(wide)")
    #expect(
      result.stdout.contains(
        "-- Introduction to state ---------------\n  session 1/2 | ~8 min | [ ] not\n    completed\n"
      ))
  }
}
