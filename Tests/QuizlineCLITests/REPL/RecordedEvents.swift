import Foundation

/// Every journal line a profile has recorded, oldest first: the archived segments, then the journal.
func recordedEventLines(profileDirectory: String) -> [String] {
  let files = FileManager.default
  let archive = profileDirectory + "/archive"
  let segments = ((try? files.contentsOfDirectory(atPath: archive)) ?? []).filter {
    $0.hasSuffix(".jsonl")
  }.sorted()
  let paths = segments.map { archive + "/" + $0 } + [profileDirectory + "/journal.jsonl"]
  return paths.flatMap { path -> [String] in
    guard let data = files.contents(atPath: path) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
