/// The previous values an undo step keeps, by key: a dictionary whose first entry is kept inline.
///
/// An answer's undo entry keeps exactly one question and one day, and there is one entry per answer,
/// so a `Dictionary` per entry (storage allocated, keys hashed) was a large part of replaying a long
/// history. This keeps the first key in place and only a second key allocates. It behaves as a
/// dictionary for what undo entries do with it: look up, set, iterate (no order promised: the
/// snapshot sorts its keys), compare regardless of order.
struct UndoValues<Key: Hashable & Sendable, Value: Sendable & Equatable>: Sendable, Equatable, Sequence {
  private var first: (key: Key, value: Value)?
  private var rest: [Key: Value] = [:]

  init() {}

  var isEmpty: Bool { first == nil }
  var count: Int { first == nil ? 0 : 1 + rest.count }

  /// The value kept for `key`; setting nil removes it.
  subscript(key: Key) -> Value? {
    get {
      guard let first else { return nil }
      return first.key == key ? first.value : rest[key]
    }
    set {
      guard let head = first else {
        if let newValue { first = (key, newValue) }
        return
      }
      if head.key == key {
        if let newValue {
          first = (key, newValue)
        } else if let next = rest.first {
          // Keep the first slot filled whenever anything is kept.
          rest[next.key] = nil
          first = (next.key, next.value)
        } else {
          first = nil
        }
      } else {
        rest[key] = newValue
      }
    }
  }

  func makeIterator() -> AnyIterator<(key: Key, value: Value)> {
    var head = first
    var tail = rest.makeIterator()
    return AnyIterator {
      if let h = head {
        head = nil
        return h
      }
      return tail.next()
    }
  }

  static func == (a: Self, b: Self) -> Bool {
    guard a.count == b.count else { return false }
    for (key, value) in a {
      guard let other = b[key], other == value else { return false }
    }
    return true
  }
}
