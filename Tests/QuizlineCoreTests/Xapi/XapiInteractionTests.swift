import Testing

@testable import QuizlineCore

/// Each of the ten question types as a cmi.interaction: its type, its components, and a right
/// answer typed as the learner types it (against the shuffled display order) turned into exactly
/// the correct-responses pattern.
@Suite struct XapiInteractionTests {
  let bank: Bank

  init() throws { bank = try Fixtures.sampleBank() }

  func question(_ id: String) throws -> Question { try #require(bank.questions.first { $0.id == id }) }

  func patterns(_ q: Question) -> [String] {
    guard let member = XapiInteraction(q).members.first(where: { $0.0 == "correctResponsesPattern" }),
      case .array(let items) = member.1
    else { return [] }
    return items.map { if case .string(let s) = $0 { s } else { "" } }
  }

  func componentIDs(_ q: Question, _ name: String) -> [String] {
    guard let member = XapiInteraction(q).members.first(where: { $0.0 == name }), case .array(let items) = member.1
    else { return [] }
    return items.map { item in
      guard case .object(let fields) = item, case .string(let id)? = fields.first(where: { $0.0 == "id" })?.1 else {
        return ""
      }
      return id
    }
  }

  /// What a learner types to answer `q` fully right, found from the grader's own display order.
  func rightTyped(_ q: Question) -> String {
    switch q.body {
    case .single(_, let answer): choiceLetter(answer)
    case .multiple(_, let answers): answers.map(choiceLetter).joined(separator: ",")
    case .truefalse(let answer, _, _): answer ? "true" : "false"
    case .text(let accept, _, _): accept[0].text
    case .numeric: "2"
    case .matching(let pairs, let distractors):
      pairs.enumerated().map { k, pair in
        let shown = Presentation.matchingRightItems(questionID: q.id, pairs: pairs, distractors: distractors)
        return "\(k + 1)\(choiceLetter(shown.firstIndex(of: pair.right)!))"
      }.joined(separator: " ")
    case .ordering(let items):
      items.map { item in
        choiceLetter(Presentation.orderingItems(questionID: q.id, items: items).firstIndex(of: item)!)
      }.joined(separator: " ")
    case .cloze(_, let gaps): gaps.map { $0.accept[0].text }.joined(separator: " | ")
    case .flashcard, .openEnded: "good"
    }
  }

  @Test(arguments: [
    ("single-owner", "choice"), ("multiple-containers", "choice"), ("tf-declarative", "true-false"),
    ("text-stack", "fill-in"), ("numeric-steps", "numeric"), ("matching-wrappers", "matching"),
    ("ordering-layout", "sequencing"), ("cloze-modifier", "fill-in"), ("flash-binding", "other"),
    ("open-ownership", "long-fill-in"),
  ])
  func eachTypeHasItsInteractionType(id: String, type: String) throws {
    let q = try question(id)
    #expect(XapiInteraction(q).type == type)
    #expect(XapiInteraction(q).members.first?.1 == .string(type))
  }

  @Test(arguments: [
    "single-owner", "multiple-containers", "tf-declarative", "matching-wrappers", "ordering-layout",
  ])
  func aRightAnswerIsExactlyTheCorrectResponsesPattern(id: String) throws {
    let q = try question(id)
    let typed = rightTyped(q)
    let response = try AnswerParser.parse(typed, for: q).get()
    #expect(Grader.grade(response, for: q).score == 1, "the typed answer \(typed) is not right")
    #expect(XapiInteraction.response(typed, for: q) == patterns(q).first)
  }

  @Test func matchingHasNumberedSourcesLetteredTargetsAndPairsThem() throws {
    let q = try question("matching-wrappers")
    #expect(componentIDs(q, "source") == ["1", "2", "3"])
    #expect(componentIDs(q, "target") == ["a", "b", "c", "d"])
    #expect(patterns(q) == ["1[.]a[,]2[.]b[,]3[.]c"])
    // Pairing 1 with the distractor, as displayed, names the distractor's bank-order id d.
    guard case .matching(let pairs, let distractors) = q.body else {
      Issue.record("not a matching question")
      return
    }
    let display = Presentation.matchingRightItems(questionID: q.id, pairs: pairs, distractors: distractors)
    let d = choiceLetter(try #require(display.firstIndex(of: "persists to disk")))
    let b = choiceLetter(try #require(display.firstIndex(of: pairs[1].right)))
    let c = choiceLetter(try #require(display.firstIndex(of: pairs[2].right)))
    #expect(XapiInteraction.response("1\(d) 2\(b) 3\(c)", for: q) == "1[.]d[,]2[.]b[,]3[.]c")
  }

  @Test func orderingListsItsItemsInBankOrder() throws {
    let q = try question("ordering-layout")
    #expect(componentIDs(q, "choices") == ["a", "b", "c"])
    #expect(patterns(q) == ["a[,]b[,]c"])
  }

  @Test func textNumericAndClozeGiveTheirPatternsAndResponses() throws {
    let text = try question("text-stack")
    #expect(patterns(text).allSatisfy { $0.hasPrefix("{case_matters=false}") })
    #expect(XapiInteraction.response("  VStack ", for: text) == "VStack")
    let numeric = try question("numeric-steps")
    // The half-credit range is not a correct response; the exact value is.
    #expect(patterns(numeric) == ["2"])
    #expect(XapiInteraction.response("2.50", for: numeric) == "2.5")
    let cloze = try question("cloze-modifier")
    #expect(patterns(cloze) == ["{case_matters=false}modifier[,]padding"])
    #expect(XapiInteraction.response("modifier | padding", for: cloze) == "modifier[,]padding")
  }

  @Test func numericToleranceAndRangeBecomeRanges() {
    #expect(XapiInteraction.numericPattern(.value(10, tolerance: 0.5)) == "9.5[:]10.5")
    #expect(XapiInteraction.numericPattern(.range(min: -1, max: 2.25)) == "-1[:]2.25")
  }

  @Test func selfGradedAnswersKeepTheirGradeAndHaveNoPattern() throws {
    for id in ["flash-binding", "open-ownership"] {
      let q = try question(id)
      #expect(patterns(q).isEmpty)
      #expect(XapiInteraction.response("hard", for: q) == "hard")
    }
  }

  @Test func aResponseThatNoLongerParsesIsKeptAsTyped() throws {
    #expect(XapiInteraction.response("z", for: try question("single-owner")) == "z")
  }

  @Test func moreThan26ItemsGetLongerIDs() {
    #expect(XapiInteraction.letter(25) == "z")
    #expect(XapiInteraction.letter(26) == "item27")
  }
}
