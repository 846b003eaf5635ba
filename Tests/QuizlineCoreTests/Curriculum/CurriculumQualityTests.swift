import Foundation
import Testing

@testable import QuizlineCore

/// Structural quality of the shipped curriculum in `Quizzes/` (issue 9): it loads cleanly, is big and
/// varied enough, every answer is explained and gradable, and every reference resolves.
@Suite struct CurriculumQualityTests {
  let catalog = Curriculum.catalog

  @Test func quizzesFolderLoadsWithoutAnyDiagnostic() {
    #expect(Curriculum.loaded.diagnostics.map(\.description) == [])
    #expect(Curriculum.loaded.fileCount == Curriculum.jsonFiles.count)
  }

  @Test func hasAtLeast150QuestionsUsingAllTenTypes() {
    #expect(catalog.questionCount >= 150)
    let kinds = Set(Curriculum.questions.map(\.question.body.kind))
    #expect(QuestionKind.allCases.filter { !kinds.contains($0) } == [])
  }

  @Test func courseHasAtLeastTwelveSessionsAndContainsEverySession() throws {
    let course = try #require(catalog.course("swiftui-fundamentals"))
    #expect(course.title == "SwiftUI fundamentals")
    #expect(course.sessions.count >= 12)
    #expect(Set(course.sessions) == Set(catalog.sessions.map(\.id)))
    #expect(course.banks.filter { catalog.bank($0) == nil } == [])
    #expect(catalog.bank("swiftui-basics") != nil)
  }

  @Test func everySessionHasObjectivesKeyTermsSourcesAndACheckpointOfSixToTen() {
    for s in catalog.sessions {
      #expect(!s.objectives.isEmpty && !s.keyTerms.isEmpty && !s.sources.isEmpty, "\(s.id)")
      #expect((5...15).contains(s.estimatedMinutes), "\(s.id): \(s.estimatedMinutes) minutes")
      #expect(s.body.contains { if case .code = $0 { true } else { false } }, "\(s.id) has no Swift example")
      let checkpoint = s.checkpoint
      #expect((6...10).contains(checkpoint?.questions.count ?? 0), "\(s.id)")
      #expect((70...80).contains(checkpoint?.passPercent ?? 0), "\(s.id)")
    }
  }

  @Test func everySessionWithACheckpointIsCompletedByPassingIt() {
    let manual = catalog.sessions.filter { $0.checkpoint != nil && $0.completion != .checkpoint }.map(\.id)
    #expect(manual == [])
  }

  @Test func everyCheckpointQuestionResolves() {
    for s in catalog.sessions {
      for ref in s.checkpoint?.questions ?? [] {
        #expect(catalog.question(ref) != nil, "\(s.id): \(ref)")
      }
    }
  }

  @Test func everyExplanationIsPresentAndLongerThanItsAnswer() {
    for (bank, q) in Curriculum.questions {
      #expect(!q.explanation.trimmingSpaces.isEmpty, "\(bank)/\(q.id)")
      #expect(
        q.explanation.count > q.answerText.count,
        "\(bank)/\(q.id): explanation \(q.explanation.count) chars, answer \(q.answerText.count)")
    }
  }

  @Test func everyQuestionExceptFlashcardsHasAHint() {
    let unhinted = Curriculum.questions.filter {
      $0.question.body.kind != .flashcard && ($0.question.hint ?? "").trimmingSpaces.isEmpty
    }
    #expect(unhinted.map { "\($0.bank)/\($0.question.id)" } == [])
    #expect(Curriculum.questions.contains { $0.question.hint != nil })
  }

  @Test func everyQuestionHasTagsDifficultyAndASource() {
    for (bank, q) in Curriculum.questions {
      #expect(!q.tags.isEmpty && q.difficulty != nil && q.source != nil, "\(bank)/\(q.id)")
    }
  }

  @Test func noPromptIsRepeatedAcrossBanks() {
    let groups = Dictionary(grouping: Curriculum.questions) { folded($0.question.prompt) }
    let repeated = groups.values.filter { $0.count > 1 }.map { $0.map { "\($0.bank)/\($0.question.id)" } }
    #expect(repeated == [])
  }

  @Test func choicesItemsAndDistractorsAreDistinct() {
    for (bank, q) in Curriculum.questions {
      var lists: [[String]] = []
      switch q.body {
      case .single(let choices, _), .multiple(let choices, _): lists = [choices.map(\.text)]
      case .matching(let pairs, let distractors): lists = [pairs.map(\.left), pairs.map(\.right) + distractors]
      case .ordering(let items): lists = [items]
      case .text(let accept, _, _): lists = [accept.map(\.text)]
      case .cloze(_, let gaps): lists = gaps.map { $0.accept.map(\.text) }
      default: continue
      }
      for list in lists {
        #expect(Set(list.map(folded)).count == list.count, "\(bank)/\(q.id): \(list)")
      }
    }
  }

  @Test func noChoiceLeansOnAllOrNoneOfTheAbove() {
    for (bank, q) in Curriculum.questions {
      guard case .single(let choices, _) = q.body else { continue }
      for c in choices.map({ folded($0.text) }) {
        #expect(
          !c.contains("of the above") && !c.contains("all of these") && !c.contains("none of these"), "\(bank)/\(q.id)")
      }
    }
  }

  @Test func rightAnswersSpreadOverLettersAndTruthValues() {
    let singles = Curriculum.questions.compactMap {
      if case .single(let c, let a) = $0.question.body, c.count == 4 { a } else { nil }
    }
    let counts = Dictionary(grouping: singles, by: { $0 }).mapValues(\.count)
    for letter in 0..<4 {
      #expect(Double(counts[letter] ?? 0) >= Double(singles.count) * 0.15, "letter \(choiceLetter(letter)): \(counts)")
    }
    let truths = Curriculum.questions.compactMap {
      if case .truefalse(let a, _, _) = $0.question.body { a } else { nil }
    }
    let share = Double(truths.filter { $0 }.count) / Double(max(1, truths.count))
    #expect((0.35...0.65).contains(share), "share of true statements: \(share)")
  }

  @Test func everyRightAnswerIsGradedAsCorrect() {
    for (bank, q) in Curriculum.questions where !q.body.kind.isSelfGraded {
      let typed = q.rightAnswersTyped
      #expect(!typed.isEmpty, "\(bank)/\(q.id)")
      for answer in typed {
        switch AnswerParser.parse(answer, for: q) {
        case .success(let response):
          #expect(Grader.grade(response, for: q).isCorrect, "\(bank)/\(q.id): \(quoted(answer)) is not graded right")
        case .failure(let error):
          Issue.record("\(bank)/\(q.id): \(quoted(answer)) does not parse: \(error.message)")
        }
      }
    }
  }

  @Test func everySourceNamesASeedFileAndAHeadingInIt() throws {
    let seeds = try Curriculum.seedFingerprints.get()
    let sources =
      Curriculum.questions.map { ("\($0.bank)/\($0.question.id)", $0.question.source) }
      + catalog.sessions.flatMap { s in s.sources.map { ("session \(s.id)", Optional($0)) } }
    for (owner, source) in sources {
      let source = try #require(source, "\(owner) has no source")
      let headings = try #require(seeds[source.file]?.headings, "\(owner): \(source.file) is not a seed file")
      // "heading" or "heading › subheading", each part a heading of the seed.
      for part in source.section.components(separatedBy: " › ") {
        #expect(headings.contains(part), "\(owner): no heading \(quoted(part)) in \(source.file)")
      }
    }
  }

  /// The title each seed text is cited by, so that a learner can find the section without the file name.
  static let seedTitles = [
    "000_70df97bb4281d34f.txt": "SwiftUI and the Declarative UI Model",
    "001_51d8ce5bb881dd3b.txt": "SwiftUI Framework Guide",
    "002_62e60f13b4dad040.txt": "Modern SwiftUI Engineering Reference",
    "003_fcad94f48eda2a90.txt": "iOS with SwiftUI: your first screen",
  ]

  @Test func everySourceCitesItsTextByTitleAndSection() throws {
    let sources =
      Curriculum.questions.compactMap { q in q.question.source.map { ("\(q.bank)/\(q.question.id)", $0) } }
      + catalog.sessions.flatMap { s in s.sources.map { ("session \(s.id)", $0) } }
    #expect(sources.count > 200)
    for (owner, source) in sources {
      let title = try #require(Self.seedTitles[source.file], "\(owner): \(source.file) is not a seed file")
      #expect(source.title == title, "\(owner)")
      #expect(source.citation == "\(title), \(source.section)")
    }
  }

  @Test func glossaryHasAFlashcardForEveryKeyTermOfTheChapter() throws {
    let terms = try #require(try Curriculum.seedFingerprints.get()["000_70df97bb4281d34f.txt"]).keyTerms
    #expect(terms.count >= 20)
    let glossary = try #require(catalog.bank("swiftui-glossary"))
    #expect(glossary.questions.allSatisfy { $0.body.kind == .flashcard })
    let fronts = Set(glossary.questions.map { folded($0.prompt.replacingOccurrences(of: " (the concept)", with: "")) })
    #expect(terms.filter { !fronts.contains(folded($0)) } == [])
    for wrapper in [
      "@State", "@Binding", "@Bindable", "@Observable", "@Environment", "@StateObject", "@ObservedObject", "VStack",
      "HStack", "ZStack", "List", "NavigationStack", "Form", "LazyVStack",
    ] {
      #expect(fronts.contains(folded(wrapper)), "glossary has no card for \(wrapper)")
    }
    #expect(catalog.sessions.allSatisfy { $0.checkpoint?.questions.allSatisfy { $0.bank != glossary.id } ?? true })
  }

  @Test func objectivesMapNamesOnlyExistingSessions() throws {
    let text = try String(
      contentsOfFile: Curriculum.repositoryRoot + "/scripts/curriculum/objectives.md", encoding: .utf8)
    // Session ids are the backticked, id-shaped words of the table rows.
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("|") }.joined(separator: "\n")
    let ids = rows.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
      .filter { Identifier.isValid($0) }
    #expect(ids.count >= 16)
    #expect(ids.filter { catalog.session($0) == nil } == [])
    #expect(Set(catalog.sessions.map(\.id)).subtracting(ids) == [])
  }
}
