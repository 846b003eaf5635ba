/// Stable display orders for questions whose items are shown shuffled (matching, ordering).
///
/// The order is derived from the question id, so it is the same on every run and after a restart,
/// and an answer typed against it means the same thing when replayed.
public enum Presentation {
  /// The right-hand items of a matching question in display order (pairs' right items plus distractors).
  static func matchingRightItems(questionID: String, pairs: [MatchPair], distractors: [String]) -> [String] {
    let items = pairs.map(\.right) + distractors
    return matchingRightOrder(questionID: questionID, count: items.count).map { items[$0] }
  }

  /// The bank-order index (pairs' right-hand items, then distractors) of each right-hand item of a
  /// matching question, in display order: the one home of that order (the grader's letters and
  /// xAPI's response ids both read it).
  static func matchingRightOrder(questionID: String, count: Int) -> [Int] {
    shuffled(Array(0..<count), seed: stableHash(questionID + "/right"))
  }

  /// The items of an ordering question in display order: shuffled, and never already in the right order.
  public static func orderingItems(questionID: String, items: [String]) -> [String] {
    orderingOrder(questionID: questionID, items: items).map { items[$0] }
  }

  /// The bank-order index of each ordering item, in display order (``orderingItems(questionID:items:)``).
  static func orderingOrder(questionID: String, items: [String]) -> [Int] {
    var shown = shuffled(Array(items.indices), seed: stableHash(questionID + "/order"))
    if shown.map({ items[$0] }) == items, items.count > 1 {
      shown.append(shown.removeFirst())
    }
    return shown
  }

  /// FNV-1a, 64 bit: stable across runs and platforms (Swift's `hashValue` is randomly seeded).
  static func stableHash(_ text: String) -> UInt64 { fnv1a(text.utf8) }

  /// `stableHash(ref.description)`, without building the text.
  static func stableHash(_ ref: QuestionRef) -> UInt64 {
    // Both ids read as contiguous UTF-8 (iterating a string's `utf8` view decodes its form per byte).
    var bank = ref.bank
    var h: UInt64 = bank.withUTF8 { bytes in
      var h: UInt64 = 0xcbf2_9ce4_8422_2325
      for b in bytes {
        h ^= UInt64(b)
        h = h &* 0x0000_0100_0000_01B3
      }
      return h
    }
    h ^= UInt64(UInt8(ascii: "/"))
    h = h &* 0x0000_0100_0000_01B3
    var rest = ref.question
    return rest.withUTF8 { bytes in
      for b in bytes {
        h ^= UInt64(b)
        h = h &* 0x0000_0100_0000_01B3
      }
      return h
    }
  }

  /// Fisher-Yates with a SplitMix64 stream: deterministic for a seed.
  static func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
    var out = items
    var rng = SplitMix64(seed: seed)
    if out.count < 2 { return out }
    for i in stride(from: out.count - 1, to: 0, by: -1) {
      let j = Int(rng.next() % UInt64(i + 1))
      out.swapAt(i, j)
    }
    return out
  }
}

/// Letters for choices and right-hand items: 0 → "a".
public func choiceLetter(_ index: Int) -> String {
  String(UnicodeScalar(UInt8(0x61 + max(0, min(25, index)))))
}

/// FNV-1a (64 bit) of some bytes: cheap and stable, for display orders and content hashes.
public func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
  var h: UInt64 = 0xcbf2_9ce4_8422_2325
  for b in bytes {
    h ^= UInt64(b)
    h = h &* 0x0000_0100_0000_01B3
  }
  return h
}
