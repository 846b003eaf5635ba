import Testing

@testable import QuizlineCore

/// The course plan's start-up shortcuts (byte folding of ASCII terms, the catalog's question index,
/// per-session tag counts in arrays) give the plan the straightforward code gave: checked against
/// that code, held here, on the shipped curriculum and on random catalogs.
@Suite struct CoursePlanShortcutTests {
  @Test func foldingOnBytesEqualsFoldingCharactersOnRandomTexts() {
    let pieces = [
      "a", "Z", "State", " ", "  ", "\t", "\n", "\r", "\r\n", "(", ")", "/", "É", "ß", "e\u{301}",
      " \u{301}", "İ", "🙂", "ﬁ", "Ω", "-", "0",
    ]
    var random = SplitMix64(seed: 36)
    for _ in 0..<20_000 {
      let count = Int(random.next() % 9)
      let text = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      #expect(CoursePlan.folded(Substring(text)) == Self.heldFolded(Substring(text)), "\(text.debugDescription)")
    }
    #expect(CoursePlan.asciiFolded("  Some  State\t(x)\n") == "some state (x)")
    #expect(CoursePlan.asciiFolded("a\r\nb") == nil, "CR LF is one character: the Character path decides")
    #expect(CoursePlan.asciiFolded("Émile") == nil)
  }

  /// The prompts left unfolded for their length could never have matched a term.
  @Test func aTextRuledOutByLengthNeverFoldsToATerm() {
    let pieces = [
      "a", "Z", "k", "\u{212A}", "é", "e\u{301}", "\u{301}", " ", "\t", "\n", "\r", "\r\n", "ß", "ẞ", "Ω", "\u{2126}",
      "İ", "🙂", "/",
    ]
    var random = SplitMix64(seed: 360)
    func text() -> String {
      (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }
    var ruledOut = 0
    for _ in 0..<20_000 {
      let terms = (0..<1 + Int(random.next() % 3)).map { _ in CoursePlan.folded(Substring(text())) }
      let longest = terms.reduce(0) { max($0, $1.utf8.count) }
      let prompt = text()
      if !CoursePlan.mayFoldToTerm(Substring(prompt), longest: longest) {
        ruledOut += 1
        #expect(!terms.contains(CoursePlan.folded(Substring(prompt))), "\(prompt.debugDescription) \(terms)")
      }
    }
    #expect(ruledOut > 1_000, "the rule is put to the test")
    #expect(!CoursePlan.mayFoldToTerm("Which wrapper owns state?", longest: 7))
    #expect(CoursePlan.mayFoldToTerm("  State  ", longest: 5))
  }

  @Test func keyTermNamesSplitAtSlashesAsCharactersDo() {
    for term in ["Binding / Bindings", "a/b/", "/", "", "x/\u{301}y", "É / e", "no slash"] {
      #expect(CoursePlan.names(term) == term.split(separator: "/"), "\(term.debugDescription)")
    }
  }

  @Test func theShippedCurriculumsPlanIsTheHeldCodesPlan() {
    let catalog = NewCardOrderTests.shipped
    let held = Self.heldPlan(banks: catalog.banks, sessions: catalog.sessions, courses: catalog.courses)
    #expect(!catalog.plan.order.isEmpty)
    #expect(catalog.plan.order == held.order)
    #expect(catalog.plan.unlockedBy == held.unlockedBy)
  }

  @Test func randomCatalogsPlansAreTheHeldCodesPlans() {
    var random = SplitMix64(seed: 7)
    func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let tags = ["state", "layout", "data", "view", "list"]
    let terms = [
      "State", "Binding / Bindings", "view  body", "Émile", "Layout (stack)", "List", "a/\u{301}b / a",
      "e\u{301}mile", "\u{212A}elvin / kelvin", "State (the concept)", "  LIST\t", "A prompt longer than any term",
    ]
    for round in 0..<300 {
      let banks = (0..<1 + pick(3)).map { b in
        Bank(
          id: "b\(b)", title: "B",
          questions: (0..<1 + pick(8)).map { q in
            Question(
              id: "q\(pick(10))", prompt: pick(3) == 0 ? terms[pick(terms.count)] : "Prompt \(q)", explanation: "",
              tags: (0..<pick(3)).map { _ in tags[pick(tags.count)] }, body: .flashcard(back: "x"))
          })
      }
      let sessions = (0..<1 + pick(4)).map { s in
        StudySession(
          id: "s\(s)", title: "S", objectives: [], estimatedMinutes: 1, body: [],
          keyTerms: (0..<pick(3)).map { _ in KeyTerm(term: terms[pick(terms.count)], definition: "") },
          checkpoint: pick(4) == 0
            ? nil
            : Checkpoint(
              questions: (0..<pick(5)).map { _ in QuestionRef(bank: "b\(pick(4))", question: "q\(pick(10))") }))
      }
      let courses = (0..<1 + pick(2)).map { c in
        Course(
          id: "c\(c)", title: "C", sessions: (0..<pick(4)).map { _ in "s\(pick(5))" },
          banks: (0..<pick(3)).map { _ in "b\(pick(4))" })
      }
      let catalog = Catalog(banks: banks, sessions: sessions, courses: courses)
      let held = Self.heldPlan(banks: catalog.banks, sessions: catalog.sessions, courses: catalog.courses)
      #expect(catalog.plan.order == held.order, "round \(round)")
      #expect(catalog.plan.unlockedBy == held.unlockedBy, "round \(round)")
    }
  }

  // MARK: - The code before the shortcuts (issue 36), held as the oracle

  static func heldFolded(_ text: Substring) -> String {
    text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
  }

  static func heldPlan(
    banks: [Bank], sessions: [StudySession], courses: [Course]
  ) -> (order: [QuestionRef], unlockedBy: [QuestionRef: String]) {
    var order: [QuestionRef] = []
    var unlockedBy: [QuestionRef: String] = [:]
    let bankByID = Dictionary(banks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let sessionByID = Dictionary(sessions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var claimedBanks = Set<String>()
    for course in courses {
      let steps = course.sessions.compactMap { sessionByID[$0] }
      guard !steps.isEmpty else { continue }
      var courseBanks: [Bank] = []
      for id in course.banks + steps.flatMap({ $0.checkpoint?.questions.map(\.bank) ?? [] }) {
        guard let bank = bankByID[id], claimedBanks.insert(id).inserted else { continue }
        courseBanks.append(bank)
      }
      let inCourse = Set(courseBanks.map(\.id))
      var tied: [[QuestionRef]] = Array(repeating: [], count: steps.count)
      var tagUses: [String: [Int: Int]] = [:]
      for (i, session) in steps.enumerated() {
        for ref in session.checkpoint?.questions ?? [] where inCourse.contains(ref.bank) && unlockedBy[ref] == nil {
          guard let question = bankByID[ref.bank]?.question(ref.question) else { continue }
          unlockedBy[ref] = session.id
          tied[i].append(ref)
          for tag in Set(question.tags) { tagUses[tag, default: [:]][i, default: 0] += 1 }
        }
      }
      var termSession: [String: Int] = [:]
      for (i, session) in steps.enumerated() {
        for term in session.keyTerms {
          for name in term.term.split(separator: "/") {
            let key = heldFolded(Substring(name))
            if !key.isEmpty, termSession[key] == nil { termSession[key] = i }
          }
        }
      }
      let tagHome = tagUses.mapValues { uses in
        uses.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!.key
      }
      for bank in courseBanks {
        for question in bank.questions {
          let ref = QuestionRef(bank: bank.id, question: question.id)
          guard unlockedBy[ref] == nil else { continue }
          let index =
            termSession[heldFolded(CoursePlan.withoutNote(question.prompt))]
            ?? question.tags.compactMap { tagHome[$0] }.max() ?? steps.count - 1
          unlockedBy[ref] = steps[index].id
          tied[index].append(ref)
        }
      }
      order += tied.flatMap { $0 }
    }
    return (order, unlockedBy)
  }
}
