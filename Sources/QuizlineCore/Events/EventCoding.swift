/// The journal's line format: one JSON object per event, keys in a fixed order.
///
/// `{"seq":12,"at":"2026-12-02T10:00:00Z","type":"answered","run":7,"question":"bank/q1",...}`.
/// Written with ``JSONText`` and read with ``JSONDocument``, so reading a long journal stays fast.
public enum EventCoding {
  public static func encode(_ e: RecordedEvent) -> String {
    var members: [(String, JSONText)] = [
      ("seq", .int(e.sequence)), ("at", .string(e.at.iso8601)), ("type", .string(e.payload.typeName)),
    ]
    switch e.payload {
    case .quizStarted(let s):
      members += [
        ("source", .string(sourceText(s.source))), ("questions", .array(s.questions.map { .string($0.description) })),
        ("seed", .string(String(s.seed))),
        ("bankHashes", .object(s.bankHashes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
      ]
      if s.practice { members.append(("practice", .bool(true))) }
      if s.certainty { members.append(("certainty", .bool(true))) }
    case .answered(let a):
      members += [
        ("run", .int(a.run)), ("question", .string(a.question.description)), ("response", .string(a.response)),
        ("score", .double(a.score)), ("seconds", .double((a.seconds * 1000).rounded() / 1000)),
      ]
      if let g = a.selfGrade { members.append(("selfGrade", .string(g.rawValue))) }
      if let c = a.certainty { members.append(("certainty", .int(c))) }
      if let r = a.rating { members.append(("rating", .string(r.name))) }
      if let w = a.written { members.append(("written", .string(w))) }
    case .skipped(let run, let q):
      members += [("run", .int(run)), ("question", .string(q.description))]
    case .runEnded(let run, let reason):
      members += [("run", .int(run)), ("reason", .string(reason.rawValue))]
    case .flagged(let q, let on):
      members += [("question", .string(q.description)), ("on", .bool(on))]
    case .sessionCompleted(let s), .sessionReopened(let s):
      members.append(("session", .string(s)))
    case .undone(let target):
      members.append(("target", .int(target)))
    case .settingsChanged(let settings):
      members.append(("settings", SettingsCoding.encode(settings)))
    case .reset(let scope):
      switch scope {
      case .bank(let id): members.append(("bank", .string(id)))
      case .session(let id, let refs):
        members += [("session", .string(id)), ("questions", .array(refs.map { .string($0.description) }))]
      }
    case .overridden(let o):
      members += [
        ("run", .int(o.run)), ("question", .string(o.question.description)), ("target", .int(o.target)),
        ("answeredAt", .string(o.answeredAt.iso8601)), ("previousScore", .double(o.previousScore)),
        ("score", .double(o.score)),
      ]
      if let r = o.rating { members.append(("rating", .string(r.name))) }
    case .requeued(let run, let refs):
      members += [("run", .int(run)), ("questions", .array(refs.map { .string($0.description) }))]
    }
    return JSONText.object(members).rendered()
  }

  static func sourceText(_ s: RunSource) -> String {
    switch s {
    case .bank(let id): "bank:\(id)"
    case .checkpoint(let id): "checkpoint:\(id)"
    case .review: "review"
    case .cram: "cram"
    case .retry: "retry"
    }
  }

  static func source(_ text: String) -> RunSource? {
    if text == "review" { return .review }
    if text == "cram" { return .cram }
    if text == "retry" { return .retry }
    if text.hasPrefix("bank:") { return .bank(String(text.dropFirst(5))) }
    if text.hasPrefix("checkpoint:") { return .checkpoint(session: String(text.dropFirst(11))) }
    return nil
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
    let payload: EventPayload
    switch type {
    case "quizStarted":
      guard let source = source(try fields.string("source")) else { throw DecodeError(message: "unknown run source") }
      let questions = try fields.strings("questions").map { (t: String) throws(DecodeError) -> QuestionRef in try ref(t)
      }
      guard let seed = UInt64(try fields.string("seed")) else {
        throw DecodeError(message: "\"seed\" must be a whole number")
      }
      var hashes: [String: String] = [:]
      if let h = fields.value("bankHashes") {
        for (k, v) in h.members { if let key = k.string, let value = v.string { hashes[key] = value } }
      }
      payload = .quizStarted(
        RunStart(
          source: source, questions: questions, seed: seed, bankHashes: hashes,
          practice: fields.bool("practice") ?? false,
          certainty: fields.bool("certainty") ?? false))
    case "answered":
      let grade = try fields.optionalString("selfGrade").map { (g: String) throws(DecodeError) -> SelfGrade in
        guard let v = SelfGrade(rawValue: g) else { throw DecodeError(message: "unknown selfGrade \(quoted(g))") }
        return v
      }
      payload = .answered(
        AnswerRecord(
          run: try fields.int("run", in: ProgressLimits.count), question: try ref(try fields.string("question")),
          response: try fields.string("response"),
          score: try fields.double("score", in: ProgressLimits.score),
          seconds: try fields.double("seconds", in: ProgressLimits.seconds),
          selfGrade: grade, certainty: try fields.optionalInt("certainty", in: 1...3),
          rating: try fields.optionalString("rating").map { (r: String) throws(DecodeError) -> Rating in
            guard let v = Rating(name: r) else { throw DecodeError(message: "unknown rating \(quoted(r))") }
            return v
          }, written: try fields.optionalString("written")))
    case "skipped":
      payload = .skipped(
        run: try fields.int("run", in: ProgressLimits.count), question: try ref(try fields.string("question")))
    case "runEnded":
      guard let reason = RunEndReason(rawValue: try fields.string("reason")) else {
        throw DecodeError(message: "unknown reason")
      }
      payload = .runEnded(run: try fields.int("run", in: ProgressLimits.count), reason: reason)
    case "flagged":
      guard let on = fields.bool("on") else { throw DecodeError(message: "\"on\" must be true or false") }
      payload = .flagged(question: try ref(try fields.string("question")), on: on)
    case "sessionCompleted": payload = .sessionCompleted(session: try fields.string("session"))
    case "sessionReopened": payload = .sessionReopened(session: try fields.string("session"))
    case "undone": payload = .undone(target: try fields.int("target", in: ProgressLimits.count))
    case "settingsChanged":
      guard let v = fields.value("settings"), v.kind == .object else {
        throw DecodeError(message: "missing \"settings\"")
      }
      payload = .settingsChanged(try SettingsCoding.decode(FieldMap(v)))
    case "reset":
      if let bank = try fields.optionalString("bank") {
        payload = .reset(.bank(bank))
      } else {
        let refs = try fields.strings("questions").map { (t: String) throws(DecodeError) -> QuestionRef in try ref(t) }
        payload = .reset(.session(try fields.string("session"), questions: refs))
      }
    case "overridden":
      let answeredText = try fields.string("answeredAt")
      guard let answeredAt = Timestamp(iso8601: answeredText) else {
        throw DecodeError(message: "\"answeredAt\" is not an ISO-8601 time: \(quoted(answeredText))")
      }
      payload = .overridden(
        MarkOverride(
          run: try fields.int("run", in: ProgressLimits.count), question: try ref(try fields.string("question")),
          target: try fields.int("target", in: ProgressLimits.count), answeredAt: answeredAt,
          previousScore: try fields.double("previousScore", in: ProgressLimits.score),
          score: try fields.double("score", in: ProgressLimits.score),
          rating: try fields.optionalString("rating").map { (r: String) throws(DecodeError) -> Rating in
            guard let v = Rating(name: r) else { throw DecodeError(message: "unknown rating \(quoted(r))") }
            return v
          }))
    case "requeued":
      payload = .requeued(
        run: try fields.int("run", in: ProgressLimits.count),
        questions: try fields.strings("questions").map { (t: String) throws(DecodeError) -> QuestionRef in try ref(t) })
    default: throw DecodeError(message: "unknown event type \(quoted(type))")
    }
    return RecordedEvent(sequence: seq, at: at, payload: payload)
  }

  private static func ref(_ text: String) throws(DecodeError) -> QuestionRef {
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
  /// Counts (attempts, answers, runs, sequence numbers).
  public static let count: ClosedRange<Int> = 0...1_000_000_000_000
  public static let sequence: ClosedRange<Int> = 1...1_000_000_000_000
  /// Sums of seconds or of scores.
  public static let total: ClosedRange<Double> = 0...1e13
  /// FSRS stability (days) and difficulty.
  public static let stability: ClosedRange<Double> = 0...1e7
  public static let difficulty: ClosedRange<Double> = 0...100
  public static let percent: ClosedRange<Int> = 0...100
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
