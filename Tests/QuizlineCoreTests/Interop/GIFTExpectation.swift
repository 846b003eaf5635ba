import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop

/// The one mapping from the neutral `gift-oracle/1` schema onto quizline's model, and the checks of every
/// field quizline keeps.
enum GIFTExpectation {
  static func check(_ items: [[String: Any]], against result: ImportResult, stem: String) throws {
    var categoryTags: [String] = []
    var qi = 0
    var ni = 0
    var ids: Set<String> = []
    for (n, item) in items.enumerated() {
      let place = Comment(rawValue: "\(stem) item \(n + 1)")
      switch item.str("type") {
      case "category":
        categoryTags = GIFTImporter.categoryTags(item.str("category"))
      case "description":
        let note = try #require(ni < result.studyNotes.count ? result.studyNotes[ni] : nil, place)
        ni += 1
        #expect(note.title == item.optStr("name"), place)
        #expect(
          note.text == terminal(item.str("questiontext"), item.str("questiontext_format")), place)
        #expect(note.tags == tags(item, categoryTags), place)
      default:
        let q = try #require(
          qi < result.bank.questions.count ? result.bank.questions[qi] : nil, place)
        qi += 1
        #expect(Slug.isValid(q.id), place)
        #expect(ids.insert(q.id).inserted, "\(place): id \(q.id) is unique")
        try check(item, q, tags: tags(item, categoryTags), place)
      }
    }
    #expect(qi == result.bank.questions.count, "\(stem): question count")
    #expect(ni == result.studyNotes.count, "\(stem): study note count")
  }

  /// Category tags, then the `[tag:…]`s slugged.
  static func tags(_ item: [String: Any], _ categoryTags: [String]) -> [String] {
    var seen: Set<String> = []
    return (categoryTags + item.strings("tags").map { Slug.make($0) }).filter {
      !$0.isEmpty && seen.insert($0).inserted
    }
  }

  static func check(_ item: [String: Any], _ q: Question, tags: [String], _ c: Comment) throws {
    let name = item.optStr("name")
    #expect(q.title == name, c)
    var prompt = terminal(item.str("questiontext"), item.str("questiontext_format"))
    if prompt.isEmpty { prompt = name ?? "" }
    #expect(q.prompt == prompt, c)
    #expect(q.tags == tags, c)
    let idnumber = item.str("idnumber")
    if !idnumber.isEmpty {
      // The slugged idnumber, numbered (`four-2`) when an earlier question of the file took it.
      let slug = Slug.make(idnumber)
      #expect(
        q.id == slug || (q.id.hasPrefix(slug + "-") && Int(q.id.dropFirst(slug.count + 1)) != nil),
        c)
    }
    let general = terminal(item.str("generalfeedback"), item.str("generalfeedback_format"))
    if item.str("type") != "essay" {
      if general.isEmpty {
        #expect(
          !q.explanation.isEmpty, "\(c): an import without feedback still gets an explanation")
      } else {
        #expect(q.explanation == general, c)
      }
    }
    let answers = item.list("answers")
    func text(_ a: [String: Any], _ key: String = "text", _ format: String = "format") -> String {
      terminal(a.str(key), a.str(format))
    }
    switch (item.str("type"), q.body) {
    case ("multichoice", .single(let choices, let answer)):
      #expect(item["single"] as? Bool == true, c)
      #expect(choices.map(\.text) == answers.map { text($0) }, c)
      #expect(
        choices.map(\.feedback)
          == answers.map { nilIfEmpty(text($0, "feedback", "feedback_format")) }, c)
      let best = answers.firstIndex { $0.num("fraction") == 1 } ?? -1
      #expect(answer == best, c)
      for (i, a) in answers.enumerated() where i != best {
        let f = a.num("fraction")
        #expect(choices[i].credit == (f == 0 ? nil : f), c)
      }
    case ("multichoice", .multiple(let choices, let right)):
      #expect(item["single"] as? Bool == false, c)
      #expect(choices.map(\.text) == answers.map { text($0) }, c)
      #expect(
        choices.map(\.feedback)
          == answers.map { nilIfEmpty(text($0, "feedback", "feedback_format")) }, c)
      #expect(right == answers.indices.filter { answers[$0].num("fraction") > 0 }, c)
      for (i, a) in answers.enumerated() {
        let f = a.num("fraction")
        if f == 0 {
          #expect(choices[i].credit == nil, c)
        } else {
          #expect(close(choices[i].credit ?? .nan, f), c)
        }
      }
    case ("truefalse", .truefalse(let answer, let ft, let ff)):
      #expect(answer == (item["correct_answer"] as? Bool), c)
      let t = item.obj("feedback_true")
      let f = item.obj("feedback_false")
      #expect(ft == nilIfEmpty(terminal(t.str("text"), t.str("format"))), c)
      #expect(ff == nilIfEmpty(terminal(f.str("text"), f.str("format"))), c)
    case ("shortanswer", .text(let accept, let ignorePunctuation, let other)):
      // `*` with no credit is "any other answer"; a pattern like `*word*` is accepted as `word`.
      var expected: [TextAnswer] = []
      var expectedOther: String?
      for a in answers {
        let fb = nilIfEmpty(text(a, "feedback", "feedback_format"))
        let literal = a.str("text").split(separator: "*").joined(separator: " ").split(
          separator: " "
        ).joined(separator: " ")
        if literal.isEmpty {
          if a.num("fraction") == 0 { expectedOther = fb }
          continue
        }
        expected.append(TextAnswer(text: literal, credit: max(0, a.num("fraction")), feedback: fb))
      }
      #expect(accept == expected, c)
      #expect(other == expectedOther, c)
      #expect(ignorePunctuation == false, c)
    case ("numerical", .numeric(let accept, let unit, let other)):
      #expect(unit == nil, c)
      let any = answers.filter { $0.str("text") == "*" }
      let numbers = answers.filter { $0.str("text") != "*" }
      #expect(other == any.last.flatMap { nilIfEmpty(text($0, "feedback", "feedback_format")) }, c)
      try #require(accept.count == numbers.count, c)
      for (got, a) in zip(accept, numbers) {
        let value = Double(a.str("text")) ?? .nan
        let tolerance = a.num("tolerance")
        switch got.match {
        case .value(let v, let t): #expect(close(v, value) && close(t, tolerance), c)
        case .range(let lo, let hi):
          #expect(close((lo + hi) / 2, value) && close((hi - lo) / 2, tolerance), c)
        }
        #expect(close(got.credit, max(0, a.num("fraction"))), c)
        #expect(got.feedback == nilIfEmpty(text(a, "feedback", "feedback_format")), c)
      }
    case ("matching", .matching(let pairs, let distractors)):
      let entries = item.list("pairs")
      let expectedPairs = entries.filter { !$0.str("question").isEmpty }.map {
        MatchPair(
          left: terminal($0.str("question"), $0.str("question_format")), right: $0.str("answer"))
      }
      #expect(pairs == expectedPairs, c)
      #expect(
        distractors == entries.filter { $0.str("question").isEmpty }.map { $0.str("answer") }, c)
    case ("essay", .openEnded(let model, let keyPoints)):
      #expect(keyPoints.isEmpty, c)
      if general.isEmpty { #expect(!model.isEmpty, c) } else { #expect(model == general, c) }
      #expect(!q.explanation.isEmpty, c)
    default:
      Issue.record("\(c): type \(item.str("type")) became \(q.typeName)")
    }
  }
}
