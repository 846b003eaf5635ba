import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

@Suite struct QuizInputTests {
  func stateInQuiz() throws -> (AppState, Timestamp) {
    var state = AppState(catalog: CatalogLoader.load(directory: Fixtures.catalog).catalog)
    let now = Timestamp(seconds: 1_796_200_000)
    let reduction = Reducer.reduce(
      &state, .lineEntered("start sample --count 3 --tags layout,fixture", at: now, entropy: 1))
    for (k, e) in reduction.events.enumerated() {
      state.progress.apply(RecordedEvent(sequence: k + 1, at: now, payload: e))
    }
    return (state, now)
  }

  @Test func aHomeCommandTypedDuringAQuizSaysToEndTheQuizFirst() throws {
    var (state, now) = try stateInQuiz()
    let reduction = Reducer.reduce(&state, .lineEntered("list", at: now, entropy: 1))
    #expect(reduction.events.isEmpty)
    #expect(
      state.display == [
        .error(
          "list cannot be used during a quiz",
          hint: "Type end to finish the quiz first, or quit to leave and resume later.")
      ])
    #expect(state.quiz != nil)
  }

  @Test func anEqualsSignAnswersWithAWordThatIsACommand() throws {
    var (state, now) = try stateInQuiz()
    // The first question is single-choice: "=skip" is an answer attempt, not the skip command.
    let reduction = Reducer.reduce(&state, .lineEntered("=skip", at: now, entropy: 1))
    #expect(reduction.events.isEmpty)
    #expect(
      state.display.first
        == .error("\"skip\" is not one of a-d.", hint: "Type a letter (a-d). Or skip, hint, flag, end, help."))
  }
}
