import QuizlineCore

/// Writes a large valid question bank for the loading benchmark: `questions` questions cycling
/// through all ten types, each with a prompt, an explanation, tags, a difficulty and a source, with
/// sentence-like text drawn from SplitMix64(seed) (about 520 bytes a question, like a real bank),
/// so every run generates the same file. Other shapes (``BankShape``) come from ``ShapeQuestions``.
struct BankSampleGenerator {
  var questions: Int
  var seed: UInt64 = 11
  var shape: BankShape = .sample

  static let words = [
    "view", "state", "binding", "layout", "modifier", "scene", "window", "list", "identity", "task",
    "navigation", "preview", "environment", "observable", "model", "stack", "frame", "padding", "body",
    "render", "update", "value", "source", "truth", "owner", "child", "parent", "container", "grid",
    "label", "button", "toggle", "text", "image", "accessibility", "dynamic", "type", "test", "route",
  ]

  func json() -> [UInt8] {
    shape == .sample ? sampleJSON() : shapedJSON()
  }

  private func shapedJSON() -> [UInt8] {
    var source = ShapeQuestions(shape: shape, random: SplitMix64(seed: seed))
    var writer = ShapeWriter(indent: shape.indent)
    writer.out.reserveCapacity(questions * (shape == .textHeavy ? 2_600 : 700))
    var questionValues: [ShapeValue] = []
    questionValues.reserveCapacity(questions)
    for k in 0..<questions { questionValues.append(source.question(k)) }
    writer.write(
      .object([
        ("kind", .string("bank")), ("schemaVersion", .number("1")), ("id", .string("big-bank")),
        ("title", .string("A generated bank of \(questions) questions (\(shape.rawValue))")),
        ("tags", .array([.string("generated")])), ("questions", .array(questionValues)),
      ]))
    if shape.indent != nil { writer.out.append(0x0A) }
    return writer.out
  }

  private func sampleJSON() -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var out: [UInt8] = []
    out.reserveCapacity(questions * 560)
    func put(_ s: String) { out.append(contentsOf: s.utf8) }
    func sentence(_ words: Int) -> String {
      var parts: [String] = []
      for _ in 0..<words { parts.append(Self.words[Int(random.next() % UInt64(Self.words.count))]) }
      let text = parts.joined(separator: " ")
      return text.prefix(1).uppercased() + text.dropFirst() + "."
    }
    func quoted(_ s: String) -> String { "\"" + s + "\"" }
    put("{\n  \"kind\": \"bank\",\n  \"schemaVersion\": 1,\n  \"id\": \"big-bank\",\n")
    put(
      "  \"title\": \"A generated bank of \(questions) questions\",\n  \"tags\": [\"generated\"],\n  \"questions\": [\n"
    )
    for k in 0..<questions {
      put("    {\n      \"id\": \"q\(k)\",\n")
      let prompt = sentence(14)
      let explanation = sentence(22)
      let common = """
              "prompt": \(quoted(prompt)),
              "explanation": \(quoted(explanation)),
              "tags": ["t\(k % 50)", "generated"],
              "difficulty": "\(["easy", "medium", "hard"][k % 3])",
              "source": {"file": "000_70df97bb4281d34f.txt", "section": "Section \(k % 12)"},

        """
      put(common)
      switch k % 10 {
      case 0:
        put(
          "      \"type\": \"single\",\n      \"choices\": [\(quoted(sentence(5))), \(quoted(sentence(5))), \(quoted(sentence(6))), \(quoted(sentence(5)))],\n      \"answer\": \"b\"\n"
        )
      case 1:
        put(
          "      \"type\": \"multiple\",\n      \"choices\": [\(quoted(sentence(4))), \(quoted(sentence(5))), \(quoted(sentence(4))), \(quoted(sentence(6)))],\n      \"answers\": [\"a\", \"c\"]\n"
        )
      case 2: put("      \"type\": \"truefalse\",\n      \"answer\": \(k % 4 == 2)\n")
      case 3:
        put(
          "      \"type\": \"text\",\n      \"accept\": [\"ZStack\", {\"text\": \"Z Stack\", \"credit\": 0.5}],\n      \"ignorePunctuation\": true\n"
        )
      case 4:
        put(
          "      \"type\": \"numeric\",\n      \"accept\": [{\"value\": \(k % 97), \"tolerance\": 0.5}, {\"min\": 1, \"max\": 2, \"credit\": 0.5}]\n"
        )
      case 5:
        put(
          "      \"type\": \"matching\",\n      \"pairs\": [{\"left\": \"@State\", \"right\": \(quoted(sentence(4)))}, {\"left\": \"@Binding\", \"right\": \(quoted(sentence(4)))}, {\"left\": \"@Bindable\", \"right\": \(quoted(sentence(5)))}]\n"
        )
      case 6:
        put(
          "      \"type\": \"ordering\",\n      \"items\": [\(quoted(sentence(3))), \(quoted(sentence(4))), \(quoted(sentence(3))), \(quoted(sentence(5)))]\n"
        )
      case 7:
        put(
          "      \"type\": \"cloze\",\n      \"text\": \"A {{1}} owns its state; a {{2}} borrows it.\",\n      \"gaps\": [{\"accept\": [\"view\"]}, {\"accept\": [\"binding\", \"@Binding\"]}]\n"
        )
      case 8: put("      \"type\": \"flashcard\",\n      \"back\": \(quoted(sentence(12)))\n")
      default:
        put(
          "      \"type\": \"open\",\n      \"modelAnswer\": \(quoted(sentence(30))),\n      \"keyPoints\": [\(quoted(sentence(6))), \(quoted(sentence(7)))]\n"
        )
      }
      put(k == questions - 1 ? "    }\n" : "    },\n")
    }
    put("  ]\n}\n")
    return out
  }
}
