import QuizlineCore

/// The shapes of generated bank for the loading benchmark (`bank-sample --shape NAME`): what a
/// question holds and how the file is laid out. `sample` is the original generator's file, byte for
/// byte; every other shape is built as a small tree and written by ``ShapeWriter``.
enum BankShape: String, CaseIterable, Sendable {
  /// All ten types, pretty-printed with two spaces and inline arrays (the original sample).
  case sample
  /// Single-choice questions only, short strings, one-space indentation.
  case singleShort = "single-short"
  /// All ten types with explanations of about 2 KB.
  case textHeavy = "text-heavy"
  /// The sample's questions with no whitespace at all.
  case minified
  /// The sample's questions, one value per line, indented by 1, 2 or 4 spaces or a tab.
  case indent1, indent2, indent4, tabs
  /// All ten types with Japanese, accented and emoji text.
  case nonASCII = "non-ascii"
  /// The sample's questions with 20 tags each.
  case manyTags = "many-tags"

  /// The most questions a bank of this shape may have: a bank file is at most 128 MiB
  /// (`JSONLimits.default`), which 2 KB explanations reach near 50,000 questions.
  var maxQuestions: Int { self == .textHeavy ? 40_000 : 10_000_000 }

  /// The layout of the written file.
  var indent: String? {
    switch self {
    case .minified: nil
    case .singleShort, .indent1: " "
    case .indent4: "    "
    case .tabs: "\t"
    default: "  "
    }
  }
}

/// A JSON value for the generator; numbers are kept as their literal text.
indirect enum ShapeValue {
  case string(String)
  case number(String)
  case bool(Bool)
  case array([ShapeValue])
  case object([(String, ShapeValue)])
}

/// Writes a ``ShapeValue`` minified (`indent` nil) or one member or element per line.
struct ShapeWriter {
  var indent: String?
  var out: [UInt8] = []

  mutating func write(_ value: ShapeValue, depth: Int = 0) {
    switch value {
    case .string(let s): quote(s)
    case .number(let n): out.append(contentsOf: n.utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .array(let items):
      container("[", "]", depth: depth, items.count) { w, k in w.write(items[k], depth: depth + 1) }
    case .object(let members):
      container("{", "}", depth: depth, members.count) { w, k in
        w.quote(members[k].0)
        w.out.append(contentsOf: (w.indent == nil ? ":" : ": ").utf8)
        w.write(members[k].1, depth: depth + 1)
      }
    }
  }

  private mutating func container(
    _ open: Character, _ close: Character, depth: Int, _ count: Int, _ element: (inout ShapeWriter, Int) -> Void
  ) {
    out.append(open.asciiValue!)
    for k in 0..<count {
      if k > 0 { out.append(UInt8(ascii: ",")) }
      newline(depth + 1)
      element(&self, k)
    }
    if count > 0 { newline(depth) }
    out.append(close.asciiValue!)
  }

  private mutating func newline(_ depth: Int) {
    guard let indent else { return }
    out.append(0x0A)
    for _ in 0..<depth { out.append(contentsOf: indent.utf8) }
  }

  /// The generator's texts hold no quote, backslash or control character.
  mutating func quote(_ s: String) {
    out.append(UInt8(ascii: "\""))
    out.append(contentsOf: s.utf8)
    out.append(UInt8(ascii: "\""))
  }
}

/// The questions of every shape but `sample`, drawn from SplitMix64(seed).
struct ShapeQuestions {
  var shape: BankShape
  var random: SplitMix64

  private static let nonASCIIWords = [
    "状態", "ビュー", "レイアウト", "画面", "束縛", "値", "更新", "表示", "café", "naïve", "élève",
    "über", "señal", "façade", "Ångström", "crème", "🙂", "🚀", "📚", "✅", "Zürich", "déjà", "vu",
    "日本語", "テスト", "モデル", "👩‍💻", "🇯🇵",
  ]

  mutating func word() -> String {
    if shape == .nonASCII {
      return Self.nonASCIIWords[Int(random.next() % UInt64(Self.nonASCIIWords.count))]
    }
    return BankSampleGenerator.words[Int(random.next() % UInt64(BankSampleGenerator.words.count))]
  }

  mutating func sentence(_ count: Int) -> ShapeValue {
    var parts: [String] = []
    for _ in 0..<count { parts.append(word()) }
    let text = parts.joined(separator: " ")
    return .string(text.prefix(1).uppercased() + text.dropFirst() + ".")
  }

  /// Question `k`.
  mutating func question(_ k: Int) -> ShapeValue {
    if shape == .singleShort { return singleShort(k) }
    var members: [(String, ShapeValue)] = [("id", .string("q\(k)"))]
    members.append(("prompt", sentence(14)))
    members.append(("explanation", sentence(shape == .textHeavy ? 300 : 22)))
    var tags: [ShapeValue] = [.string("t\(k % 50)"), .string("generated")]
    if shape == .manyTags { tags += (1...18).map { .string("tag\((k + $0 * 7) % 400)") } }
    members.append(("tags", .array(tags)))
    members.append(("difficulty", .string(["easy", "medium", "hard"][k % 3])))
    members.append(
      ("source", .object([("file", .string("000_70df97bb4281d34f.txt")), ("section", .string("Section \(k % 12)"))])))
    members += body(k)
    return .object(members)
  }

  private mutating func singleShort(_ k: Int) -> ShapeValue {
    // Four distinct one-word choices, so none repeats another.
    let first = Int(random.next() % UInt64(BankSampleGenerator.words.count - 4))
    let choices = (0..<4).map { ShapeValue.string(BankSampleGenerator.words[first + $0]) }
    return .object([
      ("id", .string("q\(k)")), ("type", .string("single")), ("prompt", sentence(4)),
      ("explanation", sentence(3)), ("choices", .array(choices)), ("answer", .string(QuestionRulesLetter.of(k % 4))),
    ])
  }

  private mutating func body(_ k: Int) -> [(String, ShapeValue)] {
    func strings(_ xs: [ShapeValue]) -> ShapeValue { .array(xs) }
    func number(_ v: Int) -> ShapeValue { .number(String(v)) }
    switch k % 10 {
    case 0:
      return [
        ("type", .string("single")), ("choices", strings([sentence(5), sentence(5), sentence(6), sentence(5)])),
        ("answer", .string("b")),
      ]
    case 1:
      return [
        ("type", .string("multiple")), ("choices", strings([sentence(4), sentence(5), sentence(4), sentence(6)])),
        ("answers", strings([.string("a"), .string("c")])),
      ]
    case 2: return [("type", .string("truefalse")), ("answer", .bool(k % 4 == 2))]
    case 3:
      return [
        ("type", .string("text")),
        ("accept", .array([.string("ZStack"), .object([("text", .string("Z Stack")), ("credit", .number("0.5"))])])),
        ("ignorePunctuation", .bool(true)),
      ]
    case 4:
      return [
        ("type", .string("numeric")),
        (
          "accept",
          .array([
            .object([("value", number(k % 97)), ("tolerance", .number("0.5"))]),
            .object([("min", number(1)), ("max", number(2)), ("credit", .number("0.5"))]),
          ])
        ),
      ]
    case 5:
      let pairs = ["@State", "@Binding", "@Bindable"].enumerated().map { n, left in
        ShapeValue.object([("left", .string(left)), ("right", sentence(n == 2 ? 5 : 4))])
      }
      return [("type", .string("matching")), ("pairs", .array(pairs))]
    case 6:
      return [("type", .string("ordering")), ("items", strings([sentence(3), sentence(4), sentence(3), sentence(5)]))]
    case 7:
      return [
        ("type", .string("cloze")), ("text", .string("A {{1}} owns its state; a {{2}} borrows it.")),
        (
          "gaps",
          .array([
            .object([("accept", strings([.string("view")]))]),
            .object([("accept", strings([.string("binding"), .string("@Binding")]))]),
          ])
        ),
      ]
    case 8: return [("type", .string("flashcard")), ("back", sentence(12))]
    default:
      return [
        ("type", .string("open")), ("modelAnswer", sentence(30)), ("keyPoints", strings([sentence(6), sentence(7)])),
      ]
    }
  }
}

/// Choice letters a-z.
enum QuestionRulesLetter {
  static func of(_ index: Int) -> String { String(UnicodeScalar(UInt8(0x61 + index))) }
}
