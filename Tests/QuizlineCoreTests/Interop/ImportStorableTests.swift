import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop
@testable import QuizlineReports

/// What an import writes is read back by `quizline check` without an error: texts the bank format refuses
/// (empty, control characters, over the size limit), repeated matching items and questions nobody could
/// answer right are converted the way Moodle would, or reported as located errors, never written.
@Suite struct ImportStorableTests {
  func gift(_ text: String, path: String = "t.gift") -> ImportResult {
    GIFTImporter().read(text: text, path: path)
  }
  func aiken(_ text: String) -> ImportResult { AikenImporter().read(text: text, path: "t.txt") }
  func errors(_ r: ImportResult) -> [String] {
    r.diagnostics.filter { $0.severity == .error }.map(\.description)
  }

  /// The errors the catalog decoder (what `quizline check` runs) finds in the files an import writes.
  func checkErrors(_ r: ImportResult) -> [String] {
    var files = [BankJSONWriter.json(r.bank)]
    if let session = r.studySession { files.append(BankJSONWriter.json(session)) }
    return files.flatMap { file in
      CatalogFileDecoder.decode(bytes: Array(file.utf8), path: "written.json").1.diagnostics
        .filter { $0.severity == .error }.map(\.description)
    }
  }

  @Test func anEmptyTitleIsNoTitleAndEveryKindOfControlCharacterIsRemoved() {
    let r = gift(
      "::::Empty title {T}\n\n::T\u{7}::Q\u{202E}x\u{85}y {=a\u{7} ~b}\n\n::S::Q {=\u{1B}ok}\n\n"
        + "::\u{7}::\u{2066}Intro\u{2069}", path: "dir/a\u{7}b.gift")
    #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
    #expect(r.bank.questions.map(\.title) == [nil, "T", "S"])
    #expect(r.bank.questions.map(\.prompt) == ["Empty title", "Qxy", "Q"])
    #expect(
      r.bank.questions[1].body
        == .single(choices: [Choice(text: "a"), Choice(text: "b")], answer: 0))
    #expect(
      r.bank.questions[2].body
        == .text(accept: [TextAnswer(text: "ok")], ignorePunctuation: false, otherFeedback: nil))
    #expect(r.studyNotes.map(\.title) == [nil] && r.studyNotes.map(\.text) == ["Intro"])
    #expect(r.bank.title == "ab" && r.bank.description == "Imported from ab.gift (GIFT).")
    #expect(checkErrors(r) == [])
  }

  @Test func emptyChoicesAreLeftOutAsMoodleDoesUnlessTheyGiveCredit() {
    let r = gift(
      "::B1::Q {=a ~b ~}\n\n// [tag:Bad Tag]\n::B2::Q {=  ~b ~c}\n\n::B3::Q {=[html]<br> ~b}\n\n"
        + "::B4::Q {=a ~ }")
    #expect(r.bank.questions.map(\.id) == ["b1"])
    #expect(
      r.bank.questions[0].body
        == .single(choices: [Choice(text: "a"), Choice(text: "b")], answer: 0))
    #expect(
      r.notes.map(\.description) == [
        "line 1 (b1): empty entry left out: choice c is empty and was left out, as Moodle does"
      ], "questions left out lose nothing: no notes about their tags, markup or choices")
    #expect(
      errors(r) == [
        "t.gift:4:1: error: question \"B2\": choice a is empty but gives 100% credit",
        "t.gift:6:1: error: question \"B3\": choice a is empty but gives 100% credit",
        "t.gift:8:1: error: question \"B4\": a multiple-choice question needs at least 2 choices with text, found 1",
      ])
    #expect(checkErrors(r) == [])
  }

  @Test func matchingItemsAreUniqueAndEveryLeftItemHasARightOne() {
    let r = gift(
      "::C::Q {=a -> 1 =A -> 2 =b -> 3}\n\n::D1::Q {=a -> 1 =b -> 2 = -> }\n\n::D2::Q {=a -> 1 =b -> 2 =c -> }"
    )
    #expect(r.bank.questions.map(\.id) == ["d1"])
    #expect(
      r.bank.questions[0].body
        == .matching(
          pairs: [MatchPair(left: "a", right: "1"), MatchPair(left: "b", right: "2")],
          distractors: []))
    #expect(r.notes.map(\.kind) == [.emptyDropped])
    #expect(
      errors(r) == [
        "t.gift:1:1: error: question \"C\": the matching item \"A\" appears twice; quizline needs each left item once",
        "t.gift:5:1: error: question \"D2\": the matching item \"c\" has nothing on the right of its '->'",
      ])
    #expect(checkErrors(r) == [])
  }

  @Test func aNumericalQuestionNeedsAnAnswerWithCredit() {
    let r = gift("::E1::Q {#~3}\n\n::E2::Q {#~%50%3}")
    #expect(r.bank.questions.map(\.id) == ["e2"])
    #expect(
      errors(r) == [
        "t.gift:1:1: error: question \"E1\": no numerical answer gets credit, so no answer could ever be right"
      ])
    #expect(checkErrors(r) == [])
  }

  @Test func aTextOverTheFormatsSizeLimitIsALocatedErrorNotAnUnreadableBank() throws {
    let big = String(repeating: "x", count: 1_200_000)
    let r = gift("::Small::Q {T}\n\n::Big::\(big) {T}\n\n::Notes::\(big)")
    #expect(r.bank.questions.map(\.id) == ["small"])
    #expect(r.studyNotes.isEmpty)
    let found = errors(r)
    #expect(found.count == 2)
    #expect(
      found.first?.hasPrefix(
        "t.gift:3:1: error: question \"Big\": quizline cannot store it: string is 1200000 bytes long"
      ) == true, "\(found)")
    #expect(
      found.last?.hasPrefix(
        "t.gift:5:1: error: question \"Notes\": quizline cannot store this description: string is")
        == true, "\(found)")
    #expect(checkErrors(r) == [])
  }

  @Test func anAikenChoiceWithoutTextIsAnErrorAndTheExplanationHasNoControlCharacters() {
    let r = aiken("Q1?\n  A)\nB) x\nANSWER: B\n\nQ2?\nA) a\u{7}b\nB) x\nANSWER: A\n")
    #expect(errors(r) == ["t.txt:2:3: error: question \"Q1?\": choice A has no text"])
    #expect(r.bank.questions.map(\.explanation) == ["The correct answer is a: ab."])
    #expect(checkErrors(r) == [])
  }

  /// Random files built from GIFT's syntax and awkward text: whatever is imported reads back cleanly.
  @Test(arguments: 0..<8)
  func everyRandomImportReadsBackWithoutErrors(_ seed: Int) {
    var rng = SplitMix(seed: UInt64(seed))
    let texts = [
      "What is it?", "[html]<p>Para <b>bold</b> &amp; <i>it</i></p>", "[plain]<x> raw",
      "[markdown]**md**", "Esc \\{ \\} \\= \\~ \\# \\: \\\\ \\n nl", "\u{7}bell \u{1B}[31m", "é漢😀",
      "",
      " ", "[html]<img src='a.png' alt='A'>", "&#0;&#x7;", "\u{3000}", "[html]<br>", "\u{202E}",
      "\u{85}",
    ]
    let bodies = [
      "{=a ~b ~c}", "{~%50%a ~%50%b ~c}", "{T}", "{F#wrong#right}", "{=x =%50%z}", "{#3:0.5}",
      "{#1..5}", "{#=1:0 =%50%1:2 ~#other}", "{=a -> 1 =b -> 2 = -> 3}", "{}", "{####gf}", "{=*}",
      "{#~3}", "{=a ~b}.", "{=a->1 =a->2}", "{=a -> x =b -> x}", "{=  ~b}", "{=a ~}", "{= -> }",
      "{=\u{3000} ~b}", "{=[html]<br> ~b ~c}", "{=a -> \u{7} =b -> c}", "{=\u{7}}",
    ]
    let titles = ["", "::T::", "::::", "::\u{7}::", "::\u{3000}::"]
    for _ in 0..<40 {
      var blocks: [String] = []
      for _ in 0..<rng.below(8) + 1 {
        if rng.below(10) == 0 {
          blocks.append("$CATEGORY: top/A\u{7}/B")
          continue
        }
        var body = bodies[rng.below(bodies.count)]
        if rng.below(4) == 0 {
          let extra = ["{", "}", "#", "=", "~", "\\", "%", "->", ""][rng.below(9)]
          let at = body.index(body.startIndex, offsetBy: rng.below(body.count + 1))
          body.insert(contentsOf: extra, at: at)
        }
        blocks.append(
          titles[rng.below(titles.count)] + texts[rng.below(texts.count)] + " "
            + (rng.below(8) == 0 ? texts[rng.below(texts.count)] : body))
      }
      let r = gift(blocks.joined(separator: "\n\n"))
      #expect(checkErrors(r) == [], "\(blocks)")
      let choices = ["A) x", "B) \u{7}", "C)", "D) \u{202E}y", "Q?", "ANSWER: A", "ANSWER: B"]
      let lines = (0..<rng.below(12)).map { _ in choices[rng.below(choices.count)] }
      #expect(checkErrors(aiken(lines.joined(separator: "\n"))) == [], "\(lines)")
    }
  }
}

/// A small seeded generator (SplitMix64), so that the random files are the same on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}
