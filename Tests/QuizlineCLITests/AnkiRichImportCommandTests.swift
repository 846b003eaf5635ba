import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats

/// `quizline import rich.apkg` (built by the real Anki): the summary says what was not carried, and
/// the media paths in the written bank name the files copied beside it.
@Suite struct AnkiRichImportCommandTests {
  @Test func theSummaryListsWhatEachNoteTypeDidNotCarryAndTheMediaPathsResolve() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = runInProcess(["--progress", dir + "/P", "import", try AnkiDecks.path("rich.apkg"), "--out", dir + "/Q"])
    #expect(r.status == 0, "\(r.stderr)")
    let vocab = AnkiDecks.questionID(guid: "qlRich0002", ord: 0)
    for line in [
      "Converted with loss:",
      "  styling left out: colours, fonts and sizes left out (bold, italic, underline, strike-through kept) (1 question: \(AnkiDecks.questionID(guid: "qlRich0001", ord: 0)))",
      "  styling left out: note type \"Rich Vocab\": its CSS (.word) not carried; quizline draws cards its own way (1 question: \(vocab))",
      "  script left out: note type \"Rich Vocab\": the JavaScript in its card templates is not run (1 question: \(vocab))",
      "  template filter: note type \"Rich Vocab\": {{tts}}: not spoken (quizline has no text-to-speech) (1 question: \(vocab))",
    ] {
      #expect(r.stdout.contains(line + "\n") || r.stdout.hasSuffix(line), "\(line)\n---\n\(r.stdout)")
    }
    #expect(!r.stdout.contains("Nothing was lost"))
    let loaded = CatalogLoader.load(directory: dir + "/Q")
    let bank = try #require(loaded.catalog.bank("rich"))
    let refs = bank.questions.flatMap { InlineMarkup.mediaReferences($0.prompt) }
    #expect(refs.map(\.source) == ["rich-media/heart.png", "rich-media/lub_dub.mp3"])
    for ref in refs {
      let resolved = MediaPaths.resolve(base: "bank/rich", source: ref.source, sources: loaded.sources)
      guard case .success(let path) = resolved else {
        Issue.record("\(ref.source): \(resolved)")
        continue
      }
      #expect(FileManager.default.fileExists(atPath: path))
    }
  }

  @Test func aDeckWhoseHTMLIsAllCarriedSaysNothingWasLost() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let package = dir + "/bold.apkg"
    // Written by quizline's exporter: `**bold**` goes to Anki as `<b>bold</b>`.
    try MadeAnkiPackage.write([MadeAnkiPackage.bank("french", fronts: ["**bonjour** *toi*"])], to: package)
    let r = runInProcess(["--progress", dir + "/P", "import", package, "--out", dir + "/Q"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("Nothing was lost in conversion.\n"), "\(r.stdout)")
    let bank = try #require(CatalogLoader.load(directory: dir + "/Q").catalog.bank("french"))
    #expect(bank.questions.first?.prompt == "**bonjour** *toi*")
  }
}
