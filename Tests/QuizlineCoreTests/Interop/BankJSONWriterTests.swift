import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop

@Suite struct BankJSONWriterTests {
  /// Decodes a written file with the project's own bank decoder (what `quizline check` uses).
  static func decode(_ text: String, path: String = "written.json") -> (CatalogItem?, [Diagnostic]) {
    let (item, context) = CatalogFileDecoder.decode(bytes: Array(text.utf8), path: path)
    return (item, context.diagnostics)
  }

  /// `b` without the hash of the file it was loaded from (which a written bank cannot know beforehand).
  static func content(_ b: Bank) -> Bank {
    var copy = b
    copy.contentHash = ""
    return copy
  }

  @Test func aBankWithEveryTypeReadsBackIdenticallyAndWithoutProblems() throws {
    let (item, diagnostics) = Self.decode(BankJSONWriter.json(InteropFixtures.bank))
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    guard case .bank(let bank, _, _) = try #require(item) else {
      throw FixtureError.missing("bank")
    }
    #expect(Self.content(bank) == InteropFixtures.bank)
  }

  @Test func aQuestionsNoteIsWrittenAndReadBackAndAnInvalidOneIsRefusedWhereItIs() throws {
    let bank = Bank(
      id: "b", title: "B",
      questions: [
        Question(id: "a", prompt: "A", explanation: "", note: "pair", body: .flashcard(back: "1")),
        Question(id: "c", prompt: "C", explanation: "", note: "pair", body: .flashcard(back: "2")),
        Question(id: "d", prompt: "D", explanation: "", body: .flashcard(back: "3")),
      ])
    let text = BankJSONWriter.json(bank)
    #expect(text.contains("\"note\": \"pair\""))
    let (item, diagnostics) = Self.decode(text)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    guard case .bank(let read, _, _) = try #require(item) else { throw FixtureError.missing("bank") }
    #expect(read.questions.map(\.note) == ["pair", "pair", nil])
    let bad = text.replacingOccurrences(of: "\"note\": \"pair\"", with: "\"note\": \"Pair One\"")
    let (_, problems) = Self.decode(bad, path: "bad.json")
    #expect(
      problems.map(\.description).contains {
        $0.hasPrefix("bad.json:") && $0.contains("note \"Pair One\" of question \"a\" is not a valid id")
      }, "\(problems)")
  }

  @Test func keysFollowTheDocumentedOrderAndDefaultsAreLeftOut() {
    let bank = Bank(
      id: "b", title: "B",
      questions: [
        Question(
          id: "q", prompt: "P", explanation: "E",
          body: .single(choices: [Choice(text: "x"), Choice(text: "y", feedback: "no")], answer: 1)),
        Question(
          id: "n", prompt: "N", explanation: "E",
          body: .numeric(
            accept: [NumericAnswer(match: .value(2.5, tolerance: 0))], unit: nil, otherFeedback: nil
          )),
      ])
    #expect(
      BankJSONWriter.json(bank) == """
        {
          "kind": "bank",
          "schemaVersion": 1,
          "id": "b",
          "title": "B",
          "questions": [
            {
              "id": "q",
              "type": "single",
              "prompt": "P",
              "explanation": "E",
              "choices": [
                "x",
                {
                  "text": "y",
                  "feedback": "no"
                }
              ],
              "answer": "b"
            },
            {
              "id": "n",
              "type": "numeric",
              "prompt": "N",
              "explanation": "E",
              "accept": [
                {
                  "value": 2.5
                }
              ]
            }
          ]
        }

        """)
  }

  @Test func stringsAreEscaped() throws {
    let tricky = "quote \" backslash \\ tab \t newline \n é 😀 </script>"
    let bank = Bank(id: "e", title: tricky, questions: [])
    let text = BankJSONWriter.json(bank)
    #expect(text.contains(#""title": "quote \" backslash \\ tab \t newline \n é 😀 </script>""#))
    let (item, _) = Self.decode(text)
    guard case .bank(let back, _, _) = try #require(item) else {
      throw FixtureError.missing("bank")
    }
    #expect(back.title == tricky)
  }

  /// Every in-repo importer case, imported and written, is a bank `quizline check` accepts and reads
  /// back as the same bank; so is the study session made from its descriptions. (`make conformance`
  /// does the same for the public cases and corpora.)
  @Test func everyImportedCaseWritesABankTheLoaderAccepts() throws {
    var files: [ImportedFile] = []
    for stem in ImporterCaseTests.gift.stems {
      files.append((stem, try ImporterCaseTests.gift.input("\(stem).gift"), true))
    }
    for stem in ImporterCaseTests.aiken.stems {
      files.append((stem, try ImporterCaseTests.aiken.input("\(stem).aiken.txt"), false))
    }
    try Self.checkWrittenBanksReadBack(files)
  }

  typealias ImportedFile = (name: String, data: Data, isGIFT: Bool)

  static func checkWrittenBanksReadBack(_ files: [ImportedFile]) throws {
    for (name, data, isGIFT) in files {
      let result =
        isGIFT ? GIFTImporter().read(data, path: name) : AikenImporter().read(data, path: name)
      let (item, diagnostics) = Self.decode(BankJSONWriter.json(result.bank), path: name)
      #expect(!diagnostics.hasErrors, "\(name): \(diagnostics)")
      guard case .bank(let back, _, _) = item else {
        Issue.record("\(name): not read back as a bank")
        continue
      }
      #expect(Self.content(back) == result.bank, "\(name)")
      if let session = result.studySession {
        let (sItem, sDiagnostics) = Self.decode(BankJSONWriter.json(session), path: name)
        #expect(!sDiagnostics.hasErrors, "\(name): \(sDiagnostics)")
        guard case .session(let s, _, _) = sItem else {
          Issue.record("\(name): notes not read back as a session")
          continue
        }
        #expect(s == session, "\(name)")
      }
    }
  }
}
