import CChafa
import Foundation

/// How pictures are sent to the terminal.
enum GraphicsProtocol: String, Sendable, Equatable {
  /// The kitty graphics protocol (`ESC _ G … ESC \`).
  case kitty
  /// iTerm2's inline images (`ESC ] 1337 ; File=… BEL`).
  case iterm
  /// DEC sixel graphics, made by libchafa.
  case sixel
  /// Unicode symbol art in colour, made by libchafa: any terminal with colour shows it.
  case symbols
}

/// Turns a decoded picture into the escape sequences (or symbol art) of one protocol, sized to the
/// terminal's cells. The text ends with a newline, leaving the cursor on the line below the picture.
struct TerminalGraphics: Sendable, Equatable {
  var graphicsProtocol: GraphicsProtocol
  var cell = CellSize.assumed
  /// Inside tmux with `allow-passthrough on`: each escape is wrapped in tmux's DCS pass-through.
  var tmuxPassthrough = false
  /// Whether symbol art may use 24-bit colour (`COLORTERM=truecolor`), else the 256-colour palette.
  var truecolor = true
  /// A PNG (kitty) or PNG/JPEG (iTerm2) file up to this size is sent as it is when it needs no
  /// shrinking; anything else is sent as pixels of the size it is drawn at.
  var fileAsIsLimit = 512 * 1024

  /// How many times symbol art may enlarge a picture: a 48 × 40 icon would be 6 × 3 cells of blocks,
  /// too coarse to make out, and takes 24 × 10 instead (still within `image-rows`).
  static let symbolEnlargement = 4.0

  /// The text that draws `decoded` in at most `maxColumns` × `maxRows` cells.
  func draw(_ decoded: DecodedImage, maxColumns: Int, maxRows: Int) -> String {
    let image = decoded.image
    let place = ImagePlacement.fit(
      width: image.width, height: image.height, cell: cell, maxColumns: maxColumns, maxRows: maxRows,
      enlarging: graphicsProtocol == .symbols ? Self.symbolEnlargement : 1)
    if graphicsProtocol == .symbols {
      guard let art = chafa(image, place, QUIZLINE_CHAFA_SYMBOLS) else { return Self.chafaMissing() + "\n" }
      return art + (art.hasSuffix("\n") ? "" : "\n")
    }
    let picture: String
    switch graphicsProtocol {
    case .kitty:
      // Through tmux the outer terminal's cursor must stay (C=1): tmux does not know it moved.
      let keep = tmuxPassthrough ? ",C=1" : ""
      if decoded.format == .png, !place.scaled, decoded.file.count <= fileAsIsLimit {
        picture = Self.kitty(file: decoded.file, keys: keep).map(wrap).joined()
      } else {
        let shown = image.scaled(toWidth: place.pixelWidth, height: place.pixelHeight)
        picture = Self.kitty(rgba: shown, keys: keep).map(wrap).joined()
      }
    case .iterm:
      if decoded.format == .png || decoded.format == .jpeg, decoded.file.count <= fileAsIsLimit {
        picture = wrap(Self.iterm(file: decoded.file, columns: place.columns, rows: place.rows))
      } else {
        // The reason a picture is missing goes on a line of its own, never through tmux.
        guard let drawn = chafa(image, place, QUIZLINE_CHAFA_ITERM2) else { return Self.chafaMissing() + "\n" }
        picture = wrap(drawn)
      }
    case .sixel, .symbols:
      guard let drawn = chafa(image, place, QUIZLINE_CHAFA_SIXELS) else { return Self.chafaMissing() + "\n" }
      picture = wrap(drawn)
    }
    guard tmuxPassthrough else { return picture + "\n" }
    return Self.inTmuxPane(picture, rows: place.rows)
  }

  /// A passed-through picture in a tmux pane. tmux keeps its own cursor, which the picture does not
  /// move, and places the outer terminal's cursor only when it draws a cell. So: room for the rows
  /// first (newlines, then back up: nothing scrolls afterwards), a space drawn in the first column
  /// and an empty pass-through (a backspace) so that tmux has put the outer cursor there, the
  /// picture, and the cursor taken below the rows. Tried with kitty 0.26 around tmux 3.3a (README):
  /// the picture is drawn where it belongs, one cell in.
  static func inTmuxPane(_ picture: String, rows: Int) -> String {
    String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A\r " + "\u{1B}Ptmux;\u{8}\u{1B}\\" + picture + "\r"
      + String(repeating: "\n", count: rows)
  }

  /// kitty's commands for a PNG file sent as it is (`f=100`): base64 in chunks of at most 4096
  /// bytes, `m=1` while more follow; `q=2` asks the terminal not to answer.
  static func kitty(file: [UInt8], keys: String = "") -> [String] {
    kittyChunks(header: "a=T,f=100,t=d,q=2" + keys, payload: file)
  }

  /// kitty's commands for raw pixels (`f=32`, `s` × `v`).
  static func kitty(rgba image: RGBAImage, keys: String = "") -> [String] {
    kittyChunks(header: "a=T,f=32,s=\(image.width),v=\(image.height),t=d,q=2" + keys, payload: image.pixels)
  }

  private static func kittyChunks(header: String, payload: [UInt8]) -> [String] {
    let encoded = Array(Data(payload).base64EncodedString().utf8)
    var out: [String] = []
    var start = 0
    repeat {
      let end = min(encoded.count, start + 4096)
      let more = end < encoded.count ? 1 : 0
      let keys = start == 0 ? header + ",m=\(more)" : "m=\(more)"
      out.append("\u{1B}_G" + keys + ";" + String(decoding: encoded[start..<end], as: UTF8.self) + "\u{1B}\\")
      start = end
    } while start < encoded.count
    return out
  }

  /// iTerm2's inline image: the file itself, its size always given, shown in `columns` × `rows`
  /// cells with its aspect ratio kept.
  static func iterm(file: [UInt8], columns: Int, rows: Int) -> String {
    "\u{1B}]1337;File=inline=1;size=\(file.count);width=\(columns);height=\(rows);preserveAspectRatio=1:"
      + Data(file).base64EncodedString() + "\u{07}"
  }

  /// chafa's drawing of `image`; nil when libchafa could not be loaded (``chafaMissing(_:)`` says why).
  private func chafa(_ image: RGBAImage, _ place: ImagePlacement, _ mode: quizline_chafa_mode) -> String? {
    var length = 0
    let drawn = image.pixels.withUnsafeBufferPointer {
      quizline_chafa_draw(
        $0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), mode, Int32(place.columns),
        Int32(place.rows), Int32(cell.width), Int32(cell.height), truecolor ? 1 : 0, &length)
    }
    guard let drawn else { return quizline_chafa_load_error() == nil ? "" : nil }
    defer { free(drawn) }
    let text = String(decoding: UnsafeRawBufferPointer(start: drawn, count: length), as: UTF8.self)
    return mode == QUIZLINE_CHAFA_SYMBOLS ? text + "\u{1B}[0m" : text
  }

  /// What stands for a picture libchafa could not draw because it could not be loaded (it is
  /// opened on the first picture): the reason on a line, so the learner knows a picture is missing
  /// and what to install. Empty when chafa is loaded and simply made nothing.
  static func chafaMissing(_ reason: String? = quizline_chafa_load_error().map { String(cString: $0) }) -> String {
    guard let reason else { return "" }
    return "[picture not drawn: \(reason)]"
  }

  /// `sequence` as tmux passes it on to the outer terminal (every ESC doubled inside a DCS).
  func wrap(_ sequence: String) -> String {
    guard tmuxPassthrough, !sequence.isEmpty else { return sequence }
    return "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
  }
}
