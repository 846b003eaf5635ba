import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// Golden renderings of a rich card (bold, italic, strike, underline, a list, a table, formulas, an
/// image and a sound, from `Tests/Fixtures/rich`): its front and its back, in the plain and the
/// terminal styles at 80 and 40 columns; compared with `Tests/Fixtures/snapshots/rich-card-*.txt`.
@Suite struct RichCardPreviewTests {
  static let catalog = CatalogLoader.load(directory: Fixtures.root + "/rich").catalog

  static func screens(width: Int, style: Style) -> String {
    var d = StoreDriver(catalog: catalog)
    d.type("start cardiology")
    let front = d.screen(width: width, style: style).text
    d.type("")
    return front + d.screen(width: width, style: style).text
  }

  @Test(arguments: [80, 40])
  func aRichCardInThePlainStyle(width: Int) {
    let text = Self.screens(width: width, style: .plain)
    Snapshot.check(text, named: "rich-card-plain-\(width)")
    #expect(text.split(separator: "\n").allSatisfy { TextWrap.displayWidth(String($0)) <= width })
    #expect(!text.contains("\u{1B}"))
  }

  @Test(arguments: [80, 40])
  func aRichCardInTheTerminalStyle(width: Int) {
    let text = Self.screens(width: width, style: Style(unicode: true, color: true))
    Snapshot.check(text, named: "rich-card-terminal-\(width)")
    #expect(text.split(separator: "\n").allSatisfy { TextWrap.displayWidth(String($0)) <= width })
  }
}
