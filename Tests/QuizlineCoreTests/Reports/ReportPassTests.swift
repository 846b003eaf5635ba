import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports
@testable import QuizlineStorage

/// The reports' one pass (`ReportPass`: each line parsed once, feeding the history's accumulator
/// and, on a second thread, the review fold) against the held path, the two readers it replaces
/// (`HistoryLoader.load` and `ProfileReviewHistory.collect`, kept as they were): the same reviews,
/// the same history, and every report format byte for byte, over random REPL histories with undo,
/// override, resets, settings changes and an imported history, in a single journal (archive
/// segments, a damaged line, the journal repeating events) and in one device's log.
@Suite struct ReportPassTests: TwoDeviceFixture {
  static let words =
    HistoryAccumulatorTests.words + [
      "config retention 0.8", "config new-per-day 3", "config leech-threshold 2", "config retention 0.93",
    ]

  /// A random learner's journal: REPL input, with an imported history (Anki) in the middle.
  static func learner(seed: UInt64, lines: Int = 2500) throws -> ReportLearner {
    var l = ReportLearner()
    l.type("read intro")
    l.type("read layout")
    var random = SplitMix64(seed: seed)
    for k in 0..<lines {
      if random.next() % 40 == 0 { l.nextDay(Int64(1 + random.next() % 2)) }
      let word = words[Int(random.next() % UInt64(words.count))]
      l.type(word, advance: Int64(1 + random.next() % 60))
      if word == "reset sample", random.next() % 2 == 0 { l.type("yes") }
      if k == lines / 2 { try importHistory(&l) }
      // A reset of the bank, which the random words do not always bring.
      if k == lines * 3 / 4 { l.type("end", "reset sample", "yes") }
    }
    return l
  }

  /// Appends an imported history of the first questions the learner met, as `import` records it.
  static func importHistory(_ l: inout ReportLearner) throws {
    let refs = Array(Set(l.progress.questions.keys).sorted().prefix(4))
    let reviews = refs.enumerated().flatMap { k, ref in
      [Rating.good, .again, .good].enumerated().map { i, rating in
        ImportedReview(
          question: ref, at: l.now.adding(days: Int64(i - 3)).adding(seconds: Int64(k)), rating: rating,
          milliseconds: 3000)
      }
    }
    var progress = l.progress
    let event = RecordedEvent(
      sequence: progress.lastSequence + 1, at: l.now.adding(seconds: 1),
      payload: .historyImported(HistoryImport(source: "anki:deck.apkg", reviews: reviews)))
    progress.apply(event)
    try l.journal.append(event)
    l.store = Store(
      state: AppState(catalog: ReportLearner.catalog, progress: progress, profile: "default"), journal: l.journal)
  }

  /// `events` as quizline lays them out in `folder`: segments of 25 lines (one with a damaged line),
  /// then a journal that starts by repeating the last segment's final events.
  static func write(_ events: [RecordedEvent], into folder: ProfileLayout) throws {
    try FileManager.default.createDirectory(atPath: folder.archive, withIntermediateDirectories: true)
    let lines = events.map { EventCoding.encode($0) + "\n" }
    var k = 0
    while k + 25 < lines.count {
      var text = lines[k..<k + 25].joined()
      if k == 50 { text += "{\"seq\": oops\n" }
      let name = ProfileStore.segmentName(events[k].sequence, events[k + 24].sequence)
      try text.write(toFile: folder.archive + "/" + name, atomically: true, encoding: .utf8)
      k += 25
    }
    try (lines[max(0, k - 5)...].joined() + "{\"seq\":").write(
      toFile: folder.journal, atomically: true, encoding: .utf8)
  }

  /// Every report of `history` and `reviews` as bytes: md, json, html, the dashboard, and both CSV tables.
  static func rendered(_ l: ReportLearner, _ history: ProfileHistory, _ reviews: [ReviewRecord], since: Int64?)
    -> [String]
  {
    let input = ReportInput(profile: "default", progress: l.progress, history: history, reviews: reviews)
    let report = ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: [input], now: l.now,
      options: ReportOptions(sinceDay: since, includeAttempts: true))
    return everyFormat(report)
  }

  /// `report` in every format, and the CSV's two tables.
  static func everyFormat(_ report: Report) -> [String] {
    var out: [String] = []
    for format in ReportFormat.allCases {
      for table in format == .csv ? [CSVTable.attempts, .sessions] : [.attempts] {
        let sink = StringReportSink()
        ReportRenderer.render(report, format: format, table: table, to: sink)
        out.append(sink.text)
      }
    }
    return out
  }

  /// The one pass and the held path over `layout`: equal reviews, history and report bytes.
  static func compare(_ l: ReportLearner, _ layout: ProfileLayout, since: Int64? = nil) throws {
    let held = try HistoryLoader.load(layout, sinceDay: since, keepAttempts: true)
    let heldReviews = try ProfileReviewHistory.collect(layout).reviews
    let pass = try #require(try ReportPass.load(layout, sinceDay: since, keepAttempts: true))
    #expect(heldReviews.count > 20)
    #expect(pass.reviews == heldReviews)
    #expect(pass.history.eventCount == held.eventCount && pass.history.eventCount > 200)
    #expect(pass.history.firstSequence == held.firstSequence && pass.history.lastSequence == held.lastSequence)
    #expect(pass.history.badLineCount == held.badLineCount && pass.history.badLineCount == 1)
    #expect(pass.history.badLines == held.badLines)
    #expect(pass.history.fallbackCount == held.fallbackCount && held.fallbackCount > 10)
    #expect(pass.history.table.strings == held.table.strings)
    let new = rendered(l, pass.history, pass.reviews, since: since)
    let old = rendered(l, held, heldReviews, since: since)
    #expect(new.count == old.count)
    for (a, b) in zip(new, old) { #expect(Array(a.utf8) == Array(b.utf8)) }
  }

  @Test(arguments: [2, 3, 6] as [UInt64])
  func aSingleJournalGivesTheHeldPathsReviewsAndReportBytes(seed: UInt64) throws {
    let l = try Self.learner(seed: seed)
    let kinds = Set(l.journal.events.map(\.payload.typeName))
    for kind in ["undone", "reset", "overridden", "settingsChanged", "historyImported", "answered"] {
      #expect(kinds.contains(kind), "no \(kind) event")
    }
    let layout = ProfileLayout(directory: try temporaryDirectory() + "/default")
    try Self.write(l.journal.events, into: layout)
    try Self.compare(l, layout)
    try Self.compare(l, layout, since: l.now.dayNumber - 3)
  }

  @Test(arguments: [4, 5] as [UInt64])
  func oneDevicesLogGivesTheHeldPathsReviewsAndReportBytes(seed: UInt64) throws {
    let l = try Self.learner(seed: seed)
    let dir = try temporaryDirectory() + "/default"
    var events = l.journal.events
    // An `undone` of another device's event: void for both readers.
    let last = try #require(events.last)
    events.append(
      RecordedEvent(
        sequence: last.sequence + 1, at: last.at.adding(seconds: 1),
        payload: .undone(target: DeviceSequence.base(of: 9) + 1)))
    try OnlyLogReadingTests.writeDevice(dir, id: Self.laptop, tag: 0, events)
    for device in [nil, Self.laptop, Self.desk] {
      // Read as this device (its own log), as another (the rule for files in flight), or as none.
      try Self.compare(l, ProfileLayout(directory: dir, device: device))
    }
  }

  /// Each line's fold event from the one parse is the generic decoder's event, whether the history
  /// keeps responses or not (an answer's response then comes from the line itself).
  @Test(arguments: [false, true])
  func eachLinesFoldEventIsTheGenericDecodersEvent(keepResponses: Bool) throws {
    let l = try Self.learner(seed: 3)
    var lines = l.journal.events.map { EventCoding.encode($0) }
    lines.append("{\"seq\": oops")
    var scanner = HistoryScanner(decoder: .fast, keepResponses: keepResponses)
    scanner.converter = ReplayConverter()
    var sink = EventBuffer()
    scanner.scanFile("journal.jsonl", bytes: Array((lines.joined(separator: "\n") + "\n").utf8), into: &sink)
    let expected = lines.map { line in Array(line.utf8).withUnsafeBufferPointer { try? EventCoding.decode($0) } }
    #expect(expected.last! == nil && expected.filter { $0 != nil }.count > 150)
    #expect(scanner.foldLines == expected)
    #expect(scanner.fallbackCount < lines.count / 2)
  }

  /// Another device's only log with files in flight, damaged lines and repeats: the fold's rule.
  @Test(arguments: DeviceReportGapTests.cases)
  func anotherDevicesOnlyLogIsReadByTheFoldsRule(_ files: [[Int?]], _ expected: Int) throws {
    let dir = try temporaryDirectory() + "/default"
    try DeviceReportGapTests.writeDesk(files, into: dir)
    let layout = ProfileLayout(directory: dir)
    let pass = try #require(try ReportPass.load(layout))
    #expect(pass.history.eventCount == expected)
    let held = try ProfileReviewHistory.collect(layout).reviews
    #expect(pass.reviews == held)
    #expect(pass.reviews.count == expected)
  }

  /// A profile with several logs is merged once for both: the two readers' history and reviews.
  @Test func severalLogsAreMergedOnceForBoth() throws {
    let dir = try temporaryDirectory() + "/default"
    try DeviceReportGapTests.writeDesk([[1, 2]], into: dir)
    try OnlyLogReadingTests.writeDevice(dir, id: Self.laptop, tag: 0, [])
    let layout = ProfileLayout(directory: dir)
    let pass = try #require(try ReportPass.load(layout))
    #expect(pass.history.eventCount == (try HistoryLoader.load(layout)).eventCount)
    #expect(pass.reviews == (try ProfileReviewHistory.collect(layout)).reviews)
    #expect(pass.history.eventCount == 2)
  }
}
