import Testing

@testable import QuizlineCore

/// `cards` and the bulk card actions through the store: the table at two widths, one recorded
/// change per action, refusals, the `yes` above 20 cards, and `undo`.
@Suite struct CardsCommandTests {
  private func driver() -> StoreDriver {
    StoreDriver(catalog: CardFixture.catalog, progress: CardFixture.state.progress, at: CardFixture.now)
  }

  @Test func bulkSuspendRecordsOneChangeAndUndoTakesItBack() {
    var d = driver()
    let before = d.progress.questions
    let events = d.type("suspend tag:animals")
    #expect(
      events == [
        .cardsChanged(
          CardChange(
            action: .suspend,
            questions: [QuestionRef(bank: "french", question: "chat"), QuestionRef(bank: "french", question: "chien")]))
      ])
    #expect(d.screen().text.hasPrefix("Suspended 2 cards: french/chat, french/chien. Type undo"))
    _ = d.type("undo")
    #expect(d.progress.questions == before)
  }

  @Test func anEmptyMatchIsRefusedAndNothingIsRecorded() {
    var d = driver()
    #expect(d.type("forget tag:nothing").isEmpty)
    #expect(d.screen().text.hasPrefix("error: forget: no card matches 'tag:nothing' (5 cards in all)"))
    #expect(d.type("suspend is:suspended").isEmpty)
    #expect(d.screen().text == "The card is already suspended; nothing was changed.\n")
  }

  @Test func oneCardByReferenceAndTheLastAnsweredByDefault() {
    var d = driver()
    #expect(
      d.type("bury swift/closure") == [
        .cardsChanged(CardChange(action: .bury, questions: [QuestionRef(bank: "swift", question: "closure")]))
      ])
    // swift/optional was answered last (a few minutes ago).
    #expect(
      d.type("reschedule 2") == [
        .cardsChanged(
          CardChange(action: .reschedule(days: 2), questions: [QuestionRef(bank: "swift", question: "optional")]))
      ])
  }

  @Test func moreThanTwentyCardsWaitForYes() {
    let many = Bank(
      id: "many", title: "Many", questions: (1...21).map { CardFixture.flashcard("q\($0)", "Question \($0)") })
    var d = StoreDriver(catalog: Catalog(banks: [many]), at: CardFixture.now)
    #expect(d.type("suspend bank:many").isEmpty)
    #expect(d.screen().text.hasPrefix("Suspend 21 cards found by 'bank:many'? Type yes"))
    #expect(d.type("no").isEmpty)
    #expect(d.type("suspend bank:many").isEmpty)
    let events = d.type("yes")
    #expect(events.count == 1)
    #expect(d.progress.questions.values.filter(\.suspended).count == 21)
  }

  private func screen(_ line: String, width: Int) -> String {
    var d = driver()
    d.step = 0
    _ = d.type(line)
    return d.screen(width: width).text
  }

  @Test func theTableFitsEightyColumns() {
    #expect(
      screen("cards", width: 80) == """
        bank    question             state      due         ivl    D     R  reps  lapses
        --------------------------------------------------------------------------------
        french  The dog              review     2026-03-08  58d  90%   65%    20       9
        swift   What does a clos...  suspended  2026-03-09  <1d  78%   93%     4       1
        swift   What is an Optio...  learning   2026-03-10  <1d  56%  100%     1       0
        french  The cat              buried     2026-03-13  10d  22%   93%     3       0
        french  The house            new        -             -    -     -     0       0
        5 cards, by due. D difficulty, R recall now. Widen the terminal to see last,
        stability.

        """)
  }

  @Test func aNarrowTerminalKeepsTheQuestionAndDropsColumnsInOrder() {
    #expect(
      screen("cards bank:french --sort lapses", width: 40) == """
        bank    question   state   due
        -------------------------------------
        french  The dog    review  2026-03-08
        french  The cat    buried  2026-03-13
        french  The house  new     -
        3 of 5 cards match 'bank:french', by
        lapses. Widen the terminal to see 7 more
        columns.

        """)
  }
}
