import Testing

@testable import QuizlineCore

/// A question's label in a report carries the images its prompt shows beyond the title, so the
/// HTML report can show an imported card's picture (usually on a line of its own).
@Suite struct ReportImageLabelTests {
  static func catalog(_ prompt: String) -> Catalog {
    Catalog(banks: [
      Bank(
        id: "heart", title: "Heart",
        questions: [Question(id: "q", prompt: prompt, explanation: "", body: .flashcard(back: "the left ventricle"))])
    ])
  }

  @Test func anImageBelowTheTitleLineIsCarriedWithTheLabel() {
    let label = ReportBuilder.label(
      QuestionRef(bank: "heart", question: "q"), Self.catalog("Which chamber?\n![](heart-media/heart.png)"))
    #expect(label.title == "Which chamber?")
    #expect(label.images == [MediaReference(kind: .image, source: "heart-media/heart.png")])
  }

  @Test func anImageTheTitleShowsIsNotCarriedTwice() {
    let label = ReportBuilder.label(
      QuestionRef(bank: "heart", question: "q"), Self.catalog("![](heart-media/heart.png) Which chamber? [sound:a.mp3]")
    )
    #expect(label.images.isEmpty)
  }
}
