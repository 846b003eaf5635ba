import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop
@testable import QuizlineReports

/// Behaviour of ``GIFTImporter`` beyond the importer cases (``ImporterCaseTests``): ids, tags, loss notes, warnings,
/// quizline-specific errors, study notes.
@Suite struct GIFTImporterTests {
  func read(_ text: String) -> ImportResult { GIFTImporter().read(text: text, path: "t.gift") }
  func messages(_ r: ImportResult) -> [String] { r.diagnostics.map(\.description) }

  @Test func idsComeFromIdnumberThenTitleThenTextAndAreUnique() {
    let r = read(
      """
      // [id:Chapter 1/Q.7]
      ::Titled::A {T}

      ::Same::B {T}

      ::Same::C {T}

      What's 2 plus 2? {#4}

      ::::漢字 {#4}

      ::Empty::{#4}

      ::::{#4}
      """)
    #expect(
      r.bank.questions.map(\.id) == [
        "chapter-1-q-7", "same", "same-2", "whats-2-plus-2", "q5", "empty",
      ])
    #expect(
      r.bank.questions.last?.prompt == "Empty", "a question without text is asked by its title")
    #expect(messages(r) == ["t.gift:14:1: error: question \"q7\": the question has no text"])
    #expect(r.notes.contains { $0.kind == .idRewritten && $0.questionID == "chapter-1-q-7" })
  }

  @Test func categoriesBecomeOneTagPerLevelAndCommentTagsAreSlugged() {
    let r = read(
      """
      $CATEGORY: $course$/top/Unit 1/Loops//Ranges

      // [tag:Hard] [tag:for-loops]
      ::Q::A {T}

      $CATEGORY: Other

      ::R::B {F}
      """)
    #expect(r.bank.questions[0].tags == ["unit-1", "unit-1-loops-ranges", "hard", "for-loops"])
    #expect(r.bank.questions[1].tags == ["other"])
    #expect(GIFTImporter.categoryTags("$system$/top") == [])
  }

  @Test func oldMacLineEndsAndBlankLinesOfSpacesWork() {
    let r = read("::A::One {T}\r \t\r::B::Two {F}\r")
    #expect(r.bank.questions.map(\.prompt) == ["One", "Two"])
    #expect(r.diagnostics.isEmpty)
  }

  @Test func quizlineRejectsWhatMoodleSilentlyMangles() {
    let r = read(
      """
      ::Two::First {=a ~b} and second {=c ~d}

      ::Latex::Solve $\\frac{1}{2}$ {=x ~y}

      ::Inner::Pick {=a {b} ~c}

      ::Weight::Pick {~%abc%a ~b}

      ::Multi::Pick {~a ~b}

      ::Open title Pick {T}

      ::Fine::Still imported {T}
      """)
    #expect(
      messages(r) == [
        "t.gift:1:33: error: question \"Two\": a second answer block: a GIFT question has exactly one {…} (write \\{ and \\} for literal braces)",
        "t.gift:3:25: error: question \"Latex\": a second answer block: a GIFT question has exactly one {…} (write \\{ and \\} for literal braces)",
        "t.gift:5:19: error: question \"Inner\": '{' inside the answer block (write \\{ for a literal brace)",
        "t.gift:7:18: error: question \"Weight\": the weight '%abc%' is not a percentage between -100 and 100",
        "t.gift:9:1: error: question \"Multi\": no choice has a positive weight, so no answer could ever be right (write ~%50%choice)",
        "t.gift:11:1: error: question \"Open title Pick {T}\": '::' starts a title that is never closed with '::'",
      ])
    #expect(r.bank.questions.map(\.id) == ["fine"])
  }

  @Test func suspiciousInputIsImportedWithAWarning() {
    let r = read(
      """
      ::Lower::Is it? {true}

      ::Weights::Pick {~%50%a ~%25%b ~c}

      ::Lead::Pick {stray ~a =b}
      """)
    #expect(!r.diagnostics.hasErrors)
    #expect(
      messages(r) == [
        "t.gift:1:18: warning: question \"Lower\": 'true' is read as a short answer: true/false answers are written T, TRUE, F or FALSE",
        "t.gift:3:17: warning: question \"Weights\": the positive weights add up to 75%, not 100%: picking every right choice scores less than full marks",
        "t.gift:5:15: warning: question \"Lead\": text before the first '=' or '~' is ignored: \"stray\"",
      ])
    #expect(r.bank.questions.count == 3)
  }

  @Test func lossesAreNotedWithTheirQuestion() {
    let r = read(
      """
      ::Wild::Animal? {=%100%*cat*#yes =%-50%dog =%50%*#anything}

      ::Essay::Discuss. {}

      ::Pic::[html]<p>See <img src="a.png" alt="plot"></p>{T}

      ::Md::[markdown]Is **this** bold?{T}
      """)
    let kinds = r.notes.map { "\($0.questionID): \($0.kind.rawValue)" }
    #expect(
      kinds == [
        "wild: wildcard answer", "wild: credit clamped", "wild: wildcard answer",
        "essay: no model answer",
        "pic: HTML reduced to text", "pic: media dropped", "md: Markdown kept as written",
      ])
    #expect(
      r.bank.questions[0].body
        == .text(
          accept: [TextAnswer(text: "cat", feedback: "yes"), TextAnswer(text: "dog", credit: 0)],
          ignorePunctuation: false, otherFeedback: nil))
    #expect(r.bank.questions[2].prompt == "See [image: plot]")
  }

  @Test func severalFullCreditChoicesOfASingleQuestionAllScore() throws {
    let r = read("::S::Pick {=a =b ~%50%c ~d}")
    #expect(
      r.bank.questions[0].body
        == .single(
          choices: [
            Choice(text: "a"), Choice(text: "b", credit: 1), Choice(text: "c", credit: 0.5),
            Choice(text: "d"),
          ], answer: 0))
    #expect(Grader.grade(.choice(1), for: r.bank.questions[0]).score == 1)
    #expect(Grader.grade(.choice(2), for: r.bank.questions[0]).score == 0.5)
  }

  @Test func moreChoicesThanLettersIsAnError() {
    let choices = (1...27).map { "~c\($0)" }.joined(separator: " ")
    let r = read("::Many::Pick {=right \(choices)}")
    #expect(
      messages(r) == [
        "t.gift:1:1: error: question \"Many\": quizline allows at most 26 choices, found 28"
      ])
  }

  @Test func descriptionsBecomeAStudySessionBesideTheBank() throws {
    let r = GIFTImporter(bankID: "unit").read(
      text: """
        ::Intro::[html]<p>Loops repeat work.</p><p>Two kinds exist.</p>

        ::Q::Do loops repeat? {T}

        A note without a title.
        """, path: "unit.gift")
    #expect(r.studyNotes.map(\.title) == ["Intro", nil])
    let session = try #require(r.studySession)
    #expect(session.id == "unit-notes")
    #expect(
      session.body == [
        .heading("Intro"), .paragraph("Loops repeat work.\nTwo kinds exist."),
        .paragraph("A note without a title."),
      ])
    #expect(session.estimatedMinutes == 1)
    #expect(r.bank.questions.count == 1)
    #expect(GIFTImporter().read(text: "::Q::x {T}", path: "a.gift").studySession == nil)
  }

  @Test func controlCharactersNeverReachTheBank() {
    let r = read("::C::Bell\u{7} and escape\u{1B}[31m {=a\u{7} ~b}")
    #expect(r.bank.questions[0].prompt == "Bell and escape[31m")
    #expect(
      r.bank.questions[0].body
        == .single(choices: [Choice(text: "a"), Choice(text: "b")], answer: 0))
  }

  @Test func theBankIsNamedAfterTheFile() {
    let r = GIFTImporter().read(text: "::Q::x {T}", path: "some/dir/Unit 3 Quiz.gift")
    #expect(r.bank.id == "unit-3-quiz")
    #expect(r.bank.title == "Unit 3 Quiz")
    #expect(r.bank.description == "Imported from Unit 3 Quiz.gift (GIFT).")
  }
}

extension GIFTImporterTests {
  /// Moodle leaves empty choices out; with several of them, exactly those go and every choice with
  /// text keeps its place, its credit and the right answer. FB47.
  @Test func severalEmptyChoicesAreLeftOutAndTheOthersKeptInOrder() throws {
    let r = read("::Q::Pick one {=alpha ~ ~%50%beta ~ ~gamma}")
    #expect(messages(r) == [])
    guard case .single(let choices, let answer)? = r.bank.questions.first?.body else {
      Issue.record("not imported as a single choice: \(r.bank.questions)")
      return
    }
    #expect(choices.map(\.text) == ["alpha", "beta", "gamma"])
    #expect(choices.map(\.credit) == [nil, 0.5, nil])
    #expect(answer == 0)
    #expect(
      r.notes.filter { $0.kind == .emptyDropped }.map(\.detail) == [
        "choice b is empty and was left out, as Moodle does", "choice d is empty and was left out, as Moodle does",
      ])
  }
}
