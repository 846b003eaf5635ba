import Foundation
import QuizlineCore

/// The terminal edge of images: replaces each ``MediaMarker`` line of a frame by the picture it
/// names, drawn with the protocol chosen for the profile's `config images`, or by its placeholder
/// with a one-line reason when it cannot be drawn. Made only for an interactive terminal with
/// colour (never on a pipe, under `--plain` or with `NO_COLOR`).
///
/// The protocol is chosen when the first picture is to be drawn, and again when `config images`
/// changes (``choose`` queries the terminal then), never per frame: a session without pictures
/// never queries the terminal.
final class ImageFrameWriter {
  /// The protocol and settings for a mode, or nil when the mode draws nothing (`off`).
  private let choose: (ImageMode) -> TerminalGraphics?
  /// The terminal's width in columns, asked at each frame.
  private let columns: () -> Int
  private var chosen: (mode: ImageMode, graphics: TerminalGraphics?)?
  /// The profile's settings as of the frame being shown (`images`, `imageRows`).
  var settings = ProfileSettings.default
  /// The catalog's files (``CatalogLoadResult/sources``), refreshed after a reload.
  var sources: () -> [String: String]

  init(
    choose: @escaping (ImageMode) -> TerminalGraphics?, columns: @escaping () -> Int,
    sources: @escaping () -> [String: String]
  ) {
    self.choose = choose
    self.columns = columns
    self.sources = sources
  }

  /// How pictures are drawn under the current settings (nil: not at all).
  var graphics: TerminalGraphics? {
    if let chosen, chosen.mode == settings.images { return chosen.graphics }
    let graphics = choose(settings.images)
    chosen = (settings.images, graphics)
    return graphics
  }

  /// Whether the renderer should write images as marker lines (``RenderContext/inlineImages``):
  /// every mode but `off` draws (`auto` falls back to symbols), so the terminal need not be asked yet.
  var drawsImages: Bool { settings.images != .off }

  /// `text` with every image line drawn, or turned into its placeholder and reason.
  func expand(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { (0xFDD0...0xFDEF).contains($0.value) }) else { return text }
    let graphics = self.graphics
    var out = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard let image = MediaMarker.parse(line) else {
        out += line + "\n"
        continue
      }
      guard let graphics else {
        out += image.placeholder + "\n"
        continue
      }
      switch draw(image.base, image.source, graphics) {
      case .success(let drawn): out += drawn
      case .failure(let problem): out += Self.placeholder(image.placeholder, notDrawnBecause: problem.reason) + "\n"
      }
    }
    // `split` made one line more than the text's newlines.
    return String(out.dropLast())
  }

  private func draw(_ base: String, _ source: String, _ graphics: TerminalGraphics) -> Result<String, ImageProblem> {
    let path: String
    switch MediaPaths.resolve(base: base, source: source, sources: sources()) {
    case .failure(let problem): return .failure(.path(problem))
    case .success(let p): path = p
    }
    return ImageDecoder.decode(path: path).map {
      graphics.draw($0, maxColumns: max(1, columns()), maxRows: settings.imageRows)
    }
  }

  /// `[image: heart.png]` with `reason` inside the brackets: `[image: heart.png — not drawn: …]`.
  static func placeholder(_ placeholder: String, notDrawnBecause reason: String) -> String {
    let clean = String(
      String.UnicodeScalarView(reason.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    guard placeholder.hasSuffix("]") else { return placeholder + " (not drawn: \(clean))" }
    return placeholder.dropLast() + " — not drawn: \(clean)]"
  }
}

/// The image writer of an interactive session, deciding with the real terminal (standard input and
/// output) and the environment.
enum TerminalImages {
  /// A writer when pictures may be drawn at all: standard input and output are a terminal and
  /// colour is on (not `--plain`, not `NO_COLOR`); nil otherwise, so the placeholders stay.
  static func writer(_ env: CommandEnvironment, files: QuizFiles?) -> ImageFrameWriter? {
    guard env.isInteractive, env.settings.color, !env.settings.plain else { return nil }
    let variables = env.variables
    let colorTerm = variables["COLORTERM"] ?? ""
    return ImageFrameWriter(
      choose: { mode in
        var cell = TerminalGraphicsDetector.cellSize(fd: 1)
        var asked: TerminalGraphicsDetector.Answer?
        let picked = TerminalGraphicsDetector.choose(
          mode: mode, variables: variables,
          answer: { passthrough in
            let answer = TerminalGraphicsDetector.query(input: 0, output: 1, tmuxPassthrough: passthrough)
            asked = answer
            return answer
          },
          tmuxPassthrough: { TerminalGraphicsDetector.tmuxAllowsPassthrough(variables: variables) })
        guard let picked else { return nil }
        if cell == nil, picked.0 != .symbols {
          cell = (asked ?? TerminalGraphicsDetector.query(input: 0, output: 1)).cell
        }
        return TerminalGraphics(
          graphicsProtocol: picked.0, cell: cell ?? .assumed, tmuxPassthrough: picked.passthrough,
          truecolor: colorTerm == "truecolor" || colorTerm == "24bit")
      }, columns: { TerminalSize.columns(variables: variables) }, sources: { files?.sources ?? [:] })
  }
}
