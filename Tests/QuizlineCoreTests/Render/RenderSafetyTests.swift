import Testing

@testable import QuizlineCore

/// Text from banks never reaches the terminal raw, and every screen wraps to the width.
@Suite struct RenderSafetyTests {
  /// A catalog whose texts carry an escape sequence, a bell and a bidirectional override.
  static var hostileCatalog: Catalog {
    let nasty = "Red\u{1B}[31m alert\u{07} \u{202E}txet"
    let q = Question(
      id: "q1", prompt: "Prompt " + nasty, explanation: "Because " + nasty, hint: "Hint " + nasty,
      tags: ["t"],
      body: .single(
        choices: [Choice(text: "one " + nasty, feedback: "fb " + nasty), Choice(text: "two")],
        answer: 1))
    let bank = Bank(id: "evil", title: "Bank " + nasty, questions: [q])
    let session = StudySession(
      id: "s1", title: "Session " + nasty, objectives: ["Objective " + nasty], estimatedMinutes: 3,
      body: [
        .heading("Heading " + nasty), .paragraph("Para " + nasty), .bullets(["Bullet " + nasty]),
        .code("code " + nasty, language: nil),
      ])
    return Catalog(banks: [bank], sessions: [session])
  }

  @Test func controlCharactersInBankTextAreShownEscaped() {
    var d = StoreDriver(catalog: Self.hostileCatalog)
    var t = Transcript()
    t.start(&d)
    t.type(["list", "read s1", "search alert", "start evil", "hint", "a", "retry", "end"], &d)
    #expect(!t.text.contains("\u{07}"))
    #expect(!t.text.contains("\u{202E}"))
    #expect(!t.text.contains("\u{1B}"))
    #expect(t.text.contains("Prompt Red\\u{1B}[31m alert\\u{7} \\u{202E}txet"))
    #expect(t.text.contains("one Red\\u{1B}[31m alert"))
    #expect(t.text.contains("fb Red\\u{1B}[31m alert"))
    #expect(t.text.contains("Because Red\\u{1B}[31m alert"))
    #expect(t.text.contains("Hint: Hint Red\\u{1B}[31m alert"))
    #expect(t.text.contains("code Red\\u{1B}[31m alert"))
  }

  @Test func richStyleEscapesBankTextButKeepsItsOwnColours() {
    var d = StoreDriver(catalog: Self.hostileCatalog)
    d.type(["start evil", "a"])
    let text = d.screen(style: .rich).text
    #expect(text.hasPrefix("\u{1B}[31m✗ Incorrect.\u{1B}[0m"))
    #expect(!text.contains("\u{1B}[31m alert"))
    #expect(text.contains("\\u{1B}[31m alert"))
  }

  /// The code lines of the intro session as shown (code is never reflowed).
  static var codeLines: Set<String> {
    let blocks = fixtureCatalog.session("intro")?.body ?? []
    var lines = Set<String>()
    for case .code(let code, _) in blocks {
      for l in code.split(separator: "\n") { lines.insert("    " + l) }
    }
    return lines
  }

  @Test(arguments: [40, 60, 80, 120])
  func everyPlainLineButCodeFitsTheWidth(width: Int) {
    let lines = Self.transcript(width: width, style: .plain).split(separator: "\n").map(String.init)
    let over = lines.filter { TextWrap.displayWidth($0) > width && !Self.codeLines.contains($0) }
    #expect(over.isEmpty, "lines wider than \(width): \(over)")
  }

  @Test(arguments: [40, 80])
  func everyRichLineButCodeFitsTheWidthOnceColourCodesAreRemoved(width: Int) {
    let lines = Self.transcript(width: width, style: .rich).split(separator: "\n").map {
      withoutSGR(String($0))
    }
    let over = lines.filter { TextWrap.displayWidth($0) > width && !Self.codeLines.contains($0) }
    #expect(over.isEmpty, "lines wider than \(width): \(over)")
  }

  @Test func codeBlocksAreNeverWrappedWhenNarrowAndALongLineIsCutWithAMarker() {
    var d = StoreDriver()
    d.type("read intro")
    #expect(d.screen(width: 80).text.contains("\n      var body: some View { Text(\"\\(count)\") }\n"))
    let text = d.screen(width: 30).text
    #expect(text.contains("\n      var body: some View { T>\n"), "\(text)")
    #expect(!text.contains("\nText(\"\\(count)\") }"), "the rest of the line is not wrapped onto the next")
  }

  @Test func aNarrowSessionHeaderPutsItsDetailOnTheNextLine() {
    var d = StoreDriver()
    d.type("read intro")
    let lines = d.screen(width: 40).text.split(separator: "\n").prefix(3)
    #expect(
      lines == [
        "-- Introduction to state ---------------", "  session 1/2 | ~8 min | [ ] not",
        "    completed",
      ])
  }

  @Test func colourCodesTakeNoColumns() {
    #expect(TextWrap.displayWidth(Style.rich.paint("✓ done", .good)) == 6)
    #expect(TextWrap.displayWidth("a\u{1B}[1;31mb\u{1B}[0mc") == 3)
    #expect(TextWrap.displayWidth("漢字") == 4)
  }

  @Test func headerRulesReachTheFullWidth() {
    var d = StoreDriver()
    d.type(["complete layout", "read layout"])
    for style in [Style.plain, Style.rich] {
      let header = d.screen(style: style).text.split(separator: "\n")[0]
      #expect(TextWrap.displayWidth(withoutSGR(String(header))) == 80, "\(style): \(header)")
      #expect(header.contains("Layout and modifiers"), "\(style): \(header)")
    }
  }

  /// Screens of a whole scripted session, for width checks.
  static func transcript(width: Int, style: Style) -> String {
    var d = StoreDriver()
    var out = ""
    let lines = [
      "help", "list", "read intro", "status", "start sample", "b", "a", "f", "vstack", "2.2",
      "1a 2b 3c", "c a b", "modifier | margin",
      "", "good", "a draft", "", "hard", "read layout", "complete", "list", "status",
      "start sample --count 0", "frobnicate", "quiz intro", "a", "a", "f", "x", "1",
      "undo", "end", "quit",
    ]
    d.start()
    out += d.screen(width: width, style: style).text
    for line in lines {
      d.type(line)
      out += d.screen(width: width, style: style).text
    }
    return out
  }
}

/// `text` without ANSI SGR sequences (`ESC [ digits ; m`).
func withoutSGR(_ text: String) -> String {
  var out = ""
  var scalars = text.unicodeScalars.makeIterator()
  while let s = scalars.next() {
    guard s == "\u{1B}" else {
      out.unicodeScalars.append(s)
      continue
    }
    while let n = scalars.next(), n != "m" {}
  }
  return out
}
