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
    members += e.payload.journalFields
    var out = ""
    JSONTextBytesTests.heldWrite(.object(members), to: &out, pretty: false, indent: 0)
    return out + "\n"
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
    var progress = LearnerProgress()
    progress.apply(event)
    let at = Timestamp(seconds: 1_796_200_002)
    #expect(
      SnapshotCoding.encodedBytes(progress, writtenAt: at) == Array(Self.heldSnapshot(progress, writtenAt: at).utf8))
  }
}
