import Foundation

@testable import QuizlineCore

/// Access to `shared/conformance/`, which CI keeps beside the project (`<repo>/../shared`).
enum Conformance {
  /// `<repo>/../shared/conformance`, found from this file's path.
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Interop
    .deletingLastPathComponent()  // QuizlineCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // repo
    .deletingLastPathComponent()
    .appendingPathComponent("shared/conformance")

  /// Case stems (`001-essay`, …) of a folder, sorted.
  static func cases(_ folder: String) -> [String] {
    let dir = root.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".expected.json") }.map {
      String($0.dropLast(".expected.json".count))
    }.sorted()
  }

  static func expected(_ folder: String, _ stem: String) throws -> [String: Any] {
    let data = try Data(contentsOf: root.appendingPathComponent("\(folder)/\(stem).expected.json"))
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  static func input(_ folder: String, _ name: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent("\(folder)/\(name)"))
  }

  /// Every file under `corpora/` with one of the extensions, as paths relative to `corpora/`.
  static func corpusFiles(extensions: [String]) -> [String] {
    let base = root.appendingPathComponent("corpora")
    guard let e = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return e.compactMap { $0 as? String }.filter { p in extensions.contains { p.hasSuffix($0) } }
      .sorted()
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
