import Foundation
import QuizlineCore

/// Where a media file a bank or session text names (`![alt](source)`, `[sound:source]`) is on
/// disk: `source` is relative to the folder of the file that declared the bank or session (`base`, a
/// catalog source key such as `bank/anatomy`). A source that is absolute, climbs out with `..`, or
/// resolves (through links) outside that folder is refused, so a shared deck cannot make quizline
/// read or open a file elsewhere.
enum MediaPaths {
  /// Why a media file cannot be used, in words for a one-line placeholder reason.
  enum Problem: Error, Equatable {
    /// The text's bank or session is not among the loaded files.
    case unknownBase(String)
    /// An absolute path, a `..` step, or a link leading out of the folder.
    case outsideFolder(String)
    /// No file at that path.
    case missing(String)

    var reason: String {
      switch self {
      case .unknownBase(let b): "\(b) was not loaded from a file"
      case .outsideFolder(let s): "\(s) is outside the quiz folder"
      case .missing(let s): "\(s) was not found"
      }
    }
  }

  /// The absolute path of `source` for a text of `base`, given the catalog's `sources` (base key →
  /// declaring file, ``CatalogLoadResult/sources``).
  static func resolve(base: String, source: String, sources: [String: String]) -> Result<String, Problem> {
    guard let file = sources[base] else { return .failure(.unknownBase(base)) }
    let parts = source.split(separator: "/", omittingEmptySubsequences: false)
    guard !source.isEmpty, !source.hasPrefix("/"), !source.contains("\\"),
      !source.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
      !parts.contains(where: { $0 == ".." || $0.isEmpty })
    else { return .failure(.outsideFolder(source)) }
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL
    let path = folder.appendingPathComponent(source).path
    guard FileManager.default.fileExists(atPath: path) else { return .failure(.missing(source)) }
    let realFolder = folder.resolvingSymlinksInPath().path
    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard real.hasPrefix(realFolder.hasSuffix("/") ? realFolder : realFolder + "/") else {
      return .failure(.outsideFolder(source))
    }
    return .success(real)
  }
}
