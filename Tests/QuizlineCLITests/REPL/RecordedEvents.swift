import Foundation

/// Every journal line a profile has recorded, oldest first: the archived segments, then the journal.
func recordedEventLines(profileDirectory: String) -> [String] {
  profileLogFiles(profileDirectory).flatMap { path -> [String] in
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
