import QuizlineCore

/// Reads the members of one JSON object by key, reporting wrong types, missing keys, duplicates
/// and unknown keys (with a "did you mean" suggestion) against the keys it was asked for.
///
/// Keys are matched as bytes on the document's tape: an object of at most ``ObjectReader/fastLimit``
/// members whose keys are plain ASCII without escapes (every object of a quizline file, in practice) is read
/// without building a string per key; an object with escaped keys or more members decodes its keys
/// once (a set then finds duplicates, so a hostile file cannot make this quadratic).
struct ObjectReader {
  let object: TapeValue
  let context: DecodeContext
  /// What the object is, for messages: `question "q1"`, `bank`, `choice b of question "q1"`; joined
  /// from its parts only when a message needs it (most objects never get one).
  var what: String { parent.map { head.text + " of " + $0.text } ?? head.text }
  /// The object's own part of ``what`` (`choice b`), and what it belongs to (`question "q1"`).
  private var head: Subject
  private var parent: Subject?
  /// What a part of this object names as its parent (``what``, still in parts when it has one).
  var subject: Subject { parent == nil ? head : .text(what) }

  /// A name for messages, kept in parts until a message needs its words: the 100,000 questions of
  /// a bank each had `question 7` and then `question "q7"` written out, and most never get a
  /// message.
  enum Subject {
    case text(String)
    /// `question 3`, `pair 2`: the word and the number.
    case numbered(String, Int)
    /// `question "q1"`: the word and the id, quoted.
    case named(String, String)
    /// `answer 2 in "accept"`.
    case answerIn(Int, String)

    var text: String {
      switch self {
      case .text(let s): s
      case .numbered(let word, let n): "\(word) \(n)"
      case .named(let word, let name): "\(word) \(quoted(name))"
      case .answerIn(let n, let key): "answer \(n) in \(quoted(key))"
      }
    }
  }
  /// Only for objects read the slow way: the keys decoded, each with its tape index (its value is
  /// the next node), duplicates left out. Nil when keys are matched on the tape.
  private var decoded: [(key: String, index: Int)]?
  /// Every key asked for, present or not (for "did you mean" and the list of allowed keys). Keys
  /// are the decoders' literals: their bytes are read without a string to unpack, retain or release.
  private var asked: [StaticString] = []
  /// Which members were asked for (a bit each, by position: among all members on the tape, or
  /// among `decoded`; objects past 64 keys use `asked`).
  private var askedMask: UInt64 = 0
  /// On the tape: which members repeat an earlier key (reported once, never read).
  private var duplicateMask: UInt64 = 0
  /// On the tape: a bit for each member's key (``keyBit(_:_:)``), so that most keys asked for and
  /// absent (a question's title, hint, tags, …) are answered without a look at the members.
  private var keyFilter: UInt64 = 0
  /// On the tape: where the next look-up starts, the member after the one found last (its
  /// position and its key's tape index): decoders mostly ask for keys in the order files write them.
  private var cursorPosition = 0
  private var cursorIndex = 0

  /// Objects up to this many members are read on the tape (their duplicates found pairwise when
  /// two keys share a filter bit).
  static let fastLimit = 16

  /// Nil (and an error) when `value` is not an object.
  init?(_ value: TapeValue, context: DecodeContext, what: String) {
    self.init(value, context: context, part: .text(what), of: nil)
  }

  /// A reader of an object that is part of another: `what` reads "`part` of `parent`".
  init?(_ value: TapeValue, context: DecodeContext, part: String, of parent: String?) {
    self.init(value, context: context, part: .text(part), of: parent.map(Subject.text))
  }

  /// The same, with the names in parts (``Subject``).
  init?(_ value: TapeValue, context: DecodeContext, part: Subject, of parent: Subject?) {
    guard value.kind == .object else {
      let what = parent.map { part.text + " of " + $0.text } ?? part.text
      context.error(value, "\(what) must be an object, found \(value.kindDescription)")
      return nil
    }
    self.object = value
    self.context = context
    head = part
    self.parent = parent
    if let spare = context.spareKeyLists.popLast() {
      asked = spare
    } else {
      asked.reserveCapacity(16)
    }
    let tape = value.tape
    let count = Int(value.node.count)
    // A key with escapes or beyond ASCII is compared as a string (canonical equivalence).
    let nodes = tape.nodes
    let bytes = tape.source.baseAddress!
    var plain = count <= Self.fastLimit
    var filter: UInt64 = 0
    var k = value.index + 1
    for _ in 0..<(plain ? count : 0) {
      let key = nodes[k]
      if key.hasEscapes || key.stringFlags.contains(.nonASCII) {
        plain = false
        break
      }
      filter |= Self.keyBit(bytes + Int(key.start) + 1, Int(key.end - key.start) - 2)
      k = Int(nodes[k + 1].next)
    }
    if plain {
      keyFilter = filter
      cursorIndex = value.index + 1
      // Keys of distinct bits are distinct: only a shared bit can hide a duplicate.
      if filter.nonzeroBitCount < count { findDuplicatesOnTape(count: count) }
    } else {
      decodeKeys(count: count)
    }
  }

  /// The filter bit of a key of `length` bytes at `key`: from its length, first and last byte
  /// (chosen so that the keys of each question type and the keys asked of it rarely share bits).
  @inline(__always) static func keyBit(_ key: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
    guard length > 0 else { return 1 }
    return 1 << UInt64((length &* 7 ^ Int(key[0]) << 1 ^ Int(key[length - 1]) &* 13) & 63)
  }

  /// Pairwise byte comparison of the keys (at most ``fastLimit``, all plain ASCII).
  private mutating func findDuplicatesOnTape(count: Int) {
    guard count > 1 else { return }
    let tape = object.tape
    var mask: UInt64 = 0
    let bytes = tape.source.baseAddress!
    let nodes = tape.nodes
    var k = object.index + 1
    for p in 1..<count {
      k = Int(nodes[k + 1].next)
      let key = nodes[k]
      let length = Int(key.end - key.start)
      var j = object.index + 1
      for _ in 0..<p {
        let other = nodes[j]
        if Int(other.end - other.start) == length, same(bytes + Int(key.start), bytes + Int(other.start), length) {
          mask |= 1 << UInt64(p)
          break
        }
        j = Int(nodes[j + 1].next)
      }
    }
    duplicateMask = mask
    guard mask != 0 else { return }
    forEachMember { position, index in
      if mask & (1 << UInt64(position)) != 0 {
        let key = object.at(index)
        context.error(key, "duplicate key \(quoted(key.string ?? "")) in \(what); each key may appear once")
      }
    }
  }

  /// The slow way: every key decoded, duplicates found with a set past 16 keys.
  private mutating func decodeKeys(count: Int) {
    var members: [(key: String, index: Int)] = []
    members.reserveCapacity(count)
    var seen: Set<String>? = count > 16 ? [] : nil
    forEachMember { _, k in
      let keyValue = object.at(k)
      let key = keyValue.string ?? ""
      let repeated = seen.map { $0.contains(key) } ?? members.contains { $0.key == key }
      if repeated {
        context.error(keyValue, "duplicate key \(quoted(key)) in \(what); each key may appear once")
      } else {
        seen?.insert(key)
        members.append((key, k))
      }
    }
    decoded = members
  }

  /// Calls `body` with each member's position and the tape index of its key, in source order.
  private func forEachMember(_ body: (Int, Int) -> Void) {
    let nodes = object.tape.nodes
    var k = object.index + 1
    for position in 0..<Int(object.node.count) {
      body(position, k)
      k = Int(nodes[k + 1].next)
    }
  }

  /// The position of `key` among the members (first occurrence) and its key's tape index.
  /// Mutating only so that ``value(_:)`` calls it on the reader itself: called as a plain method,
  /// it ran on a copy of the reader (184 bytes) made for each key.
  private mutating func find(_ key: StaticString) -> (position: Int, index: Int)? {
    if let decoded {
      let name = key.description
      guard let i = decoded.firstIndex(where: { $0.key == name }) else { return nil }
      return (i, decoded[i].index)
    }
    let tape = object.tape
    let first = object.index + 1
    let count = Int(object.node.count)
    let bytes = tape.source.baseAddress!
    let nodes = tape.nodes
    return key.withUTF8Buffer { target in
      let wantedBytes = target.baseAddress ?? bytes
      guard keyFilter & Self.keyBit(wantedBytes, target.count) != 0 else { return nil }
      // Round from the cursor; a repeated key is skipped, so the member found is the first one
      // with that key, wherever the round starts.
      var position = cursorPosition
      var k = cursorIndex
      for _ in 0..<count {
        if position == count {
          position = 0
          k = first
        }
        let node = nodes[k]
        if Int(node.end - node.start) == target.count + 2, duplicateMask & (1 << UInt64(position)) == 0,
          same(bytes + Int(node.start) + 1, wantedBytes, target.count)
        {
          return (position, k)
        }
        k = Int(nodes[k + 1].next)
        position += 1
      }
      return nil
    }
  }

  mutating func rename(_ newName: String) {
    rename(.text(newName))
  }

  mutating func rename(_ newName: Subject) {
    head = newName
    parent = nil
  }

  /// The value of `key`, if present.
  mutating func value(_ key: StaticString) -> TapeValue? {
    asked.append(key)
    guard let (position, index) = find(key) else { return nil }
    if position < 64 { askedMask |= 1 << UInt64(position) }
    if decoded == nil {
      cursorPosition = position + 1
      cursorIndex = Int(object.tape.nodes[index + 1].next)
    }
    return object.at(index + 1)
  }

  /// Whether `key` is present (without reading it).
  func has(_ key: StaticString) -> Bool {
    var reader = self
    return reader.find(key) != nil
  }

  /// Reports every key that was never asked for, suggesting the closest known key. The reader is
  /// done then: its list of asked keys goes back to the context for the next reader.
  mutating func reportUnknownKeys(ignoring ignored: [String] = ["$schema"]) {
    defer {
      var list: [StaticString] = []
      swap(&list, &asked)
      // Element by element: `removeAll(keepingCapacity:)` took the generic `replaceSubrange`, 300
      // instructions a reader.
      while !list.isEmpty { list.removeLast() }
      context.spareKeyLists.append(list)
    }
    var unknown: [(key: String, index: Int)] = []
    if let decoded {
      let askedNames = asked.map(\.description)
      for (i, (key, index)) in decoded.enumerated()
      where (i < 64 ? askedMask & (1 << UInt64(i)) == 0 : !askedNames.contains(key)) && !ignored.contains(key) {
        unknown.append((key, index))
      }
    } else {
      let skipped = askedMask | duplicateMask
      guard skipped != (1 << UInt64(object.node.count)) - 1 else { return }
      forEachMember { position, index in
        guard skipped & (1 << UInt64(position)) == 0 else { return }
        let key = object.at(index).string ?? ""
        if !ignored.contains(key) { unknown.append((key, index)) }
      }
    }
    let askedNames = unknown.isEmpty ? [] : asked.map(\.description)
    for (key, index) in unknown {
      var message = "unknown key \(quoted(key)) in \(what)"
      if let suggestion = closestMatch(to: key, in: askedNames) {
        message += "; did you mean \(quoted(suggestion))?"
      } else if !askedNames.isEmpty {
        message += "; allowed keys: " + askedNames.joined(separator: ", ")
      }
      context.error(object.at(index), message)
    }
  }
}

/// Whether `count` bytes at `a` and `b` are equal: keys are short, so a loop beats a call to `memcmp`.
@inline(__always) func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  var k = 0
  while k + 8 <= count {
    if UnsafeRawPointer(a + k).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + k).loadUnaligned(as: UInt64.self)
    {
      return false
    }
    k += 8
  }
  while k < count {
    if a[k] != b[k] { return false }
    k += 1
  }
  return true
}
