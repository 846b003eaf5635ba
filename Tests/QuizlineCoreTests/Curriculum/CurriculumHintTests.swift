import Foundation
import Testing

@testable import QuizlineCore

/// A hint points to the idea a question needs without handing over the answer (issue 30): no shipped hint
/// names one of its question's accepted answers.
@Suite struct CurriculumHintTests {
  @Test func noShippedHintContainsAnAcceptedAnswerOfItsQuestion() {
    var hintsChecked = 0
    for (bank, q) in Curriculum.questions {
      guard let hint = q.hint else { continue }
      hintsChecked += 1
      for answer in HintCheck.answersAHintMustNotName(q) where HintCheck.text(hint, contains: answer) {
        Issue.record(
          "\(bank)/\(q.id): the hint \(quoted(hint, limit: 200)) contains the accepted answer \(quoted(answer))")
      }
    }
    #expect(hintsChecked >= 140)
  }

  /// Hints send the learner to the course's own examples (`BookCard`, `CityLookup`): each code span a
  /// hint names must be in a study session or in its own question, so renaming an example cannot leave
  /// a hint pointing at nothing. Names every Swift project has are allowed.
  @Test func everyCodeNameAHintPointsToIsInASessionOrItsQuestion() throws {
    let sessions = try FileManager.default.contentsOfDirectory(atPath: Curriculum.quizzes + "/sessions")
      .map { try String(contentsOfFile: Curriculum.quizzes + "/sessions/" + $0, encoding: .utf8) }.joined()
    let everywhere: Set<String> = ["ContentView", "sorted(by:)", "map"]
    var spans = 0
    for (bank, q) in Curriculum.questions {
      guard let hint = q.hint else { continue }
      let own = q.prompt + q.explanation + String(describing: q.body)
      for span in hint.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      where span.offset % 2 == 1 {
        spans += 1
        let name = String(span.element)
        if !sessions.contains(name) && !own.contains(name) && !everywhere.contains(name) {
          Issue.record("\(bank)/\(q.id): the hint names `\(name)`, which no study session and not the question shows")
        }
      }
    }
    #expect(spans >= 40)
  }

  @Test func anAnswerIsFoundAsWholeWordsIgnoringCaseAndPunctuation() {
    #expect(HintCheck.text("Think of what an apple account is for.", contains: "Apple Account"))
    #expect(HintCheck.text("Recall `LazyVStack`, the lazy one.", contains: "`LazyVStack`"))
    #expect(HintCheck.text("Write `$volume` here", contains: "$volume"))
    #expect(HintCheck.text("Recall the #Preview macro", contains: "Preview"))
    #expect(HintCheck.text("above 80%", contains: "80"))
    #expect(HintCheck.text("put Spacers between them", contains: "Spacer"))
    #expect(!HintCheck.text("run xcodebuild from Terminal", contains: "Xcode"))
    #expect(!HintCheck.text("the ViewModifier protocol", contains: "View"))
    #expect(!HintCheck.text("above 800 lines", contains: "80"))
    #expect(!HintCheck.text("an Apple account", contains: "the Apple Account"))
  }

  @Test func everyKindOfGradedAnswerIsCheckedAndShortWordsAreNot() {
    let choices = [Choice(text: "Offsets are unstable"), Choice(text: "Structs")]
    #expect(HintCheck.answers(of: .single(choices: choices, answer: 0)) == ["Offsets are unstable"])
    #expect(
      HintCheck.answers(of: .multiple(choices: choices, answers: [0, 1])) == ["Offsets are unstable", "Structs"])
    #expect(HintCheck.answers(of: .truefalse(answer: false, feedbackTrue: nil, feedbackFalse: nil)) == ["False"])
    let text = QuestionBody.text(
      accept: [TextAnswer(text: "Spacer"), TextAnswer(text: "Divider", credit: 0)], ignorePunctuation: true,
      otherFeedback: nil)
    #expect(HintCheck.answers(of: text) == ["Spacer"])
    let numeric = QuestionBody.numeric(
      accept: [NumericAnswer(match: .value(80, tolerance: 0)), NumericAnswer(match: .range(min: 2.5, max: 4))],
      unit: nil, otherFeedback: nil)
    #expect(HintCheck.answers(of: numeric) == ["80", "2.5", "4"])
    let matching = QuestionBody.matching(pairs: [MatchPair(left: "`HStack`", right: "side by side")], distractors: [])
    #expect(HintCheck.answers(of: matching) == ["side by side"])
    let cloze = QuestionBody.cloze(
      text: "Pass data {{1}} and actions {{2}}.",
      gaps: [ClozeGap(accept: [TextAnswer(text: "down")]), ClozeGap(accept: [TextAnswer(text: "up")])])
    #expect(HintCheck.answers(of: cloze) == ["down", "up"])
    #expect(HintCheck.answers(of: .flashcard(back: "A scene type")) == ["A scene type"])
    #expect(HintCheck.answers(of: .flashcard(back: "A scene type that presents the app's main window")) == [])
    #expect(!HintCheck.isWorthChecking("up") && !HintCheck.isWorthChecking("iOS 16"))
    #expect(HintCheck.isWorthChecking("16") && HintCheck.isWorthChecking("View"))
  }
}

/// The oracle of the hint test, written for it: which answers a question accepts, and whole-word containment.
private enum HintCheck {
  /// The accepted answers of `q` that a hint must not contain: those of 4 or more letters, and numbers.
  static func answersAHintMustNotName(_ q: Question) -> [String] {
    answers(of: q.body).filter(isWorthChecking)
  }

  /// Every answer that earns credit, as text. Ordering questions show every item (only the order is
  /// asked) and an open question's model answer is an essay, so neither has one to leak.
  static func answers(of body: QuestionBody) -> [String] {
    switch body {
    case .single(let choices, let answer): return [choices[answer].text]
    case .multiple(let choices, let answers): return answers.map { choices[$0].text }
    case .truefalse(let answer, _, _): return [answer ? "True" : "False"]
    case .text(let accept, _, _): return accept.filter { $0.credit > 0 }.map(\.text)
    case .numeric(let accept, _, _):
      return accept.filter { $0.credit > 0 }.flatMap { a -> [String] in
        switch a.match {
        case .value(let v, _): [number(v)]
        case .range(let lo, let hi): [number(lo), number(hi)]
        }
      }
    case .matching(let pairs, _): return pairs.map(\.right)
    case .cloze(_, let gaps): return gaps.flatMap { $0.accept.filter { $0.credit > 0 }.map(\.text) }
    case .flashcard(let back): return words(back).count <= 5 ? [back] : []
    case .ordering, .openEnded: return []
    }
  }

  /// Short words ("up", "iOS 16") are too common to flag; a bare number is always specific.
  static func isWorthChecking(_ answer: String) -> Bool {
    answer.filter(\.isLetter).count >= 4
      || (answer.contains(where: \.isNumber) && answer.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" })
  }

  /// Whether `answer` occurs in `text` as whole words (its last one possibly in the plural), ignoring case,
  /// punctuation and sigils (`@`, `#`, `$`).
  static func text(_ text: String, contains answer: String) -> Bool {
    let needle = words(answer)
    let haystack = words(text)
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { start in
      let run = haystack[start..<start + needle.count]
      return zip(run.dropLast(), needle.dropLast()).allSatisfy(==)
        && [needle.last!, needle.last! + "s", needle.last! + "es"].contains(run.last!)
    }
  }

  /// Lower-cased runs of letters, digits, `_` and inner `.` (so that "2.5" stays one word).
  static func words(_ text: String) -> [String] {
    var out: [String] = []
    var current = ""
    let chars = Array(text.lowercased())
    for (i, c) in chars.enumerated() {
      let innerDot =
        c == "." && !current.isEmpty && i + 1 < chars.count && chars[i + 1].isNumber
        && current.last!.isNumber
      if c.isLetter || c.isNumber || c == "_" || innerDot {
        current.append(c)
      } else if !current.isEmpty {
        out.append(current)
        current = ""
      }
    }
    if !current.isEmpty { out.append(current) }
    return out
  }

  static func number(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
  }
}
