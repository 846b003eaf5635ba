import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineStorage
import QuizlineTestSupport
import Testing

/// Anki → quizline → Anki with the schedule: cards answered with Anki's own FSRS scheduler at faked
/// times (`make-decks.sh --answered`: learning steps, a lapse and relearning, a card left relearning,
/// one left in its learning steps, a suspended and a buried card), imported with their history,
/// exported again with `export-anki --apkg --with-history`, and both packages opened by the real
/// Anki (`--dump`), card by card; then the exported package imported into a new profile.
@Suite struct AnkiScheduleRoundTripTests {
  typealias Card = [String: Any]

  static func dump(_ dir: String, _ name: String, _ package: String) throws -> [Card] {
    let (status, output) = AnkiDecks.run(
      TestPaths.repositoryRoot + "/scripts/anki/make-decks.sh", [dir, "--dump", name, package])
    #expect(status == 0, "\(output)")
    let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/\(name).json"))
    return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cards"] as? [Card] ?? []
  }

  static func revlog(_ card: Card) -> [[Int]] { card["revlog"] as? [[Int]] ?? [] }
  static func int(_ card: Card, _ key: String) -> Int { card[key] as? Int ?? -99 }
  /// The note type's name without the `+` Anki adds to a second type of the same name.
  static func notetype(_ card: Card) -> String {
    String((card["notetype"] as? String ?? "").prefix { $0 != "+" && $0 != "-" })
  }
  /// How many cards each note has, sorted.
  static func cardsPerNote(_ cards: [Card]) -> [Int] {
    Dictionary(grouping: cards, by: { $0["note"] as? Int ?? 0 }).values.map(\.count).sorted()
  }

  @Test func anAnsweredDeckComesBackWithItsReviewLogTypesIntervalsCountsAndQueues() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (status, output) = AnkiDecks.run(TestPaths.repositoryRoot + "/scripts/anki/make-decks.sh", [dir, "--answered"])
    try #require(status == 0, "\(output)")
    let now = ["--now", "2026-01-22T10:00:00Z", "--progress", dir + "/P"]
    let imported = runInProcess(now + ["import", dir + "/answered.apkg", "--with-history", "--out", dir + "/Q"])
    try #require(imported.status == 0, "\(imported.stderr)")
    let exported = runInProcess(
      now + [
        "--quizzes", dir + "/Q", "export-anki", "answered", "--apkg", "--with-history", "--out", dir + "/back.apkg",
      ])
    try #require(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdout.contains("Wrote 7 notes (9 cards) to"), "\(exported.stdout)")
    #expect(exported.stdout.contains("with 22 reviews"), "\(exported.stdout)")
    let original = try Self.dump(dir, "original", dir + "/answered.apkg")
    let back = try Self.dump(dir, "back", dir + "/back.apkg")
    try #require(original.count == 9)
    try #require(back.count == 9)
    // Cards are matched by their first review's id (kept from Anki's log); the unanswered one by its front.
    func key(_ c: Card) -> String { Self.revlog(c).first.map { "\($0[0])" } ?? (c["front"] as? String ?? "") }
    let backByKey = Dictionary(back.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
    #expect(Self.cardsPerNote(back) == Self.cardsPerNote(original))
    #expect(Self.cardsPerNote(original) == [1, 1, 1, 1, 1, 2, 2])
    var reviewIntervalsCompared = 0
    for o in original {
      let front = o["front"] as? String ?? ""
      let b = try #require(backByKey[key(o)], "no card for \(front)")
      #expect(Self.notetype(b) == Self.notetype(o), "note type of \(front)")
      #expect(Self.int(b, "ord") == Self.int(o, "ord"), "card ordinal of \(front)")
      // The buried card: quizline's import keeps an Anki-buried card out of reviews as suspended.
      let queue = Self.int(o, "queue") == -3 ? -1 : Self.int(o, "queue")
      #expect(Self.int(b, "queue") == queue, "queue of \(front)")
      for field in ["type", "reps", "lapses", "left", "factor"] {
        #expect(Self.int(b, field) == Self.int(o, field), "\(field) of \(front)")
      }
      let (or, br) = (Self.revlog(o), Self.revlog(b))
      try #require(or.count == br.count, "reviews of \(front)")
      for (x, y) in zip(or, br) {
        // id, button, type and time exactly.
        let (kept, given): ([Int], [Int]) = ([x[0], x[1], x[2], x[6]], [y[0], y[1], y[2], y[6]])
        #expect(given == kept, "review \(x[0]) of \(front)")
        // ivl and lastIvl: steps (negative seconds) and intervals up to 2 days exactly; a longer review
        // interval is Anki's fuzzed and load-balanced one, which quizline's unfuzzed replay of the
        // imported reviews does not reproduce (it stays a whole number of days).
        for k in [3, 4] {
          if x[k] <= 2 {
            #expect(y[k] == x[k], "\(k == 3 ? "ivl" : "lastIvl") of review \(x[0]) of \(front)")
          } else {
            reviewIntervalsCompared += 1
            #expect(y[k] > 2, "\(k == 3 ? "ivl" : "lastIvl") of review \(x[0]) of \(front)")
          }
        }
        // The difficulty after the answer, as Anki logs it under FSRS (100 + 1000 × (D − 1) / 9): Anki
        // computes in 32-bit floats, quizline in 64-bit, so the last digit may differ.
        #expect(abs(y[5] - x[5]) <= 1, "factor of review \(x[0]) of \(front): \(y[5]) against \(x[5])")
      }
    }
    #expect(reviewIntervalsCompared > 0)
    // Imported again, the package gives the same questions (ids and notes) and the same schedule.
    let again = runInProcess(
      [
        "--now", "2026-01-22T10:00:00Z", "--progress", dir + "/P2", "import", dir + "/back.apkg", "--with-history",
        "--out", dir + "/Q2",
      ])
    try #require(again.status == 0, "\(again.stderr)")
    let before = try #require(CatalogLoader.load(directory: dir + "/Q").catalog.bank("answered"))
    let after = try #require(CatalogLoader.load(directory: dir + "/Q2").catalog.bank("answered"))
    func notes(_ b: Bank) -> [String: String] {
      Dictionary(uniqueKeysWithValues: b.questions.map { ($0.id, $0.note ?? "-") })
    }
    #expect(notes(after) == notes(before))
    #expect(Set(before.questions.compactMap(\.note)).count == 7)
    let t = Timestamp(seconds: 1_800_000_000)
    let p1 = try ProfileOpener.view(ProfileLayout(progressDirectory: dir + "/P", profile: "default"), now: t)
    let p2 = try ProfileOpener.view(ProfileLayout(progressDirectory: dir + "/P2", profile: "default"), now: t)
    for q in before.questions {
      let ref = QuestionRef(bank: "answered", question: q.id)
      #expect(p2.progress.questions[ref]?.card == p1.progress.questions[ref]?.card, "\(ref)")
      #expect(p2.progress.questions[ref]?.suspended == p1.progress.questions[ref]?.suspended, "\(ref)")
    }
  }
}
