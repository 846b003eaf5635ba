import Testing

@testable import QuizlineCore

/// What each search term finds among the fixture's five cards (``CardFixture``).
@Suite struct CardQueryEvaluatorTests {
  private func ids(_ query: String, _ state: AppState = CardFixture.state) throws -> Set<String> {
    Set(try CardFixture.ids(query, state))
  }

  @Test func freeTextFindsPromptsAndAnswersInAnyCase() throws {
    #expect(try ids("CAT") == ["chat"])
    #expect(try ids("le") == ["chat", "chien"])
    #expect(try ids("nil") == ["optional"])
    #expect(try ids(#""the house""#) == ["maison"])
    #expect(try ids("the*dog") == ["chien"])
    // The explanation is not searched (every card's is "why").
    #expect(try ids("why").isEmpty)
  }

  @Test func bankAndDeckMatchTheWholeIdWithStars() throws {
    #expect(try ids("bank:swift") == ["optional", "closure"])
    #expect(try ids("deck:SWIFT") == ["optional", "closure"])
    #expect(try ids("bank:fr*") == ["chat", "chien", "maison"])
    #expect(try ids("bank:fr").isEmpty)
  }

  @Test func tagsMatchQuestionAndBankTagsAndTheirChildren() throws {
    #expect(try ids("tag:hard") == ["chien", "closure"])
    #expect(try ids("tag:animals") == ["chat", "chien"])
    #expect(try ids("tag:animals::pets") == ["chien"])
    #expect(try ids("tag:language") == ["chat", "chien", "maison"])
    #expect(try ids("tag:ba*") == ["optional"])
    #expect(try ids("tag:anim").isEmpty)
  }

  @Test func isStatesFollowThePhaseAndTheOverlays() throws {
    #expect(try ids("is:new") == ["maison"])
    #expect(try ids("is:learn") == ["optional", "closure"])
    #expect(try ids("is:review") == ["chat", "chien", "closure"])
    // The suspended relearning card is due by its date but not offered; the learning card is due in an hour.
    #expect(try ids("is:due") == ["chien"])
    #expect(try ids("is:suspended") == ["closure"])
    #expect(try ids("is:flagged") == ["optional"])
    #expect(try ids("is:buried") == ["chat"])
    #expect(try ids("is:leech") == ["chien"])
  }

  @Test func aBuriedCardIsNotDueAndComesBackTheNextDay() throws {
    var state = CardFixture.state
    let chat = QuestionRef(bank: "french", question: "chat")
    state.progress.questions[chat]?.card?.due = CardFixture.at(days: -1)
    #expect(try ids("is:due", state) == ["chien"])
    state.progress.questions[chat]?.buriedUntilDay = CardFixture.now.dayNumber
    #expect(try ids("is:due", state) == ["chien", "chat"])
    #expect(try ids("is:buried", state).isEmpty)
  }

  @Test func repsAndLapsesCountReviews() throws {
    #expect(try ids("prop:lapses>3") == ["chien"])
    #expect(try ids("prop:lapses>=1") == ["chien", "closure"])
    #expect(try ids("prop:reps=0") == ["maison"])
    #expect(try ids("prop:reps<4") == ["maison", "optional", "chat"])
  }

  @Test func ratedWithAnAnswerAndIntroduced() throws {
    #expect(try ids("rated:2:1") == ["closure"])
    #expect(try ids("rated:365:1") == ["closure", "chien"])
    #expect(try ids("rated:1:2") == ["optional"])
    #expect(try ids("rated:30:4") == ["chat"])
    #expect(try ids("introduced:1") == ["optional"])
    #expect(try ids("introduced:3") == ["optional", "closure"])
    #expect(try ids("introduced:21") == ["optional", "closure", "chat"])
  }

  @Test func propertiesCompareWithEachOperator() throws {
    #expect(try ids("prop:due=3") == ["chat"])
    #expect(try ids("prop:due<0") == ["chien", "closure"])
    #expect(try ids("prop:due<=0") == ["chien", "closure", "optional"])
    #expect(try ids("prop:due!=0") == ["chat", "chien", "closure"])
    #expect(try ids("prop:ivl>=10") == ["chat", "chien"])
    #expect(try ids("prop:ivl>10") == ["chien"])
    #expect(try ids("prop:d>0.8") == ["chien"])
    #expect(try ids("prop:s>=12") == ["chat"])
    #expect(try ids("prop:r<0.7") == ["chien"])
    // A new card has no due day, memory or interval: no prop: on them finds it, their negation does.
    #expect(try ids("-prop:d>=0") == ["maison"])
  }

  @Test func ratedLooksAtTheLatestAnswerByUTCDay() throws {
    // chat answered 7 days ago, chien 60, closure yesterday, optional today.
    #expect(try ids("rated:1") == ["optional"])
    #expect(try ids("rated:2") == ["optional", "closure"])
    #expect(try ids("rated:8") == ["optional", "closure", "chat"])
  }

  @Test func andOrAndNotCombine() throws {
    #expect(try ids("tag:hard or is:new") == ["chien", "closure", "maison"])
    #expect(try ids("tag:hard -is:suspended") == ["chien"])
    #expect(try ids("bank:swift or tag:animals is:due") == ["optional", "closure", "chien"])
    #expect(try ids("(bank:swift or tag:animals) is:due") == ["chien"])
  }

  @Test func sortOrdersAreStable() throws {
    #expect(try CardFixture.ids("", sort: .due) == ["chien", "closure", "optional", "chat", "maison"])
    #expect(try CardFixture.ids("", sort: .difficulty) == ["chien", "closure", "optional", "chat", "maison"])
    #expect(try CardFixture.ids("", sort: .added) == ["chat", "chien", "maison", "optional", "closure"])
    // Most lapses first; equal lapses by reference, bank then question.
    #expect(try CardFixture.ids("", sort: .lapses) == ["chien", "closure", "chat", "maison", "optional"])
    #expect(try CardFixture.ids("", sort: .retrievability) == ["chien", "closure", "chat", "optional", "maison"])
  }
}
