/// The duplicate-check fold (``normalizedForComparison(_:ignoringPunctuation:)`` keeping
/// punctuation) of text in the common scripts beyond ASCII, straight from its bytes: without it,
/// the Unicode path (`lowercased()`, a `Character` walk and a property look-up per character) was a
/// third of loading a bank written in Japanese or French.
///
/// Taken only when every scalar is one whose folding is known without the tables: ASCII (as in
/// ``asciiFold(_:ignoringPunctuation:into:)``), Latin-1 letters (`À`–`Þ` lower-case to `à`–`þ`
/// by adding 0x20, except `×`; `ß`–`ÿ` stay), kana, CJK ideographs, the symbols and dingbats
/// U+2600–U+27BF, emoji U+1F000–U+1FAFF, the zero-width joiner and variation selectors: none is
/// whitespace, has another lower-case form than the one used, or is a prepended mark. Grapheme
/// clusters matter to the Unicode path only where a space starts one (a space followed by an
/// extending scalar is one whitespace `Character`, dropped whole): an extender right after ASCII
/// whitespace sends the text to the Unicode path. Anything else (a control byte, another
/// scalar) returns false and the caller takes the Unicode path. Tested equal to it.
func scriptFold(_ text: String, into sink: inout FNVSink) -> Bool {
  var copy = text
  return copy.withUTF8 { scriptFold($0, into: &sink) }
}

func scriptFold(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout FNVSink) -> Bool {
  var pendingSpace = false
  var started = false
  var afterWhitespace = false
  var i = 0
  let n = bytes.count
  while i < n {
    let b = bytes[i]
    if b < 0x80 {
      if b > 0x20 && b < 0x7F {
        if pendingSpace {
          sink.append(0x20)
          pendingSpace = false
        }
        sink.append(b &- 0x41 < 26 ? b + 0x20 : b)
        started = true
        afterWhitespace = false
      } else if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
        pendingSpace = started
        afterWhitespace = true
      } else {
        return false
      }
      i += 1
      continue
    }
    // A valid String: the lead byte gives the length.
    let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
    guard i + length <= n else { return false }
    var scalar = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
    let extender =
      scalar == 0x200D || (scalar >= 0xFE00 && scalar <= 0xFE0F) || (scalar >= 0x1F3FB && scalar <= 0x1F3FF)
      || scalar == 0x3099 || scalar == 0x309A
    let known =
      extender || (scalar >= 0xC0 && scalar <= 0xFF && scalar != 0xD7) || (scalar >= 0x3041 && scalar <= 0x30FF)
      || (scalar >= 0x4E00 && scalar <= 0x9FFF) || (scalar >= 0x2600 && scalar <= 0x27BF)
      || (scalar >= 0x1F000 && scalar <= 0x1FAFF)
    guard known, !(extender && afterWhitespace) else { return false }
    if pendingSpace {
      sink.append(0x20)
      pendingSpace = false
    }
    if scalar >= 0xC0 && scalar <= 0xDE {
      // Two bytes, 0xC3 0x80...0x9E: the lower-case letter is 0x20 further.
      sink.append(b)
      sink.append(bytes[i + 1] + 0x20)
    } else {
      for k in 0..<length { sink.append(bytes[i + k]) }
    }
    started = true
    afterWhitespace = false
    i += length
  }
  return true
}
