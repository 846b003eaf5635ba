import Foundation
import QuizlineFuzzTargets
import Testing

/// The gift and aiken fuzz targets on the public conformance material of `make conformance`
/// (`$CONFORMANCE_DIR`, default `<repo>/../shared/conformance`): every conformance case and corpus file,
/// then seeded mutations of them. ``FuzzCorpusTests`` does the same on the repository's own seeds. Fails,
/// never skips, when the folder is missing (no seeds found).
@Suite("Conformance: fuzz targets on the public GIFT/Aiken files ($CONFORMANCE_DIR)")
struct ConformanceFuzzSeeds {
  static let root: String = {
    let repo = URL(fileURLWithPath: FuzzCorpus.root.path)
    if let set = ProcessInfo.processInfo.environment["CONFORMANCE_DIR"], !set.isEmpty {
      return URL(fileURLWithPath: set, relativeTo: repo).standardizedFileURL.path
    }
    return repo.appendingPathComponent("../shared/conformance").standardizedFileURL.path
  }()

  static let targets: [FuzzTarget] = [.gift, .aiken]

  static func folders(_ target: FuzzTarget) -> [(path: String, suffixes: [String])] {
    switch target {
    case .gift: [(root + "/gift", [".gift"]), (root + "/corpora", [".gift", "examples.txt"])]
    case .aiken: [(root + "/aiken", [".txt"]), (root + "/corpora/qas-editor/aiken", [".txt"])]
    default: []
    }
  }

  /// The seed counts the suite had while it read this material in `make test`.
  static func minimumSeeds(_ target: FuzzTarget) -> Int { target == .gift ? 52 : 10 }

  @Test(arguments: targets)
  func everyConformanceFilePasses(_ target: FuzzTarget) throws {
    let inputs = FuzzCorpus.inputs(in: Self.folders(target))
    #expect(
      inputs.count >= Self.minimumSeeds(target),
      "too few conformance seeds for \(target) in \(Self.root) (set CONFORMANCE_DIR): \(inputs.count)"
    )
    for (name, bytes) in inputs {
      let failures = target.run(bytes)
      #expect(failures.isEmpty, "\(target) on \(name): \(failures.prefix(3))")
    }
  }

  @Test(arguments: targets)
  func seededMutationsOfTheConformanceFilesPass(_ target: FuzzTarget) throws {
    let seeds = FuzzCorpus.inputs(in: Self.folders(target)).map(\.bytes)
    try #require(
      !seeds.isEmpty, "no conformance seeds for \(target) in \(Self.root) (set CONFORMANCE_DIR)")
    var mutator = Mutator(seed: 0xc0f + UInt64(target.rawValue.count))
    for round in 0..<FuzzCorpus.mutationRounds(target) {
      let input = mutator.mutate(
        seeds[round % seeds.count], donor: seeds[(round * 7 + 3) % seeds.count])
      let failures = target.run(input)
      if !failures.isEmpty {
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent(
          "quizline-fuzz-conformance-\(target)-\(round)"
        ).path
        _ = FileManager.default.createFile(atPath: saved, contents: Data(input))
        Issue.record(
          "\(target) mutation \(round) (\(input.count) bytes, saved as \(saved)): \(failures.prefix(3))"
        )
        return
      }
    }
  }
}
