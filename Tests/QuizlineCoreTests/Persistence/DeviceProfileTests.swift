import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// Per-device profiles on disk: migration, names, and other devices' files caught in flight.
@Suite struct DeviceProfileTests: TwoDeviceFixture {

  func copyFixture() throws -> String {
    let dir = try temporaryDirectory()
    try FileManager.default.copyItem(atPath: Fixtures.root + "/legacy-profile/default", toPath: dir + "/default")
    return dir + "/default"
  }

  func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// A device folder written by hand, as another device would have left it: `device.json` and a journal.
  func writeDevice(_ layout: ProfileLayout, id: String, name: String, tag: Int, journal: String) throws {
    let folder = layout.devices + "/" + id
    try FileManager.default.createDirectory(atPath: folder + "/archive", withIntermediateDirectories: true)
    let record = DeviceRecord(id: id, name: name, tag: tag, createdAt: Self.t0)
    try Data(record.json.utf8).write(to: URL(fileURLWithPath: folder + "/device.json"))
    try Data(journal.utf8).write(to: URL(fileURLWithPath: folder + "/journal.jsonl"))
  }

  /// Journal lines of `count` answers by the device with `tag` (its sequence numbers 1, 2, …), a
  /// minute apart from `t0` plus `minute` minutes.
  func answers(tag: Int, count: Int, minute: Int = 1) -> [String] {
    (1...count).map { k in
      EventCoding.encode(
        RecordedEvent(
          sequence: DeviceSequence.base(of: tag) + k, at: Self.t0.adding(seconds: Int64(60 * (k - 1 + minute))),
          payload: .answered(
            AnswerRecord(run: 0, question: Self.ref, response: "b", score: 1, seconds: 3, rating: .good))))
    }
  }

  @Test func migrationMakesTheSingleJournalTheFirstDevicesLogAndLosesNothing() throws {
    let dir = try copyFixture()
    let legacy = ProfileLayout(directory: dir)
    let before = try ProfileOpener.view(legacy, now: Self.t0).progress
    #expect(before.lastSequence == 8)
    let journal = bytes(legacy.legacyJournal)
    let segments = legacy.archivedSegments().map { ($0.split(separator: "/").last.map(String.init) ?? "", bytes($0)) }
    let layout = ProfileLayout(directory: dir, device: Self.laptop)
    var opened: OpenedProfile? = try DeviceProfileOpener.open(layout, name: "laptop", profile: "default", now: Self.t0)
    var after = try #require(opened?.progress)
    opened = nil
    #expect(after.mergedThrough != nil)
    after.mergedThrough = nil
    // The fixture's snapshot predates review counts (no `reviewCounts`), so the migration folds the
    // logs again: the same progress as the fixture's snapshot, with each question's reviews counted.
    #expect(!before.countsReviews)
    var counted = before
    for (ref, q) in after.questions {
      counted.questions[ref]?.reps = q.reps
      counted.questions[ref]?.firstReviewAt = q.firstReviewAt
      counted.questions[ref]?.lastRating = q.lastRating
    }
    counted.countsReviews = true
    #expect(after.questions.values.allSatisfy { $0.reps == 1 && $0.lastRating == .good })
    #expect(after == counted)
    #expect(!FileManager.default.fileExists(atPath: legacy.legacyJournal))
    // The journal's events are in the snapshot written at opening, so it went on to the archive.
    #expect((bytes(layout.journal) ?? bytes(layout.archive + "/0000000008-0000000008.jsonl")) == journal)
    #expect(segments.count == 3)
    for (name, content) in segments { #expect(bytes(layout.archive + "/" + name) == content) }
    #expect(DeviceRecord.read(layout.ownFolder + "/device.json")?.tag == 0)
    // Opening again (snapshot now with its merge position) gives the same progress.
    var again = try DeviceProfileOpener.open(layout, name: "laptop", profile: "default", now: Self.t0).progress
    again.mergedThrough = nil
    #expect(again == counted)
  }

  @Test func twoDevicesNumberingTheirEventsFromOneTagAreRefusedNotMergedWithEventsLeftOut() throws {
    let dir = try temporaryDirectory() + "/default"
    let mine = ProfileLayout(directory: dir, device: Self.laptop)
    try writeDevice(
      mine, id: Self.laptop, name: "laptop", tag: 0, journal: answers(tag: 0, count: 2).joined(separator: "\n") + "\n")
    try writeDevice(
      mine, id: Self.desk, name: "desk", tag: 0, journal: answers(tag: 0, count: 3).joined(separator: "\n") + "\n")
    func files() throws -> [String] {
      try FileManager.default.subpathsOfDirectory(atPath: dir).filter { $0 != "lock" }.sorted()
    }
    let before = try files()
    #expect {
      _ = try DeviceProfileOpener.open(mine, name: "laptop", profile: "default", now: Self.t0)
    } throws: { error in
      let message = (error as? ProfileError)?.message ?? ""
      return message.contains("devices 'laptop'") && message.contains("'desk'") && message.contains("as device 0")
        && (error as? ProfileError)?.exitCode == .dataError
    }
    #expect(throws: ProfileError.self) { _ = try ProfileOpener.view(mine.forDevice(nil), now: Self.t0) }
    #expect(try files() == before, "nothing was changed (the lock aside)")
  }

  @Test func aSecondDeviceClaimingTheSameNameIsRefused() throws {
    let dir = try temporaryDirectory() + "/default"
    let first = ProfileLayout(directory: dir, device: Self.laptop)
    _ = try DeviceProfileOpener.open(first, name: "laptop", profile: "default", now: Self.t0)
    let second = ProfileLayout(directory: dir, device: Self.desk)
    #expect {
      _ = try DeviceProfileOpener.open(second, name: "laptop", profile: "default", now: Self.t0)
    } throws: { error in
      let e = error as? ProfileError
      return e?.exitCode == .usage && e?.message.contains("the device name 'laptop' is already used") == true
        && e?.message.contains("aaaa0000") == true && e?.message.contains("bbbb1111") == true
    }
    #expect(!FileManager.default.fileExists(atPath: second.ownFolder), "nothing written for the refused device")
    // The first device goes on; the second with a name of its own is welcome.
    _ = try DeviceProfileOpener.open(first, name: "laptop", profile: "default", now: Self.t0)
    _ = try DeviceProfileOpener.open(second, name: "desk", profile: "default", now: Self.t0)
    #expect(
      DeviceProfileOpener.devices(first.forDevice(nil)).compactMap(\.record?.name).sorted() == ["desk", "laptop"])
  }

  @Test func anotherDevicesTornLastLineIsLeftAloneUntilItIsComplete() throws {
    let dir = try temporaryDirectory() + "/default"
    let mine = ProfileLayout(directory: dir, device: Self.laptop)
    let lines = answers(tag: 9, count: 3)
    let torn = lines[0] + "\n" + lines[1] + "\n" + lines[2].prefix(40)
    try writeDevice(mine, id: Self.desk, name: "desk", tag: 9, journal: torn)
    let path = mine.devices + "/" + Self.desk + "/journal.jsonl"
    var opened: OpenedProfile? = try DeviceProfileOpener.open(mine, name: "laptop", profile: "default", now: Self.t0)
    #expect(opened?.progress.question(Self.ref).attempts == 2)
    #expect(opened?.notices.contains { $0.contains("journal.jsonl") && !$0.contains("changed since") } == false)
    opened = nil
    #expect(bytes(path) == Data(torn.utf8), "never repaired, moved or rewritten")
    // The copy completes: the third answer is taken in.
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    let later = try DeviceProfileOpener.open(mine, name: "laptop", profile: "default", now: Self.t0)
    #expect(later.progress.question(Self.ref).attempts == 3)
  }

  @Test func aDamagedLineInAnotherDevicesLogIsReportedWithDeviceAndLineAndTheRestIsUsed() throws {
    let dir = try temporaryDirectory() + "/default"
    let mine = ProfileLayout(directory: dir, device: Self.laptop)
    let lines = answers(tag: 9, count: 3)
    let text = lines[0] + "\n{\"seq\": oops\n" + lines[1] + "\n" + lines[2] + "\n"
    try writeDevice(mine, id: Self.desk, name: "desk", tag: 9, journal: text)
    let opened = try DeviceProfileOpener.open(mine, name: "laptop", profile: "default", now: Self.t0)
    #expect(opened.progress.question(Self.ref).attempts == 3)
    let notice = try #require(opened.notices.first { $0.contains("could not be read") })
    #expect(notice.contains("journal.jsonl:2:") && notice.contains("'desk'"))
    #expect(bytes(mine.devices + "/" + Self.desk + "/journal.jsonl") == Data(text.utf8))
  }

  @Test func anOlderEventArrivingAfterTheSnapshotIsFoldedInItsPlace() throws {
    let dir = try temporaryDirectory() + "/default"
    let mine = ProfileLayout(directory: dir, device: Self.laptop)
    let cafe = "cccc2222cccc2222cccc2222cccc2222"
    let deskLines = answers(tag: 9, count: 3, minute: 5)  // t0 + 5, 6, 7 minutes
    try writeDevice(mine, id: Self.desk, name: "desk", tag: 9, journal: deskLines.joined(separator: "\n") + "\n")
    var first: OpenedProfile? = try DeviceProfileOpener.open(mine, name: "laptop", profile: "default", now: Self.t0)
    #expect(first?.progress.question(Self.ref).attempts == 3)
    first = nil
    // Then cafe's answers arrive, recorded earlier (t0 + 1, 2 minutes) than the snapshot's last event.
    let cafeLines = answers(tag: 11, count: 2)
    try writeDevice(mine, id: cafe, name: "cafe", tag: 11, journal: cafeLines.joined(separator: "\n") + "\n")
    let second = try DeviceProfileOpener.open(mine, name: "laptop", profile: "default", now: Self.t0)
    var scratch = LearnerProgress()
    let decode = { (lines: [String]) throws -> [RecordedEvent] in
      try lines.map { try EventCoding.decode(Array($0.utf8)) }
    }
    DeviceMerge.fold(
      [
        DeviceLog(device: Self.desk, events: try decode(deskLines)),
        DeviceLog(device: cafe, events: try decode(cafeLines)),
      ],
      into: &scratch, local: 0)
    #expect(second.progress.question(Self.ref).attempts == 5)
    // The card is the one of five reviews in time order, not of cafe's two applied after desk's three.
    #expect(second.progress.question(Self.ref).card == scratch.question(Self.ref).card)
    #expect(second.progress.question(Self.ref).card?.lastReview == Self.t0.adding(seconds: 7 * 60))
    #expect(second.incoming.map(\.device) == ["cafe"])
  }
}
