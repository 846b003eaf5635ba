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

  /// The formatter before issue 36's fifth round (numbers padded as strings), the oracle of the bytes
  /// ``Timestamp/iso8601`` writes for the years 0–9999.
  static func oldISO8601(_ t: Timestamp) -> String {
    func pad(_ v: Int64, _ width: Int) -> String {
      let s = String(v)
      return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
    let (y, m, d) = Timestamp.civil(fromDays: t.dayNumber)
    let secOfDay = floorMod(t.microseconds, 86_400_000_000)
    let micro = secOfDay % 1_000_000
    let s = secOfDay / 1_000_000
    var out = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(s / 3600, 2)):\(pad(s / 60 % 60, 2)):\(pad(s % 60, 2))"
    if micro != 0 { out += "." + pad(micro, 6) }
    return out + "Z"
  }

  @Test func iso8601WritesWhatThePaddedNumbersGave() {
    var random = SplitMix64(seed: 3652)
    let year10000 = Timestamp.days(fromCivil: 10_000, m: 1, d: 1) * 86_400_000_000
    let year0 = Timestamp.days(fromCivil: 0, m: 1, d: 1) * 86_400_000_000
    var instants: [Int64] = [0, -1, 1, 999_999, 1_000_000, year10000, year10000 - 1, year0, year0 - 1, -year10000]
    for _ in 0..<20_000 {
      let wide = Int64(bitPattern: random.next() % 1_000_000_000_000_000_000) - 500_000_000_000_000_000
      let near = Int64(random.next() % 4_000_000_000_000_000)
      var t = random.next() % 3 == 0 ? wide : near
      if random.next() % 2 == 0 { t -= t % 1_000_000 }
      instants.append(t)
    }
    for t in instants {
      #expect(Timestamp(microseconds: t).iso8601 == Self.oldISO8601(Timestamp(microseconds: t)), "\(t)")
    }
  }
}
