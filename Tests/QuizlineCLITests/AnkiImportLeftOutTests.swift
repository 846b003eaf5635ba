import Foundation
import QuizlineCore
import Testing

/// Issue 30, item 5: every card an Anki import leaves out is an error, counted in the summary, under
/// the rule every importer follows: without `--partial` nothing is written (exit 65); with it, what
/// could be read is written, the summary says how much was left out, and the exit status stays 65.
@Suite struct AnkiImportLeftOutTests {
  @Test func aCardLeftOutRefusesTheImportUnlessPartialAndTheSummaryCountsIt() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let package = dir + "/big-field.apkg"
    let card = { (id: String, front: String) in
      Question(id: id, prompt: front, explanation: "", body: .flashcard(back: "back"))
    }
    // A 10 MB field (over the 1 MiB a bank's text may hold), and a second note with the first
    // note's GUID (`quizline:french/q1`), which would get the first one's question id.
    let bank = Bank(
      id: "french", title: "french",
      questions: [
        card("q1", "bonjour"), card("q2", Self.text(bytes: 10_000_000)), card("q1", "a copy"),
        card("q3", "merci"),
      ])
    try MadeAnkiPackage.write([bank], to: package)
    let out = dir + "/MyQuizzes"
    let args = ["--progress", dir + "/P", "import", package, "--out", out]

    let refused = runInProcess(args)
    #expect(refused.status == 65)
    let lines = refused.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(refused.stderr)")
    let guidLine = lines.first { $0.contains("GUID") }
    let fieldLine = lines.first { $0.contains("1048576") }
    #expect(
      guidLine
        == "\(package): error: note \(noteID("quizline:french/q1") + 1) card 1: its note has the same GUID (\"quizline:french/q1\") as note \(noteID("quizline:french/q1")); left out"
    )
    #expect(
      fieldLine?.hasPrefix("\(package): error: note \(noteID("quizline:french/q2")) card 1: ") == true, "\(lines)")
    #expect(fieldLine?.hasSuffix("; left out") == true)
    #expect(
      lines.last
        == "quizline: 2 errors in '\(package)'; nothing written. Fix them, or pass --partial to write the 2 questions that could be read."
    )
    #expect(refused.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: out), "nothing written")

    let partial = runInProcess(args + ["--partial"])
    #expect(partial.status == 65, "errors were left out: the status says so")
    #expect(partial.stdout.hasPrefix("Imported 2 questions in 1 bank from '\(package)'"), "\(partial.stdout)")
    #expect(
      partial.stdout.contains("\nLeft out: 2 cards of 2 notes (the errors above say why).\n"), "\(partial.stdout)")
    #expect(!partial.stdout.contains("Nothing was lost"))
    let written = try String(contentsOfFile: out + "/french.json", encoding: .utf8)
    #expect(written.contains("\"bonjour\"") && written.contains("\"merci\"") && !written.contains("a copy"))
  }

  @Test func tagsPastTheFiftyAQuestionKeepsAreListedAsLost() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let package = dir + "/tags.apkg"
    var bank = MadeAnkiPackage.bank("french", fronts: ["bonjour"])
    bank.questions[0].tags = (1...60).map { "t\($0)" }
    try MadeAnkiPackage.write([bank], to: package)
    let r = runInProcess(["--progress", dir + "/P", "import", package, "--out", dir + "/Q"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout.contains(
        "Converted with loss:\n  tags left out: only the first 50 of its 61 tags kept (1 question: q1)\n"),
      "\(r.stdout)")
    #expect(!r.stdout.contains("Nothing was lost"))
  }

  /// Letters that do not compress (a field of one repeated letter would be refused as a zip bomb):
  /// a pseudo-random mebibyte, repeated (deflate looks back 32 KiB, so the copies do not compress).
  static func text(bytes: Int) -> String {
    var state: UInt64 = 42
    let block = [UInt8](
      (0..<(1 << 20)).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(ascii: "a") + UInt8(state >> 59) % 26
      })
    var text = [UInt8]()
    text.reserveCapacity(bytes)
    while text.count < bytes { text += block.prefix(bytes - text.count) }
    return String(decoding: text, as: UTF8.self)
  }

  /// The note id quizline's package writer gives a GUID (as `AnkiPackageWriter` derives it).
  func noteID(_ guid: String) -> Int64 {
    var h: UInt64 = 14_695_981_039_346_656_037
    for b in guid.utf8 { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
    return Int64(h % 1_000_000_000_000) + 1_000_000_000_000
  }
}
