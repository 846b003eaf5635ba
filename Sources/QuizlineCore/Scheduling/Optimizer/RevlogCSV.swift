/// The FSRS ecosystem's review-log CSV: a header `card_id,review_time,review_rating,review_state,
/// review_duration` (columns in any order; others ignored), then one review per row: times and
/// durations in milliseconds since the epoch, ratings 1–4, states 0–3 (read, not used). Read byte
/// by byte (a review log has millions of rows).
public enum RevlogCSV {
  /// A problem at a place in the file (1-based line and column).
  public struct Problem: Error, Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
  }

  static let required = ["card_id", "review_time", "review_rating", "review_state", "review_duration"]
  static let ranges: [ClosedRange<Int64>] = [
    Int64.min...Int64.max, 0...253_402_300_799_999, 1...4, 0...3, 0...86_400_000,
  ]

  public static func parse(_ bytes: [UInt8]) throws(Problem) -> [ReviewRecord] {
    var lines: [Range<Int>] = []
    var start = 0
    for (i, b) in bytes.enumerated() where b == 0x0A {
      lines.append(start..<(i > start && bytes[i - 1] == 0x0D ? i - 1 : i))
      start = i + 1
    }
    if start < bytes.count { lines.append(start..<bytes.count) }
    guard let header = lines.first else {
      throw Problem(
        line: 1, column: 1, message: "the file is empty: expected the header " + required.joined(separator: ","))
    }
    let names = String(decoding: bytes[header], as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
      .map { String($0).trimmingSpaces.lowercased() }
    var columns: [Int] = []
    for name in required {
      guard let i = names.firstIndex(of: name) else {
        throw Problem(
          line: 1, column: 1, message: "the header has no column \(name) (expected \(required.joined(separator: ",")))")
      }
      columns.append(i)
    }
    var records: [ReviewRecord] = []
    records.reserveCapacity(lines.count - 1)
    var cells: [(value: Int64?, column: Int, end: Int)] = []
    for (n, range) in lines.enumerated().dropFirst() where bytes[range].contains(where: { $0 != 0x20 }) {
      cells.removeAll(keepingCapacity: true)
      var i = range.lowerBound
      while i <= range.upperBound {
        let cellStart = i
        while i < range.upperBound && bytes[i] != 0x2C { i += 1 }
        cells.append((number(bytes, cellStart..<i), cellStart - range.lowerBound + 1, i))
        i += 1
      }
      var values: [Int64] = []
      for (k, c) in columns.enumerated() {
        guard c < cells.count else {
          throw Problem(
            line: n + 1, column: range.count + 1,
            message: "missing \(required[k]): the row has \(cells.count) cells")
        }
        guard let v = cells[c].value, ranges[k].contains(v) else {
          let from = cells[c].column - 1 + range.lowerBound
          let text = String(decoding: bytes[from..<cells[c].end], as: UTF8.self)
          throw Problem(
            line: n + 1, column: cells[c].column,
            message:
              "\(required[k]) \(quoted(text)) is not a whole number in \(ranges[k].lowerBound)...\(ranges[k].upperBound)"
          )
        }
        values.append(v)
      }
      records.append(
        ReviewRecord(
          card: Int(values[0]), at: Timestamp(microseconds: values[1] * 1000),
          rating: Rating(rawValue: Int(values[2]))!,
          seconds: Double(values[4]) / 1000))
    }
    return records
  }

  /// A decimal whole number (spaces around it allowed, a leading minus), or nil.
  static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int64? {
    var i = range.lowerBound
    var end = range.upperBound
    while i < end && bytes[i] == 0x20 { i += 1 }
    while end > i && bytes[end - 1] == 0x20 { end -= 1 }
    let negative = i < end && bytes[i] == 0x2D
    if negative { i += 1 }
    guard i < end else { return nil }
    var v: Int64 = 0
    while i < end {
      let d = bytes[i] &- 0x30
      guard d < 10 else { return nil }
      let (m, o1) = v.multipliedReportingOverflow(by: 10)
      let (s, o2) = negative ? m.subtractingReportingOverflow(Int64(d)) : m.addingReportingOverflow(Int64(d))
      guard !o1 && !o2 else { return nil }
      v = s
      i += 1
    }
    return v
  }
}
