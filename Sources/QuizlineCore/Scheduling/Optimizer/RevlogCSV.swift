/// The FSRS ecosystem's review-log CSV: a header `card_id,review_time,review_rating,review_state,
/// review_duration` (columns in any order; others ignored), then one review per row: times and
/// durations in milliseconds since the epoch, ratings 1–4, states 0–3 (read, not used).
public enum RevlogCSV {
  /// A problem at a place in the file (1-based line and column).
  public struct Problem: Error, Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
  }

  static let required = ["card_id", "review_time", "review_rating", "review_state", "review_duration"]

  public static func parse(_ text: String) throws(Problem) -> [ReviewRecord] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let header = lines.first else {
      throw Problem(
        line: 1, column: 1, message: "the file is empty: expected the header " + required.joined(separator: ","))
    }
    let names = header.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0).trimmingSpaces.lowercased()
    }
    var column: [String: Int] = [:]
    for name in required {
      guard let i = names.firstIndex(of: name) else {
        throw Problem(
          line: 1, column: 1, message: "the header has no column \(name) (expected \(required.joined(separator: ",")))")
      }
      column[name] = i
    }
    var records: [ReviewRecord] = []
    for (n, line) in lines.enumerated().dropFirst() where !line.allSatisfy({ $0 == " " }) {
      let cells = line.split(separator: ",", omittingEmptySubsequences: false)
      var offsets: [Int] = []
      var position = 1
      for cell in cells {
        offsets.append(position)
        position += cell.count + 1
      }
      func number(_ name: String, _ range: ClosedRange<Int64>) throws(Problem) -> Int64 {
        let i = column[name]!
        guard i < cells.count else {
          throw Problem(line: n + 1, column: position, message: "missing \(name): the row has \(cells.count) cells")
        }
        let text = String(cells[i]).trimmingSpaces
        guard let v = Int64(text), range.contains(v) else {
          throw Problem(
            line: n + 1, column: offsets[i],
            message: "\(name) \(quoted(text)) is not a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return v
      }
      let card = try number("card_id", Int64.min...Int64.max)
      let time = try number("review_time", 0...253_402_300_799_999)
      let rating = try number("review_rating", 1...4)
      _ = try number("review_state", 0...3)
      let duration = try number("review_duration", 0...86_400_000)
      records.append(
        ReviewRecord(
          card: Int(card), at: Timestamp(microseconds: time * 1000), rating: Rating(rawValue: Int(rating))!,
          seconds: Double(duration) / 1000))
    }
    return records
  }
}
