import QuizlineCore

/// An imported text file decoded from UTF-8 and cut into physical lines, keeping what diagnostics need.
///
/// A byte-order mark at the start is dropped (columns do not count it). LF, CRLF and CR-only line ends are
/// all accepted. Bytes that are not UTF-8 reject the file: importers report the first bad byte's position.
/// Control characters other than tab (C0, DEL, C1, and the bidirectional overrides that can disguise
/// text) are removed here, so no field of an imported bank can carry one (`quizline check` refuses
/// them); ``removedControls`` says where they were, for the import summary.
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
  /// Each control character removed: its line, its column in the file as written, and what it was.
  var removedControls: [(line: Int, column: Int, scalar: Unicode.Scalar)] = []

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
    var removed: [(line: Int, column: Int, scalar: Unicode.Scalar)] = []
    var removedOnLine = 0
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
          removedOnLine = 0
          lineNumber += 1
        } else if s == "\r" {
          lines.append(Line(number: lineNumber, scalars: current))
          current = []
          removedOnLine = 0
          lineNumber += 1
          previousWasCR = true
          continue loop
        } else if s != "\t", isControl(s) {
          removedOnLine += 1
          removed.append((lineNumber, current.count + removedOnLine, s))
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
    return .success(SourceLines(lines: lines, removedControls: removed))
  }
}

extension SourceLines {
  /// One ``ConversionNote`` per line with removed control characters (the first 20 such lines).
  var controlCharacterNotes: [ConversionNote] {
    var byLine: [(line: Int, items: [String])] = []
    for r in removedControls {
      let item = "U+\(String(r.scalar.value, radix: 16, uppercase: true)) at column \(r.column)"
      if byLine.last?.line == r.line {
        byLine[byLine.count - 1].items.append(item)
      } else {
        byLine.append((r.line, [item]))
      }
    }
    var notes = byLine.prefix(20).map {
      ConversionNote(.controlCharacterRemoved, line: $0.line, questionID: "", $0.items.joined(separator: ", "))
    }
    if byLine.count > 20 {
      notes.append(
        ConversionNote(
          .controlCharacterRemoved, line: byLine[20].line, questionID: "",
          "and on \(byLine.count - 20) more lines from here on"))
    }
    return notes
  }
}
