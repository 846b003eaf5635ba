import QuizlineCore

/// One HTML tag (or comment) found at some position.
struct HTMLTag {
  var name: String
  var closing: Bool
  var selfClosing: Bool
  var isComment: Bool
  var attributes: [String: String]
  /// Index just past the tag.
  var end: Int

  static func isLetter(_ c: Unicode.Scalar) -> Bool {
    (c >= "a" && c <= "z") || (c >= "A" && c <= "Z")
  }

  /// The tag starting at `s[i] == "<"`, or nil when that `<` is just text. `unclosed` is set when the text
  /// ends inside what began as a tag or comment: the only failure that reads further than the tag's name.
  static func parse(_ s: [Unicode.Scalar], at i: Int, unclosed: inout Bool) -> HTMLTag? {
    var j = i + 1
    guard j < s.count else { return nil }
    if s[j] == "!" {
      if j + 2 < s.count, s[j + 1] == "-", s[j + 2] == "-" {
        var k = j + 3
        while k + 2 < s.count, !(s[k] == "-" && s[k + 1] == "-" && s[k + 2] == ">") { k += 1 }
        guard k + 2 < s.count else {
          unclosed = true
          return nil
        }
        return HTMLTag(
          name: "", closing: false, selfClosing: true, isComment: true, attributes: [:], end: k + 3)
      }
      guard let close = s[j...].firstIndex(of: ">") else {
        unclosed = true
        return nil
      }
      return HTMLTag(
        name: "", closing: false, selfClosing: true, isComment: true, attributes: [:],
        end: close + 1)
    }
    var closing = false
    if s[j] == "/" {
      closing = true
      j += 1
    }
    guard j < s.count, isLetter(s[j]) else { return nil }
    var name = ""
    while j < s.count, isLetter(s[j]) || (s[j] >= "0" && s[j] <= "9") {
      name.unicodeScalars.append(s[j])
      j += 1
    }
    guard j < s.count, s[j] == ">" || s[j] == "/" || s[j] == " " || s[j] == "\t" || s[j] == "\n"
    else {
      return nil
    }
    var attributes: [String: String] = [:]
    var selfClosing = false
    while j < s.count {
      let c = s[j]
      if c == ">" {
        return HTMLTag(
          name: name.lowercased(), closing: closing, selfClosing: selfClosing, isComment: false,
          attributes: attributes, end: j + 1)
      }
      if c == "/" {
        selfClosing = true
        j += 1
        continue
      }
      if c == " " || c == "\t" || c == "\n" {
        j += 1
        continue
      }
      var key = ""
      while j < s.count, !" \t\n=>/".unicodeScalars.contains(s[j]) {
        key.unicodeScalars.append(s[j])
        j += 1
      }
      var value = ""
      if j < s.count, s[j] == "=" {
        j += 1
        if j < s.count, s[j] == "\"" || s[j] == "'" {
          let quote = s[j]
          j += 1
          while j < s.count, s[j] != quote {
            value.unicodeScalars.append(s[j])
            j += 1
          }
          j += 1
        } else {
          while j < s.count, !" \t\n>".unicodeScalars.contains(s[j]) {
            value.unicodeScalars.append(s[j])
            j += 1
          }
        }
      }
      if !key.isEmpty { attributes[key.lowercased()] = value }
      selfClosing = false
    }
    unclosed = true
    return nil
  }
}
