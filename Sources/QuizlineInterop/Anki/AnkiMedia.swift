import Foundation

/// Media file names made safe to write beside a bank.
enum AnkiMedia {
  /// `name` with every character outside `A-Z a-z 0-9 . _ -` replaced by `_`, no leading dot, at most
  /// 100 characters (the extension kept), and never ending in `.json` (quizline would read it as a bank).
  static func safeName(_ name: String) -> String {
    var s = String(
      name.unicodeScalars.map { c -> Character in
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-")
          ? Character(c) : "_"
      })
    while s.hasPrefix(".") { s.removeFirst() }
    if s.isEmpty { s = "file" }
    if s.count > 100 {
      let ext = s.split(separator: ".").last.map { "." + $0.prefix(10) } ?? ""
      s = String(s.prefix(100 - ext.count)) + ext
    }
    if s.lowercased().hasSuffix(".json") { s += ".data" }
    return s
  }

  /// Safe names for every media file, unique among themselves (`a_b.png`, `a_b-2.png`, …).
  static func safeNames(_ names: [String]) -> [String: String] {
    var out: [String: String] = [:]
    var used: Set<String> = []
    for name in names {
      let base = safeName(name)
      var candidate = base
      var n = 2
      while !used.insert(candidate.lowercased()).inserted {
        let dot = base.lastIndex(of: ".") ?? base.endIndex
        candidate = base[..<dot] + "-\(n)" + base[dot...]
        n += 1
      }
      out[name] = candidate
    }
    return out
  }
}
