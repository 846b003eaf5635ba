import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineReports

/// The class report's HTML page as a real browser draws it (Debian's chromium through
/// scripts/reports/screenshot.sh, installed by scripts/ensure-deps.sh when missing): the
/// facility/discrimination chart has each question's mark, in its colour, where its figures put
/// it; and opening the page at a sort link shows the question table in that order, with no script.
@Suite(.serialized) struct ClassReportBrowserTests {
  /// The zero line's colour, and the marks' (``HTMLStyleSheet``): positive, negative discrimination.
  static let zeroLine: [UInt8] = [0x59, 0x62, 0x75]
  static let point: [UInt8] = [0x1B, 0x6A, 0xC9]
  static let negativePoint: [UInt8] = [0xD9, 0x48, 0x0F]
  /// The background of a question row with a negative discrimination index.
  static let negativeRow: [UInt8] = [0xFD, 0xE8, 0xE1]

  /// The page drawn in a window taller than it, so opening it at an anchor scrolls nothing and the
  /// whole page is in the picture.
  static func screenshot(_ page: String, anchor: String = "") throws -> RGBAImage {
    let png = page + anchor.replacingOccurrences(of: "#", with: "-") + ".png"
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Fixtures.repositoryRoot + "/scripts/reports/screenshot.sh")
    p.arguments = [page + anchor, png, "1100x9600"]
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    try #require(p.terminationStatus == 0)
    let limits = ImageLimits(fileBytes: 64 << 20, side: 16_384, pixels: 20_000_000)
    switch ImageDecoder.decode(path: png, limits: limits) {
    case .success(let decoded): return decoded.image
    case .failure(let problem): throw problem
    }
  }

  static func color(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    guard x >= 0, y >= 0, x < image.width, y < image.height else { return [] }
    let k = (y * image.width + x) * 4
    return Array(image.pixels[k..<k + 3])
  }

  /// The columns of row `y` with colour `c`.
  static func columns(_ image: RGBAImage, row y: Int, _ c: [UInt8]) -> [Int] {
    (0..<image.width).filter { color(image, $0, y) == c }
  }

  /// The first row, top down, with at least `count` pixels of colour `c`.
  static func firstRow(_ image: RGBAImage, _ c: [UInt8], count: Int) -> Int? {
    (0..<image.height).first { y in columns(image, row: y, c).count >= count }
  }

  @Test func theChartsMarksAndTheSortLinksWorkInAHeadlessBrowser() throws {
    try requireChromium()
    let progress = try ClassReportStreamTests.classFolder(devices: false)
    let page = try temporaryDirectory() + "/class.html"
    #expect(ClassReportStreamTests.streamed(progress, ["--out", page]).status == 0)
    let json = try #require(
      JSONSerialization.jsonObject(
        with: Data(ClassReportStreamTests.streamed(progress, ["--format", "json"]).stdout.utf8)) as? [String: Any])
    let test = try #require(((json["class"] as? [String: Any])?["tests"] as? [[String: Any]])?.first)
    let figures = (test["questions"] as? [[String: Any]] ?? []).compactMap { q -> (Double, Double)? in
      guard let f = q["facility"] as? Double, let di = q["discriminationIndex"] as? Double else { return nil }
      return (f, di)
    }
    #expect(figures.count == 10)
    #expect(figures.contains { $0.1 < 0 } && figures.contains { $0.1 > 0 }, "marks of both colours")

    // The first test's chart: its zero line is the first row with much of that colour (marks on
    // it may break it); it spans the plot, facility 0 to 100 %.
    let image = try Self.screenshot(page)
    let zero = try #require(Self.firstRow(image, Self.zeroLine, count: 300))
    let line = Self.columns(image, row: zero, Self.zeroLine)
    let (left, width) = (Double(line.min()!), Double(line.max()! - line.min()! + 1))
    let scale = width / HTMLStatisticsChart.plotWidth
    #expect(abs(scale - 1) < 0.01, "the chart is drawn at its own size")
    for (facility, di) in figures {
      // The 2-pixel zero line's middle is the bottom edge of its first row.
      let x = Int(left + facility / 100 * width)
      let y = Int(Double(zero + 1) - di / 200 * HTMLStatisticsChart.plotHeight * scale)
      let expected = di < 0 ? Self.negativePoint : Self.point
      let near = (-2...2).contains { dy in (-2...2).contains { dx in Self.color(image, x + dx, y + dy) == expected } }
      #expect(near, "no mark of facility \(facility), discrimination \(di) at (\(x), \(y))")
    }

    // Sort links: opened at the copy sorted by discrimination index, ascending, the question with a
    // negative one comes first, higher on the page than in question order; descending, last.
    let inOrder = try #require(Self.firstRow(image, Self.negativeRow, count: 50))
    let ascending = try #require(
      Self.firstRow(try Self.screenshot(page, anchor: "#t1-by-di-asc"), Self.negativeRow, count: 50))
    let descending = try #require(
      Self.firstRow(try Self.screenshot(page, anchor: "#t1-by-di-desc"), Self.negativeRow, count: 50))
    #expect(ascending < inOrder && inOrder < descending, "\(ascending) \(inOrder) \(descending)")
  }
}
