import Testing

@testable import QuizlineCore

/// Typed answers of the shipped `text` questions accept the phrasings a learner would use around a
/// right term (issue 19): an accept list that takes "a Spacer" also takes "Spacer" and "the Spacer",
/// and one that takes "the #Preview macro" also takes "#Preview" and "#Preview macro".
@Suite struct CurriculumAnswerVariantTests {
  /// Generic nouns a learner may add after a term ("Spacer view", "Hashable protocol").
  static let genericNouns = [
    "view", "macro", "modifier", "protocol", "property wrapper", "attribute", "method", "clause",
  ]

  /// The variants `accepted` (folded answers) is missing: for "a/an/the X" the bare X and "the X";
  /// for "X noun" the bare X, "X noun" and "the X noun".
  static func missingVariants(of accepted: Set<String>) -> [String] {
    var missing: Set<String> = []
    for answer in accepted {
      var core = answer
      for article in ["a ", "an ", "the "] where answer.hasPrefix(article) {
        core = String(answer.dropFirst(article.count))
        missing.formUnion([core, "the " + core].filter { !accepted.contains($0) })
      }
      for noun in genericNouns where core.hasSuffix(" " + noun) {
        let bare = String(core.dropLast(noun.count + 1))
        missing.formUnion([bare, core, "the " + core].filter { !accepted.contains($0) })
      }
    }
    return missing.sorted()
  }

  @Test func everyTextAnswerWithAnArticleOrAGenericNounHasItsSiblingVariants() {
    for (bank, q) in Curriculum.questions {
      guard case .text(let accept, let ignorePunctuation, _) = q.body else { continue }
      let accepted = Set(
        accept.filter { $0.credit >= 1 }.map {
          normalizedForComparison($0.text, ignoringPunctuation: ignorePunctuation)
        })
      #expect(Self.missingVariants(of: accepted) == [], "\(bank)/\(q.id)")
    }
  }

  @Test func theVariantRuleAsksForTheBareTermTheArticleAndTheNoun() {
    #expect(Self.missingVariants(of: ["spacer", "a spacer"]) == ["the spacer"])
    #expect(Self.missingVariants(of: ["#preview", "the #preview macro"]) == ["#preview macro"])
    #expect(Self.missingVariants(of: ["hashable protocol"]) == ["hashable", "the hashable protocol"])
    #expect(Self.missingVariants(of: ["16", "ios 16"]) == [])
  }

  /// Text and cloze (gaps separated by |) phrasings that blind reviews found refused.
  @Test func aLearnersPhrasingsOfTheReviewedTermsAreGradedRight() throws {
    let cases = [
      ("swiftui-basics", "spacer-name", ["the Spacer", "a Spacer view", "the spacer view", "Spacer()"]),
      ("swiftui-quality", "setup-method", ["setUp function", "the setUp() function", "override setUp"]),
      (
        "swiftui-quality", "preview-macro",
        ["the #Preview", "Preview macro", "the Preview macro", "#Preview(\"Dark Mode\")"]
      ),
      ("swiftui-lists-navigation", "route-protocol", ["Hashable protocol", "the Hashable protocol", "Swift.Hashable"]),
      ("swiftui-lists-navigation", "identifiable-protocol", ["Swift.Identifiable", "the Identifiable protocol"]),
      (
        "swiftui-basics", "where-swiftui-builds",
        ["Xcode IDE | MS Windows", "Xcode app | Windows OS", "the Xcode | Windows PCs", "Xcode | Microsoft Windows"]
      ),
      (
        "swiftui-state", "model-macro",
        ["@Model attribute", "the @Model attribute", "Model attribute", "SwiftData @Model"]
      ),
      (
        "swiftui-quality", "swift-testing-basics",
        ["Test attribute | expect macro", "Test macro | #expect(condition)", "@Test | the #expect macro"]
      ),
    ]
    for (bank, id, typed) in cases {
      let q = try #require(Curriculum.catalog.bank(bank)?.questions.first { $0.id == id }, "\(bank)/\(id)")
      for answer in typed {
        let response = try AnswerParser.parse(answer, for: q).get()
        #expect(Grader.grade(response, for: q).isCorrect, "\(bank)/\(id): \(answer)")
      }
    }
  }
}
