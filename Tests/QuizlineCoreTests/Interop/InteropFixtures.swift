@testable import QuizlineCore
@testable import QuizlineFormats

/// A small bank with one question of every type and text that is awkward for every output format:
/// tabs, line breaks, quotes, `<`, `&`, backticks, indentation, non-ASCII.
enum InteropFixtures {
  static let bank = Bank(
    id: "fixture", title: "Fixture \"bank\" <all types>", description: "Every type once.",
    version: "2",
    tags: ["fixture"],
    questions: [
      Question(
        id: "single-1", title: "Less than", prompt: "Is 2 < 3 & \"true\"?\tReally?",
        explanation: "Yes:\n  2 < 3.",
        tags: ["maths", "basics"], difficulty: .easy,
        source: SourceReference(file: "seed.md", section: "Numbers"),
        body: .single(
          choices: [Choice(text: "yes", feedback: "right"), Choice(text: "no", credit: 0.25)],
          answer: 0)),
      Question(
        id: "multiple-1", prompt: "Pick the primes", explanation: "2 and 3 are prime.",
        body: .multiple(
          choices: [
            Choice(text: "2", credit: 0.5), Choice(text: "3", credit: 0.5),
            Choice(text: "4", credit: -1),
          ], answers: [0, 1])),
      Question(
        id: "tf-1", prompt: "The sun rises in the east.", explanation: "It does.",
        body: .truefalse(answer: true, feedbackTrue: "Correct.", feedbackFalse: nil)),
      Question(
        id: "text-1", prompt: "Name the `@State` wrapper's purpose", explanation: "Local state.",
        hint: "It starts with s",
        body: .text(
          accept: [
            TextAnswer(text: "state"), TextAnswer(text: "storage", credit: 0.5, feedback: "close"),
          ], ignorePunctuation: true, otherFeedback: "No.")),
      Question(
        id: "numeric-1", prompt: "π to two places", explanation: "3.14…",
        body: .numeric(
          accept: [
            NumericAnswer(match: .value(3.14, tolerance: 0.005)),
            NumericAnswer(match: .range(min: 3, max: 4), credit: 0.5),
          ], unit: "rad", otherFeedback: nil)),
      Question(
        id: "matching-1", prompt: "Match capitals", explanation: "Geography.",
        body: .matching(
          pairs: [
            MatchPair(left: "Canada", right: "Ottawa"), MatchPair(left: "Italy", right: "Rome"),
          ], distractors: ["Paris"])),
      Question(
        id: "ordering-1", prompt: "Order these", explanation: "Alphabet.",
        body: .ordering(items: ["a", "b", "c"])),
      Question(
        id: "cloze-1", prompt: "Fill in", explanation: "Grammar.",
        body: .cloze(
          text: "The {{1}} is {{2}}.",
          gaps: [
            ClozeGap(accept: [TextAnswer(text: "sky")]),
            ClozeGap(accept: [TextAnswer(text: "blue")], ignorePunctuation: true),
          ])),
      Question(
        id: "flashcard-1", prompt: "Front ✓", explanation: "",
        body: .flashcard(back: "Back\nline two")),
      Question(
        id: "open-1", prompt: "Explain", explanation: "Self-graded.",
        body: .openEnded(modelAnswer: "Because.", keyPoints: ["one", "two"])),
    ])
}
