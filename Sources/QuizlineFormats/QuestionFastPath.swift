import QuizlineCore

/// The common question read in one pass over its members, straight off the tape: no
/// ``ObjectReader``, no list of asked keys, keys matched by their length and bytes.
///
/// It takes only what the general path (``BankDecoder``, the home of the rules and their messages)
/// reads without a word: keys it knows (plain ASCII, each once), text that
/// ``ObjectReader/textProblem(_:_:nonEmpty:)`` accepts, valid ids and tags, no repeated choice, and
/// the types `single`, `multiple` (string choices), `truefalse` (without feedback) and `flashcard`.
/// On anything else it answers nil and the general path reads the question again, with its
/// messages. `QuestionFastPathOracleTests` holds the two equal on shipped banks, every type and
/// thousands of mutated questions.
enum QuestionFastPath {
  /// A member this path reads: the tape index of its value, by slot.
  private enum Slot: Int {
    case id, type, title, prompt, explanation, hint, tags, difficulty, source, choices, answer, answers, back
  }

  /// The types this path reads, as written in files.
  private static let typeNames: [(StaticString, QuestionKind)] = [
    ("single", .single), ("multiple", .multiple), ("truefalse", .truefalse), ("flashcard", .flashcard),
  ]

  /// The question `item` when the general path would read it without a message; nil otherwise.
  static func decode(_ item: TapeValue) -> Question? {
    var strings = ShortStringCache()
    return decode(item, strings: &strings)
  }

  /// The same, with the short strings of the choices and tags taken from `strings` (kept for a
  /// whole bank).
  static func decode(_ item: TapeValue, strings: inout ShortStringCache) -> Question? {
    guard item.kind == .object, item.node.count <= 16 else { return nil }
    let nodes = item.tape.nodes
    let bytes = item.tape.source.baseAddress!
    // Tape index of each slot's value; 0 (the root) means absent.
    var slots = SIMD16<Int32>()
    var k = item.index + 1
    for _ in 0..<Int(item.node.count) {
      let key = nodes[k]
      guard !key.hasEscapes, let slot = slot(bytes + Int(key.start) + 1, Int(key.end - key.start) - 2),
        slots[slot.rawValue] == 0
      else { return nil }
      slots[slot.rawValue] = Int32(k + 1)
      k = Int(nodes[k + 1].next)
    }
    func value(_ slot: Slot) -> TapeValue? {
      slots[slot.rawValue] == 0 ? nil : item.at(Int(slots[slot.rawValue]))
    }
    guard let kind = value(.type).flatMap(typeKind), let idValue = value(.id),
      let id = text(idValue, nonEmpty: false), Identifier.isValid(id), let prompt = value(.prompt).flatMap({ text($0) })
    else { return nil }
    var title: String?
    if let v = value(.title) {
      guard let s = text(v) else { return nil }
      title = s
    }
    var hint: String?
    if let v = value(.hint) {
      guard let s = text(v) else { return nil }
      hint = s
    }
    let explanation: String
    if let v = value(.explanation) {
      guard let s = text(v, nonEmpty: false), kind == .flashcard || !BankDecoder.isBlankExplanation(v, s) else {
        return nil
      }
      explanation = s
    } else {
      guard kind == .flashcard else { return nil }
      explanation = ""
    }
    var tags: [String] = []
    if let v = value(.tags) {
      guard let list = self.tags(v, strings: &strings) else { return nil }
      tags = list
    }
    var difficulty: Difficulty?
    if let v = value(.difficulty) {
      guard let s = text(v), let d = Difficulty(rawValue: s) else { return nil }
      difficulty = d
    }
    var source: SourceReference?
    if let v = value(.source) {
      guard let s = self.source(v) else { return nil }
      source = s
    }
    let body: QuestionBody
    switch kind {
    case .single:
      guard value(.answers) == nil, value(.back) == nil, let v = value(.choices),
        let choices = choices(v, strings: &strings),
        let answer = value(.answer).flatMap({ letter($0, choiceCount: choices.count) })
      else { return nil }
      body = .single(choices: choices, answer: answer)
    case .multiple:
      guard value(.answer) == nil, value(.back) == nil, let v = value(.choices),
        let choices = choices(v, strings: &strings),
        let answers = value(.answers).flatMap({ letters($0, choiceCount: choices.count) })
      else { return nil }
      body = .multiple(choices: choices, answers: answers)
    case .truefalse:
      guard value(.choices) == nil, value(.answers) == nil, value(.back) == nil, let answer = value(.answer)?.bool
      else { return nil }
      body = .truefalse(answer: answer, feedbackTrue: nil, feedbackFalse: nil)
    case .flashcard:
      guard value(.choices) == nil, value(.answer) == nil, value(.answers) == nil,
        let back = value(.back).flatMap({ text($0) })
      else { return nil }
      body = .flashcard(back: back)
    default:
      return nil
    }
    return Question(
      id: id, title: title, prompt: prompt, explanation: explanation, hint: hint, tags: tags,
      difficulty: difficulty, source: source, note: nil, body: body)
  }

  /// The slot of the key of `length` bytes at `key`, or nil for a key this path does not read.
  private static func slot(_ key: UnsafePointer<UInt8>, _ length: Int) -> Slot? {
    guard length > 1 else { return nil }
    @inline(__always) func named(_ name: StaticString, _ slot: Slot) -> Slot? {
      name.utf8CodeUnitCount == length && same(key, name.utf8Start, length) ? slot : nil
    }
    switch key[0] {
    case UInt8(ascii: "i"): return named("id", .id)
    case UInt8(ascii: "t"): return named("type", .type) ?? named("title", .title) ?? named("tags", .tags)
    case UInt8(ascii: "p"): return named("prompt", .prompt)
    case UInt8(ascii: "e"): return named("explanation", .explanation)
    case UInt8(ascii: "h"): return named("hint", .hint)
    case UInt8(ascii: "d"): return named("difficulty", .difficulty)
    case UInt8(ascii: "s"): return named("source", .source)
    case UInt8(ascii: "c"): return named("choices", .choices)
    case UInt8(ascii: "a"): return named("answer", .answer) ?? named("answers", .answers)
    case UInt8(ascii: "b"): return named("back", .back)
    default: return nil
    }
  }

  /// The type named by `v`, when it is one this path reads, written plainly.
  private static func typeKind(_ v: TapeValue) -> QuestionKind? {
    let node = v.node
    guard node.kind == .string, !node.hasEscapes else { return nil }
    let length = Int(node.end - node.start) - 2
    let start = v.tape.source.baseAddress! + Int(node.start) + 1
    for (name, kind) in typeNames where name.utf8CodeUnitCount == length && same(start, name.utf8Start, length) {
      return kind
    }
    return nil
  }

  /// The string of `v` when ``ObjectReader/text(_:key:nonEmpty:)`` takes it without a word.
  private static func text(_ v: TapeValue) -> String? { text(v, nonEmpty: true) }

  /// The same with its ``comparisonKey(_:_:)``, both taken from `strings` for a short plain literal
  /// (at most 15 bytes between its quotes).
  private static func textAndKey(_ v: TapeValue, strings: inout ShortStringCache) -> (String, UInt64)? {
    let node = v.node
    if node.end - node.start <= 17 && ObjectReader.isPlainText(node, nonEmpty: true) {
      return strings.stringAndKey(v, key: comparisonKey)
    }
    guard let s = text(v) else { return nil }
    return (s, comparisonKey(v, s))
  }

  private static func text(_ v: TapeValue, nonEmpty: Bool) -> String? {
    if ObjectReader.isPlainText(v.node, nonEmpty: nonEmpty) { return v.string }
    guard let s = v.string, ObjectReader.textProblem(v, s, nonEmpty: nonEmpty) == nil else { return nil }
    return s
  }

  /// Valid, distinct tags (``ObjectReader/ids(_:required:minCount:)`` without a message), each
  /// written plainly (a tag with escapes is left to the general path): checked on the literal's
  /// bytes before its string is made.
  private static func tags(_ v: TapeValue, strings: inout ShortStringCache) -> [String]? {
    guard v.kind == .array else { return nil }
    let count = Int(v.node.count)
    var list = DistinctIDList(capacity: count)
    var k = v.index + 1
    for _ in 0..<count {
      let item = v.at(k)
      let node = item.node
      k = Int(v.tape.nodes[k].next)
      guard ObjectReader.isPlainText(node, nonEmpty: false) else { return nil }
      let bytes = UnsafeBufferPointer(rebasing: v.tape.source[Int(node.start) + 1..<Int(node.end) - 1])
      guard Identifier.isValid(utf8: bytes), let s = strings.string(item) else { return nil }
      let hash = QuestionIDTable.hash(utf8: bytes)
      guard !list.contains(s, hash: hash) else { return nil }
      list.append(s, hash: hash)
    }
    return list.ids
  }

  /// A `{"title"?, "file", "section"}` object without a message.
  private static func source(_ v: TapeValue) -> SourceReference? {
    guard v.kind == .object, v.node.count <= 3 else { return nil }
    let nodes = v.tape.nodes
    let bytes = v.tape.source.baseAddress!
    var title: String?
    var file: String?
    var section: String?
    var k = v.index + 1
    for _ in 0..<Int(v.node.count) {
      let key = nodes[k]
      let start = bytes + Int(key.start) + 1
      let length = Int(key.end - key.start) - 2
      guard !key.hasEscapes, let s = text(v.at(k + 1)) else { return nil }
      if length == 5, same(start, ("title" as StaticString).utf8Start, 5), title == nil {
        title = s
      } else if length == 4, same(start, ("file" as StaticString).utf8Start, 4), file == nil {
        file = s
      } else if length == 7, same(start, ("section" as StaticString).utf8Start, 7), section == nil {
        section = s
      } else {
        return nil
      }
      k = Int(nodes[k + 1].next)
    }
    guard let file, let section else { return nil }
    return SourceReference(file: file, section: section, title: title)
  }

  /// Two to 26 string choices, none repeating another (the general path warns about a repeat).
  private static func choices(_ v: TapeValue, strings: inout ShortStringCache) -> [Choice]? {
    guard v.kind == .array else { return nil }
    let count = Int(v.node.count)
    guard count >= 2, count <= QuestionRules.maxChoices else { return nil }
    // Appended to a list made at its size: `[Choice](unsafeUninitializedCapacity:)` was not
    // specialized and looked the list's type up in the runtime's metadata cache every time.
    var out: [Choice] = []
    out.reserveCapacity(count)
    let complete = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { seen in
      var k = v.index + 1
      for n in 0..<count {
        let item = v.at(k)
        k = Int(v.tape.nodes[k].next)
        guard item.kind == .string, let (s, key) = textAndKey(item, strings: &strings) else { return false }
        var first = 0
        while first < n && seen[first] != key { first += 1 }
        guard first == n else { return false }
        seen[n] = key
        out.append(Choice(text: s))
      }
      return true
    }
    return complete ? out : nil
  }

  /// The comparison key of `s`, the string of `item`: from the literal's bytes when they are its
  /// text (no escapes) and ASCII.
  static func comparisonKey(_ item: TapeValue, _ s: String) -> UInt64 {
    let node = item.node
    if !node.hasEscapes && !node.stringFlags.contains(.nonASCII) {
      let body = UnsafeBufferPointer(rebasing: item.tape.source[Int(node.start) + 1..<Int(node.end) - 1])
      if let key = QuizlineCore.comparisonKey(utf8: body) { return key }
    }
    return QuizlineCore.comparisonKey(s)
  }

  /// The choice letter `v` (a plain one-byte string among the first `choiceCount` letters).
  private static func letter(_ v: TapeValue, choiceCount: Int) -> Int? {
    let node = v.node
    guard node.kind == .string, !node.hasEscapes, node.end - node.start == 3 else { return nil }
    let index = Int(v.tape.source[Int(node.start) + 1]) - 0x61
    return index >= 0 && index < choiceCount ? index : nil
  }

  /// At least one letter, none twice, sorted.
  private static func letters(_ v: TapeValue, choiceCount: Int) -> [Int]? {
    guard v.kind == .array, v.node.count >= 1 else { return nil }
    var seen: UInt32 = 0
    var failed = false
    v.forEachElement { _, item in
      guard !failed, let index = letter(item, choiceCount: choiceCount), seen & (1 << UInt32(index)) == 0 else {
        failed = true
        return
      }
      seen |= 1 << UInt32(index)
    }
    guard !failed else { return nil }
    return (0..<choiceCount).filter { seen & (1 << UInt32($0)) != 0 }
  }
}
