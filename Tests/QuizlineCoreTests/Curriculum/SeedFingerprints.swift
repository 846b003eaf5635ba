import Foundation

/// The committed fingerprint of the curriculum's source texts (`Tests/Fixtures/curriculum/seed-fingerprints.json`,
/// written by `scripts/curriculum/fingerprint.py`): what the curriculum tests need to know of the texts, with
/// no sentence of them. `make conformance` recomputes it from the texts and finds it current.
struct SeedFingerprint: Equatable {
  /// Lines of the text that can be section headings, in file order.
  var headings: [String]
  /// The terms listed under the text's `Key Terms` section (empty when it has none).
  var keyTerms: [String]
  /// FNV-1a 64-bit hashes of every run of ``runLength`` consecutive words.
  var runs: Set<UInt64>

  static let runLength = 8

  /// Seed file name → fingerprint, as committed.
  static func loadCommitted(from path: String) throws -> [String: SeedFingerprint] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      doc["runLength"] as? Int == runLength, doc["hash"] as? String == "fnv1a64",
      let seeds = doc["seeds"] as? [String: [String: Any]]
    else { throw FingerprintError.malformed(path) }
    return try seeds.mapValues { seed in
      guard let headings = seed["headings"] as? [String], let terms = seed["keyTerms"] as? [String],
        let runs = seed["runs"] as? [String]
      else { throw FingerprintError.malformed(path) }
      let hashes = try runs.map { hex in
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else {
          throw FingerprintError.malformed(path)
        }
        return value
      }
      return SeedFingerprint(headings: headings, keyTerms: terms, runs: Set(hashes))
    }
  }

  /// The hash of each run of ``runLength`` words of `text`, with the words it covers.
  static func runHashes(of text: String) -> [(hash: UInt64, words: String)] {
    let w = words(text)
    guard w.count >= runLength else { return [] }
    return (0...(w.count - runLength)).map { i in
      let run = w[i..<(i + runLength)].joined(separator: " ")
      return (fnv1a64(run), run)
    }
  }

  /// Lower-cased words: apostrophes inside a word are dropped, every other non-letter, non-digit
  /// separates (as `fingerprint.py` and `overlap.py` split words).
  static func words(_ text: String) -> [String] {
    let chars = Array(
      text.lowercased().replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(
        of: "\u{2018}", with: "'"))
    var out: [String] = []
    var word = ""
    for (i, ch) in chars.enumerated() {
      if ch.isLetter || ch.isNumber {
        word.append(ch)
      } else if ch == "'", !word.isEmpty, i + 1 < chars.count,
        chars[i + 1].isLetter || chars[i + 1].isNumber
      {
        continue
      } else if !word.isEmpty {
        out.append(word)
        word = ""
      }
    }
    if !word.isEmpty { out.append(word) }
    return out
  }

  /// FNV-1a, 64 bits, over the UTF-8 bytes.
  static func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}

enum FingerprintError: Error, CustomStringConvertible {
  case malformed(String)
  var description: String {
    switch self {
    case .malformed(let path):
      "\(path): not a seed fingerprint file (run scripts/curriculum/fingerprint.py --seeds DIR)"
    }
  }
}
