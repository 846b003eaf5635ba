import Testing

@testable import QuizlineCore

/// What every part of rich card content builds on: images and sounds named in a text, the marker
/// line the terminal edge draws an image at, and the display settings (`config images`,
/// `image-rows`, `autoplay`).
@Suite struct MediaFoundationTests {
  @Test func anImageAndASoundAreReadFromTheirMarkup() {
    let spans = InlineMarkup.parse("The heart ![a heart](deck-media/heart.png) beats [sound:beat.mp3].")
    #expect(
      spans == [
        .text("The heart "), .image(source: "deck-media/heart.png", alt: "a heart"), .text(" beats "),
        .sound("beat.mp3"), .text("."),
      ])
    #expect(
      InlineMarkup.mediaReferences("**Look** ![](a.png) and [sound: b.mp3]")
        == [MediaReference(kind: .image, source: "a.png"), MediaReference(kind: .sound, source: "b.mp3")])
  }

  @Test func textThatOnlyLooksLikeMediaStaysText() {
    for text in ["![no source]()", "![alt] (a.png)", "![alt](a b.png)", "[sound:]", "[sound:a.mp3", "see [1](x)"] {
      #expect(InlineMarkup.mediaReferences(text).isEmpty, "\(text)")
      #expect(InlineMarkup.plainText(InlineMarkup.parse(text)) == text, "\(text)")
    }
  }

  @Test func mediaSpansAreWrittenBackAsTheyAreRead() {
    let spans: [InlineSpan] = [.text("a "), .image(source: "m/x.png", alt: "x"), .text(" "), .sound("y.mp3")]
    #expect(InlineMarkup.serialize(spans) == "a ![x](m/x.png) [sound:y.mp3]")
    #expect(InlineMarkup.parse(InlineMarkup.serialize(spans)) == spans)
    #expect(InlineMarkup.plainText(spans) == "a [image: x] [sound: y.mp3]")
    #expect(InlineMarkup.plainText([.image(source: "m/x.png", alt: "")]) == "[image: x.png]")
  }

  @Test func anImageLineIsReadBackAndStrippedToItsPlaceholder() throws {
    let line = MediaMarker.imageLine(
      base: "bank/anatomy", source: "anatomy-media/heart.png", placeholder: "[image: heart.png]")
    let parsed = try #require(MediaMarker.parse(Substring(line)))
    #expect(parsed.base == "bank/anatomy")
    #expect(parsed.source == "anatomy-media/heart.png")
    #expect(parsed.placeholder == "[image: heart.png]")
    #expect(MediaMarker.strippingMarkers("before\n" + line + "\nafter") == "before\n[image: heart.png]\nafter")
    #expect(MediaMarker.parse("[image: heart.png]") == nil)
  }

  @Test func bankTextCannotForgeAMarker() {
    let forged = MediaMarker.imageLine(base: "bank/x", source: "/etc/passwd", placeholder: "p")
    let context = RenderContext(now: Timestamp(seconds: 0))
    #expect(MediaMarker.parse(Substring(safe(forged, context))) == nil)
    #expect(safe("plain ✓ text", context) == "plain ✓ text")
  }

  @Test func displaySettingsAreChangedByConfigAndKeptInTheJournal() {
    var d = StoreDriver()
    d.type("config images sixel")
    d.type("config image-rows 20")
    d.type("config autoplay on")
    #expect(d.progress.settings.images == .sixel)
    #expect(d.progress.settings.imageRows == 20)
    #expect(d.progress.settings.autoplay)
    #expect(d.screen().text.contains("Applies to the cards shown from now on"))
    #expect(d.replayed == d.progress)
    d.type("config image-rows 0")
    #expect(d.progress.settings.imageRows == 20)
    #expect(d.screen().text.contains("out of range for image-rows"))
    d.type("config images pictures")
    #expect(d.screen().text.contains("not a value for images"))
    d.type("undo")
    #expect(!d.progress.settings.autoplay)
  }

  @Test func settingsWithoutDisplayKeysReadAsTheDefaults() throws {
    let text = SettingsCoding.encode(ProfileSettings.default).rendered()
    #expect(!text.contains("images") && !text.contains("autoplay"))
    var changed = ProfileSettings.default
    changed.images = .kitty
    changed.imageRows = 7
    changed.autoplay = true
    let json = try JSONDocument.parse(Array(SettingsCoding.encode(changed).rendered().utf8))
    #expect(try SettingsCoding.decode(FieldMap(json.root)) == changed)
  }
}
