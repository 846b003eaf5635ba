import Foundation

/// Byte-level searches that stand in for Foundation's `range(of:)` and `replacingOccurrences(of:with:)`
/// in an Anki import (issue 36), used only on "plain" text: ASCII and ``AnkiTemplate/frontSideMark``
/// alone. There no character decomposes, combines with the one before or folds case outside ASCII (the
/// mark is a noncharacter: no decomposition, no case), so Foundation's searches (canonical equivalence,
/// Unicode case folding) find exactly the bytes. On any other text the callers use Foundation.
/// `AnkiFastPathTests` compares each with Foundation's search over random texts.
enum AnkiPlainText {
  /// The mark's UTF-8 bytes (U+FDEE).
  static let markBytes: [UInt8] = [0xEF, 0xB7, 0xAE]

  /// Whether `text` holds only ASCII and the front-side mark.
  static func isPlain(_ text: some StringProtocol) -> Bool {
    let utf8 = text.utf8
    var i = utf8.startIndex
    while let high = utf8[i...].firstIndex(where: { $0 >= 0x80 }) {
      var j = high
      for b in markBytes {
        guard j < utf8.endIndex, utf8[j] == b else { return false }
        j = utf8.index(after: j)
      }
      i = j
    }
    return true
  }

  /// The first range of the ASCII `pattern` in the plain `text`, bytes compared as they are (without
  /// case) or with ASCII letters folded (`caseInsensitive`; `pattern` then lowercase).
  static func range(
    of pattern: String, in text: Substring, caseInsensitive: Bool = false
  ) -> Range<String.Index>? {
    let needle = Array(pattern.utf8)
    let utf8 = text.utf8
    guard let first = needle.first else { return nil }
    var i = utf8.startIndex
    while let start = utf8[i...].firstIndex(where: { caseInsensitive ? lowered($0) == first : $0 == first }) {
      var j = start
      var k = 0
      while k < needle.count, j < utf8.endIndex, (caseInsensitive ? lowered(utf8[j]) : utf8[j]) == needle[k] {
        j = utf8.index(after: j)
        k += 1
      }
      if k == needle.count { return start..<j }
      i = utf8.index(after: start)
    }
    return nil
  }

  /// The plain `text` without its front-side marks.
  static func withoutMarks(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    // A plain text's only bytes over 0x7F are the marks': each lead byte begins one, dropped whole.
    var skip = 0
    for b in text.utf8 {
      if b == markBytes[0] { skip = markBytes.count }
      if skip > 0 {
        skip -= 1
        continue
      }
      bytes.append(b)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func lowered(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
}

extension String {
  /// The text without ``AnkiTemplate/frontSideMark``: only when the mark's scalar is there at all
  /// (nothing else can match it: a noncharacter has no decomposition and no case), by bytes in a plain
  /// text (``AnkiPlainText``), by Foundation's replacement in any other.
  var withoutFrontSideMark: String {
    guard utf8.contains(AnkiPlainText.markBytes[0]), unicodeScalars.contains(AnkiTemplate.frontSideScalar) else {
      return self
    }
    return AnkiPlainText.isPlain(self)
      ? AnkiPlainText.withoutMarks(self) : replacingOccurrences(of: AnkiTemplate.frontSideMark, with: "")
  }
}
