/// Writes card ids into the text of a Markdown bank: `{#id}` at the end of a question's heading,
/// `<!-- id: … -->` at the end of the first line of a `Q:` or `::` card. Pure text in, text out;
/// `SourceFileSwap` puts the result into the file.
public enum IdentityMarkers {
  /// One id to write: on which line (1-based), in which form, replacing the id already there if
  /// any (a card rewritten beyond recognition).
  public struct Edit: Sendable, Equatable {
    public enum Form: Sendable, Equatable {
      /// `## prompt {#id}`.
      case heading
      /// `Q: prompt <!-- id: id -->`.
      case comment
    }

    public var line: Int
    public var id: String
    public var form: Form

    public init(line: Int, id: String, form: Form) {
      self.line = line
      self.id = id
      self.form = form
    }
  }

  /// `text` with each edit's id written on its line. A line that already carries a marker of the
  /// edit's form has its id replaced; otherwise the marker is appended after the line's last
  /// non-space character (a heading's closing `#`s stay after it). Line ends (`\n`, `\r\n`) and
  /// every other byte are kept.
  public static func apply(_ edits: [Edit], to text: String) -> String {
    guard !edits.isEmpty else { return text }
    let byLine = Dictionary(edits.map { ($0.line, $0) }, uniquingKeysWith: { _, last in last })
    var out = ""
    out.reserveCapacity(text.utf8.count + edits.count * 24)
    var number = 1
    var rest = Substring(text)
    while !rest.isEmpty {
      let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" } ?? rest.endIndex
      let line = rest[..<end]
      out += byLine[number].map { marked(line, $0) } ?? String(line)
      if end < rest.endIndex {
        out.append(rest[end])
        rest = rest[rest.index(after: end)...]
      } else {
        rest = rest[end...]
      }
      number += 1
    }
    return out
  }

  /// The marker an edit writes.
  static func marker(_ edit: Edit) -> String {
    switch edit.form {
    case .heading: "{#\(edit.id)}"
    case .comment: "<!-- id: \(edit.id) -->"
    }
  }

  private static func marked(_ line: Substring, _ edit: Edit) -> String {
    let (open, close) = edit.form == .heading ? ("{#", "}") : ("<!-- id:", "-->")
    if let start = line.ranges(of: open).last, let stop = line[start.upperBound...].firstRange(of: close) {
      return String(line[..<start.lowerBound]) + marker(edit) + String(line[stop.upperBound...])
    }
    var body = line
    while let last = body.last, last == " " || last == "\t" { body = body.dropLast() }
    var closing = Substring("")
    if edit.form == .heading {
      // `## Title ##`: the closing sequence stays last.
      var trimmed = body
      while trimmed.last == "#" { trimmed = trimmed.dropLast() }
      if trimmed.count < body.count, trimmed.last == " " {
        closing = body[trimmed.endIndex...]
        body = trimmed
        while let last = body.last, last == " " { body = body.dropLast() }
      }
    }
    return String(body) + " " + marker(edit) + (closing.isEmpty ? "" : " " + closing)
  }
}
