/// An imported text file decoded from UTF-8 and cut into physical lines, keeping what diagnostics need.
///
/// A byte-order mark at the start is dropped (columns do not count it). LF, CRLF and CR-only line ends are
/// all accepted. Bytes that are not UTF-8 reject the file: importers report the first bad byte's position.
struct SourceLines: Sendable {
  /// One physical line without its terminator.
  struct Line: Sendable {
    /// 1-based line number.
    var number: Int
    var scalars: [Unicode.Scalar]

    var text: String { String(String.UnicodeScalarView(scalars)) }

    /// The range of `scalars` left after trimming the characters PHP's `trim` removes
    /// (space, tab, NUL, vertical tab; line ends are already gone).
    var trimmedRange: Range<Int> {
      var lo = 0
      var hi = scalars.count
      while lo < hi, SourceLines.isTrimmable(scalars[lo]) { lo += 1 }
      while hi > lo, SourceLines.isTrimmable(scalars[hi - 1]) { hi -= 1 }
      return lo..<hi
    }

    var trimmed: String { String(String.UnicodeScalarView(scalars[trimmedRange])) }
  }

  var lines: [Line]

  /// Where the first byte that is not UTF-8 sits.
  struct DecodingError: Error, Sendable {
    var line: Int
    var column: Int
    var byte: UInt8
  }

  static func isTrimmable(_ s: Unicode.Scalar) -> Bool {
    s == " " || s == "\t" || s == "\0" || s == "\u{0B}" || s == "\r" || s == "\n"
  }

  /// Decodes `bytes` as UTF-8 (BOM accepted) and splits the text into lines.
  static func decode(_ bytes: [UInt8]) -> Result<SourceLines, DecodingError> {
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    var lines: [Line] = []
    var current: [Unicode.Scalar] = []
    var lineNumber = 1
    var previousWasCR = false
    var decoder = Unicode.UTF8()
    var iterator = bytes[start...].makeIterator()
    var offset = start
    loop: while true {
      let before = offset
      switch decoder.decode(&iterator) {
      case .scalarValue(let s):
        offset += String(s).utf8.count
        if s == "\n" {
          if previousWasCR {
            previousWasCR = false
            continue loop
          }
          lines.append(Line(number: lineNumber, scalars: current))
          current = []
          lineNumber += 1
        } else if s == "\r" {
          lines.append(Line(number: lineNumber, scalars: current))
          current = []
          lineNumber += 1
          previousWasCR = true
          continue loop
        } else {
          current.append(s)
        }
        previousWasCR = false
      case .emptyInput:
        break loop
      case .error:
        return .failure(
          DecodingError(line: lineNumber, column: current.count + 1, byte: bytes[before]))
      }
    }
    lines.append(Line(number: lineNumber, scalars: current))
    return .success(SourceLines(lines: lines))
  }
}
