import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop
@testable import QuizlineReports

@Suite struct AnkiExporterTests {
  @Test func theFileStartsWithAnkisHeaderLines() {
    let lines = AnkiExporter.export(InteropFixtures.bank).split(separator: "\n").map(String.init)
    #expect(
      Array(lines.prefix(7)) == [
        "#separator:tab", "#html:true", "#notetype:Basic", "#deck:Fixture \"bank\" <all types>",
        "#columns:GUID\tFront\tBack\tTags", "#guid column:1", "#tags column:4",
      ])
  }

  @Test func everyQuestionIsOneLineOfFourTabSeparatedFields() {
    let text = AnkiExporter.export(InteropFixtures.bank)
    let notes = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(notes.count == InteropFixtures.bank.questions.count)
    for n in notes {
      #expect(n.split(separator: "\t", omittingEmptySubsequences: false).count == 4, "\(n)")
      #expect(!n.contains("\""), "no raw quote, so no CSV quoting is needed: \(n)")
    }
  }

  @Test func fieldsAreEscapedHTMLWithLineBreaksTabsAndCode() {
    let first = AnkiExporter.export(InteropFixtures.bank).split(separator: "\n")[7]
    let fields = first.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    #expect(fields[0] == "quizline:fixture/single-1")
    #expect(fields[1] == "Is 2 &lt; 3 &amp; &quot;true&quot;?&#9;Really?<br><br>a) yes<br>b) no")
    #expect(fields[2] == "a) yes<br>right<br><br>Yes:<br>&nbsp;&nbsp;2 &lt; 3.")
    #expect(fields[3] == "fixture maths basics")
    #expect(AnkiExporter.html("use `@State` here") == "use <code>@State</code> here")
  }

  @Test func theBackShowsTheAnswerOfEveryType() {
    let backs = InteropFixtures.bank.questions.map(AnkiExporter.back)
    #expect(backs[1].hasPrefix("a) 2\nb) 3"))
    #expect(backs[2].hasPrefix("True\nCorrect."))
    #expect(backs[3].hasPrefix("state\n\nLocal state."))
    #expect(backs[4].hasPrefix("3.14 ± 0.005 rad"))
    #expect(backs[5].hasPrefix("1. Canada → Ottawa\n2. Italy → Rome"))
    #expect(backs[6].hasPrefix("1. a\n2. b\n3. c"))
    #expect(backs[7].hasPrefix("(1) sky\n(2) blue"))
    #expect(backs[8] == "Back\nline two")
    #expect(backs[9].hasPrefix("Because.\n- one\n- two"))
  }

  @Test func theFrontDoesNotGiveAwayMatchingOrOrderingAnswers() {
    let q = InteropFixtures.bank.questions
    #expect(
      AnkiExporter.front(q[5])
        == "Match capitals\n\n1. Canada\n2. Italy\n\na) Ottawa\nb) Paris\nc) Rome")
    #expect(AnkiExporter.front(q[7]) == "Fill in\n\nThe [1] ____ is [2] ____.")
  }
}

/// Imports exported files with the real Anki (PyPI `anki`, in `.build/anki-venv`) through
/// `scripts/anki/verify.sh`. A missing python3 or a failing PyPI install fails the test; it is never
/// skipped.
@Suite struct AnkiVerificationTests {
  static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Needs python3 (the script installs PyPI `anki` into a `.build` venv); without it the test fails.
  @Test
  func ankiImportsTheExportWithFieldsTagsDeckAndGUIDs() throws {
    try Self.verifyAnkiImports([InteropFixtures.bank])
  }

  /// Exports each bank, imports the export into a temporary Anki collection with PyPI's `anki`
  /// (`scripts/anki/verify.sh`), and compares notes, fields, tags, deck and GUIDs.
  static func verifyAnkiImports(_ banks: [Bank]) throws {
    for bank in banks {
      let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "quizline-anki-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: dir) }
      let export = dir.appendingPathComponent("export.txt")
      try AnkiExporter.export(bank).write(to: export, atomically: true, encoding: .utf8)
      let samples: [[String: Any]] = bank.questions.map { q in
        [
          "guid": AnkiExporter.guid(bank, q),
          "fields": [
            AnkiExporter.html(AnkiExporter.front(q)), AnkiExporter.html(AnkiExporter.back(q)),
          ],
          "tags": unique(bank.tags + q.tags),
        ]
      }
      let expected: [String: Any] = [
        "notes": bank.questions.count, "deck": bank.title, "notetype": "Basic", "samples": samples,
      ]
      let expectedURL = dir.appendingPathComponent("expected.json")
      try JSONSerialization.data(withJSONObject: expected).write(to: expectedURL)
      let (status, output) = AnkiDecks.run(
        Self.repo.appendingPathComponent("scripts/anki/verify.sh").path,
        [export.path, expectedURL.path])
      print(output)
      #expect(status == 0, "Anki verification failed for \(bank.id):\n\(output)")
      #expect(output.contains("anki: OK: \(bank.questions.count) notes"))
    }
  }
}
