import Foundation
import QuizlineFuzzTargets
import Testing

/// The fuzz targets of `make fuzz`, run in the suite on their seed corpora, on every input a fuzzing
/// run once broke (`Fuzz/regressions/<target>/`), and on a few thousand seeded mutations of the seeds.
/// A failure names the input; `scripts/fuzz/run.sh TARGET SECONDS` fuzzes further with libFuzzer.
@Suite struct FuzzCorpusTests {
  @Test(arguments: FuzzTarget.allCases)
  func everySeedAndSavedRegressionPasses(_ target: FuzzTarget) throws {
    let inputs = FuzzCorpus.inputs(for: target)
    #expect(inputs.count >= FuzzCorpus.minimumSeeds(target), "too few seeds found for \(target): \(inputs.count)")
    for (name, bytes) in inputs {
      let failures = target.run(bytes)
      #expect(failures.isEmpty, "\(target) on \(name): \(failures.prefix(3))")
    }
  }

  @Test(arguments: FuzzTarget.allCases)
  func seededMutationsOfTheSeedsPass(_ target: FuzzTarget) throws {
    let seeds = FuzzCorpus.inputs(for: target).map(\.bytes)
    try #require(!seeds.isEmpty)
    var mutator = Mutator(seed: 0x5eed + UInt64(target.rawValue.count))
    for round in 0..<FuzzCorpus.mutationRounds(target) {
      let input = mutator.mutate(seeds[round % seeds.count], donor: seeds[(round * 7 + 3) % seeds.count])
      let failures = target.run(input)
      if !failures.isEmpty {
        // Kept for a look and for Fuzz/regressions/<target>/ once fixed.
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("quizline-fuzz-\(target)-\(round)")
          .path
        _ = FileManager.default.createFile(atPath: saved, contents: Data(input))
        Issue.record("\(target) mutation \(round) (\(input.count) bytes, saved as \(saved)): \(failures.prefix(3))")
        return
      }
    }
  }

  @Test func theReplTargetRunsOnTheFixtureCatalog() {
    // Without the catalog every line would be "unknown bank": the target would test little.
    let failures = FuzzTarget.repl.run(Array("start sample\nb\na,c\nquit\n".utf8))
    #expect(failures.isEmpty)
    #expect(FuzzCorpus.fixtureCatalogQuestionCount() >= 10)
  }
}
