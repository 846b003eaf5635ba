import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// The messages about parts of questions (pairs, choices, answers, gaps, feedback, sources) name
/// the part and its question exactly as they did when each reader built its description eagerly
/// (this file's expected lines are the output of `quizline check` before readers matched keys as
/// bytes and joined descriptions lazily).
@Suite struct PartDescriptionTests {
  @Test func partsOfQuestionsAreNamedWithTheirQuestion() throws {
    let bank = #"""
      {"kind": "bank", "schemaVersion": 1, "id": "b", "title": "B", "questions": [
      {"id": "q1", "type": "matching", "prompt": "P", "explanation": "E", "pairs": [{"left": "a", "right": "x"}, {"left": "b", "right": "X "}, {"left": "A", "right": "y"}], "distractors": ["z"]},
      {"id": "q2", "type": "matching", "prompt": "P", "explanation": "E", "pairs": [{"left": "a", "right": "x"}, 3]},
      {"id": "q3", "type": "single", "prompt": "P", "explanation": "E", "choices": [{"text": "a", "fedback": "f"}, "b", "c"], "answer": "a", "source": [1]},
      {"id": "q4", "type": "truefalse", "prompt": "P", "explanation": "E", "answer": true, "feedback": {"true": "t", "true": "u", "flase": "f"}},
      {"id": "q5", "type": "text", "prompt": "P", "explanation": "E", "accept": [{"text": "x", "credit": 1}, {"txt": "y"}], "titel": "T"},
      {"id": "q6", "type": "cloze", "prompt": "P", "explanation": "E", "text": "a {{1}}", "gaps": ["g"]},
      {"id": "q7", "type": "numeric", "prompt": "P", "explanation": "E", "accept": [{"value": 1, "min": 0}], "\u0074ype": "x"},
      {"id": "q8", "type": "text", "prompt": "P", "explanation": "E", "accept": ["x", "X", "x "], "ti\u0074le": "T", "é": 1, "é": 2}
      ]}
      """#
    let result = try loadCatalog(["b.json": bank])
    #expect(
      located(result.diagnostics) == [
        #"2:108: warning: pair 2 of question "q1" repeats the right item "X ""#,
        #"2:138: error: pair 3 of question "q1" repeats the left item "A"; each left item must be unique"#,
        #"3:108: error: pair 2 of question "q2" must be an object, found a number"#,
        #"4:93: error: unknown key "fedback" in choice a of question "q3"; did you mean "feedback"?"#,
        #"4:146: error: source of question "q3" must be an object, found an array"#,
        #"5:112: error: duplicate key "true" in feedback of question "q4"; each key may appear once"#,
        #"5:125: error: unknown key "flase" in feedback of question "q4"; did you mean "false"?"#,
        #"6:104: error: answer 2 in "accept" of question "q5" is missing the required key "text""#,
        #"6:105: error: unknown key "txt" in answer 2 in "accept" of question "q5"; did you mean "text"?"#,
        #"6:119: error: unknown key "titel" in question "q5"; did you mean "title"?"#,
        #"7:94: error: gap 1 of question "q6" must be an object, found a string"#,
        #"8:79: error: answer 1 of question "q7" has both "value" and "min"/"max"; give either a value (with an optional tolerance) or a range"#,
        #"8:104: error: duplicate key "type" in question 7; each key may appear once"#,
        #"9:81: warning: accepted answer "X" is listed twice in question "q8""#,
        #"9:86: warning: accepted answer "x " is listed twice in question "q8""#,
        #"9:112: error: unknown key "é" in question "q8"; allowed keys: id, type, title, prompt, explanation, hint, tags, difficulty, source, note, accept, ignorePunctuation, otherFeedback"#,
        #"9:120: error: duplicate key "é" in question 8; each key may appear once"#,
      ])
  }
}
