import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop

/// A folder of importer cases in the neutral expected-result schema (`gift-oracle/1`, `aiken-oracle/1`):
/// `NAME.gift` (or `NAME.aiken.txt`) beside `NAME.expected.json`. The in-repo cases live in
/// `Tests/Fixtures/gift-cases/` and `Tests/Fixtures/aiken-cases/` (run by `make test`); the public
/// conformance cases in `$CONFORMANCE_DIR` (run by `make conformance`) use the same schema and runner.
struct CaseFolder {
  let root: URL

  /// Case stems (`001-essay`, …), sorted.
  var stems: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { $0.hasSuffix(".expected.json") }.map {
      String($0.dropLast(".expected.json".count))
    }.sorted()
  }

  func expected(_ stem: String) throws -> [String: Any] {
    let data = try Data(contentsOf: root.appendingPathComponent("\(stem).expected.json"))
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  func input(_ name: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent(name))
  }
}

/// Reading the neutral schema's loosely typed JSON.
extension Dictionary where Key == String, Value == Any {
  func str(_ k: String) -> String { self[k] as? String ?? "" }
  func optStr(_ k: String) -> String? { self[k] as? String }
  func num(_ k: String) -> Double { (self[k] as? NSNumber)?.doubleValue ?? 0 }
  func list(_ k: String) -> [[String: Any]] { self[k] as? [[String: Any]] ?? [] }
  func strings(_ k: String) -> [String] { self[k] as? [String] ?? [] }
  func obj(_ k: String) -> [String: Any] { self[k] as? [String: Any] ?? [:] }
}

/// The neutral schema's text + format pair as quizline shows it (HTML reduced by format).
func terminal(_ text: String, _ format: String) -> String {
  removingControlCharacters(
    TerminalText.string(text, format: TextFormat(rawValue: format) ?? .moodle))
}

func nilIfEmpty(_ s: String) -> String? { s.isEmpty ? nil : s }

/// Whether two doubles agree within the schema's 1e-9 slack.
func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

/// The 1-based line and column of the first occurrence of `needle` at or after line `line` in `text`.
func position(of needle: String, inLine line: Int, of text: String) -> (Int, Int)? {
  let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
    separator: "\n", omittingEmptySubsequences: false)
  guard line >= 1, line <= lines.count, let r = lines[line - 1].range(of: needle) else {
    return nil
  }
  return (
    line,
    lines[line - 1].unicodeScalars.distance(from: lines[line - 1].startIndex, to: r.lowerBound) + 1
  )
}

/// The first line holding a byte sequence that is not UTF-8 (found independently of the importer).
func firstNonUTF8Line(_ bytes: [UInt8]) -> Int {
  for (i, line) in bytes.split(separator: 10, omittingEmptySubsequences: false).enumerated()
  where String(validating: line, as: UTF8.self) == nil {
    return i + 1
  }
  return 0
}
