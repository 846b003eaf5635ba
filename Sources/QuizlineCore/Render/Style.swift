/// How output looks: Unicode marks and colour on a capable terminal, plain ASCII otherwise.
/// Meaning is always carried by words or marks; colour only adds emphasis.
public struct Style: Sendable, Equatable {
  public var unicode: Bool
  public var color: Bool

  public init(unicode: Bool, color: Bool) {
    self.unicode = unicode
    self.color = color
  }

  public static let plain = Style(unicode: false, color: false)
  static let rich = Style(unicode: true, color: true)

  enum Tone: Sendable {
    case good, bad, partial, dim, bold, accent
    /// Emphasis (`*word*`) in a session or bank text: italic.
    case italic
    /// A revealed cloze gap: bold and underlined (its brackets carry the meaning).
    case revealed
    /// `<u>underlined</u>` text.
    case underline
    /// `~~struck~~` text.
    case strike
  }

  /// `text` wrapped in the ANSI codes of `tone` when colour is on.
  func paint(_ text: String, _ tone: Tone) -> String {
    guard color, !text.isEmpty else { return text }
    return sgr(tone) + text + Style.reset
  }

  /// The ANSI code that starts `tone` (whatever ``color`` says; ``paint(_:_:)`` checks it).
  func sgr(_ tone: Tone) -> String {
    let code =
      switch tone {
      case .good: "32"
      case .bad: "31"
      case .partial: "33"
      case .dim: "2"
      case .bold: "1"
      case .accent: "36"
      case .revealed: "1;4"
      case .italic: "3"
      case .underline: "4"
      case .strike: "9"
      }
    return "\u{1B}[\(code)m"
  }

  /// The ANSI code that ends every tone.
  static let reset = "\u{1B}[0m"

  var correctMark: String { unicode ? "✓" : "[right]" }
  var wrongMark: String { unicode ? "✗" : "[wrong]" }
  var partialMark: String { unicode ? "◐" : "[partly]" }
  var doneMark: String { unicode ? "✓" : "[x]" }
  var todoMark: String { unicode ? "○" : "[ ]" }
  var flagMark: String { unicode ? "⚑" : "[flag]" }
  var bullet: String { unicode ? "•" : "-" }
  public var dot: String { unicode ? " · " : " | " }
  public var rule: String { unicode ? "─" : "-" }
  public var arrow: String { unicode ? "→" : "->" }
  var ellipsis: String { unicode ? "…" : "..." }

  /// A horizontal bar of `fraction` (0…1) over `width` cells.
  public func bar(_ fraction: Double, width: Int) -> String {
    let f = max(0, min(1, fraction.isFinite ? fraction : 0))
    let filled = Int(saturating: (f * Double(width)).rounded())
    return unicode
      ? String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      : "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
  }
}

/// The inputs of rendering besides the state: terminal width, style, and the clock.
public struct RenderContext: Sendable, Equatable {
  public var width: Int
  public var style: Style
  public var now: Timestamp
  public var version: String
  /// Shown in the goodbye line: where progress is kept.
  public var progressLocation: String
  /// Whether an image is written as a ``MediaMarker`` line for the terminal edge to draw (a
  /// graphics protocol is in use); off, it is its placeholder text.
  public var inlineImages = false

  public init(
    width: Int = 80, style: Style = .plain, now: Timestamp, version: String = "0.1.0",
    progressLocation: String = "Progress/default"
  ) {
    self.width = max(20, width)
    self.style = style
    self.now = now
    self.version = version
    self.progressLocation = progressLocation
  }
}

/// What the screen shows after an action: text to print, then the prompt to read the next line with.
public struct Frame: Sendable, Equatable {
  public var text: String
  public var prompt: String

  public init(text: String, prompt: String) {
    self.text = text
    self.prompt = prompt
  }
}
