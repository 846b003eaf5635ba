/// How quizline tells a card's wording apart from another's: the id it gives a card written
/// without one, and whether an edited wording is still recognisably the same card
/// (docs/markdown-format.md, "Identity").
public enum CardWording {
  /// Below this similarity an edited wording is a rewrite beyond recognition: a new card. Measured
  /// on the shipped curriculum's 205 prompts: one typo keeps at least 0.75, two typos at least 0.5;
  /// 99 % of pairs of different prompts are below 0.37.
  public static let recognisable = 0.4

  /// Lower-case letters and digits, every other run of characters made one space, trimmed: what
  /// an edit of punctuation, case or spacing leaves alone.
  public static func normalized(_ text: String) -> String {
    var out = ""
    var space = false
    for c in text.lowercased() {
      if c.isLetter || c.isNumber {
        if space && !out.isEmpty { out.append(" ") }
        space = false
        out.append(c)
      } else {
        space = true
      }
    }
    return out
  }

  /// How alike two wordings are, from 0 (nothing in common) to 1 (the same once normalized): the
  /// better of the edit-distance similarity of the characters (typos, a changed word) and the
  /// overlap of their word sets (words moved around). Long texts are compared on their first 400
  /// characters, which bounds the cost.
  public static func similarity(_ a: String, _ b: String) -> Double {
    let x = Array(normalized(a).prefix(400))
    let y = Array(normalized(b).prefix(400))
    if x == y { return 1 }
    let longest = max(x.count, y.count)
    let characters = longest == 0 ? 1 : 1 - Double(editDistance(x, y)) / Double(longest)
    let wordsA = Set(String(x).split(separator: " "))
    let wordsB = Set(String(y).split(separator: " "))
    let union = wordsA.union(wordsB).count
    let words = union == 0 ? 1 : Double(wordsA.intersection(wordsB).count) / Double(union)
    return max(characters, words)
  }

  /// Whether `edited` is still recognisably `original` (similarity at least ``recognisable``).
  public static func isRecognisable(_ edited: String, as original: String) -> Bool {
    similarity(edited, original) >= recognisable
  }

  /// Levenshtein distance (insertions, deletions, substitutions), two rows at a time.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// Crockford's base-32 digits in lower case (no i, l, o, u): what the id's fingerprint is written in.
  static let digits = Array("0123456789abcdefghjkmnpqrstvwxyz")

  /// The id quizline gives a card written without one: up to five words of its wording as a slug
  /// (ASCII letters and digits, at most 32 characters; `card` when none), `-`, and eight base-32
  /// digits of an FNV-1a hash of the normalized wording (at least one digit and one letter). The same wording gives the same id on
  /// every device, so two devices that first see a card write the same id into the file.
  public static func generatedID(for wording: String) -> String {
    let words = normalized(wording).split(separator: " ").map { word in
      String(word.unicodeScalars.filter { $0.isASCII }.map(Character.init))
    }.filter { !$0.isEmpty }
    var slug = ""
    for word in words.prefix(5) {
      let next = slug.isEmpty ? word : slug + "-" + word
      if next.count > 32 { break }
      slug = next
    }
    if slug.isEmpty { slug = "card" }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in normalized(wording).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    var suffix = ""
    for k in 0..<8 { suffix.append(digits[Int((hash >> UInt64(59 - 5 * k)) & 31)]) }
    // A digit and a letter, so that an author's word (`-previews`) or number (`-20261206`) is never
    // taken for a fingerprint.
    if !suffix.contains(where: { $0.isNumber }) {
      suffix = String(suffix.dropLast()) + String(digits[Int(hash % 10)])
    }
    if !suffix.contains(where: { $0.isLetter }) {
      suffix = String(digits[10 + Int(hash % 22)]) + String(suffix.dropFirst())
    }
    return slug + "-" + suffix
  }

  /// Whether `id` has the shape of a ``generatedID(for:)``: such an id is replaced when its card's
  /// wording is rewritten beyond recognition; an id the author chose never is.
  public static func isGenerated(_ id: String) -> Bool {
    let parts = id.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 2, let last = parts.last, last.count == 8 else { return false }
    return last.allSatisfy { digits.contains($0) } && last.contains(where: { $0.isNumber })
      && last.contains(where: { $0.isLetter })
  }
}
