import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// Recovery rules of the progress files: nothing shown as recorded is lost, nothing is applied twice,
/// and nothing that could not be read is overwritten.
@Suite struct ProfileOpenerTests {
  static let t0 = Timestamp(seconds: 1_796_200_000)
  static let q = QuestionRef(bank: "b", question: "q1")

  /// Events of a short history: a run of two questions, one answered, then a flag.
  static func events(_ count: Int = 4) -> [RecordedEvent] {
    let start = RunStart(source: .bank("b"), questions: [q, QuestionRef(bank: "b", question: "q2")], seed: 7)
    let payloads: [EventPayload] = [
      .quizStarted(start),
      .answered(AnswerRecord(run: 1, question: q, response: "true", score: 1, seconds: 2)),
      .flagged(question: q, on: true),
      .sessionCompleted(session: "s"),
    ]
    return payloads.prefix(count).enumerated().map {
      RecordedEvent(sequence: $0.offset + 1, at: t0.adding(seconds: Int64($0.offset)), payload: $0.element)
    }
  }

  static func progress(_ events: [RecordedEvent]) -> LearnerProgress {
    var p = LearnerProgress()
    for e in events { p.apply(e) }
    return p
  }

  func freshLayout() throws -> ProfileLayout {
    let dir = try temporaryDirectory() + "/default"
    try FileManager.default.createDirectory(atPath: dir + "/archive", withIntermediateDirectories: true)
    return ProfileLayout(directory: dir)
  }

  func write(_ text: String, to path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
  func lines(_ events: [RecordedEvent]) -> String { events.map { EventCoding.encode($0) + "\n" }.joined() }
  func names(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

  @Test func eventsRoundTripThroughTheJournalLineFormat() throws {
    for e in Self.events() {
      #expect(try EventCoding.decode(Array(EventCoding.encode(e).utf8)) == e)
    }
  }

  @Test func snapshotRoundTripsProgressExactly() throws {
    var p = Self.progress(Self.events())
    p.questions[Self.q]?.card = FSRSCard(
      phase: .review, step: nil, stability: 2.3065, difficulty: 2.118103970459016, due: Self.t0, lastReview: Self.t0)
    let text = SnapshotCoding.encode(p, writtenAt: Self.t0)
    #expect(try SnapshotCoding.decode(Array(text.utf8)) == p)
    #expect(text.contains("\"schemaVersion\": 1"))
    #expect(text.contains("\"lastSequence\": 4"))
  }

  @Test func tornLastLineIsDroppedAndTheFileRepaired() throws {
    let layout = try freshLayout()
    let whole = lines(Self.events(3))
    let torn = whole + String(EventCoding.encode(Self.events()[3]).prefix(25))
    try write(torn, to: layout.journal)
    let opened = try ProfileOpener.open(layout, profile: "default", now: Self.t0)
    #expect(opened.progress == Self.progress(Self.events(3)))
    #expect(opened.notices.count == 1 && opened.notices[0].contains("was cut off"))
    #expect(try String(contentsOfFile: layout.journal, encoding: .utf8) == whole)
  }

  @Test func damagedMiddleLineIsKeptAsideAndTheRestRecovered() throws {
    let layout = try freshLayout()
    let all = Self.events()
    let text = lines([all[0]]) + "{\"seq\": 2, garbage\n" + lines(Array(all[2...]))
    try write(text, to: layout.journal)
    let opened = try ProfileOpener.open(layout, profile: "default", now: Self.t0)
    #expect(opened.progress.lastSequence == 4)
    #expect(opened.progress.question(Self.q).flagged)
    #expect(opened.progress.question(Self.q).attempts == 0)
    #expect(opened.notices.first?.contains("line 2 could not be read") == true)
    let aside = names(layout.directory).filter { $0.hasPrefix("journal.jsonl.damaged-") }
    #expect(aside.count == 1)
    #expect(try String(contentsOfFile: layout.directory + "/" + aside[0], encoding: .utf8) == text)
    #expect(try String(contentsOfFile: layout.journal, encoding: .utf8) == lines([all[0]] + Array(all[2...])))
  }

  @Test func keptAsideFilesHaveWholeSecondNamesAndNeverReplaceEachOther() throws {
    let layout = try freshLayout()
    let all = Self.events()
    // A real clock has microseconds; a clock fixed with --now gives every start the same time.
    let now = Self.t0.adding(microseconds: 123_456)
    var kept: [String] = []
    for damage in ["{\"seq\": 2, garbage\n", "{\"seq\": 2, other garbage\n"] {
      let text = lines([all[0]]) + damage + lines(Array(all[2...]))
      try write(text, to: layout.journal)
      _ = try ProfileOpener.open(layout, profile: "default", now: now)
      kept.append(text)
    }
    let aside = names(layout.directory).filter { $0.hasPrefix("journal.jsonl.damaged-") }
    let stamp = "20261202T082640Z"  // Self.t0 (1_796_200_000 s) in whole seconds
    #expect(aside == ["journal.jsonl.damaged-\(stamp)", "journal.jsonl.damaged-\(stamp)-2"])
    for (name, text) in zip(aside, kept) {
      #expect(try String(contentsOfFile: layout.directory + "/" + name, encoding: .utf8) == text)
    }
  }

  @Test func damagedSnapshotIsKeptAsideAndRebuiltFromTheArchive() throws {
    let layout = try freshLayout()
    try write(lines(Array(Self.events().prefix(2))), to: layout.archive + "/0000000001-0000000002.jsonl")
    try write(lines(Array(Self.events()[2...])), to: layout.journal)
    try write("{\"schemaVersion\": 1, \"lastSeq", to: layout.snapshot)
    let opened = try ProfileOpener.open(layout, profile: "default", now: Self.t0)
    #expect(opened.progress == Self.progress(Self.events()))
    #expect(opened.notices.first?.contains("could not be read") == true)
    #expect(names(layout.directory).contains { $0.hasPrefix("snapshot.json.damaged-") })
    // A new snapshot was written at once from the rebuilt progress.
    #expect(
      try SnapshotCoding.decode(Array(Data(contentsOf: URL(fileURLWithPath: layout.snapshot)))) == opened.progress)
  }

  @Test func newerSnapshotSchemaRefusesToStartAndChangesNothing() throws {
    let layout = try freshLayout()
    let newer = "{\"schemaVersion\": 9, \"lastSequence\": 1}\n"
    try write(newer, to: layout.snapshot)
    try write(lines(Self.events()), to: layout.journal)
    #expect {
      try ProfileOpener.open(layout, profile: "default", now: Self.t0)
    } throws: { error in
      guard let e = error as? ProfileError else { return false }
      return e.exitCode == .dataError
        && e.message.contains("newer quizline (progress schema 9; this one reads schema 1)")
    }
    #expect(try String(contentsOfFile: layout.snapshot, encoding: .utf8) == newer)
    #expect(names(layout.directory) == ["archive", "journal.jsonl", "lock", "snapshot.json"])
  }

  @Test func unknownEventTypeIsTreatedAsNewerNotDamaged() throws {
    let layout = try freshLayout()
    let text = lines(Self.events(2)) + "{\"seq\":3,\"at\":\"2026-12-02T10:00:00Z\",\"type\":\"teleported\"}\n"
    try write(text, to: layout.journal)
    #expect(throws: ProfileError.self) { try ProfileOpener.open(layout, profile: "default", now: Self.t0) }
    #expect(try String(contentsOfFile: layout.journal, encoding: .utf8) == text)
  }

  @Test func eventsAlreadyInTheSnapshotAreNotAppliedTwice() throws {
    let layout = try freshLayout()
    // A crash after the snapshot was written but before the journal was archived.
    try write(SnapshotCoding.encode(Self.progress(Self.events(3)), writtenAt: Self.t0), to: layout.snapshot)
    try write(lines(Self.events()), to: layout.journal)
    let opened = try ProfileOpener.open(layout, profile: "default", now: Self.t0)
    #expect(opened.progress == Self.progress(Self.events()))
    #expect(opened.progress.question(Self.q).attempts == 1)
  }

  @Test func checkpointArchivesTheJournalAndReplayStaysShort() throws {
    let layout = try freshLayout()
    var opened = try ProfileOpener.open(layout, profile: "default", now: Self.t0, snapshotEvery: 2)
    for e in Self.events() {
      try opened.journal.append(e)
      opened.progress.apply(e)
      #expect(opened.store?.didApply(opened.progress, at: Self.t0) == nil)
    }
    #expect(names(layout.archive) == ["0000000001-0000000002.jsonl", "0000000003-0000000004.jsonl"])
    #expect(!FileManager.default.fileExists(atPath: layout.journal))
    opened.store = nil
    opened.journal = ReadOnlyJournal()
    let again = try ProfileOpener.open(layout, profile: "default", now: Self.t0)
    #expect(again.progress == Self.progress(Self.events()))
  }

  @Test func aSecondWriterIsRefusedWithTheOwnersProcessID() throws {
    let layout = try freshLayout()
    let first = try ProfileOpener.open(layout, profile: "default", now: Self.t0)
    #expect {
      try ProfileOpener.open(layout, profile: "default", now: Self.t0)
    } throws: { error in
      guard let e = error as? ProfileError else { return false }
      return e.exitCode == .busy && e.message.contains("process \(getpid())")
    }
    #expect(try ProfileOpener.view(layout, now: Self.t0).store == nil)
    _ = first
  }

  @Test func viewingChangesNoFile() throws {
    let layout = try freshLayout()
    let torn = lines(Self.events(3)) + "{\"seq\":4"
    try write(torn, to: layout.journal)
    let viewed = try ProfileOpener.view(layout, now: Self.t0)
    #expect(viewed.progress == Self.progress(Self.events(3)))
    #expect(try String(contentsOfFile: layout.journal, encoding: .utf8) == torn)
    #expect(names(layout.directory) == ["archive", "journal.jsonl"])
  }
}

extension ProfileOpenerTests {
  /// Leaving without recording anything writes no file (start-up and exit stay free of fsync), and
  /// leaving after recording writes the snapshot and archives the journal.
  @Test func closeWritesOnlyWhenSomethingWasRecorded() throws {
    let layout = try freshLayout()
    var progress = LearnerProgress()
    do {
      // Its own scope: the store (and its lock) is released before the profile is opened again.
      let first = try ProfileOpener.open(layout, profile: "default", now: Self.t0)
      #expect(first.store?.close(first.progress, at: Self.t0) == nil)
      #expect(!FileManager.default.fileExists(atPath: layout.snapshot), "nothing recorded, nothing written")
      for e in Self.events() {
        try first.store?.append(e)
        progress.apply(e)
      }
      #expect(first.store?.close(progress, at: Self.t0) == nil)
    }
    let written = try #require(
      FileManager.default.attributesOfItem(atPath: layout.snapshot)[.modificationDate] as? Date)
    #expect(names(layout.archive) == ["0000000001-0000000004.jsonl"])

    let second = try ProfileOpener.open(layout, profile: "default", now: Self.t0.adding(seconds: 60))
    #expect(second.progress == progress)
    usleep(20_000)
    #expect(second.store?.close(second.progress, at: Self.t0.adding(seconds: 60)) == nil)
    #expect(try FileManager.default.attributesOfItem(atPath: layout.snapshot)[.modificationDate] as? Date == written)
  }
}
