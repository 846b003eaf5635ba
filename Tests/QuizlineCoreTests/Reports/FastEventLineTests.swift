import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// The fast journal reader gives exactly what the generic decoder gives, line for line.
@Suite struct FastEventLineTests {
  static let at = Timestamp(iso8601: "2026-12-02T10:00:00.123456Z")!
  static let refs = [
    QuestionRef(bank: "swiftui-basics", question: "sign-out-update"), QuestionRef(bank: "b", question: "q-1"),
  ]
  static let oddStrings = [
    "b", "a,c", "", "1c 2a 3b", "Z Stack", "\"quoted\"", "back\\slash", "line\nbreak", "tab\there", "é ü ß", "漢字かな",
    "emoji 🎉👩‍💻", "\u{1B}[31mred", "\u{202E}bidi", "nul-ish \u{01}", "slash / inside",
    String(repeating: "long ", count: 400),
  ]

  /// One event of every type, with odd strings and numbers where they can occur.
  static func events() -> [RecordedEvent] {
    var out: [RecordedEvent] = []
    var seq = 0
    func add(_ p: EventPayload, at: Timestamp = at) {
      seq += 1
      out.append(RecordedEvent(sequence: seq, at: at, payload: p))
    }
    add(
      .quizStarted(
        RunStart(
          source: .bank("swiftui-basics"), questions: refs, seed: 18_446_744_073_709_551_615,
          bankHashes: ["swiftui-basics": "7f8b"])))
    add(
      .quizStarted(
        RunStart(source: .checkpoint(session: "intro"), questions: [], seed: 0, practice: true, certainty: true)))
    add(
      .quizStarted(RunStart(source: .review, questions: refs, seed: 1)), at: Timestamp(iso8601: "2026-12-02T10:00:00Z")!
    )
    add(.quizStarted(RunStart(source: .cram, questions: refs, seed: 2, practice: true)))
    add(.quizStarted(RunStart(source: .retry, questions: refs, seed: 3)))
    for (k, s) in oddStrings.enumerated() {
      let scores = [0, 1, 0.5, 1.0 / 3, 2.0 / 3, 0.1, 1e-7, 0.999_9]
      add(
        .answered(
          AnswerRecord(
            run: 1, question: refs[k % 2], response: s, score: scores[k % scores.count],
            seconds: Double(k) * 1.2345 + 0.0004,
            selfGrade: k % 5 == 0 ? .hard : nil, certainty: k % 3 == 0 ? 2 : nil, rating: k % 4 == 0 ? nil : .good,
            skipsLearningSteps: k % 4 == 1)))
    }
    add(.skipped(run: 1, question: refs[0]))
    add(.runEnded(run: 1, reason: .finished))
    add(.runEnded(run: 2, reason: .ended))
    add(.flagged(question: refs[1], on: true))
    add(.flagged(question: refs[1], on: false))
    add(.sessionCompleted(session: "intro"))
    add(.sessionReopened(session: "intro"))
    add(.sessionRead(session: "intro"))
    add(.undone(target: 5))
    var settings = ProfileSettings()
    settings.newCardsPerDay = 7
    add(.settingsChanged(settings))
    add(.reset(.bank("swiftui-basics")))
    add(.reset(.session("intro", questions: refs)))
    return out
  }

  @Test func everyEventTypeReadsTheSameOnBothPaths() throws {
    var table = StringTable()
    for event in Self.events() {
      let line = Array(EventCoding.encode(event).utf8)
      let fast = line.withUnsafeBufferPointer { FastEventLine.parse($0, table: &table) }
      let slow = HistoryEvent(try EventCoding.decode(line), table: &table)
      if let fast {
        #expect(fast == slow, "\(EventCoding.encode(event))")
      } else {
        // Only lines with escapes inside strings, and the rare settings, reset and session-read events, take the generic path.
        let text = EventCoding.encode(event)
        #expect(
          text.contains("\\") || ["settingsChanged", "reset", "sessionRead"].contains(event.payload.typeName),
          "\(text)")
      }
    }
  }

  @Test func plainLinesOfTheFrequentTypesTakeTheFastPath() {
    var table = StringTable()
    let frequent = Self.events().filter { !["settingsChanged", "reset", "sessionRead"].contains($0.payload.typeName) }
    var fast = 0
    for event in frequent where !EventCoding.encode(event).contains("\\") {
      let line = Array(EventCoding.encode(event).utf8)
      if line.withUnsafeBufferPointer({ FastEventLine.parse($0, table: &table) }) != nil { fast += 1 }
    }
    #expect(fast == frequent.filter { !EventCoding.encode($0).contains("\\") }.count)
    #expect(fast >= 20)
  }

  /// Lines quizline never writes but the generic decoder accepts or rejects: the fast reader declines
  /// them, and the scanner's outcome equals the generic one.
  @Test(arguments: [
    #"{"seq":1, "at":"2026-12-02T10:00:00Z","type":"undone","target":3}"#,
    #"{"at":"2026-12-02T10:00:00Z","seq":1,"type":"undone","target":3}"#,
    #"{"seq":1.0,"at":"2026-12-02T10:00:00Z","type":"undone","target":3}"#,
    #"{"seq":01,"at":"2026-12-02T10:00:00Z","type":"undone","target":3}"#,
    #"{"seq":1,"at":"2026-12-02","type":"undone","target":3}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00+01:00","type":"undone","target":3}"#,
    #"{"seq":1,"at":"2026-02-30T10:00:00Z","type":"undone","target":3}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"answered","run":1,"question":"a/b","response":"x","score":1e999,"seconds":1}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"answered","run":1,"question":"a/b/c","response":"x","score":1,"seconds":1}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"answered","run":1,"question":"a/b","response":"x","score":5E-1,"seconds":1,"rating":"GOOD"}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"answered","run":1,"question":"a/b","response":"x","score":1,"seconds":1,"rating":"good","rating":"again"}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"answered","run":1,"question":"a/b","response":"\u00e9","score":0.30000000000000004,"seconds":12.3456789012345678}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"quizStarted","source":"bank:x","questions":["x/a"],"seed":"+5","bankHashes":{}}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"quizStarted","source":"bank:x","questions":["x/a"],"seed":"5","bankHashes":{},"practice":false}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"quizStarted","source":"nowhere","questions":[],"seed":"5","bankHashes":{}}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"flagged","question":"a/b","on":1}"#,
    #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"teleported"}"#,
    "\u{FEFF}{\"seq\":1,\"at\":\"2026-12-02T10:00:00Z\",\"type\":\"undone\",\"target\":3}",
    "{\"seq\":1,\"at\":\"2026-12-02T10:00:00Z\",\"type\":\"undone\",\"target\":3}\r",
    "not json at all",
  ])
  func unusualLinesGiveTheGenericOutcome(_ line: String) {
    let bytes = Array(line.utf8) + [0x0A]
    let fast = HistoryLoader.load(files: [("j", bytes)], keepAttempts: true, decoder: .fast)
    let slow = HistoryLoader.load(files: [("j", bytes)], keepAttempts: true, decoder: .generic)
    #expect(fast.eventCount == slow.eventCount)
    #expect(fast.badLineCount == slow.badLineCount)
    #expect(fast.badLines.map(\.message) == slow.badLines.map(\.message))
    #expect(fast.accumulator.countedAttempts == slow.accumulator.countedAttempts)
    #expect(fast.table.strings == slow.table.strings)
  }

  @Test func invalidUTF8IsRejectedLikeTheGenericDecoderRejectsIt() {
    var bytes = Array(
      #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"answered","run":1,"question":"a/b","response":"X","score":1,"seconds":1}"#
        .utf8)
    let x = bytes.firstIndex(of: UInt8(ascii: "X"))!
    bytes.replaceSubrange(x...x, with: [0xC3, 0x28])
    var table = StringTable()
    #expect(bytes.withUnsafeBufferPointer { FastEventLine.parse($0, table: &table) } == nil)
    let fast = HistoryLoader.load(files: [("j", bytes + [0x0A])], decoder: .fast)
    #expect(fast.badLineCount == 1)
    #expect(fast.eventCount == 0)
  }

  /// Random events with random strings, in random chunk sizes: both decoders see the same history.
  @Test func randomJournalsReadTheSameOnBothPaths() throws {
    var random = SplitMix64(seed: 99)
    let alphabet = Array("ab,c é\"\\\n\t/🎉漢1-") + ["\u{1B}"]
    func text() -> String {
      String((0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }
    var lines: [UInt8] = []
    for seq in 1...3000 {
      let at = Timestamp(microseconds: 1_790_000_000_000_000 + Int64(seq) * 1_234_567 + Int64(random.next() % 1000))
      let ref = QuestionRef(bank: "bank\(random.next() % 3)", question: "q\(random.next() % 20)")
      let payload: EventPayload =
        switch random.next() % 6 {
        case 0: .quizStarted(RunStart(source: .bank(ref.bank), questions: [ref, ref], seed: random.next()))
        case 1: .skipped(run: Int(random.next() % 50), question: ref)
        case 2: .runEnded(run: Int(random.next() % 50), reason: random.next() % 2 == 0 ? .finished : .ended)
        case 3: .undone(target: max(1, seq - Int(random.next() % 3)))
        default:
          .answered(
            AnswerRecord(
              run: Int(random.next() % 50), question: ref, response: text(), score: Double(random.next() % 7) / 6,
              seconds: Double(random.next() % 100_000) / 1000, rating: random.next() % 2 == 0 ? .again : nil))
        }
      lines += Array((EventCoding.encode(RecordedEvent(sequence: seq, at: at, payload: payload)) + "\n").utf8)
    }
    let slow = HistoryLoader.load(files: [("j", lines)], keepAttempts: true, decoder: .generic)
    // The same bytes fed in uneven chunks.
    var scanner = HistoryScanner(decoder: .fast)
    var accumulator = HistoryAccumulator(keepAttempts: true)
    scanner.beginFile("j")
    var start = 0
    while start < lines.count {
      let end = min(lines.count, start + 1 + Int(random.next() % 700))
      lines[start..<end].withUnsafeBufferPointer { scanner.feed($0, into: &accumulator) }
      start = end
    }
    #expect(scanner.eventCount == slow.eventCount)
    #expect(scanner.badLineCount == 0)
    #expect(scanner.table.strings == slow.table.strings)
    #expect(accumulator.countedAttempts == slow.accumulator.countedAttempts)
    #expect(accumulator.days == slow.accumulator.days)
    #expect(scanner.fallbackCount > 0)
    #expect(scanner.fallbackCount < scanner.eventCount / 2)
  }
}

extension FastEventLineTests {
  /// Found by fuzzing: a canonical line with a number of twenty digits made the fast reader trap on
  /// arithmetic overflow (so `quizline report` crashed on such a journal).
  @Test func aHugeIntegerIsRefusedNotATrap() {
    var table = StringTable()
    for number in ["99999999999999999999", "1234567890123456", "18446744073709551616"] {
      let line = Array(#"{"seq":\#(number),"at":"2026-12-02T10:00:00Z","type":"undone","target":3}"#.utf8)
      let fast = line.withUnsafeBufferPointer { FastEventLine.parse($0, table: &table) }
      #expect(fast == nil, "\(number)")
    }
  }
}
