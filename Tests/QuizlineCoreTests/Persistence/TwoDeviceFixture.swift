import QuizlineCore

/// Two devices' ids, a start time and a question, shared by the per-device suites.
protocol TwoDeviceFixture {}

extension TwoDeviceFixture {
  static var laptop: String { "aaaa0000aaaa0000aaaa0000aaaa0000" }
  static var desk: String { "bbbb1111bbbb1111bbbb1111bbbb1111" }
  static var t0: Timestamp { Timestamp(iso8601: "2026-03-05T09:00:00Z")! }
  static var ref: QuestionRef { QuestionRef(bank: "sample", question: "single-owner") }
}
