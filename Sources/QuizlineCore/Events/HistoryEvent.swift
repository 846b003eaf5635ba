import CMath

/// One journal event in the compact form reports read: strings (question references, bank and
/// session ids, responses) are indexes into a ``StringTable``, so a million events cost no string
/// allocations.
///
/// Built either by ``FastEventLine`` straight from a journal line or from a ``RecordedEvent``
/// decoded by ``EventCoding/decode(_:)``; both give equal values for the same line (tested).
/// Fields that reports do not use (a run's seed and bank hashes, new settings) are not kept.
public struct HistoryEvent: Sendable, Equatable {
  /// The events reports follow; every other event (settings changes, and any event added later
  /// that reports do not count) is `other`: its sequence number and time only.
  public enum Kind: UInt8, Sendable {
    case quizStarted, answered, skipped, runEnded, flagged, sessionCompleted, sessionReopened, undone, reset,
      overridden,
      requeued, other
  }

  /// What a run is drawn from; `id` is the bank or session (a string index), -1 otherwise.
  public enum SourceKind: UInt8, Sendable {
    case bank, checkpoint, review, cram, retry
  }

  public var kind: Kind
  public var sequence: Int
  /// Microseconds since 1970 (``Timestamp/microseconds``).
  public var at: Int64
  /// The run (`answered`, `skipped`, `runEnded`) or the target (`undone`).
  public var run = 0
  /// The question (`answered`, `skipped`, `flagged`), the bank (`reset` of a bank) or the session
  /// (session events, `reset` of a session), as a string index; -1 when none.
  public var subject: Int32 = -1
  /// `answered`: the response as typed.
  public var response: Int32 = -1
  public var score = 0.0
  public var seconds = 0.0
  public var certainty: Int?
  /// `answered`: the rating's raw value (1...4), 0 when none (practice).
  public var rating: UInt8 = 0
  /// `answered`: the self-grade, as an index into ``SelfGrade/allCases`` plus one, 0 when none.
  var selfGrade: UInt8 = 0
  /// `answered`: a right answer that graduates its card without the learning steps (`skipSteps`).
  var skipsSteps = false
  /// `answered`: the interval chosen by load and easy days (`days`), 0 when none.
  var scheduledDays: Int32 = 0
  /// `quizStarted`.
  public var sourceKind = SourceKind.review
  public var sourceID: Int32 = -1
  /// `quizStarted`: the run's questions; `reset` of a session: its checkpoint questions.
  public var questions: [Int32] = []
  public var practice = false
  var certaintyRun = false
  /// `runEnded`: true when the run was ended early (`ended`), false when `finished`.
  public var endedEarly = false
  /// An `other` event that `apply` puts on the undo stack (reports push an empty step for it).
  var otherIsUndoable = false
  /// `flagged`: on or off.
  public var on = false
  /// `overridden`: the answer overruled (its sequence number) and the score it had (`score` holds
  /// the new one, `rating` the new rating).
  public var target = 0
  var previousScore = 0.0

  public init(kind: Kind, sequence: Int, at: Int64) {
    self.kind = kind
    self.sequence = sequence
    self.at = at
  }

  /// The compact form of a decoded event, interning its strings in `table` (an answer's response
  /// only when `keepResponse`).
  public init(_ e: RecordedEvent, table: inout StringTable, keepResponse: Bool = true) {
    self.init(kind: .undone, sequence: e.sequence, at: e.at.microseconds)
    switch e.payload {
    case .quizStarted(let s):
      kind = .quizStarted
      switch s.source {
      case .bank(let id): (sourceKind, sourceID) = (.bank, table.intern(id))
      case .checkpoint(let id): (sourceKind, sourceID) = (.checkpoint, table.intern(id))
      case .review: sourceKind = .review
      case .cram: sourceKind = .cram
      case .retry: sourceKind = .retry
      }
      questions = s.questions.map { table.intern($0.description) }
      practice = s.practice
      certaintyRun = s.certainty
    case .answered(let a):
      kind = .answered
      run = a.run
      subject = table.intern(a.question.description)
      response = keepResponse ? table.intern(a.response) : -1
      score = a.score
      seconds = a.seconds
      certainty = a.certainty
      rating = UInt8(a.rating?.rawValue ?? 0)
      selfGrade = a.selfGrade.map { UInt8(SelfGrade.allCases.firstIndex(of: $0)! + 1) } ?? 0
      skipsSteps = a.skipsLearningSteps
      scheduledDays = Int32(clamping: a.scheduledDays ?? 0)
    case .skipped(let r, let q):
      kind = .skipped
      run = r
      subject = table.intern(q.description)
    case .runEnded(let r, let reason):
      kind = .runEnded
      run = r
      endedEarly = reason == .ended
    case .flagged(let q, let on):
      kind = .flagged
      subject = table.intern(q.description)
      self.on = on
    case .sessionCompleted(let id):
      kind = .sessionCompleted
      subject = table.intern(id)
    case .sessionReopened(let id):
      kind = .sessionReopened
      subject = table.intern(id)
    case .undone(let target):
      kind = .undone
      run = target
    case .reset(let scope):
      kind = .reset
      switch scope {
      case .bank(let id):
        subject = table.intern(id)
        sourceKind = .bank
      case .session(let id, let refs):
        subject = table.intern(id)
        sourceKind = .checkpoint
        questions = refs.map { table.intern($0.description) }
      }
    case .overridden(let o):
      kind = .overridden
      run = o.run
      subject = table.intern(o.question.description)
      target = o.target
      previousScore = o.previousScore
      score = o.score
      rating = UInt8(o.rating?.rawValue ?? 0)
    case .requeued(let r, let refs):
      kind = .requeued
      run = r
      questions = refs.map { table.intern($0.description) }
    default:
      // An event reports do not count (settings; any event added later that changes no answer,
      // run, score or session): a new event type needs no change here or in the fast reader.
      kind = .other
      otherIsUndoable = e.payload.isUndoable
    }
  }

  /// Whether `apply` pushes this event on the undo stack (``EventPayload/isUndoable``).
  var isUndoable: Bool {
    switch kind {
    case .answered, .sessionCompleted, .sessionReopened, .reset, .overridden: true
    case .other: otherIsUndoable
    default: false
    }
  }
}

/// Interned strings: each distinct byte sequence gets a small index, kept once.
///
/// Open addressing over FNV-1a hashes; keys live in one byte arena. Only valid UTF-8 is interned
/// (the fast reader hands anything else to the generic decoder, which reports it).
public struct StringTable: Sendable {
  public private(set) var strings: [String] = []
  private var arena: [UInt8] = []
  private var starts: [Int] = []
  private var hashes: [UInt64] = []
  private var slots: [Int32] = Array(repeating: -1, count: 1024)

  public init() {}

  public var count: Int { strings.count }

  public subscript(index: Int32) -> String { strings[Int(index)] }

  /// Removes the strings added after the table had `count` of them (newest first, so no probe
  /// chain of an older string is broken).
  public mutating func truncate(to count: Int) {
    guard count < strings.count else { return }
    let mask = slots.count - 1
    for index in stride(from: strings.count - 1, through: count, by: -1) {
      var i = Int(truncatingIfNeeded: hashes[index]) & mask
      while slots[i] != Int32(index) { i = (i + 1) & mask }
      slots[i] = -1
    }
    strings.removeLast(strings.count - count)
    arena.removeLast(arena.count - starts[count])
    starts.removeLast(starts.count - count)
    hashes.removeLast(hashes.count - count)
  }

  /// The index of `s` when it was interned.
  public func index(of s: String) -> Int32? {
    var copy = s
    return copy.withUTF8 { lookup($0) }
  }

  private func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    let h = Self.hash(bytes)
    let mask = slots.count - 1
    var i = Int(truncatingIfNeeded: h) & mask
    while slots[i] >= 0 {
      let slot = slots[i]
      if hashes[Int(slot)] == h, equal(Int(slot), bytes) { return slot }
      i = (i + 1) & mask
    }
    return nil
  }

  /// A 64-bit hash eight bytes at a time (multiply and rotate; good enough for open addressing).
  @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard let base = bytes.baseAddress else { return 0x9E37_79B9_7F4A_7C15 }
    let raw = UnsafeRawPointer(base)
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var k = 0
    while k + 8 <= bytes.count {
      let w = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
      h = (h ^ w) &* 0xBF58_476D_1CE4_E5B9
      h = (h << 31) | (h >> 33)
      k += 8
    }
    var tail: UInt64 = 0
    let rest = bytes.count - k
    if rest > 0, bytes.count >= 8 {
      // The last eight bytes in one load; the rest are its top `rest` bytes, shifted down.
      tail = raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) >> UInt64(64 - 8 * rest)
    } else {
      var shift: UInt64 = 0
      while k < bytes.count {
        tail |= UInt64(base[k]) << shift
        shift += 8
        k += 1
      }
    }
    h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
    return h ^ (h >> 29)
  }

  /// The index of `s`, adding it when new.
  public mutating func intern(_ s: String) -> Int32 {
    var copy = s
    return copy.withUTF8 { intern(bytes: $0, validate: false)! }
  }

  /// The index of the UTF-8 text `bytes`, adding it when new; nil when it is not valid UTF-8.
  public mutating func intern(bytes: UnsafeBufferPointer<UInt8>, validate: Bool = true) -> Int32? {
    let h = Self.hash(bytes)
    let mask = slots.count - 1
    var i = Int(truncatingIfNeeded: h) & mask
    while true {
      let slot = slots[i]
      if slot < 0 { break }
      if hashes[Int(slot)] == h, equal(Int(slot), bytes) { return slot }
      i = (i + 1) & mask
    }
    let text: String
    if validate {
      guard let valid = String(validating: bytes, as: UTF8.self) else { return nil }
      text = valid
    } else {
      text = String(decoding: bytes, as: UTF8.self)
    }
    let index = Int32(strings.count)
    strings.append(text)
    starts.append(arena.count)
    arena.append(contentsOf: bytes)
    hashes.append(h)
    slots[i] = index
    if strings.count * 2 > slots.count { grow() }
    return index
  }

  private func equal(_ slot: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = starts[slot]
    let end = slot + 1 < starts.count ? starts[slot + 1] : arena.count
    guard end - start == bytes.count else { return false }
    return arena.withUnsafeBufferPointer { a in
      bytes.isEmpty || memcmpEqual(a.baseAddress! + start, bytes.baseAddress!, bytes.count)
    }
  }

  private mutating func grow() {
    slots = Array(repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, h) in hashes.enumerated() {
      var i = Int(truncatingIfNeeded: h) & mask
      while slots[i] >= 0 { i = (i + 1) & mask }
      slots[i] = Int32(index)
    }
  }
}

@inline(__always) private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
  memcmp(a, b, n) == 0
}

/// Receives the events of a history in order.
public protocol HistorySink {
  mutating func consume(_ event: HistoryEvent, table: StringTable)
}
