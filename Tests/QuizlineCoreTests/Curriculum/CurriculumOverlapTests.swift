import Foundation
import Testing

/// The shipped texts are written in our own words: no run of eight or more consecutive words is shared
/// with a seed text (`scripts/curriculum/overlap.py` finds the same runs with the texts at hand; here the
/// runs' hashes come from the committed fingerprint).
@Suite struct CurriculumOverlapTests {
  /// Every string value of a JSON document except `$schema` and source references, with its key path.
  static func strings(_ value: Any, at path: String, into out: inout [(String, String)]) {
    switch value {
    case let s as String: out.append((path, s))
    case let a as [Any]: for (i, v) in a.enumerated() { strings(v, at: "\(path)[\(i)]", into: &out) }
    case let d as [String: Any]:
      for (k, v) in d where !["$schema", "source", "sources", "file"].contains(k) {
        strings(v, at: "\(path).\(k)", into: &out)
      }
    default: break
    }
  }

  @Test func noTextSharesARunOfEightWordsWithASeed() throws {
    let seeds = try Curriculum.seedFingerprints.get()
    #expect(seeds.values.map(\.runs.count).reduce(0, +) > 10_000)
    var shared: [String] = []
    for file in Curriculum.jsonFiles {
      let data = try Data(contentsOf: URL(fileURLWithPath: Curriculum.quizzes + "/" + file))
      var texts: [(String, String)] = []
      Self.strings(try JSONSerialization.jsonObject(with: data), at: "", into: &texts)
      for (path, text) in texts {
        for run in SeedFingerprint.runHashes(of: text) {
          if let seed = seeds.first(where: { $0.value.runs.contains(run.hash) })?.key {
            shared.append("\(file) \(path): \"\(run.words)\" (\(seed))")
          }
        }
      }
    }
    #expect(shared == [])
  }

  @Test func everyRunOfEightWordsIsHashedWithFNV1a() throws {
    let runs = SeedFingerprint.runHashes(of: "One two three four five six seven eight nine")
    #expect(
      runs.map(\.words) == ["one two three four five six seven eight", "two three four five six seven eight nine"])
    #expect(runs[0].hash == SeedFingerprint.fnv1a64("one two three four five six seven eight"))
    #expect(SeedFingerprint.fnv1a64("") == 0xCBF2_9CE4_8422_2325)
    #expect(SeedFingerprint.fnv1a64("a") == 0xAF63_DC4C_8601_EC8C)
  }

  @Test func wordSplittingStripsPunctuationAndCase() {
    #expect(
      SeedFingerprint.words("Apple\u{2019}s `@State` (iOS 17+), re-use!") == [
        "apples", "state", "ios", "17", "re", "use",
      ])
  }
}
