/// The lines of a Markdown file as bytes, for the readers: raw text of a block by its source
/// positions, and the byte offset of a cmark position (1-based line, 1-based byte column), which
/// ``DecodeContext`` turns into a line and a column in Unicode scalars.
struct MarkdownSource {
  let bytes: [UInt8]
  /// The byte offset where each line starts (line 1 at index 0).
  let lineStarts: [Int]
  /// Whether each line (from its start to its newline) is known to hold only ASCII without CR.
  let plainLines: [Bool]

  init(bytes: [UInt8]) {
    self.bytes = bytes
    (lineStarts, plainLines) = Self.lines(bytes)
  }

  /// 0 and the offset after each newline, and for each line whether it holds only ASCII other
  /// than CR; eight bytes at a time are passed over while none of them is a newline
  /// (`MarkdownByteScanTests`: the same as a plain walk).
  static func lines(_ bytes: [UInt8]) -> (starts: [Int], plain: [Bool]) {
    var starts = [0]
    var plain: [Bool] = []
    starts.reserveCapacity(bytes.count / 32 + 1)
    plain.reserveCapacity(bytes.count / 32 + 1)
    bytes.withUnsafeBufferPointer { b in
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      /// Whether a byte of `x` is zero (exact for the word as a whole).
      func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
      var i = 0
      var linePlain = true
      while i < b.count {
        if i + 8 <= b.count {
          let word = UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)
          if !hasZero(word ^ (ones &* 0x0A)) {
            if word & highs != 0 || hasZero(word ^ (ones &* 0x0D)) { linePlain = false }
            i += 8
            continue
          }
        }
        let c = b[i]
        if c == 0x0A {
          starts.append(i + 1)
          plain.append(linePlain)
          linePlain = true
        } else if c >= 0x80 || c == 0x0D {
          linePlain = false
        }
        i += 1
      }
      plain.append(linePlain)
    }
    return (starts, plain)
  }

  var lineCount: Int { lineStarts.count }

  /// The byte offset of a position (clamped into the file).
  func offset(_ point: SourcePoint) -> Int {
    let line = min(max(point.line, 1), lineStarts.count)
    let start = lineStarts[line - 1]
    return min(start + max(point.column, 1) - 1, lineEnd(line))
  }

  /// The offset just after the last character of `line` (before its "\r\n" or "\n").
  func lineEnd(_ line: Int) -> Int {
    guard line >= 1, line <= lineStarts.count else { return bytes.count }
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > lineStarts[line - 1], end - 1 < bytes.count, end > 0, bytes[end - 1] == 0x0D { end -= 1 }
    return max(end, lineStarts[line - 1])
  }

  /// The text of `line` without its line end.
  func line(_ n: Int) -> String {
    guard n >= 1, n <= lineStarts.count else { return "" }
    return String(decoding: bytes[lineStarts[n - 1]..<lineEnd(n)], as: UTF8.self)
  }

  /// The text of line `n` from byte column `column` on.
  func line(_ n: Int, from column: Int) -> String {
    guard n >= 1, n <= lineStarts.count else { return "" }
    let start = min(lineStarts[n - 1] + max(column, 1) - 1, lineEnd(n))
    return String(decoding: bytes[start..<lineEnd(n)], as: UTF8.self)
  }

  /// The byte range of line `n` without its line end, when every byte of it is ASCII other than
  /// CR: there each byte is a Character, and the readers may cut and count on bytes.
  func plainLine(_ n: Int) -> Range<Int>? {
    guard n >= 1, n <= lineStarts.count else { return nil }
    let range = lineStarts[n - 1]..<lineEnd(n)
    if plainLines[n - 1] { return range }
    for i in range where bytes[i] >= 0x80 || bytes[i] == 0x0D { return nil }
    return range
  }

  /// The text of the bytes `range`.
  func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  /// ``lines(_:_:)`` joined with "\n": the file's bytes from the first line's start to the last
  /// line's end when no CR lies between (then the join is those bytes).
  func joinedLines(_ first: Int, _ last: Int) -> String {
    guard first <= last else { return "" }
    guard first >= 1, last <= lineStarts.count else { return lines(first, last).joined(separator: "\n") }
    let range = lineStarts[first - 1]..<lineEnd(last)
    for i in range where bytes[i] == 0x0D { return lines(first, last).joined(separator: "\n") }
    return text(range)
  }

  /// Lines `first...last` joined with "\n".
  func lines(_ first: Int, _ last: Int) -> [String] {
    guard first <= last else { return [] }
    return (first...last).map { line($0) }
  }
}

/// The escapes the reader undoes and the writer adds: a backslash at the start of a line (after
/// its indentation) before ASCII punctuation, a backslash between the digits and the `.` or `)` of
/// a line that would be a numbered item, and one before the colon of a line that would be a field.
enum MarkdownEscapes {
  static func isPunctuation(_ c: Character) -> Bool {
    guard let a = c.asciiValue else { return false }
    return (a >= 0x21 && a <= 0x2F) || (a >= 0x3A && a <= 0x40) || (a >= 0x5B && a <= 0x60) || (a >= 0x7B && a <= 0x7E)
  }

  /// `line` with the escape at its start undone.
  static func unescape(_ line: String) -> String {
    guard line.containsByte(0x5C) else { return line }
    let indent = line.prefix { $0 == " " || $0 == "\t" }
    let rest = line.dropFirst(indent.count)
    if rest.first == "\\", let next = rest.dropFirst().first, isPunctuation(next), !opensFormula(rest) {
      return String(indent) + rest.dropFirst()
    }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix("\\.") || rest.dropFirst(digits.count).hasPrefix("\\)") {
      return String(indent) + digits + rest.dropFirst(digits.count + 1)
    }
    if let name = MarkdownFieldName.escapedName(in: rest) {
      return String(indent) + name + rest.dropFirst(name.count + 1)
    }
    return line
  }

  /// Whether a line starts with a formula's mark (`\(`, `\[`): its backslash is the formula's, not
  /// an escape.
  static func opensFormula(_ line: Substring) -> Bool { line.hasPrefix("\\(") || line.hasPrefix("\\[") }

  /// Undoes the escapes of every line of a block of text, leaving fenced code alone.
  static func unescapeBlock(_ text: String) -> String {
    // Every escape is a backslash: most text has none.
    guard text.containsByte(0x5C) else { return text }
    var fence: String?
    var out: [String] = []
    for line in text.splitOnBytes("\n", omittingEmptySubsequences: false).map(String.init) {
      let trimmed = line.trimmingSpaces
      if let open = fence {
        out.append(line)
        if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
        continue
      }
      if let f = fenceOpening(trimmed) {
        fence = f
        out.append(line)
        continue
      }
      out.append(unescape(line))
    }
    return out.joined(separator: "\n")
  }

  /// The fence (```` ``` ```` or `~~~`, as long as written) that a line opens, if it opens one.
  static func fenceOpening(_ trimmed: String) -> String? {
    for mark in ["`", "~"] {
      let run = trimmed.prefix { String($0) == mark }
      if run.count >= 3 { return String(run) }
    }
    return nil
  }
}

/// Field names: `Explanation:`, `Model answer:`, … at the start of a line.
enum MarkdownFieldName {
  /// The name before the colon when `line` starts like a field (`Name:` then a space or the end):
  /// one to three words of letters, the first starting with a capital.
  static func name(in line: Substring) -> String? {
    switch line.withUTF8Bytes({ verdict($0) }) {
    case .none: return nil
    case .byCharacter: return nameByCharacter(in: line)
    case .name(let length): return String(line[..<line.utf8.index(line.startIndex, offsetBy: length)])
    }
  }

  /// What the bytes of a line say about a field name at its start.
  enum Verdict: Equatable {
    case none
    /// The bytes cannot tell: the Character walk must.
    case byCharacter
    /// A name of `length` bytes (ASCII), then the colon.
    case name(length: Int)
  }

  /// ``name(in:)`` on the bytes of the line while it is ASCII (no CR) up to two bytes past its
  /// colon: there each byte is a Character. Anything else is left to the Character walk.
  static func verdict(_ u: UnsafeBufferPointer<UInt8>) -> Verdict {
    var i = 0
    while i < u.count, i < 31 {
      let b = u[i]
      if b >= 0x80 || b == 0x0D { return .byCharacter }
      if b == 0x3A { break }
      i += 1
    }
    guard i < u.count, i < 31 else { return .none }
    var j = i + 1
    for _ in 0..<2 where j < u.count {
      if u[j] >= 0x80 || u[j] == 0x0D { return .byCharacter }
      j += 1
    }
    guard u[0] >= 0x41 && u[0] <= 0x5A else { return .none }
    guard i + 1 == u.count || u[i + 1] == 0x20 || u[i + 1] == 0x09 else { return .none }
    return plausibleASCII(UnsafeBufferPointer(rebasing: u[..<i])) ? .name(length: i) : .none
  }

  /// ``plausible(_:)`` for an ASCII name (its first byte a capital, shorter than 31 bytes).
  private static func plausibleASCII(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    wordShaped(name, beyondASCII: false)
  }

  /// One to three words separated by single spaces, each of ASCII letters and, with `beyondASCII`,
  /// bytes beyond ASCII (whose letters the caller checks): the shape of a field name, on bytes.
  @inline(__always)
  private static func wordShaped<Bytes: Sequence<UInt8>>(_ bytes: Bytes, beyondASCII: Bool) -> Bool {
    var words = 1
    var afterSpace = false
    for c in bytes {
      if c == 0x20 {
        if afterSpace { return false }
        afterSpace = true
        words += 1
      } else if (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (beyondASCII && c >= 0x80) {
        afterSpace = false
      } else {
        return false
      }
    }
    return !afterSpace && words <= 3
  }

  /// ``name(in:)`` by Characters (the held form, for text that is not ASCII).
  static func nameByCharacter(in line: Substring) -> String? {
    guard let first = line.first, first.isUppercase, let colon = line.prefix(31).firstIndex(of: ":") else { return nil }
    let name = line[..<colon]
    let after = line[line.index(after: colon)...]
    guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
    return plausible(name) ? String(name) : nil
  }

  /// The name of a line written `Name\:` (a field name escaped by the writer).
  static func escapedName(in line: Substring) -> String? {
    guard let first = line.first, first.isUppercase, let slash = line.prefix(31).firstIndex(of: "\\") else {
      return nil
    }
    let name = line[..<slash]
    guard line[slash...].hasPrefix("\\:"), plausible(name) else { return nil }
    return String(name)
  }

  /// One to three words of letters separated by single spaces, the first starting with a capital.
  private static func plausible(_ name: Substring) -> Bool {
    guard let first = name.first, first.isUppercase, name.utf8.count <= 30 else { return false }
    guard wordShaped(name.utf8, beyondASCII: true) else { return false }
    // A name with letters outside ASCII is checked letter by letter.
    return name.utf8.allSatisfy({ $0 < 0x80 }) || name.allSatisfy({ $0 == " " || $0.isLetter })
  }
}

/// Credits are written as percentages (`%50%`, as in GIFT). The decimal point is moved in the
/// digits rather than multiplied, so that every credit reads back as the same `Double`.
enum MarkdownPercent {
  /// `0.3333333` → `"33.33333"`.
  static func text(_ credit: Double) -> String {
    shift(credit == credit.rounded() ? String(Int(credit)) : "\(credit)", by: 2)
  }

  /// `"33.33333"` → `0.3333333`; nil when it is not a number.
  static func credit(_ text: String) -> Double? {
    guard Double(text) != nil else { return nil }
    return Double(shift(text, by: -2))
  }

  /// The decimal number `s` times 10^`by`, as digits.
  static func shift(_ s: String, by: Int) -> String {
    if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }), let exp = Int(s[s.index(after: e)...]) {
      return s[..<e] + "e\(exp + by)"
    }
    let negative = s.hasPrefix("-")
    let unsigned = negative || s.hasPrefix("+") ? String(s.dropFirst()) : s
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    var whole = String(parts[0])
    var fraction = parts.count > 1 ? String(parts[1]) : ""
    if by > 0 {
      fraction += String(repeating: "0", count: max(0, by - fraction.count))
      whole += fraction.prefix(by)
      fraction = String(fraction.dropFirst(by))
    } else {
      whole = String(repeating: "0", count: max(0, -by - whole.count + 1)) + whole
      fraction = String(whole.suffix(-by)) + fraction
      whole = String(whole.dropLast(-by))
    }
    while whole.count > 1, whole.hasPrefix("0") { whole.removeFirst() }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    if whole.isEmpty { whole = "0" }
    return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
  }
}
