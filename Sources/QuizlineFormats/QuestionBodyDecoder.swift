import QuizlineCore

/// Decodes the type-specific keys of a question (choices, accepted answers, pairs, gaps, …).
struct QuestionBodyDecoder {
  let context: DecodeContext

  func decode(_ kind: QuestionKind, _ q: inout ObjectReader) -> QuestionBody? {
    switch kind {
    case .single: return single(&q)
    case .multiple: return multiple(&q)
    case .truefalse: return trueFalse(&q)
    case .text:
      let accept = textAnswers(&q, key: "accept")
      let ignore = q.bool("ignorePunctuation") ?? false
      let other = q.string("otherFeedback")
      return accept.map { .text(accept: $0, ignorePunctuation: ignore, otherFeedback: other) }
    case .numeric: return numeric(&q)
    case .matching: return matching(&q)
    case .ordering: return ordering(&q)
    case .cloze: return cloze(&q)
    case .flashcard: return q.string("back", required: true).map { .flashcard(back: $0) }
    case .open:
      let model = q.string("modelAnswer", required: true)
      let points = q.strings("keyPoints") ?? []
      return model.map { .openEnded(modelAnswer: $0, keyPoints: points) }
    }
  }

  // MARK: choices

  private func choices(_ q: inout ObjectReader) -> (choices: [Choice], node: TapeValue)? {
    guard let node = q.required("choices") else { return nil }
    // Walked on the tape, and both lists sized once: a list of the elements and the growth of
    // the two lists (1, 2, 4) were a sixth of loading a bank of short single-choice questions.
    guard let array = q.arrayValue("choices", minCount: 2) else { return nil }
    let count = Int(array.node.count)
    if let problem = QuestionRules.tooManyChoices(count, what: q.what) {
      context.error(node, problem)
      return nil
    }
    // The list made at its size (reserving capacity in an empty list took the standard library's
    // general path), and the choices' comparison keys on the stack: at most 26, searched in place.
    var complete = false
    let out = [Choice](unsafeUninitializedCapacity: count) { buffer, initialized in
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { seen in
        var k = array.index + 1
        for n in 0..<count {
          let item = array.at(k)
          k = Int(array.tape.nodes[k].next)
          guard let choice = choice(item, at: n, &q) else { return }
          let key = comparisonKey(choice.text)
          var first = 0
          while first < n && seen[first] != key { first += 1 }
          if first < n {
            context.warning(item, QuestionRules.repeatedChoice(n, of: first, text: choice.text, what: q.what))
          }
          seen[n] = key
          buffer.initializeElement(at: n, to: choice)
          initialized = n + 1
        }
        complete = true
      }
    }
    return complete && out.count >= 2 ? (out, node) : nil
  }

  /// One element of `choices`: a string, or an object with its text, feedback and credit.
  private func choice(_ item: TapeValue, at n: Int, _ q: inout ObjectReader) -> Choice? {
    if item.kind == .string { return q.text(item, key: "choices").map { Choice(text: $0) } }
    guard var c = ObjectReader(item, context: context, part: .text("choice \(Self.letter(n))"), of: q.subject) else {
      return nil
    }
    let text = c.string("text", required: true)
    let feedback = c.string("feedback")
    let credit = c.number("credit", in: -1...1)
    c.reportUnknownKeys()
    return text.map { Choice(text: $0, feedback: feedback, credit: credit) }
  }

  private func letterIndex(_ v: TapeValue, key: StaticString, choiceCount: Int, _ q: inout ObjectReader) -> Int? {
    guard let s = v.string else {
      context.error(v, "\(quoted(key)) in \(q.what) must be a choice letter such as \"b\", found \(v.kindDescription)")
      return nil
    }
    // One byte is one character: the grapheme count only for longer text.
    guard s.utf8.count == 1 || s.count == 1, let scalar = s.unicodeScalars.first, scalar.value >= 0x61,
      scalar.value < 0x61 + UInt32(choiceCount)
    else {
      context.error(v, "answer \(quoted(s)) in \(q.what) is not among its choices a-\(Self.letter(choiceCount - 1))")
      return nil
    }
    return Int(scalar.value - 0x61)
  }

  private func single(_ q: inout ObjectReader) -> QuestionBody? {
    let cs = choices(&q)
    guard let answerNode = q.required("answer"), let cs else { return nil }
    guard let answer = letterIndex(answerNode, key: "answer", choiceCount: cs.choices.count, &q) else { return nil }
    return .single(choices: cs.choices, answer: answer)
  }

  private func multiple(_ q: inout ObjectReader) -> QuestionBody? {
    let cs = choices(&q)
    guard let items = q.array("answers", required: true, minCount: 1), let cs else { return nil }
    var answers: [Int] = []
    for item in items {
      guard let k = letterIndex(item, key: "answers", choiceCount: cs.choices.count, &q) else { return nil }
      if answers.contains(k) {
        context.error(item, "answer \(quoted(Self.letter(k))) appears twice in \(quoted("answers")) of \(q.what)")
        return nil
      }
      answers.append(k)
    }
    guard !answers.isEmpty else { return nil }
    return .multiple(choices: cs.choices, answers: answers.sorted())
  }

  private func trueFalse(_ q: inout ObjectReader) -> QuestionBody? {
    let answer = q.bool("answer", required: true)
    var onTrue: String?
    var onFalse: String?
    if let v = q.value("feedback"), var f = ObjectReader(v, context: context, part: .text("feedback"), of: q.subject) {
      onTrue = f.string("true")
      onFalse = f.string("false")
      f.reportUnknownKeys()
    }
    return answer.map { .truefalse(answer: $0, feedbackTrue: onTrue, feedbackFalse: onFalse) }
  }

  // MARK: answers

  /// A list of accepted answers: strings, or `{"text", "credit", "feedback"}` objects.
  func textAnswers(_ q: inout ObjectReader, key: StaticString) -> [TextAnswer]? {
    guard let items = q.array(key, required: true, minCount: 1), !items.isEmpty else { return nil }
    return textAnswers(items, key: key, &q)
  }

  private func textAnswers(_ items: [TapeValue], key: StaticString, _ q: inout ObjectReader) -> [TextAnswer]? {
    var out: [TextAnswer] = []
    out.reserveCapacity(items.count)
    // A question lists a few answers: a list searched in place beats hashing, and a set takes over
    // for a long list, so a hostile file cannot make this quadratic.
    var seenList: [UInt64] = []
    seenList.reserveCapacity(min(items.count, 16))
    var seenSet: Set<UInt64>? = items.count > 16 ? [] : nil
    var failed = false
    for (n, item) in items.enumerated() {
      var answer: TextAnswer?
      if item.kind == .string {
        answer = q.text(item, key: key).map { TextAnswer(text: $0) }
      } else if var a = ObjectReader(item, context: context, part: .answerIn(n + 1, key.description), of: q.subject) {
        let text = a.string("text", required: true)
        let credit = a.number("credit", in: 0...1) ?? 1
        let feedback = a.string("feedback")
        a.reportUnknownKeys()
        answer = text.map { TextAnswer(text: $0, credit: credit, feedback: feedback) }
      }
      guard let answer else {
        failed = true
        continue
      }
      let folded = comparisonKey(answer.text)
      let repeated: Bool
      if seenSet != nil {
        repeated = !seenSet!.insert(folded).inserted
      } else {
        repeated = seenList.contains(folded)
        if !repeated { seenList.append(folded) }
      }
      if repeated {
        context.warning(item, QuestionRules.repeatedAnswer(answer.text, what: q.what))
      }
      out.append(answer)
    }
    if failed { return nil }
    if let problem = QuestionRules.noCreditProblem(out.map(\.credit), what: "\(quoted(key)) in \(q.what)") {
      context.error(items[0], problem)
      return nil
    }
    return out
  }

  private func numeric(_ q: inout ObjectReader) -> QuestionBody? {
    guard let items = q.array("accept", required: true, minCount: 1), !items.isEmpty else { return nil }
    let unit = q.string("unit")
    let other = q.string("otherFeedback")
    var out: [NumericAnswer] = []
    out.reserveCapacity(items.count)
    for (n, item) in items.enumerated() {
      guard var a = ObjectReader(item, context: context, part: .numbered("answer", n + 1), of: q.subject) else {
        return nil
      }
      let value = a.number("value")
      let tolerance = a.number("tolerance", in: 0...Double.greatestFiniteMagnitude)
      let lo = a.number("min")
      let hi = a.number("max")
      let credit = a.number("credit", in: 0...1) ?? 1
      let feedback = a.string("feedback")
      a.reportUnknownKeys()
      let hasValue = a.has("value")
      let hasRange = a.has("min") || a.has("max")
      if hasValue && hasRange {
        context.error(
          item,
          "\(a.what) has both \"value\" and \"min\"/\"max\"; give either a value (with an optional tolerance) or a range"
        )
        return nil
      }
      if let value {
        out.append(NumericAnswer(match: .value(value, tolerance: tolerance ?? 0), credit: credit, feedback: feedback))
      } else if let lo, let hi {
        if a.has("tolerance") { context.error(item, "\(a.what): \"tolerance\" applies to \"value\", not to a range") }
        guard lo <= hi else {
          context.error(item, "\(a.what) has \"min\" \(format(lo)) above \"max\" \(format(hi))")
          return nil
        }
        out.append(NumericAnswer(match: .range(min: lo, max: hi), credit: credit, feedback: feedback))
      } else {
        if !hasValue && !(a.has("min") && a.has("max")) {
          context.error(item, "\(a.what) needs \"value\" or both \"min\" and \"max\"")
        }
        return nil
      }
    }
    if let problem = QuestionRules.noCreditProblem(out.map(\.credit), what: "\"accept\" in \(q.what)") {
      context.error(items[0], problem)
      return nil
    }
    return .numeric(accept: out, unit: unit, otherFeedback: other)
  }

  // MARK: structured types

  private func matching(_ q: inout ObjectReader) -> QuestionBody? {
    guard let node = q.required("pairs"), let items = q.array("pairs", minCount: 2) else { return nil }
    let distractors = q.strings("distractors") ?? []
    guard items.count >= 2 else { return nil }
    if items.count > 26 {
      context.error(node, "\(q.what) has \(items.count) pairs; at most 26 are allowed")
      return nil
    }
    var pairs: [MatchPair] = []
    pairs.reserveCapacity(items.count)
    // At most 26 pairs: lists searched in place beat hashing the keys again.
    var lefts: [UInt64] = []
    lefts.reserveCapacity(items.count)
    var rights: [UInt64] = []
    rights.reserveCapacity(items.count)
    for (n, item) in items.enumerated() {
      guard var p = ObjectReader(item, context: context, part: .numbered("pair", n + 1), of: q.subject) else {
        return nil
      }
      let left = p.string("left", required: true)
      let right = p.string("right", required: true)
      p.reportUnknownKeys()
      guard let left, let right else { return nil }
      let leftKey = comparisonKey(left)
      if lefts.contains(leftKey) {
        context.error(item, QuestionRules.repeatedLeft(left, what: p.what))
        return nil
      }
      lefts.append(leftKey)
      let rightKey = comparisonKey(right)
      if rights.contains(rightKey) {
        context.warning(item, "\(p.what) repeats the right item \(quoted(right))")
      } else {
        rights.append(rightKey)
      }
      pairs.append(MatchPair(left: left, right: right))
    }
    if let problem = QuestionRules.tooManyRights(pairs.count + distractors.count, what: q.what) {
      context.error(node, problem)
      return nil
    }
    for d in distractors where rights.contains(comparisonKey(d)) {
      context.warning(node, "distractor \(quoted(d)) of \(q.what) is also a right item of a pair")
    }
    return .matching(pairs: pairs, distractors: distractors)
  }

  private func ordering(_ q: inout ObjectReader) -> QuestionBody? {
    guard let node = q.required("items"), let items = q.strings("items", minCount: 2), items.count >= 2 else {
      return nil
    }
    if let problem = QuestionRules.tooManyItems(items.count, what: q.what)
      ?? QuestionRules.ambiguousOrder(items, what: q.what)
    {
      context.error(node, problem)
      return nil
    }
    return .ordering(items: items)
  }

  private func cloze(_ q: inout ObjectReader) -> QuestionBody? {
    let textNode = q.required("text")
    let text = textNode.flatMap { q.text($0, key: "text") }
    guard let gapItems = q.array("gaps", required: true, minCount: 1) else { return nil }
    var gaps: [ClozeGap] = []
    for (n, item) in gapItems.enumerated() {
      guard var g = ObjectReader(item, context: context, part: .numbered("gap", n + 1), of: q.subject) else {
        return nil
      }
      let accept = textAnswers(&g, key: "accept")
      let ignore = g.bool("ignorePunctuation") ?? false
      g.reportUnknownKeys()
      guard let accept else { return nil }
      gaps.append(ClozeGap(accept: accept, ignorePunctuation: ignore))
    }
    guard let text, let textNode, !gaps.isEmpty else { return nil }
    let markers = ClozeText.markers(in: text)
    let expected = Array(1...max(1, gaps.count))
    if markers != expected {
      let found = markers.isEmpty ? "no gaps" : markers.map { "{{\($0)}}" }.joined(separator: " ")
      context.error(
        textNode,
        "the text of \(q.what) must contain the gaps \(expected.map { "{{\($0)}}" }.joined(separator: " ")) in order, one per entry of \"gaps\"; found \(found)"
      )
      return nil
    }
    return .cloze(text: text, gaps: gaps)
  }

  static func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(0x61 + index))) }
}
