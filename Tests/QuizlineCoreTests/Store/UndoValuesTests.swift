import Testing

@testable import QuizlineCore

/// An undo entry's previous values behave as the dictionary they replace.
struct UndoValuesTests {
  @Test func randomSetsAndRemovalsKeepTheSameEntriesAsADictionary() {
    var random = SplitMix64(seed: 16)
    for _ in 0..<200 {
      var values = UndoValues<Int, Int?>()
      var expected: [Int: Int?] = [:]
      for _ in 0..<Int(random.next() % 12) {
        let key = Int(random.next() % 5)
        switch random.next() % 3 {
        case 0:
          values[key] = nil
          expected[key] = nil
        case 1:
          values[key] = .some(nil)
          expected[key] = .some(nil)
        default:
          let v = Int(random.next() % 100)
          values[key] = v
          expected[key] = v
        }
        #expect(values.count == expected.count)
        for k in 0..<5 { #expect(values[k] == expected[k]) }
        let listed = Dictionary(values.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(listed == expected)
      }
    }
  }

  @Test func equalityIgnoresTheOrderKeysWereSetIn() {
    var a = UndoValues<String, Int?>()
    var b = UndoValues<String, Int?>()
    a["x"] = 1
    a["y"] = nil as Int?
    b["y"] = nil as Int?
    b["x"] = 1
    #expect(a == b)
    b["x"] = 2
    #expect(a != b)
  }
}
