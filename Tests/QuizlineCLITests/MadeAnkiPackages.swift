import Foundation
import QuizlineCore

@testable import QuizlineInterop

/// Anki packages built in the test from flashcards, with media files and a review log, for the cases
/// the real Anki will not write (a 10 MB field, media named to collide with a learner's files). The
/// collection comes from quizline's own `AnkiPackageWriter` (a legacy-2 package the real Anki
/// imports); the media list and files are added by repacking it with `ZipWriter`.
enum MadeAnkiPackage {
  static let writtenAt = Timestamp(seconds: 1_800_000_000)

  /// A bank `id` of flashcards, one per front (back "back N"), as the package's one deck.
  static func bank(_ id: String, fronts: [String]) -> Bank {
    Bank(
      id: id, title: id,
      questions: fronts.enumerated().map { i, front in
        Question(id: "q\(i + 1)", prompt: front, explanation: "", body: .flashcard(back: "back \(i + 1)"))
      })
  }

  /// Writes the package to `path`: `banks` as decks, `media` (name as the notes use it, bytes) as its
  /// media files, and `reviews` of the banks' questions as its review log.
  static func write(
    _ banks: [Bank], media: [(String, [UInt8])] = [], reviews: [ImportedReview] = [], to path: String
  ) throws {
    let scheduling = reviews.isEmpty ? nil : AnkiPackageWriter.Scheduling(cards: [:], reviews: reviews)
    let plain = try ZipArchive(bytes: AnkiPackageWriter.package(banks, scheduling: scheduling, now: writtenAt))
    var zip = ZipWriter()
    for entry in plain.entries where entry.name != "media" {
      zip.add(entry.name, try plain.data(entry), deflate: entry.name.hasPrefix("collection"))
    }
    var list: [String: String] = [:]
    for (i, (name, _)) in media.enumerated() { list[String(i)] = name }
    zip.add("media", Array(try JSONSerialization.data(withJSONObject: list, options: [.sortedKeys])))
    for (i, (_, bytes)) in media.enumerated() { zip.add(String(i), bytes) }
    try Data(zip.finish()).write(to: URL(fileURLWithPath: path))
  }
}

/// Every file under a folder (links not followed) with its bytes, or the link's target: what a test
/// compares before and after a command to show it changed nothing there.
func folderSnapshot(_ dir: String) -> [String: String] {
  var out: [String: String] = [:]
  let fm = FileManager.default
  for name in (try? fm.subpathsOfDirectory(atPath: dir)) ?? [] {
    let path = dir + "/" + name
    if let target = try? fm.destinationOfSymbolicLink(atPath: path) {
      out[name] = "link to " + target
    } else if let data = fm.contents(atPath: path) {
      out[name] = "file " + data.base64EncodedString()
    } else {
      out[name] = "folder"
    }
  }
  return out
}
