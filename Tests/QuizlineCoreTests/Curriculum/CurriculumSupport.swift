import Foundation

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineStorage

/// The shipped curriculum (`Quizzes/`) and the committed fingerprint of its source texts, found from this file.
enum Curriculum {
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .path
  static let quizzes = repositoryRoot + "/Quizzes"
  static let fingerprintFile = repositoryRoot + "/Tests/Fixtures/curriculum/seed-fingerprints.json"

  /// Loaded once for all curriculum tests.
  static let loaded = CatalogLoader.load(directory: quizzes)
  static var catalog: Catalog { loaded.catalog }

  /// Every question with the id of its bank.
  static var questions: [(bank: String, question: Question)] {
    catalog.banks.flatMap { b in b.questions.map { (b.id, $0) } }
  }

  /// Seed file name → the fingerprint of that source text.
  static let seedFingerprints: Result<[String: SeedFingerprint], any Error> = Result {
    try SeedFingerprint.loadCommitted(from: fingerprintFile)
  }

  /// Every `*.json` file of the curriculum, as a path relative to `Quizzes/`.
  static var jsonFiles: [String] {
    let enumerator = FileManager.default.enumerator(atPath: quizzes)
    var out: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".json"), !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
        out.append(path)
      }
    }
    return out.sorted()
  }
}

extension Question {
  /// The right answer as a learner sees it revealed, for comparing lengths with the explanation.
  var answerText: String {
    switch body {
    case .single(let choices, let answer): choices[answer].text
    case .multiple(let choices, let answers): answers.map { choices[$0].text }.joined(separator: "; ")
    case .truefalse(let answer, _, _): answer ? "true" : "false"
    case .text(let accept, _, _): accept[0].text
    case .numeric(let accept, _, _):
      switch accept[0].match {
      case .value(let v, _): "\(v)"
      case .range(let lo, let hi): "\(lo)-\(hi)"
      }
    case .matching(let pairs, _): pairs.map { "\($0.left): \($0.right)" }.joined(separator: "; ")
    case .ordering(let items): items.joined(separator: "; ")
    case .cloze(_, let gaps): gaps.map { $0.accept[0].text }.joined(separator: "; ")
    case .flashcard(let back): back
    case .openEnded(let modelAnswer, _): modelAnswer
    }
  }

  /// What a learner types to give each fully right answer (several for text and cloze variants).
  /// Empty for self-graded questions.
  var rightAnswersTyped: [String] {
    switch body {
    case .single(_, let answer): return [choiceLetter(answer)]
    case .multiple(_, let answers): return [answers.map(choiceLetter).joined(separator: ",")]
    case .truefalse(let answer, _, _): return [answer ? "true" : "false"]
    case .text(let accept, _, _): return accept.filter { $0.credit >= 1 }.map(\.text)
    case .numeric(let accept, _, _):
      return accept.filter { $0.credit >= 1 }.map {
        switch $0.match {
        case .value(let v, _): "\(v)"
        case .range(let lo, let hi): "\((lo + hi) / 2)"
        }
      }
    case .matching(let pairs, let distractors):
      let shown = Presentation.matchingRightItems(questionID: id, pairs: pairs, distractors: distractors)
      return [
        pairs.enumerated().map { "\($0.offset + 1)\(choiceLetter(shown.firstIndex(of: $0.element.right)!))" }.joined(
          separator: " ")
      ]
    case .ordering(let items):
      let shown = Presentation.orderingItems(questionID: id, items: items)
      return [items.map { choiceLetter(shown.firstIndex(of: $0)!) }.joined(separator: " ")]
    case .cloze(_, let gaps):
      // Every variant of every gap, with the first variant in the other gaps.
      var out: [String] = []
      for (g, gap) in gaps.enumerated() {
        for variant in gap.accept where variant.credit >= 1 {
          out.append(
            gaps.enumerated().map { $0.offset == g ? variant.text : $0.element.accept[0].text }.joined(separator: " | ")
          )
        }
      }
      return out
    case .flashcard, .openEnded: return []
    }
  }
}

/// Lower-cased, spaces collapsed: how prompts and choices are compared for duplicates.
func folded(_ text: String) -> String { normalizedForComparison(text) }
