import Testing

@testable import QuizlineCore

/// The card search reader: Anki's syntax, its precedence, and located refusals.
@Suite struct CardQueryParserTests {
  private func parse(_ text: String) throws -> CardQuery { try CardQueryParser.parse(text) }
  private func text(_ s: String) -> CardQuery { .text(TextPattern(s)) }

  /// The message a bad query is refused with, as `1:COLUMN: message`.
  private func refusal(_ text: String) -> String {
    do {
      let q = try CardQueryParser.parse(text)
      return "accepted: \(q)"
    } catch {
      return error.description
    }
  }

  @Test func emptyQueryMatchesEverything() throws {
    #expect(try parse("") == .all)
    #expect(try parse("   ") == .all)
  }

  @Test func keywordsReadTheirValues() throws {
    #expect(try parse("bank:swift") == .bank(TextPattern("swift")))
    #expect(try parse("deck:swift") == .bank(TextPattern("swift")))
    #expect(try parse("BANK:Swi*ft") == .bank(TextPattern(pieces: ["swi", "ft"])))
    #expect(try parse("tag:hard") == .tag(TextPattern("hard")))
    #expect(try parse(#"tag:"two words""#) == .tag(TextPattern("two words")))
    #expect(try parse("is:due") == .state(.due))
    #expect(try parse("IS:Leech") == .state(.leech))
    #expect(try parse("rated:7") == .rated(days: 7, rating: nil))
    #expect(try parse("rated:2:1") == .rated(days: 2, rating: .again))
    #expect(try parse("introduced:30") == .introduced(days: 30))
  }

  @Test func everyComparisonOperatorIsRead() throws {
    #expect(try parse("prop:ivl=10") == .property(.ivl, .equal, 10))
    #expect(try parse("prop:ivl!=10") == .property(.ivl, .notEqual, 10))
    #expect(try parse("prop:due<3") == .property(.due, .less, 3))
    #expect(try parse("prop:due<=-1") == .property(.due, .lessOrEqual, -1))
    #expect(try parse("prop:lapses>3") == .property(.lapses, .greater, 3))
    #expect(try parse("prop:reps>=5") == .property(.reps, .greaterOrEqual, 5))
    #expect(try parse("prop:d>0.8") == .property(.d, .greater, 0.8))
    #expect(try parse("prop:s>21.5") == .property(.s, .greater, 21.5))
    #expect(try parse("prop:r<0.7") == .property(.r, .less, 0.7))
  }

  @Test func freeTextQuotesAndEscapes() throws {
    #expect(try parse("Closure") == text("closure"))
    #expect(try parse(#""two words""#) == text("two words"))
    #expect(try parse("wea*ref") == .text(TextPattern(pieces: ["wea", "ref"])))
    #expect(try parse(#"a\*b"#) == text("a*b"))
    #expect(try parse(#"http\://x"#) == text("http://x"))
    // A quoted term with an unknown keyword is text, as the refusal of the unquoted one suggests.
    #expect(try parse(#""note:this""#) == text("note:this"))
  }

  @Test func spacesAreAndAndBindsTighterThanOr() throws {
    let a = text("a")
    let b = text("b")
    let c = text("c")
    #expect(try parse("a b") == .and([a, b]))
    #expect(try parse("a and b") == .and([a, b]))
    #expect(try parse("a or b") == .or([a, b]))
    // Anki's rule: `a or b c` is `a or (b and c)`, and `a b or c` is `(a and b) or c`.
    #expect(try parse("a or b c") == .or([a, .and([b, c])]))
    #expect(try parse("a b or c") == .or([.and([a, b]), c]))
    #expect(try parse("a OR b AND c") == .or([a, .and([b, c])]))
    #expect(try parse("(a or b) c") == .and([.or([a, b]), c]))
  }

  @Test func minusNegatesATermOrAGroup() throws {
    #expect(try parse("-is:suspended") == .not(.state(.suspended)))
    #expect(try parse("-(a or b)") == .not(.or([text("a"), text("b")])))
    #expect(try parse(#"-"a b""#) == .not(text("a b")))
    #expect(try parse("is:due -tag:easy") == .and([.state(.due), .not(.tag(TextPattern("easy")))]))
    // A minus inside a word is text, not a negation.
    #expect(try parse("well-known") == text("well-known"))
  }

  @Test func badQueriesAreRefusedWhereTheyGoWrong() {
    #expect(
      refusal("tag:x is:dew")
        == "1:10: unknown 'is:' value 'dew' (allowed: new, learn, review, due, suspended, buried, leech, flagged); did you mean 'new'?"
    )
    #expect(
      refusal("prop:ivl") == "1:9: 'prop:ivl' needs a comparison (=, !=, <, <=, >, >=) and a number, as in prop:ivl>=10"
    )
    #expect(refusal("prop:ivl>=ten") == "1:11: 'prop:ivl' needs a number after >=, not 'ten', as in prop:ivl>=10")
    #expect(refusal("prop:ivl>2.5") == "1:10: 'prop:ivl' takes a whole number, not '2.5'")
    #expect(refusal("prop:d>80") == "1:8: 'prop:d' is between 0 and 1 (0.8 is 80%), not '80'")
    #expect(
      refusal("prop:lapse>3")
        == "1:6: unknown 'prop:' field 'lapse' (allowed: due, ivl, reps, lapses, d, s, r); did you mean 'lapses'?")
    #expect(
      refusal("rated:0")
        == "1:7: 'rated:' needs a number of days of at least 1 (today is 1; rated:7, or rated:7:1 for again), not '0'")
    #expect(
      refusal("rated:7:5") == "1:9: the answer of 'rated:7:' is 1 (again), 2 (hard), 3 (good) or 4 (easy), not '5'")
    #expect(
      refusal("introduced:x")
        == "1:12: 'introduced:' needs a number of days of at least 1 (today is 1; introduced:7), not 'x'")
    #expect(refusal("a (b or c") == "1:3: this '(' is not closed (add a ')')")
    #expect(refusal("a b)") == "1:4: this ')' has no '(' before it")
    #expect(refusal("a ()") == "1:3: empty parentheses: put a search inside, or remove them")
    #expect(refusal("or a") == "1:1: 'or' needs a search term before it")
    #expect(refusal("a or") == "1:3: 'or' needs a search term after it")
    #expect(refusal("a or or b") == "1:3: 'or' needs a search term after it")
    #expect(refusal("a - b") == "1:3: '-' must be followed by a search term or a group, with no space")
    #expect(refusal(#"a "b c"#) == #"1:3: this quote is not closed (add a " at the end)"#)
    #expect(refusal("tag:") == "1:5: 'tag:' needs a tag (* stands for any text)")
    #expect(refusal(#""""#) == "1:2: an empty search term: put some text inside the quotes")
    #expect(
      refusal("note:x")
        == #"1:1: unknown search keyword 'note:' (known: bank, deck, tag, is, prop, rated, introduced); for the text itself, write note\:x or put it in quotes"#
    )
  }
}
