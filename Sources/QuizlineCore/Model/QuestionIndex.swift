/// Each question's place in its bank, found by the bank's place in the catalog and the question's
/// id: an open addressing table on ``hash(utf8:)`` of the id's bytes (with the bank's place mixed
/// in). Each slot holds the hash and the two places; the id itself is read from the bank when the
/// hashes match, so the table holds no string. The standard dictionary keyed by ``QuestionRef``
/// hashed both strings with a seeded SipHash for every question of a bank (about 6 % of loading a
/// bank of short questions). `QuestionIndexTests` holds it to that dictionary.
public struct QuestionIndex: Sendable, Equatable {
  /// The id hash of each slot (meaningless where `slots` is empty).
  private var hashes: [UInt64]
  /// The bank's place (high 32 bits) and the question's place plus one (low 32 bits) of each slot;
  /// 0 marks an empty slot.
  private var slots: [UInt64]
  private var mask: Int
  /// How many questions the table holds.
  private(set) var count = 0

  /// An empty table.
  init() { self.init(capacity: 0) }

  /// An empty table sized for `capacity` questions (it does not grow: ``init(banks:)`` knows them all).
  private init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    hashes = Array(repeating: 0, count: size)
    slots = Array(repeating: 0, count: size)
    mask = size - 1
  }

  /// Every question of `banks`; where a bank repeats an id, its first question with it.
  init(banks: [Bank]) {
    self.init(capacity: banks.reduce(0) { $0 + $1.questions.count })
    for b in banks.indices {
      let questions = banks[b].questions
      for k in questions.indices {
        let h = Self.hash(questions[k].id, bank: b)
        var slot = Int(truncatingIfNeeded: h) & mask
        var present = false
        while slots[slot] != 0 {
          let place = slots[slot]
          if hashes[slot] == h, Int(place >> 32) == b, questions[Int(place & 0xFFFF_FFFF) - 1].id == questions[k].id {
            present = true
            break
          }
          slot = (slot + 1) & mask
        }
        guard !present else { continue }
        hashes[slot] = h
        slots[slot] = UInt64(b) << 32 | UInt64(k + 1)
        count += 1
      }
    }
  }

  /// The place of the first question with id `question` in `banks[bank]` (the banks the table was
  /// made from), or nil.
  func position(of question: String, inBank bank: Int, of banks: [Bank]) -> Int? {
    let h = Self.hash(question, bank: bank)
    var slot = Int(truncatingIfNeeded: h) & mask
    while slots[slot] != 0 {
      if hashes[slot] == h, Int(slots[slot] >> 32) == bank {
        let k = Int(slots[slot] & 0xFFFF_FFFF) - 1
        if banks[bank].questions[k].id == question { return k }
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  private static func hash(_ id: String, bank: Int) -> UInt64 {
    let h = hash(id)
    return bank == 0 ? h : h ^ (UInt64(bank) &* 0x9E37_79B9_7F4A_7C15)
  }

  /// The hash of an id (FNV-1a of its UTF-8 bytes, the high half folded in).
  @inlinable public static func hash(_ id: String) -> UInt64 {
    if let h = id.utf8.withContiguousStorageIfAvailable(hash(utf8:)) { return h }
    var copy = id
    return copy.withUTF8(hash(utf8:))
  }

  /// The hash of the id whose UTF-8 bytes are `bytes`.
  @inlinable public static func hash(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    // FNV's low bits mix poorly for short keys that differ in their last byte: fold the high half in.
    return h ^ (h >> 29)
  }
}
