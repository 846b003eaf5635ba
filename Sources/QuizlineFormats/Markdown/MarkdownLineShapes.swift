/// How ``MarkdownBlockReader`` recognises what a line of a Markdown bank starts with, on the text's
/// bytes and as cmark reads it: a list item's marker, a paragraph's plain text, a run of break
/// characters, an ATX heading and where its line ends.
struct MarkdownLineShapes {
  let bytes: UnsafeBufferPointer<UInt8>

  /// What a line's start is as a list item.
  enum MarkerMatch {
    case none
    case marker(ListMarker)
    /// A marker this reader does not follow cmark on (empty item, wider gap, a block inside).
    case invalid
  }

  /// `- ` or `N. ` (1 to 9 digits) at `s`, followed by a paragraph's text (after a task box).
  func listMarker(_ s: Int, _ e: Int) -> MarkerMatch {
    var width = 0
    var ordered = false
    var start = 0
    if bytes[s] == 0x2D {
      guard s + 1 < e, bytes[s + 1] == 0x20 else { return .none }
      width = 2
    } else {
      var d = 0
      while s + d < e && d < 10 && bytes[s + d] >= 0x30 && bytes[s + d] <= 0x39 {
        start = start * 10 + Int(bytes[s + d] - 0x30)
        d += 1
      }
      guard d > 0 else { return .none }
      guard d <= 9, s + d + 1 < e, bytes[s + d] == 0x2E, bytes[s + d + 1] == 0x20 else {
        return s + d < e && (bytes[s + d] == 0x2E || bytes[s + d] == 0x29) ? .invalid : .none
      }
      width = d + 2
      ordered = true
    }
    let c = s + width
    var task: Bool?
    var text = c
    if c + 4 < e, bytes[c] == 0x5B, bytes[c + 2] == 0x5D, bytes[c + 3] == 0x20 {
      switch bytes[c + 1] {
      case 0x20: task = false
      case 0x78, 0x58: task = true
      default: break
      }
      if task != nil { text = c + 4 }
    }
    // cmark-gfm reports a box as checked when `[x]` follows it on its line: no `[` after a box.
    if task != nil, (text..<e).contains(where: { bytes[$0] == 0x5B }) { return .invalid }
    guard plain(text, e, firstLine: true) else { return .invalid }
    return .marker(ListMarker(ordered: ordered, start: start, width: width, task: task, textOffset: text - s))
  }

  /// Whether the text at `c..<e` is a paragraph's line and nothing else for cmark: not empty,
  /// not indented, no block's start, not an underline or a table's delimiter row, and (on a
  /// paragraph's first line) no link reference definition.
  func plain(_ c: Int, _ e: Int, firstLine: Bool) -> Bool {
    guard c < e else { return false }
    let b = bytes[c]
    let next: UInt8 = c + 1 < e ? bytes[c + 1] : 0x20
    switch b {
    case 0x20, 0x09, 0x3E, 0x3C, 0x7C: return false  // space, tab, > < |
    case 0x23: if atxLevel(c, e) != nil { return false }  // #
    case 0x5B: if firstLine { return false }  // [
    case 0x60, 0x7E:  // ` ~
      if c + 2 < e && bytes[c + 1] == b && bytes[c + 2] == b { return false }
    case 0x2D, 0x2B, 0x2A:  // - + *
      if next == 0x20 || next == 0x09 { return false }
    case 0x30...0x39:
      var d = c
      while d < e && bytes[d] >= 0x30 && bytes[d] <= 0x39 { d += 1 }
      if d < e && (bytes[d] == 0x2E || bytes[d] == 0x29) { return false }
    default: break
    }
    return !onlyBreakCharacters(c, e)
  }

  /// Whether `s..<e` holds only `-*_=:|`, spaces and tabs: a thematic break, a setext underline or a
  /// table's delimiter row, for cmark.
  func onlyBreakCharacters(_ s: Int, _ e: Int) -> Bool {
    for k in s..<e {
      switch bytes[k] {
      case 0x2D, 0x2A, 0x5F, 0x3D, 0x3A, 0x7C, 0x20, 0x09: continue
      default: return false
      }
    }
    return true
  }

  /// The level of an ATX heading at `s` (1 to 6 `#` and a space or the line's end); 0 when the
  /// `#`s are followed by a tab (a heading this reader leaves to cmark); nil when not a heading.
  func atxLevel(_ s: Int, _ e: Int) -> Int? {
    var k = s
    while k < e && bytes[k] == 0x23 { k += 1 }
    let level = k - s
    guard level >= 1 && level <= 6 else { return nil }
    if k == e || bytes[k] == 0x20 { return level }
    return bytes[k] == 0x09 ? 0 : nil
  }

  /// Where cmark ends a heading's line: trailing spaces, then a closing run of `#` after a space,
  /// then spaces again taken off the whole line.
  func headingEnd(_ s: Int, _ e: Int) -> Int {
    var end = e
    while end > s && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
    var k = end
    while k > s && bytes[k - 1] == 0x23 { k -= 1 }
    if k < end && k > s && (bytes[k - 1] == 0x20 || bytes[k - 1] == 0x09) {
      end = k - 1
      while end > s && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
    }
    return end
  }
}

/// A list item's marker at the start of a line.
struct ListMarker {
  let ordered: Bool
  let start: Int
  /// The marker and its one space.
  let width: Int
  let task: Bool?
  /// The paragraph's first column (0-based): after the marker, and after a task box.
  let textOffset: Int
}
