import QuizlineCore
import QuizlineFormats
import QuizlineStorage

/// GIFT and Aiken files inside a folder given to `check`: the folder walk reads only `*.json`, so
/// `check` names them instead of passing over them in silence.
enum IgnoredInteropFiles {
  /// The notes for every `.gift`, `.aiken` or Aiken-looking `.txt` file under the folders among
  /// `paths` (hidden entries skipped, as the loader skips them), sorted by path.
  static func notes(_ paths: [String], _ env: CommandEnvironment) -> [String] {
    var found: [(String, String)] = []
    var visited = Set<String>()
    for path in paths where env.files.kind(of: path) == .directory {
      walk(path, env.files, &found, &visited)
    }
    return found.sorted { $0.0 < $1.0 }.map { path, kind in
      let shown = escapingControlCharacters(path, keepNewlines: false)
      return
        "\(shown): note: \(kind) file, not read in a folder (only *.json is); check it by naming it (quizline check \(shown)) or convert it with quizline import"
    }
  }

  private static func walk(
    _ directory: String, _ files: any FileSource, _ found: inout [(String, String)], _ visited: inout Set<String>
  ) {
    if let real = files.canonicalPath(directory), !visited.insert(real).inserted { return }
    guard let names = try? files.entries(of: directory) else { return }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      switch files.kind(of: path) {
      case .directory: walk(path, files, &found, &visited)
      case .regular:
        let lower = name.lowercased()
        if lower.hasSuffix(".gift") {
          found.append((path, "a GIFT"))
        } else if lower.hasSuffix(".aiken") {
          found.append((path, "an Aiken"))
        } else if lower.hasSuffix(".txt"), let bytes = try? files.read(path, limit: 1 << 20),
          InteropFiles.format(of: path, bytes: bytes, explicit: nil) == .aiken
        {
          found.append((path, "an Aiken"))
        }
      default: continue
      }
    }
  }
}
