import Foundation
import QuizlineCore
import QuizlineTestSupport
import Testing

/// quizline's drawing of formulas against an independent one: pylatexenc's `latex2text` (PyPI, run by
/// `scripts/math/reference.sh`, which installs it) on the corpus of `Tests/Fixtures/math/corpus.txt`.
/// Each formula's inline drawing equals latex2text's once whitespace is removed, or is listed in
/// `differences.txt` with quizline's output and why it differs. Runs a process, so it lives here.
@Suite struct MathCorpusTests {
  struct Reference {
    var line: Int
    var latex: String
    /// latex2text's text, or nil when latex2text failed on the formula.
    var text: String?
    var error: String?
  }

  struct Difference {
    var line: Int
    var expected: String
    var reason: String
  }

  static let folder = TestPaths.fixtures + "/math"

  /// Whitespace removed: quizline spaces operators as TeX does, latex2text keeps the source's spaces.
  static func normalised(_ s: String) -> String { String(s.filter { !$0.isWhitespace }) }

  static func references() throws -> [Reference] {
    let script = TestPaths.repositoryRoot + "/scripts/math/reference.sh"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: script)
    process.arguments = [folder + "/corpus.txt"]
    let out = Pipe()
    // latex2text warns on stderr about macros it does not know; kept in a file, shown on failure.
    let errPath = NSTemporaryDirectory() + "quizline-math-reference-\(UUID().uuidString).err"
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errPath) }
    process.standardOutput = out
    process.standardError = FileHandle(forWritingAtPath: errPath)
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    try #require(
      process.terminationStatus == 0,
      "scripts/math/reference.sh exited \(process.terminationStatus): \(errors.suffix(2_000))")
    return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return Reference(
        line: object["line"] as? Int ?? 0, latex: object["latex"] as? String ?? "", text: object["text"] as? String,
        error: object["error"] as? String)
    }
  }

  static func differences() throws -> [String: Difference] {
    let text = try String(contentsOfFile: folder + "/differences.txt", encoding: .utf8)
    var out: [String: Difference] = [:]
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      try #require(fields.count == 3, "differences.txt:\(index + 1): LATEX<TAB>OUTPUT<TAB>REASON expected")
      try #require(!fields[2].isEmpty, "differences.txt:\(index + 1): a difference needs its reason")
      try #require(out[fields[0]] == nil, "differences.txt:\(index + 1): listed twice")
      out[fields[0]] = Difference(line: index + 1, expected: fields[1], reason: fields[2])
    }
    return out
  }

  @Test func everyCorpusFormulaDrawsAsLatex2textDoesOrItsDifferenceIsExplained() throws {
    let references = try Self.references()
    let differences = try Self.differences()
    #expect(references.count >= 300, "the corpus holds \(references.count) formulas")
    var equal = 0
    var explained = 0
    for reference in references {
      let ours = MathText.inline(reference.latex)
      let place = "corpus.txt:\(reference.line): \(reference.latex)"
      if let listed = differences[reference.latex] {
        explained += 1
        #expect(
          ours == listed.expected,
          "\(place): differences.txt:\(listed.line) expects \(listed.expected), quizline now writes \(ours)")
        if let text = reference.text {
          #expect(
            Self.normalised(ours) != Self.normalised(text),
            "\(place): listed in differences.txt:\(listed.line) but quizline now agrees with latex2text")
        }
      } else if let text = reference.text, Self.normalised(ours) == Self.normalised(text) {
        equal += 1
      } else {
        Issue.record(
          """
          \(place): quizline writes \(ours), latex2text \(reference.text ?? reference.error ?? "nothing"); \
          fix the drawing or add to differences.txt: \(reference.latex)\t\(ours)\tREASON
          """)
      }
    }
    let corpus = Set(references.map(\.latex))
    for (latex, listed) in differences where !corpus.contains(latex) {
      Issue.record("differences.txt:\(listed.line): \(latex) is not in the corpus")
    }
    print("math corpus against latex2text: \(equal) equal, \(explained) documented differences")
    #expect(equal + explained == references.count)
  }
}
