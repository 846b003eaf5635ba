import Foundation
import Testing

/// `kill -9` at random moments: every answer the binary reported as recorded must be in the journal
/// exactly once, and the profile must always load. `QUIZLINE_CRASH_KILLS` raises the count (`make soak`).
@Suite(.serialized) struct CrashTests {
  @Test func killNineAtRandomMomentsLosesAndDuplicatesNothing() throws {
    let kills = Int(ProcessInfo.processInfo.environment["QUIZLINE_CRASH_KILLS"] ?? "") ?? 200
    let quizzes = try makeFreeTextCatalog(count: 40)
    let progress = try temporaryDirectory()
    let profileDir = progress + "/default"
    // Small snapshot interval, so kills also land during snapshots and journal rotation.
    let env = ["QUIZLINE_SNAPSHOT_EVERY": "7"]
    // Every answer is a word used once in the whole test; the binary echoes it after "recorded"
    // ("You answered: …", as none is the accepted answer), so each reported answer can be found.
    var reported: [String] = []
    var generator = SystemRandomNumberGenerator()
    for cycle in 0..<kills {
      let words = (0..<180).map { "c\(cycle)w\($0)" }
      var script = ""
      for block in 0..<4 {
        script += "resume\nstart big\n" + words[(block * 45)..<(block * 45 + 45)].map { $0 + "\n" }.joined()
      }
      let p = try SpawnedProcess(["--quizzes", quizzes, "--progress", progress], environment: env)
      p.send(script)
      // Odd cycles kill at any moment from the start (start-up, recovery, the first answers);
      // even ones once answers are flowing, so a loaded machine still tests the write path.
      if cycle % 2 == 0 { _ = p.waitFor("recorded\n", timeout: 20) }
      usleep(UInt32.random(in: cycle % 2 == 0 ? 0...60_000 : 5_000...120_000, using: &generator))
      p.kill9()
      p.finish()
      let out = p.stdout
      // The profile always loads: nothing on standard error but the notice about a cut-off line.
      #expect(Self.problems(p.stderr).isEmpty, "cycle \(cycle): \(p.stderr)")
      #expect(!out.contains("could not save"), "cycle \(cycle)")
      let echoed = Self.answersReportedAsRecorded(out)
      #expect(
        echoed.count == out.components(separatedBy: "recorded\n").count - 1,
        "cycle \(cycle): every recorded answer is echoed")
      reported += echoed
    }
    // A last, clean run must load everything and leave normally.
    let last = try SpawnedProcess(["--quizzes", quizzes, "--progress", progress], environment: env)
    last.send("status\nquit\n")
    #expect(last.finish() == 0)
    #expect(Self.problems(last.stderr).isEmpty, "\(last.stderr)")
    let answers = try recordedAnswers(inProfile: profileDir)
    let sequences = answers.map(\.seq)
    #expect(Set(sequences).count == sequences.count, "an event was written twice")
    let pairs = answers.map { "\($0.run)/\($0.question)" }
    #expect(Set(pairs).count == pairs.count, "an answer was recorded twice")
    // Exactly once: each reported answer is in the journal once; what is there but was never
    // reported is at most one answer per kill (made durable, then killed before it was shown).
    // ("start big" typed inside a resumed quiz is an answer too, but not a unique word: left out here.)
    let reportedWords = reported.filter(Self.isCycleWord)
    var inJournal: [String: Int] = [:]
    for a in answers where Self.isCycleWord(a.response) { inJournal[a.response, default: 0] += 1 }
    #expect(Set(reportedWords).count == reportedWords.count, "an answer was reported twice")
    let lost = reportedWords.filter { inJournal[$0] == nil }
    let doubled = inJournal.filter { $0.value > 1 }.map(\.key)
    #expect(lost.isEmpty, "reported as recorded but not in the journal: \(lost.prefix(10))")
    #expect(doubled.isEmpty, "in the journal more than once: \(doubled.prefix(10))")
    let unreportedWords = Set(inJournal.keys).subtracting(reportedWords)
    let unreportedCycles = unreportedWords.map { $0.prefix { $0 != "w" } }
    #expect(
      Set(unreportedCycles).count == unreportedCycles.count,
      "more than one unreported answer in one cycle: \(unreportedWords.sorted())")
    print("crash test: \(kills) kills, \(reported.count) answers reported, \(answers.count) recorded")
    // Half the kills wait for a first recorded answer, so answers get through however busy the machine is.
    #expect(
      reported.count >= kills / 2, "the binary made too little progress to test anything (\(reported.count) answers)")
  }

  /// Lines of standard error other than the notice that a cut-off last line was dropped.
  static func problems(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter { !$0.contains("was cut off (quizline was stopped while writing it)") }
  }

  /// `c12w7`: the 8th word sent in cycle 12.
  static func isCycleWord(_ s: String) -> Bool { s.first == "c" && s.contains("w") && !s.contains(" ") }

  /// The answers the output shows as recorded, from `recorded` followed by `You answered: WORD`.
  static func answersReportedAsRecorded(_ output: String) -> [String] {
    var words: [String] = []
    let lines = output.components(separatedBy: "\n")
    for (k, line) in lines.enumerated() where line.hasSuffix("recorded") && k + 1 < lines.count {
      let next = lines[k + 1].trimmingCharacters(in: .whitespaces)
      if next.hasPrefix("You answered: ") { words.append(String(next.dropFirst("You answered: ".count))) }
    }
    return words
  }
}
