import Testing

@testable import QuizlineCore

/// For random queries over random card sets, a query and its negation split the cards in two: each
/// card is found by exactly one of them (the reader's `-( … )` and the evaluator agree).
@Suite struct CardQueryPropertyTests {
  static let atoms = [
    "tag:hard", "tag:animals", "bank:fr*", "deck:swift", "cat", "\"the dog\"", "is:new", "is:learn", "is:review",
    "is:due", "is:suspended", "is:buried", "is:leech", "is:flagged", "prop:due<=1", "prop:due>-3", "prop:ivl>=5",
    "prop:d>0.5", "prop:s<10", "prop:r<0.9", "prop:reps!=2", "prop:lapses>=1", "rated:3", "rated:10:1",
    "introduced:7",
  ]

  /// A random query text of nested terms, `and`, `or`, `-` and parentheses.
  static func query(_ random: inout SplitMix64, depth: Int = 0) -> String {
    let pick = random.next() % 6
    if depth >= 3 || pick < 2 {
      let atom = atoms[Int(random.next() % UInt64(atoms.count))]
      return random.next() % 3 == 0 ? "-" + atom : atom
    }
    let a = query(&random, depth: depth + 1)
    let b = query(&random, depth: depth + 1)
    switch pick {
    case 2: return "\(a) \(b)"
    case 3: return "\(a) or \(b)"
    case 4: return "-(\(a) or \(b))"
    default: return "(\(a) and \(b))"
    }
  }

  /// Random progress for the fixture's questions: any phase, due, memory, overlays and counts.
  static func state(_ random: inout SplitMix64) -> AppState {
    var state = CardFixture.state
    func unit() -> Double { Double(random.next() % 10_000) / 10_000 }
    for bank in state.catalog.banks {
      for q in bank.questions {
        let ref = QuestionRef(bank: bank.id, question: q.id)
        guard random.next() % 5 != 0 else {
          state.progress.questions[ref] = nil
          continue
        }
        let phase = CardPhase.allCases[Int(random.next() % 3)]
        let reviewed = -unit() * 40
        let card = CardFixture.card(
          phase, reviewed: reviewed, due: reviewed + unit() * 50, stability: 0.1 + unit() * 60,
          difficulty: 1 + unit() * 9)
        state.progress.questions[ref] = CardFixture.progress(
          card, suspended: random.next() % 4 == 0, flagged: random.next() % 4 == 0, buried: random.next() % 4 == 0,
          leech: random.next() % 5 == 0, reps: Int(random.next() % 5), lapses: Int(random.next() % 3),
          rating: Rating(rawValue: Int(random.next() % 4) + 1), introduced: reviewed - unit() * 20)
      }
    }
    return state
  }

  @Test func aQueryAndItsNegationPartitionTheCards() throws {
    var random = SplitMix64(seed: 33)
    for _ in 0..<300 {
      let state = Self.state(&random)
      let text = Self.query(&random)
      let all = Set(try CardFixture.ids("", state))
      let found = Set(try CardFixture.ids(text, state))
      let rest = Set(try CardFixture.ids("-(\(text))", state))
      #expect(found.isDisjoint(with: rest), "\(text)")
      #expect(found.union(rest) == all, "\(text)")
      #expect(Set(try CardFixture.ids("-(-(\(text)))", state)) == found, "\(text)")
    }
  }
}
