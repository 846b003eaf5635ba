/// An image in rendered text, for the terminal edge to draw: a line that starts with a marker naming
/// the image, followed by the placeholder a learner sees when it cannot be drawn
/// (`[image: heart.png]`).
///
/// The renderer writes such a line only when ``RenderContext/inlineImages`` is on (the CLI sets it
/// when a graphics protocol is in use); the line is never wrapped. The marker is made of Unicode
/// noncharacters, which no bank text keeps (``Renderer``'s `safe` removes them), so a text cannot
/// forge one. The edge replaces the line by the picture, or by its placeholder with
/// ``strippingMarkers(_:)``.
public enum MediaMarker {
  // Unicode noncharacters (a literal cannot spell them), as ``RichText``'s marks are.
  static let open = Character(Unicode.Scalar(0xFDDA as UInt32)!)
  static let separator = Character(Unicode.Scalar(0xFDDB as UInt32)!)
  static let close = Character(Unicode.Scalar(0xFDDC as UInt32)!)

  /// Whether `scalar` is one of the marker's noncharacters (U+FDDA–U+FDDC).
  static func isMarker(_ scalar: Unicode.Scalar) -> Bool { (0xFDDA...0xFDDC).contains(scalar.value) }

  /// The line standing for an image: `base` says whose folder `source` is relative to (a catalog
  /// source key, `bank/ID` or `session/ID`), `placeholder` is what shows without the picture.
  public static func imageLine(base: String, source: String, placeholder: String) -> String {
    String(open) + clean(base) + String(separator) + clean(source) + String(close) + placeholder
  }

  /// The image a line stands for, if it is one.
  public static func parse(_ line: Substring) -> (base: String, source: String, placeholder: String)? {
    guard line.first == open, let sep = line.firstIndex(of: separator), let end = line.firstIndex(of: close),
      sep < end
    else { return nil }
    let base = line[line.index(after: line.startIndex)..<sep]
    let source = line[line.index(after: sep)..<end]
    return (String(base), String(source), String(line[line.index(after: end)...]))
  }

  /// `text` with every marker removed: each image line becomes its placeholder.
  public static func strippingMarkers(_ text: String) -> String {
    guard text.contains(open) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      parse(line).map(\.placeholder) ?? String(line)
    }.joined(separator: "\n")
  }

  private static func clean(_ s: String) -> String {
    String(s.filter { $0 != open && $0 != separator && $0 != close && $0 != "\n" })
  }
}
