import QuizlineCore

/// The id a Markdown question gets when its author wrote none.
///
/// Provisional: the slug of the first words of the card's wording and eight base32 characters of
/// an FNV-1a (64 bit) hash of that wording, lower-cased with its spaces collapsed. The reader
/// makes the ids of one bank unique with `-2`, `-3`, … (``MarkdownBankReader``).
public enum MarkdownCardIdentity {
  /// The id for a question without an explicit one.
  public static func provisionalID(for question: Question) -> String {
    let wording = normalized(self.wording(of: question))
    var slug = ""
    var words = 0
    var pending = false
    for scalar in wording.unicodeScalars {
      let isAlnum = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
      if isAlnum {
        if pending && !slug.isEmpty { slug.append("-") }
        pending = false
        slug.unicodeScalars.append(scalar)
      } else if !pending && !slug.isEmpty {
        pending = true
        if scalar == " " {
          words += 1
          if words >= 5 { break }
        }
      }
    }
    if slug.utf8.count > 40 {
      slug = String(slug.prefix(40))
      while slug.hasSuffix("-") { slug.removeLast() }
    }
    if slug.isEmpty { slug = "card" }
    return slug + "-" + base32(fnv1a(Array(wording.utf8)))
  }

  /// What identifies a card: its prompt, and for a cloze its text with the first accepted answer
  /// of each gap (many cloze cards share one prompt).
  static func wording(of question: Question) -> String {
    guard case .cloze(let text, let gaps) = question.body else { return question.prompt }
    var filled = ""
    for part in ClozeText.parts(of: text) {
      switch part {
      case .text(let t): filled += t
      case .gap(let n): filled += n >= 1 && n <= gaps.count ? gaps[n - 1].accept.first?.text ?? "" : ""
      }
    }
    return question.prompt + " " + filled
  }

  /// Lower case, every run of white space one space, none at the ends.
  static func normalized(_ text: String) -> String {
    text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// The low 40 bits as eight characters of RFC 4648's alphabet, lower-cased.
  static func base32(_ hash: UInt64) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
    var out = ""
    for k in (0..<8).reversed() { out.append(alphabet[Int((hash >> (UInt64(k) * 5)) & 31)]) }
    return out
  }
}
