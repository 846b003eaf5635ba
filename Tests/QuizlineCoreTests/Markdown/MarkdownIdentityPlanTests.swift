import Testing

@testable import QuizlineFormats

/// Which ids get written into a Markdown bank: new cards get their generated id; a card whose
/// wording was rewritten beyond recognition since this device saw it gets a new one; an author's id
/// is never touched.
@Suite struct MarkdownIdentityPlanTests {
  let wording = "Which container draws its children on top of each other?"
  var generated: String { CardWording.generatedID(for: wording) }

  @Test func aCardWithoutAnIDInTheFileGetsItsGeneratedIDWritten() {
    let plan = MarkdownIdentityPlan.make(
      [.init(id: generated, line: 7, form: .heading, idInFile: false, wording: wording)], cached: [:])
    #expect(plan.edits == [.init(line: 7, id: generated, form: .heading)])
    #expect(plan.added == 1 && plan.renamed.isEmpty)
    #expect(plan.wordings == [generated: wording])
  }

  @Test func aTypoFixSinceLastSeenKeepsTheIDAndUpdatesTheWording() {
    let fixed = "Which container draws its children on top of each other? (one word)"
    let plan = MarkdownIdentityPlan.make(
      [.init(id: generated, line: 3, form: .heading, idInFile: true, wording: fixed)], cached: [generated: wording])
    #expect(plan.edits.isEmpty && plan.renamed.isEmpty)
    #expect(plan.wordings == [generated: fixed])
  }

  @Test func aRewriteBeyondRecognitionGetsANewIDAndTheOldOneIsNamed() {
    let rewrite = "What does the padding modifier add around a view?"
    let plan = MarkdownIdentityPlan.make(
      [.init(id: generated, line: 3, form: .comment, idInFile: true, wording: rewrite)], cached: [generated: wording])
    let new = CardWording.generatedID(for: rewrite)
    #expect(plan.edits == [.init(line: 3, id: new, form: .comment)])
    #expect(plan.renamed.map(\.old) == [generated] && plan.renamed.map(\.new) == [new])
    #expect(plan.wordings == [new: rewrite])
  }

  @Test func anAuthorsIDIsNeverReplacedEvenWhenRewritten() {
    let plan = MarkdownIdentityPlan.make(
      [.init(id: "zstack-purpose", line: 3, form: .heading, idInFile: true, wording: "Something else entirely")],
      cached: ["zstack-purpose": wording])
    #expect(plan.edits.isEmpty && plan.renamed.isEmpty && plan.wordings.isEmpty)
  }

  @Test func withoutAnEarlierWordingAGeneratedIDIsKept() {
    let plan = MarkdownIdentityPlan.make(
      [.init(id: generated, line: 3, form: .heading, idInFile: true, wording: "Entirely different words here")],
      cached: [:])
    #expect(plan.edits.isEmpty)
  }

  @Test func aNewIDThatIsTakenGetsANumber() {
    let rewrite = "What does the padding modifier add around a view?"
    let taken = CardWording.generatedID(for: rewrite)
    let plan = MarkdownIdentityPlan.make(
      [
        .init(id: taken, line: 1, form: .heading, idInFile: true, wording: rewrite),
        .init(id: generated, line: 5, form: .heading, idInFile: true, wording: rewrite),
      ], cached: [generated: wording])
    #expect(plan.renamed.map(\.new) == [taken + "-2"])
  }

  @Test func aTwoWayCardCountsAsTheTwoCardsItsMarkerNames() {
    let plan = MarkdownIdentityPlan.make(
      [.init(id: "cat-aaaa1111 chat-bbbb2222", line: 3, form: .comment, idInFile: false, wording: "cat")], cached: [:])
    #expect(plan.added == 2)
  }
}
