import Foundation
import Testing

/// The material outside the repository that `make conformance` runs against: the public GIFT/Aiken
/// conformance cases and corpora (`$CONFORMANCE_DIR`, default `<repo>/../shared/conformance`) and the
/// curriculum's source texts (`$SEEDS_DIR`, default `<repo>/../shared/seeds`). `make test` leaves every
/// suite named `Conformance…` out (`swift test --skip '\.Conformance'`); `make conformance` runs only
/// them, and they fail, never skip, when the material is missing.
enum ConformanceMaterial {
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Conformance
    .deletingLastPathComponent()  // QuizlineCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // repo

  /// `$CONFORMANCE_DIR`, or `<repo>/../shared/conformance`.
  static let root: URL = folder("CONFORMANCE_DIR", default: "../shared/conformance")
  /// `$SEEDS_DIR`, or `<repo>/../shared/seeds`.
  static let seeds: URL = folder("SEEDS_DIR", default: "../shared/seeds")

  static func folder(_ variable: String, default relative: String) -> URL {
    if let set = ProcessInfo.processInfo.environment[variable], !set.isEmpty {
      return URL(fileURLWithPath: set, relativeTo: repositoryRoot).standardizedFileURL
    }
    return repositoryRoot.appendingPathComponent(relative).standardizedFileURL
  }

  static var gift: CaseFolder { CaseFolder(root: root.appendingPathComponent("gift")) }
  static var aiken: CaseFolder { CaseFolder(root: root.appendingPathComponent("aiken")) }

  /// Every file under `corpora/` with one of the extensions, as paths relative to `corpora/`.
  static func corpusFiles(extensions: [String]) -> [String] {
    let base = root.appendingPathComponent("corpora")
    guard let e = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return e.compactMap { $0 as? String }.filter { p in extensions.contains { p.hasSuffix($0) } }
      .sorted()
  }

  /// Records a failure naming the folder and the variable when `folder` is missing.
  static func requirePresent(_ folder: URL, variable: String) {
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
      || !isDirectory.boolValue
    {
      Issue.record("conformance material missing: no folder \(folder.path) (set \(variable))")
    }
  }
}
