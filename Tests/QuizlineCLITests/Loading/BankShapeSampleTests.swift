import Foundation
import Testing

/// `quizline-bench bank-sample --shape NAME`: every shape of the loading benchmark is a bank
/// `quizline check` accepts without a message, the same seed gives the same bytes, and the default
/// shape is the original sample's file.
@Suite struct BankShapeSampleTests {
  static let shapes = [
    "sample", "single-short", "text-heavy", "minified", "indent1", "indent2", "indent4", "tabs", "non-ascii",
    "many-tags",
  ]

  /// `quizline-bench`, built beside `quizline`.
  var bench: String {
    URL(fileURLWithPath: quizlineExecutable).deletingLastPathComponent().appendingPathComponent("quizline-bench").path
  }

  func sample(_ arguments: [String], into path: String) throws -> Data {
    let result = try runProcess(bench, ["bank-sample", "--questions", "200", "--out", path] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test(arguments: shapes) func eachShapeChecksCleanAndIsReproducible(shape: String) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
    let first = try sample(["--shape", shape], into: dir + "/a.json")
    let second = try sample(["--shape", shape], into: dir + "/b.json")
    #expect(first == second)
    #expect(first.count > 200 * 60)
    let check = try runBinary(["check", "--quizzes", dir + "/empty", dir + "/a.json"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.hasSuffix(": 0 errors, 0 warnings\n"), "\(check.stdout)")
  }

  @Test func shapesDifferAsNamed() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var files: [String: Data] = [:]
    for shape in Self.shapes { files[shape] = try sample(["--shape", shape], into: dir + "/\(shape).json") }
    #expect(try sample([], into: dir + "/default.json") == files["sample"])
    #expect(Set(files.values).count == Self.shapes.count)
    let text = files.mapValues { String(decoding: $0, as: UTF8.self) }
    #expect(
      !text["minified"]!.contains("\n") && !text["minified"]!.contains("\": ") && !text["minified"]!.contains(", "))
    #expect(text["indent1"]!.contains("\n \"questions\": [\n  {\n   \"id\""))
    #expect(text["indent2"]!.contains("\n  \"questions\": [\n    {\n      \"id\""))
    #expect(text["indent4"]!.contains("\n    \"questions\": ["))
    #expect(text["tabs"]!.contains("\n\t\"questions\": ["))
    #expect(text["non-ascii"]!.unicodeScalars.contains { $0.value > 0xFFFF })
    #expect(text["non-ascii"]!.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) })
    #expect(!text["single-short"]!.contains("\"multiple\""))
    // About 2 KB of explanation per question.
    #expect(files["text-heavy"]!.count > 200 * 2_000)
    #expect(text["many-tags"]!.components(separatedBy: "\"tag").count > 200 * 15)
  }

  /// The original sample's bytes (their FNV-1a), as main's generator (fbc0d09) wrote them.
  @Test func theDefaultSampleIsUnchanged() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let data = try sample([], into: dir + "/s.json")
    let expectedDigest = "d11ae7b9462d1547"  // 130,867 bytes
    #expect(fnv(data) == expectedDigest)
  }

  func fnv(_ data: Data) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in data { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    return String(h, radix: 16)
  }
}
