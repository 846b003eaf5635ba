/// The journal's line format: one JSON object per event, keys in a fixed order.
///
/// `{"seq":12,"at":"2026-12-02T10:00:00Z","type":"answered","run":7,"question":"bank/q1",...}`.
/// Written with ``JSONText`` and read with ``JSONDocument``, so reading a long journal stays fast.
public enum EventCoding {
  public static func encode(_ e: RecordedEvent) -> String { String(decoding: line(e).dropLast(), as: UTF8.self) }

  /// The journal line's bytes: ``encode(_:)``'s text and a newline, made without a `String`.
  public static func line(_ e: RecordedEvent) -> [UInt8] {
    var out = value(e).renderedBytes()
    if case .historyImported(let h) = e.payload {
      // Its members follow the head's, written as they are read (a long review log is no tree).
      out.removeLast()
      out.append(0x2C)
      h.writeJournalMembers(to: &out)
      out.append(0x7D)
    }
    out.append(0x0A)
    return out
  }

  /// The line's object as a tree: `seq`, `at`, `type` and the payload's ``EventPayload/journalFields``
  /// (a `historyImported` event's members are written by ``line(_:)`` alone).
  static func value(_ e: RecordedEvent) -> JSONText {
    var members: [(String, JSONText)] = [
      ("seq", .int(e.sequence)), ("at", .string(e.at.iso8601)), ("type", .string(e.payload.typeName)),
    ]
    members += e.payload.journalFields
    return .object(members)
  }

  /// Why a journal line could not be read.
  public struct DecodeError: Error, Sendable, Equatable {
    public var message: String
  }

  /// Decodes one journal line.
  public static func decode(_ line: some Collection<UInt8>) throws(DecodeError) -> RecordedEvent {
    let doc: JSONDocument
    do {
      doc = try JSONDocument.parse(Array(line))
    } catch {
      throw DecodeError(message: "not valid JSON (\(error.message))")
    }
    let fields = FieldMap(doc.root)
    guard doc.root.kind == .object else { throw DecodeError(message: "not a JSON object") }
    let seq = try fields.int("seq")
    guard seq > 0 else { throw DecodeError(message: "\"seq\" must be 1 or more") }
    guard seq <= ProgressLimits.sequence.upperBound else {
      throw DecodeError(message: "\"seq\" is \(seq), over \(ProgressLimits.sequence.upperBound)")
    }
    let atText = try fields.string("at")
    guard let at = Timestamp(iso8601: atText) else {
      throw DecodeError(message: "\"at\" is not an ISO-8601 time: \(quoted(atText))")
    }
    let type = try fields.string("type")
    guard let payload = try EventPayload.decode(type: type, fields) else {
      throw DecodeError(message: "unknown event type \(quoted(type))")
    }
    return RecordedEvent(sequence: seq, at: at, payload: payload)
  }

  static func ref(_ text: String) throws(DecodeError) -> QuestionRef {
    guard let r = QuestionRef(text) else { throw DecodeError(message: "\(quoted(text)) is not bank/question") }
    return r
  }
}

/// The ranges numbers in progress files must lie in when loaded (quizline writes nothing outside them).
public enum ProgressLimits {
  /// A score or a credit.
  public static let score: ClosedRange<Double> = 0...1
  /// Time on one answer: quizline records at most 600 s; a day is accepted.
  public static let seconds: ClosedRange<Double> = 0...86_400
  /// Counts (attempts, answers, runs, sequence numbers; a device's sequence numbers start at its
  /// tag times 2^32, see ``DeviceSequence``).
  public static let count: ClosedRange<Int> = 0...(1 << 52)
  public static let sequence: ClosedRange<Int> = 1...(1 << 52)
  /// Sums of seconds or of scores.
  public static let total: ClosedRange<Double> = 0...1e13
  /// FSRS stability (days) and difficulty.
  public static let stability: ClosedRange<Double> = 0...1e7
  public static let difficulty: ClosedRange<Double> = 0...100
  public static let percent: ClosedRange<Int> = 0...100
  /// A review interval in whole days (an `answered` event's `days`).
  public static let days: ClosedRange<Int> = 1...36_500
}

/// Typed access to a decoded object's members, with errors naming the key.
struct FieldMap {
  private var members: [String: JSONValue] = [:]

  init(_ object: JSONValue) {
    for (k, v) in object.members { if let key = k.string { members[key] = v } }
  }

  func value(_ key: String) -> JSONValue? { members[key] }

  func string(_ key: String) throws(EventCoding.DecodeError) -> String {
    guard let s = members[key]?.string else {
      throw EventCoding.DecodeError(message: "missing or non-string \"\(key)\"")
    }
    return s
  }

  func optionalString(_ key: String) throws(EventCoding.DecodeError) -> String? {
    guard let v = members[key] else { return nil }
    guard let s = v.string else { throw EventCoding.DecodeError(message: "\"\(key)\" must be a string") }
    return s
  }

  /// The value at `key` as one of `T`'s cases (nil when absent); any other string is refused,
  /// naming the value and the cases allowed (`allowed`, e.g. "course, bank or random").
  func optionalCase<T: RawRepresentable>(_ key: String, _ type: T.Type, allowed: String) throws(EventCoding.DecodeError)
    -> T? where T.RawValue == String
  {
    guard let raw = try optionalString(key) else { return nil }
    guard let value = T(rawValue: raw) else {
      throw EventCoding.DecodeError(message: "unknown \(key) \(quoted(raw)): \(allowed)")
    }
    return value
  }

  func int(_ key: String) throws(EventCoding.DecodeError) -> Int {
    guard let n = members[key]?.int else { throw EventCoding.DecodeError(message: "missing or non-integer \"\(key)\"") }
    return n
  }

  func double(_ key: String) throws(EventCoding.DecodeError) -> Double {
    guard let d = members[key]?.double, d.isFinite else {
      throw EventCoding.DecodeError(message: "missing or non-number \"\(key)\"")
    }
    return d
  }

  /// A number that must lie in `range`: progress files come from other machines and editors, and a
  /// number no quizline writes (`1e19` seconds) is refused when loading, not trusted later.
  func double(_ key: String, in range: ClosedRange<Double>) throws(EventCoding.DecodeError) -> Double {
    let d = try double(key)
    try Self.check(key, d, range)
    return d
  }

  func optionalDouble(_ key: String, in range: ClosedRange<Double>) throws(EventCoding.DecodeError) -> Double? {
    guard let v = members[key], v.kind != .null else { return nil }
    guard let d = v.double, d.isFinite else { throw EventCoding.DecodeError(message: "\"\(key)\" must be a number") }
    try Self.check(key, d, range)
    return d
  }

  func int(_ key: String, in range: ClosedRange<Int>) throws(EventCoding.DecodeError) -> Int {
    let n = try int(key)
    guard range.contains(n) else {
      throw EventCoding.DecodeError(message: "\"\(key)\" is \(n), outside \(range.lowerBound)…\(range.upperBound)")
    }
    return n
  }

  func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(EventCoding.DecodeError) -> Int? {
    guard let v = members[key], v.kind != .null else { return nil }
    guard let n = v.int else { throw EventCoding.DecodeError(message: "\"\(key)\" must be a whole number") }
    guard range.contains(n) else {
      throw EventCoding.DecodeError(message: "\"\(key)\" is \(n), outside \(range.lowerBound)…\(range.upperBound)")
    }
    return n
  }

  private static func check(_ key: String, _ d: Double, _ range: ClosedRange<Double>) throws(EventCoding.DecodeError) {
    guard range.contains(d) else {
      throw EventCoding.DecodeError(
        message:
          "\"\(key)\" is \(JSONText.format(d)), outside \(JSONText.format(range.lowerBound))…\(JSONText.format(range.upperBound))"
      )
    }
  }

  func bool(_ key: String) -> Bool? { members[key]?.bool }

  func strings(_ key: String) throws(EventCoding.DecodeError) -> [String] {
    guard let v = members[key], v.kind == .array else {
      throw EventCoding.DecodeError(message: "missing or non-array \"\(key)\"")
    }
    return try v.elements.map { (e: JSONValue) throws(EventCoding.DecodeError) -> String in
      guard let s = e.string else { throw EventCoding.DecodeError(message: "\"\(key)\" must hold strings") }
      return s
    }
  }
}
