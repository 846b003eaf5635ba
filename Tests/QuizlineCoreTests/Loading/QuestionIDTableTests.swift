import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// The duplicate-id table answers as the dictionary it replaced, and message subjects kept in
/// parts read as the strings that were written out before.
@Suite struct QuestionIDTableTests {
  /// An id of 1 to 6 bytes from a small alphabet, so ids repeat often.
  static func randomID(_ random: inout SplitMix64) -> String {
    let alphabet = Array("ab0-".utf8)
    let length = 1 + Int(random.next() % 6)
    return String(decoding: (0..<length).map { _ in alphabet[Int(random.next() % 4)] }, as: UTF8.self)
  }

  @Test(arguments: [1, 1_000])
  func answersAsADictionaryOnRandomIDs(capacity: Int) {
    var random = SplitMix64(seed: UInt64(capacity))
    var table = QuestionIDTable(capacity: capacity)
    var dictionary: [String: Int] = [:]
    for n in 1...20_000 {
      let id = Self.randomID(&random)
      #expect(table.position(of: id) == dictionary[id], "\(id)")
      if dictionary[id] == nil {
        dictionary[id] = n
        table.insert(id, at: n)
      }
    }
    #expect(table.count == dictionary.count)
    for (id, position) in dictionary { #expect(table.position(of: id) == position) }
    #expect(table.position(of: "not-there") == nil)
  }

  /// The bank decoder's one call: the first position of an id, recorded when it is new.
  @Test(arguments: [1, 1_000])
  func firstPositionsAreTheDictionarysFirstPositions(capacity: Int) {
    var random = SplitMix64(seed: UInt64(capacity) + 7)
    var table = QuestionIDTable(capacity: capacity)
    var dictionary: [String: Int] = [:]
    for n in 1...20_000 {
      let id = Self.randomID(&random)
      #expect(table.firstPosition(of: id, recording: n) == dictionary[id], "\(id)")
      if dictionary[id] == nil { dictionary[id] = n }
    }
    #expect(table.count == dictionary.count)
    for (id, position) in dictionary { #expect(table.position(of: id) == position) }
  }

  /// A tag list finds the repeats `[String].contains` finds, with hashes of the strings and of
  /// their bytes alike.
  @Test func distinctIDListsAnswerAsContains() {
    var random = SplitMix64(seed: 36)
    let alphabet = Array("ab0-".utf8)
    for _ in 0..<2_000 {
      var list = DistinctIDList(capacity: 4)
      var plain: [String] = []
      for _ in 0..<Int(random.next() % 24) {
        let bytes = (0..<1 + Int(random.next() % 3)).map { _ in alphabet[Int(random.next() % 4)] }
        let id = String(decoding: bytes, as: UTF8.self)
        let hash =
          random.next() % 2 == 0 ? QuestionIDTable.hash(id) : bytes.withUnsafeBufferPointer(QuestionIDTable.hash(utf8:))
        #expect(list.contains(id, hash: hash) == plain.contains(id), "\(plain) \(id)")
        if !plain.contains(id) {
          plain.append(id)
          list.append(id, hash: hash)
        }
      }
      #expect(list.ids == plain)
    }
  }

  @Test func longAndSimilarIDsStayApart() {
    var table = QuestionIDTable(capacity: 100_000)
    for k in 0..<100_000 { table.insert("q\(k)", at: k + 1) }
    for k in stride(from: 0, to: 100_000, by: 997) { #expect(table.position(of: "q\(k)") == k + 1) }
    #expect(table.position(of: "q100000") == nil)
    let long = String(repeating: "x", count: 64)
    table.insert(long, at: 200_000)
    #expect(table.position(of: long) == 200_000)
  }

  @Test func subjectsReadAsTheWordsWrittenBefore() {
    typealias Subject = ObjectReader.Subject
    let id = "q-12"
    let key = "accept"
    let n = 6
    #expect(Subject.numbered("question", n + 1).text == "question \(n + 1)")
    #expect(Subject.named("question", id).text == "question \(quoted(id))")
    #expect(Subject.answerIn(n + 1, key).text == "answer \(n + 1) in \(quoted(key))")
    #expect(Subject.numbered("pair", 2).text == "pair 2")
    #expect(Subject.text("source").text == "source")
  }
}
