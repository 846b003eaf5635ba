import Testing

@testable import QuizlineCore

@Suite struct TimestampTests {
  @Test(arguments: [
    ("1970-01-01T00:00:00Z", Int64(0)),
    ("2022-11-29T12:30:00Z", Int64(1_669_725_000) * 1_000_000),
    ("2026-12-02T15:27:38.5Z", Int64(1_796_225_258) * 1_000_000 + 500_000),
    ("1969-12-31T23:59:59Z", Int64(-1_000_000)),
    ("2024-02-29T00:00:00+01:00", Int64(1_709_161_200) * 1_000_000),
  ])
  func parsesAndFormatsISO8601(text: String, micros: Int64) throws {
    let t = try #require(Timestamp(iso8601: text))
    #expect(t.microseconds == micros)
    #expect(Timestamp(iso8601: t.iso8601) == t)
  }

  @Test func formatsMicrosecondsOnlyWhenPresent() {
    #expect(Timestamp(seconds: 86_400).iso8601 == "1970-01-02T00:00:00Z")
    #expect(Timestamp(microseconds: 1).iso8601 == "1970-01-01T00:00:00.000001Z")
    #expect(Timestamp(seconds: -1).isoDate == "1969-12-31")
  }

  @Test(arguments: ["", "2026-13-01", "2026-02-30", "2026-12-02T25:00", "2026-12-02Tx", "2026-12-02 junk"])
  func rejectsMalformedText(text: String) {
    #expect(Timestamp(iso8601: text) == nil)
  }

  @Test func dateOnlyIsMidnightUTC() {
    #expect(Timestamp(iso8601: "2026-12-02")?.iso8601 == "2026-12-02T00:00:00Z")
  }
}
