import Foundation
import Testing

/// The shipped texts are written in our own words: no run of eight or more consecutive words is shared
/// with a seed text (a Swift port of `scripts/curriculum/overlap.py`).
@Suite struct CurriculumOverlapTests {
  static let runLength = 8

  /// Lower-cased words: apostrophes inside a word are dropped, every other non-letter, non-digit separates.
  static func words(_ text: String) -> [String] {
    let chars = Array(text.lowercased().replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{2018}", with: "'"))
    var out: [String] = []
    var word = ""
    for (i, ch) in chars.enumerated() {
      if ch.isLetter || ch.isNumber {
        word.append(ch)
      } else if ch == "'", !word.isEmpty, i + 1 < chars.count, chars[i + 1].isLetter || chars[i + 1].isNumber {
        continue
      } else if !word.isEmpty {
        out.append(word)
        word = ""
      }
    }
    if !word.isEmpty { out.append(word) }
    return out
  }

  /// Every string value of a JSON document except `$schema` and source references, with its key path.
  static func strings(_ value: Any, at path: String, into out: inout [(String, String)]) {
    switch value {
    case let s as String: out.append((path, s))
    case let a as [Any]: for (i, v) in a.enumerated() { strings(v, at: "\(path)[\(i)]", into: &out) }
    case let d as [String: Any]:
      for (k, v) in d where !["$schema", "source", "sources", "file"].contains(k) { strings(v, at: "\(path).\(k)", into: &out) }
    default: break
    }
  }

  @Test func noTextSharesARunOfEightWordsWithASeed() throws {
    let seeds = try #require(Curriculum.seedTexts, "no seed texts at \(Curriculum.seeds)")
    var grams: [String: String] = [:]
    for (name, text) in seeds {
      let w = Self.words(text)
      guard w.count >= Self.runLength else { continue }
      for i in 0...(w.count - Self.runLength) { grams[w[i..<(i + Self.runLength)].joined(separator: " ")] = name }
    }
    #expect(grams.count > 10_000)
    var shared: [String] = []
    for file in Curriculum.jsonFiles {
      let data = try Data(contentsOf: URL(fileURLWithPath: Curriculum.quizzes + "/" + file))
      var texts: [(String, String)] = []
      Self.strings(try JSONSerialization.jsonObject(with: data), at: "", into: &texts)
      for (path, text) in texts {
        let w = Self.words(text)
        guard w.count >= Self.runLength else { continue }
        for i in 0...(w.count - Self.runLength) {
          let gram = w[i..<(i + Self.runLength)].joined(separator: " ")
          if let seed = grams[gram] { shared.append("\(file) \(path): \"\(gram)\" (\(seed))") }
        }
      }
    }
    #expect(shared == [])
  }

  @Test func wordSplittingStripsPunctuationAndCase() {
    #expect(Self.words("Apple\u{2019}s `@State` (iOS 17+), re-use!") == ["apples", "state", "ios", "17", "re", "use"])
  }
}
