import Testing
@testable import QuizlineCLI

@Suite struct CommandTests {
  @Test func placeholderCompiles() {
    #expect(QuizlineCommand.main(arguments: []) == 0)
  }
}
