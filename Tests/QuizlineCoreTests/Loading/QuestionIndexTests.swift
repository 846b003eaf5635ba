import Testing

@testable import QuizlineCore

/// The catalog's question index answers as the dictionary keyed by ``QuestionRef`` it replaced
/// (written backwards, so that the first question with an id keeps its place).
@Suite struct QuestionIndexTests {
  /// The dictionary the catalog kept before.
  static func dictionary(_ banks: [Bank]) -> [QuestionRef: Int] {
    var out: [QuestionRef: Int] = [:]
    for b in banks {
      for k in b.questions.indices.reversed() { out[QuestionRef(bank: b.id, question: b.questions[k].id)] = k }
    }
    return out
  }

  static func question(_ id: String) -> Question {
    Question(id: id, prompt: "p", explanation: "e", body: .flashcard(back: "b"))
  }

  /// Banks whose ids repeat often, within a bank and across banks (1 to 5 bytes from a small
  /// alphabet), some long and some not ASCII.
  static func randomBanks(_ random: inout SplitMix64) -> [Bank] {
    let alphabet = Array("ab0-".utf8)
    return (0..<1 + Int(random.next() % 5)).map { b in
      let questions = (0..<Int(random.next() % 400)).map { _ -> Question in
        switch random.next() % 20 {
        case 0: return question(String(repeating: "long-id-", count: 1 + Int(random.next() % 4)))
        case 1: return question("é\(random.next() % 3)")
        default:
          let length = 1 + Int(random.next() % 5)
          return question(String(decoding: (0..<length).map { _ in alphabet[Int(random.next() % 4)] }, as: UTF8.self))
        }
      }
      return Bank(id: "bank-\(b)", title: "B", questions: questions)
    }
  }

  @Test func answersAsTheDictionaryOnRandomBanks() {
    var random = SplitMix64(seed: 36)
    for _ in 0..<200 {
      let banks = Self.randomBanks(&random)
      let index = QuestionIndex(banks: banks)
      let dictionary = Self.dictionary(banks)
      #expect(index.count == dictionary.count)
      for b in banks.indices {
        for q in banks[b].questions {
          let ref = QuestionRef(bank: banks[b].id, question: q.id)
          #expect(index.position(of: q.id, inBank: b, of: banks) == dictionary[ref], "\(ref)")
        }
        for missing in ["zz", "", "a-b-c-d-e-f", "é9"] {
          let ref = QuestionRef(bank: banks[b].id, question: missing)
          #expect(index.position(of: missing, inBank: b, of: banks) == dictionary[ref], "\(ref)")
        }
      }
    }
  }

  /// The catalog's look-ups through the index: every question found at its first place, in its
  /// own bank only.
  @Test func catalogFindsEachQuestionAsTheDictionary() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<50 {
      let catalog = Catalog(banks: Self.randomBanks(&random))
      let dictionary = Self.dictionary(catalog.banks)
      for b in catalog.banks {
        for q in b.questions {
          for bankID in [b.id, "bank-9", catalog.banks.first!.id] {
            let ref = QuestionRef(bank: bankID, question: q.id)
            let expected = dictionary[ref].flatMap { k in catalog.bank(bankID)?.questions[k] }
            #expect(catalog.question(ref) == expected, "\(ref)")
          }
        }
      }
    }
  }

  @Test func manySimilarIDsStayApart() {
    let banks = (0..<3).map { b in
      Bank(id: "b\(b)", title: "B", questions: (0..<30_000).map { Self.question("q\($0)") })
    }
    let index = QuestionIndex(banks: banks)
    #expect(index.count == 90_000)
    for b in 0..<3 {
      for k in stride(from: 0, to: 30_000, by: 331) { #expect(index.position(of: "q\(k)", inBank: b, of: banks) == k) }
      #expect(index.position(of: "q30000", inBank: b, of: banks) == nil)
    }
  }
}
