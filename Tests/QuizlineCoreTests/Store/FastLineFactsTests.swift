import Testing

@testable import QuizlineCore

/// What the fast reader notes about a line while it reads it (``FastEventLine/State``: a written
/// answer, where the seed begins), the cursor's slash count and the string table's hash give what
/// searching the whole line (the converter's former way, kept here as the oracle), the generic
/// decoder or going byte by byte gives.
struct FastLineFactsTests {
  /// Whether an `answered` line carries a written answer: `,"written":` anywhere on the line.
  static func searchedHasWritten(_ line: [UInt8]) -> Bool {
    let key = Array(",\"written\":".utf8)
    guard line.count >= key.count else { return false }
    return (0...(line.count - key.count)).contains { i in Array(line[i..<(i + key.count)]) == key }
  }

  /// The seed and bank hashes the generic decoder reads. (Searching the line from its end for
  /// `,"seed":"`, the converter's former way, finds a bank hash keyed `seed` first and left such a
  /// line to the generic decoder.)
  static func decodedSeedAndHashes(_ line: [UInt8]) -> (UInt64, [String: String])? {
    guard case .quizStarted(let start)? = (try? EventCoding.decode(line))?.payload else { return nil }
    return (start.seed, start.bankHashes)
  }

  static func lines() -> [[UInt8]] {
    var events = simulatedLogs(seed: 23).flatMap(\.events)
    let ref = QuestionRef(bank: "sample", question: "open-ownership")
    for (k, written) in ["one owner,\nviews derive", "w", "written", ",\"written\":"].enumerated() {
      events.append(
        RecordedEvent(
          sequence: 9_000 + k, at: scriptStart,
          payload: .answered(
            AnswerRecord(
              run: 3, question: ref, response: k == 2 ? "written" : "w", score: 1, seconds: 12.5, rating: .easy,
              written: written))))
    }
    let refs = [QuestionRef(bank: "sample", question: "q1"), QuestionRef(bank: "seed", question: "seed")]
    for (k, hashes) in [[:], ["sample": "9f8e7d", "seed": "00aa"], ["seed": "seed"]].enumerated() {
      events.append(
        RecordedEvent(
          sequence: 9_100 + k, at: scriptStart,
          payload: .quizStarted(
            RunStart(source: .bank("seed"), questions: refs, seed: UInt64(k) * 1_000_003, bankHashes: hashes))))
    }
    return events.map { Array(EventCoding.encode($0).utf8) }
  }

  @Test func theReadersNotesEqualWhatSearchingTheLineFinds() {
    var checked = (written: 0, seeds: 0)
    for line in Self.lines() {
      var table = StringTable()
      var state = FastEventLine.State(keepResponses: false)
      let event = line.withUnsafeBufferPointer { FastEventLine.parse($0, table: &table, state: &state) }
      guard let event else { continue }
      switch event.kind {
      case .answered:
        #expect(state.hasWritten == Self.searchedHasWritten(line), "\(String(decoding: line, as: UTF8.self))")
        if state.hasWritten { checked.written += 1 }
      case .quizStarted:
        let noted = line.withUnsafeBufferPointer { FastReplayDecoder.seedAndHashes($0, from: state.seedStart) }
        let decoded = Self.decodedSeedAndHashes(line)
        #expect(noted?.0 == decoded?.0 && noted?.1 == decoded?.1, "\(String(decoding: line, as: UTF8.self))")
        #expect(noted != nil)
        checked.seeds += 1
      default: break
      }
    }
    #expect(checked.written >= 2)
    #expect(checked.seeds >= 5)
  }

  @Test func theCursorsSlashCountEqualsCountingByteByByte() {
    var random = SplitMix64(seed: 36)
    let alphabet = Array("ab/c/-x\u{e9}".utf8)
    for _ in 0..<20_000 {
      let count = Int(random.next() % 40)
      let bytes = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
      let lower = Int(random.next() % UInt64(count + 1))
      let upper = lower + Int(random.next() % UInt64(count - lower + 1))
      let counted = bytes[lower..<upper].filter { $0 == UInt8(ascii: "/") }.count
      bytes.withUnsafeBufferPointer { p in
        #expect(JournalLineCursor(p).slashCount(lower..<upper) == counted, "\(bytes) \(lower)..<\(upper)")
      }
    }
  }

  /// ``StringTable/hash(_:)`` as it was: the tail after the last whole eight bytes packed byte by byte.
  static func byteTailHash(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var k = 0
    while k + 8 <= bytes.count {
      var w: UInt64 = 0
      for j in 0..<8 { w |= UInt64(bytes[k + j]) << UInt64(8 * j) }
      h = (h ^ w) &* 0xBF58_476D_1CE4_E5B9
      h = (h << 31) | (h >> 33)
      k += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while k < bytes.count {
      tail |= UInt64(bytes[k]) << shift
      shift += 8
      k += 1
    }
    h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
    return h ^ (h >> 29)
  }

  @Test func theTablesHashEqualsTheByteByByteTail() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<5_000 {
      let bytes = (0..<Int(random.next() % 50)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let hash = bytes.withUnsafeBufferPointer { StringTable.hash($0) }
      #expect(hash == Self.byteTailHash(bytes), "\(bytes)")
    }
  }
}
