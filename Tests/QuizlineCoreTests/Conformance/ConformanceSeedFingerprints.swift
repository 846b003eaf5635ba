import Foundation
import Testing

/// The committed seed fingerprint (`Tests/Fixtures/curriculum/seed-fingerprints.json`) is current: the
/// script regenerates it byte for byte from the texts in `$SEEDS_DIR`, and the Swift word splitter and
/// hash the curriculum tests use find exactly the committed runs in each text.
@Suite("Conformance: seed fingerprints ($SEEDS_DIR)")
struct ConformanceSeedFingerprints {
  static func seedTexts() throws -> [String: String] {
    ConformanceMaterial.requirePresent(ConformanceMaterial.seeds, variable: "SEEDS_DIR")
    let names = try FileManager.default.contentsOfDirectory(atPath: ConformanceMaterial.seeds.path)
    var out: [String: String] = [:]
    for name in names where name.hasSuffix(".txt") {
      out[name] = try String(
        contentsOf: ConformanceMaterial.seeds.appendingPathComponent(name), encoding: .utf8)
    }
    return out
  }

  @Test func theScriptRegeneratesTheCommittedFileByteForByte() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "seed-fingerprints-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: out) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", ConformanceMaterial.repositoryRoot.path + "/scripts/curriculum/fingerprint.py",
      "--seeds", ConformanceMaterial.seeds.path, "--out", out.path,
    ]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "fingerprint.py failed")
    let committed = try Data(contentsOf: URL(fileURLWithPath: Curriculum.fingerprintFile))
    #expect(
      try Data(contentsOf: out) == committed,
      "the seed texts changed: run scripts/curriculum/fingerprint.py --seeds \(ConformanceMaterial.seeds.path)")
  }

  @Test func swiftRunHashesOfEachTextAreTheCommittedRuns() throws {
    let texts = try Self.seedTexts()
    let committed = try Curriculum.seedFingerprints.get()
    #expect(texts.count == 4)
    #expect(Set(texts.keys) == Set(committed.keys))
    for (name, text) in texts {
      let runs = Set(SeedFingerprint.runHashes(of: text).map(\.hash))
      #expect(runs == committed[name]?.runs, "\(name): the Swift splitter differs from fingerprint.py")
    }
  }
}
