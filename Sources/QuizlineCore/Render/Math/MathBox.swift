/// A block of text lines with a baseline: what a piece of a displayed formula occupies. Inline, every
/// box is one line. Lines are padded to `width` columns.
struct MathBox: Equatable {
  var lines: [String]
  var baseline: Int
  var width: Int

  init(_ text: String) {
    lines = [text]
    baseline = 0
    width = TextWrap.displayWidth(text)
  }

  init(lines: [String], baseline: Int) {
    let width = lines.map(TextWrap.displayWidth).max() ?? 0
    self.lines = lines.map { $0 + Self.blank(width - TextWrap.displayWidth($0)) }
    self.baseline = baseline
    self.width = width
  }

  var height: Int { lines.count }
  var isFlat: Bool { lines.count == 1 }
  /// The one line of a flat box.
  var text: String { lines.joined(separator: " ") }

  static func blank(_ n: Int) -> String { String(repeating: " ", count: max(0, n)) }

  /// Boxes side by side, their baselines on one line.
  static func row(_ boxes: [MathBox]) -> MathBox {
    guard boxes.contains(where: { !$0.isFlat }) else { return MathBox(boxes.map(\.text).joined()) }
    let above = boxes.map(\.baseline).max() ?? 0
    let below = boxes.map { $0.height - $0.baseline - 1 }.max() ?? 0
    var lines: [String] = []
    for r in 0..<(above + 1 + below) {
      var line = ""
      for box in boxes {
        let i = r - (above - box.baseline)
        line += i >= 0 && i < box.height ? box.lines[i] : blank(box.width)
      }
      lines.append(line)
    }
    return MathBox(lines: lines, baseline: above)
  }

  /// Boxes one above the other, each centred; the baseline is line `baseline` of the result.
  static func stack(_ boxes: [MathBox], baseline: Int) -> MathBox {
    let width = boxes.map(\.width).max() ?? 0
    var lines: [String] = []
    for box in boxes {
      let left = (width - box.width) / 2
      for line in box.lines { lines.append(blank(left) + line + blank(width - box.width - left)) }
    }
    return MathBox(lines: lines, baseline: baseline)
  }

  /// This box placed in `width` columns: at the left, right or centre.
  func aligned(_ width: Int, _ alignment: Alignment) -> MathBox {
    let extra = max(0, width - self.width)
    let left = alignment == .left ? 0 : alignment == .right ? extra : extra / 2
    return MathBox(lines: lines.map { Self.blank(left) + $0 + Self.blank(extra - left) }, baseline: baseline)
  }

  enum Alignment { case left, center, right }

  /// A delimiter as tall as `height` lines (baseline at `baseline`), drawn with the bracket pieces
  /// of Unicode's Miscellaneous Technical block; one line: the character itself.
  static func delimiter(_ d: String, height: Int, baseline: Int) -> MathBox {
    guard !d.isEmpty else { return MathBox(lines: Array(repeating: "", count: height), baseline: baseline) }
    guard height > 1 else { return MathBox(d) }
    let pieces: (top: String, middle: String, bottom: String, centre: String?)?
    switch d {
    case "(": pieces = ("⎛", "⎜", "⎝", nil)
    case ")": pieces = ("⎞", "⎟", "⎠", nil)
    case "[": pieces = ("⎡", "⎢", "⎣", nil)
    case "]": pieces = ("⎤", "⎥", "⎦", nil)
    case "{": pieces = ("⎧", "⎪", "⎩", "⎨")
    case "}": pieces = ("⎫", "⎪", "⎭", "⎬")
    case "⌈": pieces = ("⎡", "⎢", "⎢", nil)
    case "⌉": pieces = ("⎤", "⎥", "⎥", nil)
    case "⌊": pieces = ("⎢", "⎢", "⎣", nil)
    case "⌋": pieces = ("⎥", "⎥", "⎦", nil)
    case "|", "│": pieces = ("│", "│", "│", nil)
    case "‖": pieces = ("‖", "‖", "‖", nil)
    default: pieces = nil
    }
    guard let pieces else {
      return MathBox(lines: (0..<height).map { $0 == baseline ? d : " " }, baseline: baseline)
    }
    var lines = (0..<height).map { _ in pieces.middle }
    lines[0] = pieces.top
    lines[height - 1] = pieces.bottom
    if let centre = pieces.centre, height > 2 { lines[height / 2] = centre }
    return MathBox(lines: lines, baseline: baseline)
  }

  /// Lines without the spaces that pad them on the right.
  var trimmedLines: [String] {
    lines.map { line in
      var s = Substring(line)
      while s.last == " " { s = s.dropLast() }
      return String(s)
    }
  }
}
