import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// The snapshot and the journal lines written as bytes (issue 36) against the text they had before:
/// the tree of the whole snapshot, its keys sorted by ``JSONText/sortedKeys``, and each event's object,
/// written by the held `String` writer (``JSONTextBytesTests``), over random learners' progress.
@Suite struct ProgressBytesTests {
  /// ``SnapshotCoding/encode(_:writtenAt:)`` before issue 36.
  static func heldSnapshot(_ progress: LearnerProgress, writtenAt: Timestamp) -> String {
    typealias S = SnapshotCoding
    var p = progress
    p.switchDevice(0)
    let doc = JSONText.object(
      [
        ("schemaVersion", .int(S.schemaVersion)),
        ("lastSequence", .int(p.lastSequence)),
        ("writtenAt", .string(writtenAt.iso8601)),
        (
          "questions",
          .object(p.questions.sorted { $0.key < $1.key }.map { ($0.key.description, S.question($0.value)) })
        ),
        ("sessions", .object(p.sessions.sorted { $0.key < $1.key }.map { ($0.key, S.session($0.value)) })),
        ("activeRun", p.activeRun.map(S.run) ?? .null),
        ("runs", .array(p.runs.map(S.run))),
        ("bankScores", .object(p.bankScores.sorted { $0.key < $1.key }.map { ($0.key, S.scores($0.value)) })),
        (
          "days",
          .object(
            p.days.sorted { $0.key < $1.key }.map { (Timestamp(seconds: $0.key * 86_400).isoDate, S.day($0.value)) })
        ),
        ("undoStack", .array(p.undoStack.map(S.undo))),
        ("settings", SettingsCoding.encode(p.settings)),
        (S.learnerFlagsOnly, .bool(true)),
      ] + (p.countsReviews ? [(S.reviewCounts, .bool(true))] : []) + S.devices(p))
    var out = ""
    JSONTextBytesTests.heldWrite(doc.sortedKeys, to: &out, pretty: true, indent: 0)
    return out + "\n"
  }

  /// ``EventCoding/encode(_:)`` before issue 36, with the journal's newline.
  static func heldLine(_ e: RecordedEvent) -> String {
    var members: [(String, JSONText)] = [
      ("seq", .int(e.sequence)), ("at", .string(e.at.iso8601)), ("type", .string(e.payload.typeName)),
    ]
    if case .historyImported(let h) = e.payload {
      members += heldHistoryFields(h)
    } else {
      members += e.payload.journalFields
    }
    var out = ""
    JSONTextBytesTests.heldWrite(.object(members), to: &out, pretty: false, indent: 0)
    return out + "\n"
  }

  /// `HistoryImport.journalFields` before issue 36's fourth round: the history event's members as a tree.
  static func heldHistoryFields(_ h: HistoryImport) -> [(String, JSONText)] {
    [
      ("source", .string(h.source)),
      (
        "reviews",
        .array(
          h.reviews.map {
            .array([
              .string($0.question.description), .int(HistoryImport.floorDiv($0.at.microseconds, 1000)),
              .int($0.rating.rawValue), .int($0.milliseconds),
            ])
          })
      ),
      ("suspended", .array(h.suspended.map { .string($0.description) })),
      ("resumed", .array(h.resumed.map { .string($0.description) })),
    ]
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func snapshotsAndLinesAreTheHeldText(seed: UInt64) {
    let events = HistoryAccumulatorTests.randomLearner(seed: seed, lines: 900).journal.events
    let at = Timestamp(seconds: 1_796_200_001)
    var progress = LearnerProgress()
    #expect(
      SnapshotCoding.encodedBytes(progress, writtenAt: at) == Array(Self.heldSnapshot(progress, writtenAt: at).utf8))
    var lines = 0
    for (n, event) in events.enumerated() {
      progress.apply(event)
      #expect(EventCoding.line(event) == Array(Self.heldLine(event).utf8))
      #expect(EventCoding.encode(event) + "\n" == Self.heldLine(event))
      lines += 1
      guard n % 10 == 9 || n == events.count - 1 else { continue }
      let held = Self.heldSnapshot(progress, writtenAt: at)
      #expect(SnapshotCoding.encodedBytes(progress, writtenAt: at) == Array(held.utf8))
      #expect(SnapshotCoding.encode(progress, writtenAt: at) == held)
    }
    let cards = progress.questions.values.filter { $0.card != nil }.count
    #expect(lines > 40 && cards > 3, "\(lines) events, \(cards) questions with a card")
    Self.expectChunksAreTheBytes(progress, writtenAt: at)
  }

  /// ``SnapshotCoding/encodedChunks(_:writtenAt:chunkBytes:emit:)`` joined is ``SnapshotCoding/encodedBytes(_:writtenAt:)``
  /// at every piece size, and pieces (but the last) are at least that size.
  static func expectChunksAreTheBytes(_ progress: LearnerProgress, writtenAt at: Timestamp) {
    let whole = SnapshotCoding.encodedBytes(progress, writtenAt: at)
    for size in [1, 7, 300, 4096, 1 << 20] {
      var pieces: [[UInt8]] = []
      SnapshotCoding.encodedChunks(progress, writtenAt: at, chunkBytes: size) { pieces.append($0) }
      #expect(Array(pieces.joined()) == whole, "pieces of \(size) bytes")
      #expect(pieces.dropLast().allSatisfy { $0.count >= size }, "pieces of \(size) bytes")
      if size == 1 { #expect(pieces.count > 3, "\(pieces.count) pieces") }
    }
  }

  @Test func anImportedHistoryIsTheHeldText() {
    let refs = ["b/q\"1", "b/q2", "a/é", "b/q10", "b/q1"].map { QuestionRef($0)! }
    var random = SplitMix64(seed: 9)
    let reviews = (0..<400).map { k in
      ImportedReview(
        question: refs[Int(random.next() % 5)],
        at: Timestamp(microseconds: 1_700_000_000_000_000 + Int64(k) * 86_400_000_123),
        rating: Rating(rawValue: Int(1 + random.next() % 4))!, milliseconds: Int(random.next() % 60_000))
    }
    let history = HistoryImport(source: "anki:Deck\n.apkg", reviews: reviews, suspended: [refs[1]], resumed: [refs[2]])
    let event = RecordedEvent(sequence: 3, at: Timestamp(seconds: 1_796_200_001), payload: .historyImported(history))
    #expect(EventCoding.line(event) == Array(Self.heldLine(event).utf8))
    let early = ImportedReview(
      question: refs[0], at: Timestamp(microseconds: -1_500), rating: .good, milliseconds: 0)
    for other in [
      HistoryImport(source: "", reviews: []), HistoryImport(source: "x", reviews: [early, early], resumed: refs),
    ] {
      let e = RecordedEvent(sequence: 4, at: Timestamp(seconds: 1_796_200_001), payload: .historyImported(other))
      #expect(EventCoding.line(e) == Array(Self.heldLine(e).utf8))
      #expect(EventCoding.encode(e) + "\n" == Self.heldLine(e))
    }
    var progress = LearnerProgress()
    progress.apply(event)
    let at = Timestamp(seconds: 1_796_200_002)
    #expect(
      SnapshotCoding.encodedBytes(progress, writtenAt: at) == Array(Self.heldSnapshot(progress, writtenAt: at).utf8))
    Self.expectChunksAreTheBytes(progress, writtenAt: at)
  }
}
