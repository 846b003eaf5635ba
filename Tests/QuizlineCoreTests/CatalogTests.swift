import Testing
@testable import QuizlineCore

@Suite struct CatalogTests {
  @Test func questionRefParsesBankAndQuestion() {
    let ref = QuestionRef("swiftui-basics/state-owner")
    #expect(ref == QuestionRef(bank: "swiftui-basics", question: "state-owner"))
    #expect(QuestionRef("no-slash") == nil)
    #expect(QuestionRef("a/b/c") == nil)
  }
}
