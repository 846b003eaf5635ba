import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI

/// Each protocol's output for the small stripes picture (48 × 32: red, green, blue), decoded back
/// and compared with what was meant.
@Suite struct TerminalGraphicsTests {
  /// The base64 payloads of kitty's `ESC _ G keys ; payload ESC \` commands, with their keys.
  static func kittyCommands(_ text: String) -> [(keys: String, payload: String)] {
    text.components(separatedBy: "\u{1B}_G").dropFirst().map { command in
      let body = command.components(separatedBy: "\u{1B}\\")[0]
      let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
  }

  static func decoded(_ name: String) throws -> DecodedImage {
    try ImageDecoder.decode(path: ImageFixtures.path(name)).get()
  }

  @Test func kittyGetsASmallPNGFileAsItIsInChunksOfAtMost4096Bytes() throws {
    let text = TerminalGraphics(graphicsProtocol: .kitty).draw(
      try Self.decoded("stripes.png"), maxColumns: 80, maxRows: 12)
    let commands = Self.kittyCommands(text)
    #expect(commands.count == 1)
    #expect(commands[0].keys == "a=T,f=100,t=d,q=2,m=0")
    #expect(
      Data(base64Encoded: commands.map(\.payload).joined())
        == (try Data(contentsOf: URL(fileURLWithPath: ImageFixtures.path("stripes.png")))))
    #expect(text.hasSuffix("\u{1B}\\\n"))
  }

  @Test func kittyGetsAGIFsFirstFrameAsRGBAPixelsInChunksMarkedM1WhileMoreFollow() throws {
    let text = TerminalGraphics(graphicsProtocol: .kitty).draw(
      try Self.decoded("stripes.gif"), maxColumns: 80, maxRows: 12)
    let commands = Self.kittyCommands(text)
    // 48 × 32 × 4 = 6144 bytes, 8192 in base64: two chunks.
    #expect(commands.map(\.keys) == ["a=T,f=32,s=48,v=32,t=d,q=2,m=1", "m=0"])
    #expect(commands.allSatisfy { $0.payload.utf8.count <= 4096 })
    let payload = Data(base64Encoded: commands.map(\.payload).joined()).map { Array($0) }
    #expect(payload == (try ImageFixtures.stripesRGBA()))
  }

  @Test func kittyShrinksAPictureTallerThanTheRowsAllowedKeepingItsAspect() throws {
    // One row of 16 pixels: 48 × 32 becomes 24 × 16.
    let text = TerminalGraphics(graphicsProtocol: .kitty).draw(
      try Self.decoded("stripes.png"), maxColumns: 80, maxRows: 1)
    let commands = Self.kittyCommands(text)
    #expect(commands.first?.keys == "a=T,f=32,s=24,v=16,t=d,q=2,m=0")
    let pixels = Array(Data(base64Encoded: commands.map(\.payload).joined()) ?? Data())
    #expect(pixels.count == 24 * 16 * 4)
    #expect(Array(pixels[0..<4]) == [255, 0, 0, 255])
    #expect(Array(pixels[(8 * 24 + 12) * 4..<(8 * 24 + 12) * 4 + 4]) == [0, 255, 0, 255])
  }

  @Test func iTerm2GetsThePNGFileWithItsSizeAndCells() throws {
    let file = try ImageFixtures.bytes("stripes.png")
    let text = TerminalGraphics(graphicsProtocol: .iterm).draw(
      try Self.decoded("stripes.png"), maxColumns: 80, maxRows: 12)
    let prefix = "\u{1B}]1337;File=inline=1;size=\(file.count);width=6;height=2;preserveAspectRatio=1:"
    #expect(text.hasPrefix(prefix))
    #expect(text.hasSuffix("\u{07}\n"))
    let payload = text.dropFirst(prefix.count).dropLast(2)
    #expect(Data(base64Encoded: String(payload)).map { Array($0) } == file)
  }

  @Test func sixelOutputDecodesBackToThePicturesSizeAndColours() throws {
    let sixel = TerminalGraphics(graphicsProtocol: .sixel).draw(
      try Self.decoded("stripes.png"), maxColumns: 80, maxRows: 12)
    #expect(sixel.hasPrefix("\u{1B}P"))
    let folder = try temporaryDirectory()
    try Data(sixel.utf8).write(to: URL(fileURLWithPath: folder + "/out.six"))
    try SixelTool.toPNG(folder + "/out.six", folder + "/out.png")
    let back = try ImageDecoder.decode(path: folder + "/out.png").get().image
    // 48 × 32 pixels on 8 × 16 cells is exactly 6 × 2 cells; sixels are bands of six pixels, so
    // chafa draws a height that is a multiple of 6 (30 here).
    #expect(back.width == 48)
    #expect(back.height <= 32 && back.height > 32 - 6 && back.height % 6 == 0)
    for (x, colour) in [(8, [255, 0, 0]), (24, [0, 255, 0]), (40, [0, 0, 255])] {
      let p = (16 * back.width + x) * 4
      let distance = (0..<3).map { abs(Int(back.pixels[p + $0]) - colour[$0]) }.max() ?? 0
      #expect(distance <= 16, "stripe at x=\(x): \(back.pixels[p..<p + 3]) instead of \(colour)")
    }
  }

  @Test func symbolsAreColouredTextRowsWithNoGraphicsEscape() throws {
    let art = TerminalGraphics(graphicsProtocol: .symbols).draw(
      try Self.decoded("stripes.png"), maxColumns: 80, maxRows: 12)
    #expect(!art.contains("\u{1B}_G") && !art.contains("\u{1B}P") && !art.contains("\u{1B}]"))
    #expect(art.contains("\u{1B}[38;2;255;0;0m") || art.contains("\u{1B}[48;2;255;0;0m"))
    #expect(art.hasSuffix("\u{1B}[0m\n"))
    // 48 × 30 pixels, 6 × 2 cells at 8 × 16, enlarged four times for symbol art: 24 × 8 cells.
    #expect(art.split(separator: "\n").count == 8)
  }

  /// The room a picture of two rows takes in a tmux pane, before it (newlines, back up, a space
  /// drawn, an empty pass-through) and after it (below its rows).
  static let tmuxRoom = "\n\n\u{1B}[2A\r \u{1B}Ptmux;\u{8}\u{1B}\\"
  static let tmuxAfter = "\r\n\n"

  @Test func insideTmuxEachEscapeIsWrappedInAPassThroughWithItsEscapesDoubled() throws {
    let graphics = TerminalGraphics(graphicsProtocol: .iterm, tmuxPassthrough: true)
    let text = graphics.draw(try Self.decoded("stripes.png"), maxColumns: 80, maxRows: 12)
    #expect(text.hasPrefix(Self.tmuxRoom + "\u{1B}Ptmux;\u{1B}\u{1B}]1337;File=inline=1;"))
    #expect(text.hasSuffix("\u{07}\u{1B}\\" + Self.tmuxAfter))
  }

  /// Seen with kitty 0.26 around tmux 3.3a: without room made in the pane, the next lines were
  /// written over the picture (tmux's cursor does not move with it).
  @Test func kittyThroughTmuxKeepsTheOuterCursorAndMakesRoomForItsRows() throws {
    let graphics = TerminalGraphics(graphicsProtocol: .kitty, tmuxPassthrough: true)
    let text = graphics.draw(try Self.decoded("stripes.png"), maxColumns: 80, maxRows: 12)
    #expect(text.hasPrefix(Self.tmuxRoom + "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,f=100,t=d,q=2,C=1,m=0;"))
    #expect(text.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\" + Self.tmuxAfter))
  }

  @Test func aPlacementKeepsTheAspectRatioNeverEnlargesAndStaysWithinTheWidth() {
    let cell = CellSize(width: 10, height: 20)
    #expect(
      ImagePlacement.fit(width: 40, height: 20, cell: cell, maxColumns: 80, maxRows: 12)
        == ImagePlacement(pixelWidth: 40, pixelHeight: 20, columns: 4, rows: 1, scaled: false))
    // Too tall: 12 rows of 20 pixels = 240 high, so 1000 × 2000 becomes 120 × 240.
    #expect(
      ImagePlacement.fit(width: 1000, height: 2000, cell: cell, maxColumns: 80, maxRows: 12)
        == ImagePlacement(pixelWidth: 120, pixelHeight: 240, columns: 12, rows: 12, scaled: true))
    // Too wide for 20 columns (200 pixels): 4000 × 1000 becomes 200 × 50.
    #expect(
      ImagePlacement.fit(width: 4000, height: 1000, cell: cell, maxColumns: 20, maxRows: 12)
        == ImagePlacement(pixelWidth: 200, pixelHeight: 50, columns: 20, rows: 3, scaled: true))
    // Symbol art may enlarge a small picture up to the factor, and never past the box.
    #expect(
      ImagePlacement.fit(width: 40, height: 20, cell: cell, maxColumns: 80, maxRows: 12, enlarging: 4)
        == ImagePlacement(pixelWidth: 160, pixelHeight: 80, columns: 16, rows: 4, scaled: true))
    #expect(
      ImagePlacement.fit(width: 40, height: 20, cell: cell, maxColumns: 80, maxRows: 2, enlarging: 4)
        == ImagePlacement(pixelWidth: 80, pixelHeight: 40, columns: 8, rows: 2, scaled: true))
  }
}

/// libsixel's `sixel2png` (Debian's libsixel-bin), installed through scripts/ensure-deps.sh when
/// missing; a test that needs it fails when it cannot be had.
enum SixelTool {
  static func toPNG(_ input: String, _ output: String) throws {
    if !FileManager.default.isExecutableFile(atPath: "/usr/bin/sixel2png") {
      _ = try run("/bin/sh", [TestPaths.repositoryRoot + "/scripts/ensure-deps.sh"])
    }
    let status = try run("/usr/bin/sixel2png", ["-i", input, "-o", output])
    #expect(status == 0, "sixel2png failed")
  }

  private static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
