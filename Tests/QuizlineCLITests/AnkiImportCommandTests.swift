import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineStorage
import QuizlineTestSupport
import Testing

/// `quizline import` of Anki packages, through the command line in process.
@Suite struct AnkiImportCommandTests {
  @Test func aColpkgImportWritesBanksMediaAndRecordsItsReviewsOnce() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let package = try AnkiDecks.path("deck.colpkg")
    let args = ["--progress", dir + "/P", "--quizzes", dir + "/out", "import", package, "--out", dir + "/out"]
    let first = runInProcess(args)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Imported 10 questions in 3 banks"))
    #expect(first.stdout.contains("Review history: 24 reviews recorded"))
    for bank in ["lang-french", "lang-german", "typing"] {
      #expect(FileManager.default.fileExists(atPath: "\(dir)/out/\(bank).json"))
    }
    #expect(FileManager.default.fileExists(atPath: "\(dir)/out/deck-media/diagram_1.png"))
    let check = runInProcess(["check", dir + "/out"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let again = runInProcess(args)
    #expect(again.status == 73, "the banks exist: --force is needed")
    let forced = runInProcess(args + ["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(forced.stdout.contains("Review history: 0 reviews recorded"))
    #expect(forced.stdout.contains("24 already there"))
  }

  @Test func anApkgLeavesTheHistoryOutUnlessAsked() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = runInProcess(["--progress", dir + "/P", "import", try AnkiDecks.path("deck.apkg"), "--out", dir + "/out"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("pass --with-history"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/P"))
  }

  @Test(arguments: [
    "truncated.apkg", "not-a-zip.apkg", "bomb.apkg", "lying-size.apkg", "traversal.apkg", "absolute.apkg",
    "not-collection.apkg", "missing-column.apkg", "not-sqlite.apkg",
  ])
  func aHostilePackageExits65AndWritesNothing(_ name: String) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = try AnkiDecks.path(name)
    let r = runInProcess(["--progress", dir + "/P", "import", path, "--out", dir + "/out", "--with-history"])
    #expect(r.status == 65)
    #expect(r.stderr.hasPrefix("\(path): error: "))
    #expect(r.stderr.contains("nothing written"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing written")
  }

  @Test func aPerDeviceProfilesImportedReviewsGoBackOutWithTheDeck() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let device = ["XDG_STATE_HOME": dir + "/state"]
    let first = runInProcess(
      ["--progress", dir + "/P", "import", try AnkiDecks.path("deck.colpkg"), "--out", dir + "/Q"], variables: device)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/P/default/devices").count == 1)
    #expect(!FileManager.default.fileExists(atPath: dir + "/P/default/journal.jsonl"))
    let export = runInProcess(
      [
        "--progress", dir + "/P", "--quizzes", dir + "/Q", "export-anki", "lang-french", "--apkg", "--with-history",
        "--out", dir + "/fr.apkg",
      ], variables: device)
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains("with 12 reviews"), "\(export.stdout)")
  }

  /// bank → .apkg (quizline) → the real Anki imports it and exports it again → quizline.
  @Test func aBankGoesThroughAnkiAndBackWithEveryQuestionTagAndReview() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let first = runInProcess([
      "--progress", dir + "/P", "import", try AnkiDecks.path("deck.colpkg"), "--out", dir + "/Q",
    ])
    #expect(first.status == 0, "\(first.stderr)")
    let export = runInProcess([
      "--progress", dir + "/P", "--quizzes", dir + "/Q", "export-anki", "lang-french", "--apkg", "--with-history",
      "--out", dir + "/fr.apkg",
    ])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains("with 12 reviews"))
    let (status, output) = AnkiDecks.run(
      TestPaths.repositoryRoot + "/scripts/anki/make-decks.sh", [dir, "--roundtrip", dir + "/fr.apkg"])
    #expect(status == 0, "\(output)")
    let back = runInProcess([
      "--progress", dir + "/P2", "import", dir + "/roundtrip.apkg", "--out", dir + "/Q2", "--with-history",
    ])
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stdout.contains("Review history: 12 reviews recorded"))
    let before = CatalogLoader.load(directory: dir + "/Q").catalog.bank("lang-french")
    let after = CatalogLoader.load(directory: dir + "/Q2").catalog.bank("lang-french")
    #expect(before?.questions.count == 5)
    #expect(after?.questions.map(\.id).sorted() == before?.questions.map(\.id).sorted())
    // Media paths name the folder of the package they were imported from (deck-media, roundtrip-media).
    func sameMedia(_ s: String) -> String {
      s.replacingOccurrences(of: "deck-media/", with: "MEDIA/").replacingOccurrences(
        of: "roundtrip-media/", with: "MEDIA/")
    }
    for q in before?.questions ?? [] {
      let r = after?.question(q.id)
      #expect(r?.prompt == q.prompt)
      #expect(r.map { sameMedia("\($0.body)") } == sameMedia("\(q.body)"))
      #expect(Set(r?.tags ?? []) == Set(q.tags + (before?.tags ?? [])))
    }
    let now = Timestamp(seconds: 1_900_000_000)
    let p1 = try ProfileOpener.view(ProfileLayout(progressDirectory: dir + "/P", profile: "default"), now: now)
    let p2 = try ProfileOpener.view(ProfileLayout(progressDirectory: dir + "/P2", profile: "default"), now: now)
    let french = p1.progress.questions.filter { $0.key.bank == "lang-french" && $0.value.card != nil }
    #expect(french.count == 3)
    for (ref, p) in french { #expect(p2.progress.questions[ref]?.card == p.card, "\(ref)") }
  }
}
