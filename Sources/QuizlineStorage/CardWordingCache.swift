import Glibc
import QuizlineCore

/// What this device last saw of each Markdown card that carries a generated id: the card's wording,
/// by bank file and id (`card-wording.json` beside `device.json`, never synced). It lets quizline
/// tell a typo fix (same card) from a rewrite beyond recognition (a new card, given a new id in the
/// file). Losing it loses nothing but that one comparison: a card then keeps its id.
public struct CardWordingCache: Sendable, Equatable {
  /// Wording by id, by bank file (absolute path).
  public var files: [String: [String: String]]

  public init(files: [String: [String: String]] = [:]) { self.files = files }

  /// The cache file in `stateDirectory`.
  public static func path(stateDirectory: String) -> String { stateDirectory + "/card-wording.json" }

  /// The cache in `stateDirectory`; empty when there is none, or when it cannot be read (it is
  /// only a cache: the next save writes it afresh).
  public static func load(stateDirectory: String) -> CardWordingCache {
    let path = path(stateDirectory: stateDirectory)
    guard let bytes = try? FileOps.read(path), let document = try? JSONDocument.parse(bytes) else {
      return CardWordingCache()
    }
    let root = document.root
    guard root.member("version")?.int == 1, let files = root.member("files") else { return CardWordingCache() }
    var out: [String: [String: String]] = [:]
    for (file, cards) in files.members {
      guard let name = file.string else { continue }
      var wordings: [String: String] = [:]
      for (id, wording) in cards.members {
        if let id = id.string, let wording = wording.string { wordings[id] = wording }
      }
      out[name] = wordings
    }
    return CardWordingCache(files: out)
  }

  /// The cache as its file holds it (keys sorted, so the same cache is the same bytes).
  public var json: String {
    let files = files.keys.sorted().map { file in
      (file, JSONText.object((self.files[file] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
    }
    return JSONText.object([("version", .int(1)), ("files", .object(files))]).rendered(pretty: true) + "\n"
  }

  /// Writes the cache atomically into `stateDirectory` (created if missing).
  public func save(stateDirectory: String) throws(JournalError) {
    // Created with its parents: the first start writes ids before the device identity exists.
    var prefix = stateDirectory.hasPrefix("/") ? "" : "."
    for part in stateDirectory.split(separator: "/") {
      prefix += "/" + part
      mkdir(prefix, 0o700)
    }
    _ = try FileOps.writeAtomically(Array(json.utf8), to: Self.path(stateDirectory: stateDirectory))
  }
}
