import Foundation
import QuizlineCore

/// Turns free text (titles, Moodle tags, file names) into quizline ids, `[a-z0-9][a-z0-9-]{0,63}`.
enum Slug {
  /// The longest id quizline accepts.
  static let maxLength = 64

  /// Whether `text` already is a valid id.
  public static func isValid(_ text: String) -> Bool { Identifier.isValid(text) }

  /// `text` lower-cased, accents folded, every run of other characters replaced by one `-`, cut to at most
  /// `maxLength` characters at a word boundary when possible; empty when nothing usable is left.
  public static func make(_ text: String, maxLength: Int = Slug.maxLength) -> String {
    var out: [UInt8] = []
    var pendingHyphen = false
    func take(_ c: UInt8) {
      if isAlnum(c) {
        if pendingHyphen, !out.isEmpty { out.append(UInt8(ascii: "-")) }
        pendingHyphen = false
        out.append(c)
      } else if c != UInt8(ascii: "'") {
        pendingHyphen = true
      }  // "Grant's" -> "grants"
    }
    if text.utf8.allSatisfy(foldsAsItself) {
      // Plain ASCII letters, digits and punctuation: Foundation's folding only lower-cases them (a
      // deck's names and tags are mostly these; the folding was 4 % of a large import).
      for c in text.utf8 { take(c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c | 0x20 : c) }
    } else {
      let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        .lowercased()
      for s in folded.unicodeScalars {
        if s.isASCII {
          take(UInt8(s.value))
        } else if s != "\u{2019}" {
          pendingHyphen = true
        }
      }
    }
    if out.count > maxLength {
      let cut = Array(out[0..<maxLength])
      if let lastHyphen = cut.lastIndex(of: UInt8(ascii: "-")), lastHyphen >= maxLength / 2 {
        out = Array(cut[0..<lastHyphen])
      } else {
        out = cut
      }
      while out.last == UInt8(ascii: "-") { out.removeLast() }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A slug of the first words of `text` (for questions without a title), at most 40 characters.
  static func fromPrompt(_ text: String) -> String { make(text, maxLength: 40) }

  /// `base-suffix`, with `base` shortened so that the result is still a valid id.
  static func withSuffix(_ base: String, _ suffix: String) -> String {
    let room = maxLength - suffix.utf8.count - 1
    var b = Array(base.utf8.prefix(max(room, 0)))
    while b.last == UInt8(ascii: "-") { b.removeLast() }
    return b.isEmpty ? suffix : String(decoding: b, as: UTF8.self) + "-" + suffix
  }

  /// Whether the folding leaves the byte `c` as it is but for its case: printable ASCII; the accents
  /// that stand alone (`^`, `` ` ``, `~`) are left to Foundation all the same, to be safe
  /// (`SlugFastPathTests` compares the bytes' path with the folding on every ASCII character).
  private static func foldsAsItself(_ c: UInt8) -> Bool {
    c >= 0x20 && c < 0x7F && c != UInt8(ascii: "^") && c != UInt8(ascii: "`") && c != UInt8(ascii: "~")
  }

  private static func isAlnum(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
      || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
  }
}

/// Hands out ids unique within one bank: the first request for a base gets it, later ones `base-2`, `base-3`….
struct UniqueIDs {
  private var used: Set<String> = []
  /// For each base claimed more than once, the suffix to try next (so a thousand repeats of one title
  /// cost a thousand look-ups, not half a million).
  private var nextSuffix: [String: Int] = [:]

  /// A unique id from `base` (already a slug); `fallback` is used when `base` is empty.
  mutating func claim(_ base: String, fallback: String) -> String {
    let b = base.isEmpty ? fallback : base
    if used.insert(b).inserted { return b }
    var n = nextSuffix[b] ?? 2
    while true {
      let candidate = Slug.withSuffix(b, String(n))
      n += 1
      if used.insert(candidate).inserted {
        nextSuffix[b] = n
        return candidate
      }
    }
  }
}
