import QuizlineCore

/// A problem found in an input file, located at a line and column of its text.
///
/// Rendered as `path:line:column: error: message` (the form compilers use, so editors can jump to it).
public struct Diagnostic: Sendable, Equatable, Hashable, CustomStringConvertible {
  public enum Severity: String, Sendable, Equatable, Hashable {
    case error, warning, note
  }

  public var severity: Severity
  /// The file as the user named it (relative paths stay relative).
  public var path: String
  /// 1-based line; 0 when the problem concerns the whole file.
  public var line: Int
  /// 1-based column in Unicode scalars; 0 when the problem concerns the whole file or line.
  public var column: Int
  public var message: String

  public init(_ severity: Severity, path: String, line: Int = 0, column: Int = 0, _ message: String) {
    self.severity = severity
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  public static func error(_ path: String, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
    Diagnostic(.error, path: path, line: line, column: column, message)
  }

  public static func warning(_ path: String, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
    Diagnostic(.warning, path: path, line: line, column: column, message)
  }

  /// `path:line:column: severity: message`, leaving out a zero line or column.
  public var description: String {
    var location = escapingControlCharacters(path, keepNewlines: false)
    if line > 0 {
      location += ":\(line)"
      if column > 0 { location += ":\(column)" }
    }
    return "\(location): \(severity.rawValue): \(escapingControlCharacters(message, keepNewlines: false))"
  }
}

extension Array where Element == Diagnostic {
  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { contains { $0.severity == .error } }

  /// The lines to print: at most `perFile` diagnostics of each file, then one note with the count
  /// left out (a minified bank with an error per question would otherwise print 40,000 lines).
  public func printableLines(perFile: Int = 200) -> [String] {
    var shown: [String: Int] = [:]
    var hidden: [String: (errors: Int, warnings: Int)] = [:]
    var order: [String] = []
    var out: [String] = []
    out.reserveCapacity(Swift.min(count, 1000))
    for d in self {
      let n = shown[d.path, default: 0]
      if n < perFile {
        shown[d.path] = n + 1
        out.append(d.description)
      } else {
        if hidden[d.path] == nil { order.append(d.path) }
        var h = hidden[d.path, default: (0, 0)]
        if d.severity == .error { h.errors += 1 } else { h.warnings += 1 }
        hidden[d.path] = h
      }
    }
    for path in order {
      guard let h = hidden[path] else { continue }
      var parts: [String] = []
      if h.errors > 0 { parts.append("\(h.errors) more error\(h.errors == 1 ? "" : "s")") }
      if h.warnings > 0 { parts.append("\(h.warnings) more warning\(h.warnings == 1 ? "" : "s")") }
      out.append(
        "\(escapingControlCharacters(path, keepNewlines: false)): note: \(parts.joined(separator: " and ")) not shown (the first \(perFile) of this file are above)"
      )
    }
    return out
  }
}
