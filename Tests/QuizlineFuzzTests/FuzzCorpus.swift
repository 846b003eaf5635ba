import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineFuzzTargets

/// Where each target's seeds come from, all in the repository: the project's fixtures (quizline's own
/// GIFT and Aiken cases among them), the shipped quizzes, `Fuzz/seeds/<target>/`, and the saved
/// regressions in `Fuzz/regressions/<target>/`. `scripts/fuzz/run.sh` seeds libFuzzer the same way. The
/// public conformance cases and corpora seed gift and aiken only in `make conformance`
/// (``ConformanceFuzzSeeds``) and `make fuzz`.
enum FuzzCorpus {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func folders(for target: FuzzTarget) -> [(path: String, suffixes: [String])] {
    let own = [
      (root.path + "/Fuzz/seeds/" + target.rawValue, [""]), (root.path + "/Fuzz/regressions/" + target.rawValue, [""]),
    ]
    switch target {
    case .bank:
      return own + [
        (root.path + "/Tests/Fixtures/malformed", [".json"]), (root.path + "/Tests/Fixtures/catalog", [".json"]),
        (root.path + "/Quizzes", [".json"]),
      ]
    case .gift: return own + [(root.path + "/Tests/Fixtures/gift-cases", [".gift"])]
    case .aiken: return own + [(root.path + "/Tests/Fixtures/aiken-cases", [".txt"])]
    case .journal, .repl, .zip, .collection: return own
    case .csv: return own
    case .markdown: return own + [(root.path + "/Tests/Fixtures/markdown", [".md"])]
    case .math: return own
    }
  }

  /// What the repository holds (gift: 59 cases and 3 regressions; aiken: 9 cases and 1 regression).
  static func minimumSeeds(_ target: FuzzTarget) -> Int {
    switch target {
    case .bank: 60
    case .gift: 62
    case .aiken: 10
    case .journal: 3
    case .repl: 3
    case .zip: 2
    case .collection: 1
    case .csv: 4
    case .markdown: 18
    case .math: 40
    }
  }

  /// How many mutations each target gets in the suite (the REPL target replays a whole session per input).
  static func mutationRounds(_ target: FuzzTarget) -> Int {
    switch target {
    case .repl: 300
    case .zip, .collection: 500
    default: 1_500
    }
  }

  static func inputs(for target: FuzzTarget) -> [(name: String, bytes: [UInt8])] {
    inputs(in: folders(for: target))
  }

  /// Every file of at most 1 MiB under the folders whose name ends with one of its folder's suffixes
  /// (`""` takes every file), README.md left out, sorted by path.
  static func inputs(in folders: [(path: String, suffixes: [String])]) -> [(name: String, bytes: [UInt8])] {
    var out: [(String, [UInt8])] = []
    let fm = FileManager.default
    for (folder, suffixes) in folders {
      guard let walker = fm.enumerator(atPath: folder) else { continue }
      for case let relative as String in walker {
        let path = folder + "/" + relative
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
          !relative.hasSuffix("README.md"), suffixes.contains(where: { $0.isEmpty || relative.hasSuffix($0) }),
          let data = fm.contents(atPath: path), data.count <= 1 << 20
        else { continue }
        out.append((path, [UInt8](data)))
      }
    }
    return out.sorted { $0.0 < $1.0 }
  }

  static func fixtureCatalogQuestionCount() -> Int {
    CatalogLoader.load(directory: root.path + "/Tests/Fixtures/catalog").catalog.questionCount
  }
}

/// Seeded byte-level mutations in the spirit of libFuzzer's: flip, insert, erase, repeat, splice.
struct Mutator {
  private var random: SplitMix64
  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  private mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(random.next() % UInt64(n)) }

  mutating func mutate(_ base: [UInt8], donor: [UInt8]) -> [UInt8] {
    var bytes = base
    let interesting: [[UInt8]] = [
      [0x00], [0xFF], [0xC3], [0x0D], [0x0A], [0x22], [0x5C], [0x7B], [0x7D], [0x5B], [0x5D], [0x3A], [0x7E], [0x3D],
      Array("1e999".utf8), Array("-0".utf8), Array("\\u0000".utf8), Array("\\ud800".utf8), Array("::".utf8),
      Array("{#".utf8), Array("%-50%".utf8), Array("ANSWER: ".utf8), Array("\u{1B}[31m".utf8), Array("\u{202E}".utf8),
    ]
    for _ in 0...below(4) {
      let at = below(bytes.count + 1)
      switch below(6) {
      case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] ^= UInt8(1 << below(8))
      case 1: bytes.insert(contentsOf: interesting[below(interesting.count)], at: at)
      case 2 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + 1 + below(16)))
      case 3 where !bytes.isEmpty:
        let from = below(bytes.count)
        let chunk = bytes[from..<min(bytes.count, from + 1 + below(32))]
        bytes.insert(contentsOf: Array(repeating: Array(chunk), count: 1 + below(3)).flatMap { $0 }, at: at)
      case 4 where !donor.isEmpty:
        let from = below(donor.count)
        bytes.insert(contentsOf: donor[from..<min(donor.count, from + 1 + below(64))], at: at)
      default: bytes = Array(bytes.prefix(at))
      }
    }
    return bytes
  }
}
