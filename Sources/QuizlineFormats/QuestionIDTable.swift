import QuizlineCore

/// The position of each question id of a bank seen so far, for the duplicate-id check: an open
/// addressing table on FNV-1a hashes of the id's bytes (``QuestionIndex/hash(utf8:)``). The
/// standard dictionary hashed each of a large bank's 100,000 ids with a seeded SipHash (about 5 %
/// of loading a bank of short questions). Ids are compared as strings, so the answers are the dictionary's (tested against it).
struct QuestionIDTable {
  private var hashes: [UInt64]
  /// The position stored for the slot; 0 marks an empty slot (positions start at 1).
  private var positions: [Int]
  private var ids: [String]
  private var mask: Int
  private(set) var count = 0

  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    hashes = Array(repeating: 0, count: size)
    positions = Array(repeating: 0, count: size)
    ids = Array(repeating: "", count: size)
    mask = size - 1
  }

  /// The position recorded for `id`, or nil.
  func position(of id: String) -> Int? {
    let h = Self.hash(id)
    var slot = Int(truncatingIfNeeded: h) & mask
    while positions[slot] != 0 {
      if hashes[slot] == h && ids[slot] == id { return positions[slot] }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The position recorded for `id` if there is one; otherwise records `position` (at least 1)
  /// for it and answers nil. One hash and one probe, in place (the table is not copied).
  mutating func firstPosition(of id: String, recording position: Int) -> Int? {
    precondition(position > 0)
    if (count + 1) * 2 > positions.count { grow() }
    let h = Self.hash(id)
    var slot = Int(truncatingIfNeeded: h) & mask
    while positions[slot] != 0 {
      if hashes[slot] == h && ids[slot] == id { return positions[slot] }
      slot = (slot + 1) & mask
    }
    hashes[slot] = h
    positions[slot] = position
    ids[slot] = id
    count += 1
    return nil
  }

  /// Records `position` (at least 1) for `id`, which must not be in the table yet.
  mutating func insert(_ id: String, at position: Int) {
    let recorded = firstPosition(of: id, recording: position)
    precondition(recorded == nil)
  }

  private mutating func grow() {
    var bigger = QuestionIDTable(capacity: positions.count)
    for slot in positions.indices where positions[slot] != 0 { bigger.insert(ids[slot], at: positions[slot]) }
    self = bigger
  }

  /// The id hash of the catalog's question index (``QuestionIndex/hash(_:)``), one home for both.
  static func hash(_ id: String) -> UInt64 { QuestionIndex.hash(id) }

  /// The hash of the id whose UTF-8 bytes are `bytes`.
  static func hash(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { QuestionIndex.hash(utf8: bytes) }
}

/// A list of valid ids, each once (a question's tags as they are read). A repeat is looked for by
/// the ``QuestionIDTable/hash(_:)`` of each id first and the strings compared only when hashes
/// match: comparing the strings of every pair (`[String].contains`) was 8 % of loading a bank of
/// 20 tags a question. Valid ids are ASCII, whose strings are equal exactly when their bytes are,
/// so the answers are `contains`'s (`DistinctIDListTests`).
struct DistinctIDList {
  private(set) var ids: [String] = []
  private var hashes: [UInt64] = []

  init(capacity: Int) {
    ids.reserveCapacity(capacity)
    hashes.reserveCapacity(capacity)
  }

  /// Whether the valid id `id`, whose hash is `hash`, is in the list.
  func contains(_ id: String, hash: UInt64) -> Bool {
    for k in hashes.indices where hashes[k] == hash && ids[k] == id { return true }
    return false
  }

  /// Adds the valid id `id`, whose hash is `hash`.
  mutating func append(_ id: String, hash: UInt64) {
    ids.append(id)
    hashes.append(hash)
  }
}
