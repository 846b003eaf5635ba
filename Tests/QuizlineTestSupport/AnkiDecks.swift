import Foundation

/// Anki packages built at test time by the real Anki (`scripts/anki/make-decks.sh`, which installs
/// PyPI `anki` and `fsrs` into `.build/anki-venv`): the deck in every package version, its updated
/// version, the hostile packages, and the manifest the tests compare with. Built once per test
/// process; a failure to build fails the tests that need them (never a skip).
public enum AnkiDecks {
  public struct BuildError: Error, CustomStringConvertible {
    public var description: String
  }

  private static let built: Result<String, BuildError> = {
    let dir = NSTemporaryDirectory() + "quizline-anki-decks-" + UUID().uuidString
    let script = TestPaths.repositoryRoot + "/scripts/anki/make-decks.sh"
    for args in [[dir], [dir, "--updated"], [dir, "--hostile", dir + "/deck-legacy.apkg"], [dir, "--rich"]] {
      let (status, output) = run(script, args)
      if status != 0 { return .failure(BuildError(description: "make-decks.sh \(args) failed:\n\(output)")) }
    }
    return .success(dir)
  }()

  /// The folder holding the packages.
  public static func directory() throws -> String { try built.get() }

  /// The path of one built package or manifest.
  public static func path(_ name: String) throws -> String { try directory() + "/" + name }

  /// A manifest (`manifest.json`, `manifest-updated.json`) as JSON.
  public static func manifest(_ name: String = "manifest.json") throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: try path(name)))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return object?["cards"] as? [[String: Any]] ?? []
  }

  /// Runs `tool` with `args`; its exit status and combined output.
  public static func run(_ tool: String, _ args: [String]) -> (Int32, String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = args
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    do { try p.run() } catch { return (-1, "\(tool): \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The question id quizline gives a note's card, computed here independently of the importer:
  /// FNV-1a (64 bits) of the GUID in 16 hex digits, `-`, the card ordinal + 1.
  public static func questionID(guid: String, ord: Int) -> String {
    var h: UInt64 = 14_695_981_039_346_656_037
    for b in guid.utf8 { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + "-" + String(ord + 1)
  }
}
