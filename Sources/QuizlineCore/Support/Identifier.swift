/// The id rule shared by banks, questions, sessions, courses, tags and profiles: `[a-z0-9][a-z0-9-]{0,63}`.
///
/// Ids become file and folder names, so the rule keeps `../x`, spaces, upper case and empty names out.
public enum Identifier {
  public static let pattern = "[a-z0-9][a-z0-9-]{0,63}"

  /// Whether `text` is a valid id.
  public static func isValid(_ text: String) -> Bool {
    var copy = text
    return copy.withUTF8 { isValid(utf8: $0) }
  }

  /// Whether the text whose UTF-8 bytes are `u` is a valid id (a decoder asks of a literal's bytes).
  public static func isValid(utf8 u: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !u.isEmpty, u.count <= 64 else { return false }
    for k in 0..<u.count {
      let c = u[k]
      let alnum = (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
      if !(alnum || (k > 0 && c == UInt8(ascii: "-"))) { return false }
    }
    return true
  }

  /// Why `text` is not a valid id, in words (nil when it is valid).
  public static func problem(_ text: String) -> String? {
    if text.isEmpty { return "an id must not be empty" }
    if text.utf8.count > 64 { return "an id is at most 64 characters (this one has \(text.utf8.count))" }
    if isValid(text) { return nil }
    return "ids may use only lower-case letters a-z, digits and '-' (not first): \(pattern)"
  }
}

/// Text safe for a terminal: control characters (except newline and, when allowed, tab) are shown as `\u{1B}`-style escapes.
public func escapingControlCharacters(_ text: String, keepNewlines: Bool = true) -> String {
  var needs = false
  for s in text.unicodeScalars where isControl(s) && !(keepNewlines && (s == "\n" || s == "\t")) {
    needs = true
    break
  }
  guard needs else { return text }
  var out = ""
  out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
  for s in text.unicodeScalars {
    if isControl(s) && !(keepNewlines && (s == "\n" || s == "\t")) {
      out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
    } else {
      out.unicodeScalars.append(s)
    }
  }
  return out
}

/// `text` without control characters other than newline and tab: typed lines lose them before they
/// reach an event, so the journal never holds a character its reader refuses (a NUL).
public func removingControlCharacters(_ text: String) -> String {
  func unwanted(_ s: Unicode.Scalar) -> Bool { s != "\n" && s != "\t" && isControl(s) }
  guard text.unicodeScalars.contains(where: unwanted) else { return text }
  return String(String.UnicodeScalarView(text.unicodeScalars.filter { !unwanted($0) }))
}

/// C0 and C1 control characters, DEL, the bidirectional marks, embeddings, overrides and isolates
/// that can disguise text (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069), and the line and
/// paragraph separators U+2028 and U+2029 (a terminal or a viewer may break the line there).
public func isControl(_ s: Unicode.Scalar) -> Bool {
  let v = s.value
  if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }
  guard v >= 0x061C else { return false }
  return v == 0x061C || v == 0x200E || v == 0x200F || (v >= 0x2028 && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
}

/// A short quoted rendering of user-supplied text for messages: control characters escaped, long text cut.
public func quoted(_ text: String, limit: Int = 40) -> String {
  // Printable ASCII (every valid id, most keys and texts): nothing to escape, one character per
  // byte, so the same result without the scalar and grapheme walks.
  let utf8 = text.utf8
  if utf8.count <= limit, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return "\"" + text + "\"" }
  var s = escapingControlCharacters(text, keepNewlines: false)
  if s.count > limit { s = String(s.prefix(limit - 3)) + "..." }
  return "\"" + s + "\""
}
