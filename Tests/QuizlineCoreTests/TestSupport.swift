import Foundation

@testable import QuizlineCore
@testable import QuizlineFormats

/// Paths of the repository and its test fixtures, found from this file's location.
enum Fixtures {
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
  static let root = repositoryRoot + "/Tests/Fixtures"
  static let catalog = root + "/catalog"
  static let malformed = root + "/malformed"

  static func sampleBank() throws -> Bank {
    let result = CatalogLoader.load(directory: catalog)
    guard let bank = result.catalog.bank("sample") else { throw FixtureError.missing("sample bank") }
    return bank
  }
}

enum FixtureError: Error { case missing(String) }

/// Parses a JSON text or returns the syntax error.
func parseJSON(_ text: String) -> Result<JSONDocument, JSONSyntaxError> {
  Result { () throws(JSONSyntaxError) in try JSONDocument.parse(Array(text.utf8)) }
}

/// Loads catalog files written into a fresh temporary folder (name → contents).
func loadCatalog(_ files: [String: String]) throws -> CatalogLoadResult {
  let dir = try temporaryDirectory()
  for (name, text) in files {
    let url = URL(fileURLWithPath: dir + "/" + name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
  return CatalogLoader.load(directory: dir)
}

func temporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "quizline-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Diagnostics without their path, as `line:column: severity: message`.
func located(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)" }
}
