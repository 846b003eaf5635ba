import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// What the in-repo interop tests check, on the public material: every conformance case and corpus
/// file writes a bank the loader reads back, and a realistic public file exports to Anki.
@Suite("Conformance: written banks and Anki export")
struct ConformanceInterop {
  @Test func everyPublicFileWritesABankTheLoaderAccepts() throws {
    ConformanceMaterial.requirePresent(ConformanceMaterial.root, variable: "CONFORMANCE_DIR")
    var files: [BankJSONWriterTests.ImportedFile] = []
    let gift = ConformanceMaterial.gift
    let aiken = ConformanceMaterial.aiken
    for stem in gift.stems { files.append((stem, try gift.input("\(stem).gift"), true)) }
    for stem in aiken.stems { files.append((stem, try aiken.input("\(stem).aiken.txt"), false)) }
    for path in ConformanceMaterial.corpusFiles(extensions: [".gift", ".txt"]) {
      let data = try Data(
        contentsOf: ConformanceMaterial.root.appendingPathComponent("corpora/\(path)"))
      files.append((path, data, path.hasSuffix(".gift") || path.hasSuffix("examples.txt")))
    }
    #expect(files.count > 100)
    try BankJSONWriterTests.checkWrittenBanksReadBack(files)
  }

  @Test func ankiImportsTheExportOfARealisticPublicFile() throws {
    let imported = GIFTImporter(bankID: "qas").read(
      try ConformanceMaterial.gift.input("052-qas-editor-realistic-file.gift"), path: "all.gift")
    try AnkiVerificationTests.verifyAnkiImports([imported.bank])
  }
}
