import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// A snapshot written before questions counted their reviews (`reps`, `lapses`, …) lacks the counts:
/// a per-device profile folds its logs again instead of showing zeros.
@Suite struct ReviewCountsRefoldTests: TwoDeviceFixture {
  @Test func aSnapshotWithoutReviewCountsIsFoldedAgainFromTheLogs() throws {
    let dir = try temporaryDirectory()
    let day: Int64 = 24 * 60
    let events = ReviewHistoryTests.events(
      tag: 0,
      [
        (0, ReviewHistoryTests.answer(Self.ref, .good)), (day, ReviewHistoryTests.answer(Self.ref, .good)),
        (9 * day, ReviewHistoryTests.answer(Self.ref, .again)),
      ])
    try ReviewHistoryTests.writeDevice(dir, id: Self.laptop, name: "laptop", tag: 0, events)
    let layout = ProfileLayout(directory: dir)
    let now = Self.t0.adding(days: 10)
    let folded = try DeviceProfileOpener.view(layout, now: now).progress
    #expect(folded.question(Self.ref).reps == 3)
    #expect(folded.question(Self.ref).lapses == 1)
    // The snapshot an older quizline wrote of the same fold: no root marker, no counts.
    let old = SnapshotCoding.encode(folded, writtenAt: now).split(separator: "\n", omittingEmptySubsequences: false)
      .filter { line in
        !["\"reviewCounts\"", "\"reps\"", "\"lapses\"", "\"firstReviewAt\"", "\"lastRating\""].contains {
          line.contains($0)
        }
      }
      .joined(separator: "\n")
    #expect(try SnapshotCoding.decode(Array(old.utf8)).question(Self.ref).reps == 0)
    try Data(old.utf8).write(to: URL(fileURLWithPath: dir + "/snapshot.json"))
    let reopened = try DeviceProfileOpener.view(layout, now: now).progress
    #expect(reopened.question(Self.ref).reps == 3)
    #expect(reopened.question(Self.ref).lapses == 1)
    #expect(reopened.questions == folded.questions)
  }
}
