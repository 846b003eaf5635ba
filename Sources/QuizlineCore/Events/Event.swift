/// A durable fact about the learner's progress. Events are appended to the journal before they are
/// applied, and ``LearnerProgress/apply(_:)`` is the only code that changes progress, live and on replay.
public enum EventPayload: Sendable, Equatable {
  /// A quiz run began over these questions, in this order.
  case quizStarted(RunStart)
  /// A question of the active run was answered (or self-graded).
  case answered(AnswerRecord)
  /// A question of the active run was skipped.
  case skipped(run: Int, question: QuestionRef)
  /// The active run ended: all questions done (`finished`) or ended early (`ended`).
  case runEnded(run: Int, reason: RunEndReason)
  /// A question was flagged (`on`) or unflagged.
  case flagged(question: QuestionRef, on: Bool)
  case sessionCompleted(session: String)
  case sessionReopened(session: String)
  /// A study session was read for the first time (`read`, `next`): with `config new-order course`
  /// its questions become new cards `review` may introduce (``CoursePlan``). Not undoable.
  case sessionRead(session: String)
  /// The event with sequence number `target` was taken back.
  case undone(target: Int)
  /// The profile's study settings were changed (the whole new value). Boxed (`indirect`): the
  /// settings are the largest payload, and every event of a replayed history is as large as it.
  indirect case settingsChanged(ProfileSettings)
  /// Scheduling, scores (and completion, for a session) were cleared after a typed confirmation.
  case reset(ResetScope)
  /// The learner overruled the mark of an auto-graded answer (`override`): its score and rating
  /// become these, as if it had been graded so (see ``MarkOverride``).
  case overridden(MarkOverride)
  /// Questions asked again later in the active run: a review card whose next step is minutes away,
  /// or a question skipped once, offered again at the end. They are added at the run's end.
  case requeued(run: Int, questions: [QuestionRef])
  /// `optimize` fitted these weights and they did better than those in use on the held-out recent
  /// reviews: the scheduler uses them from now on (undoable).
  case parametersAdopted(weights: [Double], fit: ParameterFit)
  /// Another tool's review history (an Anki review log), every review in one event.
  case historyImported(HistoryImport)
  /// Cards suspended, buried, forgotten or rescheduled by hand (``CardChange``, declared in its file).
  case cardsChanged(CardChange)

  /// The event's type name in journal lines.
  public var typeName: String {
    switch self {
    case .quizStarted: "quizStarted"
    case .answered: "answered"
    case .skipped: "skipped"
    case .runEnded: "runEnded"
    case .flagged: "flagged"
    case .sessionCompleted: "sessionCompleted"
    case .sessionReopened: "sessionReopened"
    case .sessionRead: "sessionRead"
    case .undone: "undone"
    case .settingsChanged: "settingsChanged"
    case .reset: "reset"
    case .overridden: "overridden"
    case .requeued: "requeued"
    case .parametersAdopted: "parametersAdopted"
    case .historyImported: "historyImported"
    case .cardsChanged: CardChange.typeName
    }
  }

  /// Whether `apply` puts the event on the undo stack (so `undo` can take it back). Every fold
  /// keeps the same stack (``RunLedger``): reports push a step for these too, even for events they
  /// otherwise do not count, so both stacks drop the same old steps. A test checks this
  /// against what `apply` does (`UndoStackAgreementTests`).
  public var isUndoable: Bool {
    switch self {
    case .answered, .sessionCompleted, .sessionReopened, .reset, .overridden, .parametersAdopted: true
    case .cardsChanged: CardChange.isUndoable
    case .quizStarted, .skipped, .runEnded, .flagged, .undone, .settingsChanged, .requeued, .historyImported,
      .sessionRead:
      false
    }
  }
}

/// An event as recorded: its payload, its place in the journal and when it happened.
public struct RecordedEvent: Sendable, Equatable {
  /// 1, 2, 3, … without gaps within a profile.
  public var sequence: Int
  public var at: Timestamp
  public var payload: EventPayload

  public init(sequence: Int, at: Timestamp, payload: EventPayload) {
    self.sequence = sequence
    self.at = at
    self.payload = payload
  }
}

// MARK: - The journal fields of each event (the envelope `seq`, `at`, `type` is EventCoding's)

extension EventPayload {
  /// The event's fields in a journal line, after `seq`, `at` and `type`, in their fixed order.
  var journalFields: [(String, JSONText)] {
    var fields: [(String, JSONText)] = []
    switch self {
    case .quizStarted(let s):
      fields += [
        ("source", .string(s.source.journalText)), ("questions", .array(s.questions.map { .string($0.description) })),
        ("seed", .string(String(s.seed))),
        ("bankHashes", .object(s.bankHashes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
      ]
      if s.practice { fields.append(("practice", .bool(true))) }
      if s.certainty { fields.append(("certainty", .bool(true))) }
    case .answered(let a):
      fields += [
        ("run", .int(a.run)), ("question", .string(a.question.description)), ("response", .string(a.response)),
        ("score", .double(a.score)), ("seconds", .double((a.seconds * 1000).rounded() / 1000)),
      ]
      if let g = a.selfGrade { fields.append(("selfGrade", .string(g.rawValue))) }
      if let c = a.certainty { fields.append(("certainty", .int(c))) }
      if let r = a.rating { fields.append(("rating", .string(r.name))) }
      if a.skipsLearningSteps { fields.append(("skipSteps", .bool(true))) }
      if let d = a.scheduledDays { fields.append(("days", .int(d))) }
      if let w = a.written { fields.append(("written", .string(w))) }
    case .skipped(let run, let q):
      fields += [("run", .int(run)), ("question", .string(q.description))]
    case .runEnded(let run, let reason):
      fields += [("run", .int(run)), ("reason", .string(reason.rawValue))]
    case .flagged(let q, let on):
      fields += [("question", .string(q.description)), ("on", .bool(on))]
    case .sessionCompleted(let s), .sessionReopened(let s), .sessionRead(let s):
      fields.append(("session", .string(s)))
    case .undone(let target):
      fields.append(("target", .int(target)))
    case .settingsChanged(let settings):
      fields.append(("settings", SettingsCoding.encode(settings)))
    case .reset(let scope):
      switch scope {
      case .bank(let id): fields.append(("bank", .string(id)))
      case .session(let id, let refs):
        fields += [("session", .string(id)), ("questions", .array(refs.map { .string($0.description) }))]
      }
    case .overridden(let o):
      fields += [
        ("run", .int(o.run)), ("question", .string(o.question.description)), ("target", .int(o.target)),
        ("answeredAt", .string(o.answeredAt.iso8601)), ("previousScore", .double(o.previousScore)),
        ("score", .double(o.score)),
      ]
      if let r = o.rating { fields.append(("rating", .string(r.name))) }
      if o.skipsLearningSteps { fields.append(("skipSteps", .bool(true))) }
      if let d = o.scheduledDays { fields.append(("days", .int(d))) }
    case .requeued(let run, let refs):
      fields += [("run", .int(run)), ("questions", .array(refs.map { .string($0.description) }))]
    case .parametersAdopted(let weights, let fit):
      fields.append(("weights", .array(weights.map { .double($0) })))
      fields += fit.fields
    case .historyImported:
      break  // written by `EventCoding.line`, review by review (``HistoryImport/writeJournalMembers(to:)``)
    case .cardsChanged(let c):
      fields += c.journalFields
    }
    return fields
  }

  /// The payload of a journal line of type `type`; nil when the type is not one quizline knows.
  static func decode(type: String, _ fields: FieldMap) throws(EventCoding.DecodeError) -> EventPayload? {
    switch type {
    case "quizStarted":
      guard let source = RunSource(journalText: try fields.string("source")) else {
        throw EventCoding.DecodeError(message: "unknown run source")
      }
      let questions = try fields.strings("questions").map {
        (t: String) throws(EventCoding.DecodeError) -> QuestionRef in try EventCoding.ref(t)
      }
      guard let seed = UInt64(try fields.string("seed")) else {
        throw EventCoding.DecodeError(message: "\"seed\" must be a whole number")
      }
      var hashes: [String: String] = [:]
      if let h = fields.value("bankHashes") {
        for (k, v) in h.members { if let key = k.string, let value = v.string { hashes[key] = value } }
      }
      return .quizStarted(
        RunStart(
          source: source, questions: questions, seed: seed, bankHashes: hashes,
          practice: fields.bool("practice") ?? false,
          certainty: fields.bool("certainty") ?? false))
    case "answered":
      let grade = try fields.optionalString("selfGrade").map {
        (g: String) throws(EventCoding.DecodeError) -> SelfGrade in
        guard let v = SelfGrade(rawValue: g) else {
          throw EventCoding.DecodeError(message: "unknown selfGrade \(quoted(g))")
        }
        return v
      }
      return .answered(
        AnswerRecord(
          run: try fields.int("run", in: ProgressLimits.count),
          question: try EventCoding.ref(try fields.string("question")),
          response: try fields.string("response"),
          score: try fields.double("score", in: ProgressLimits.score),
          seconds: try fields.double("seconds", in: ProgressLimits.seconds),
          selfGrade: grade, certainty: try fields.optionalInt("certainty", in: 1...3),
          rating: try fields.optionalString("rating").map { (r: String) throws(EventCoding.DecodeError) -> Rating in
            guard let v = Rating(name: r) else { throw EventCoding.DecodeError(message: "unknown rating \(quoted(r))") }
            return v
          }, written: try fields.optionalString("written"), skipsLearningSteps: fields.bool("skipSteps") ?? false,
          scheduledDays: try fields.optionalInt("days", in: ProgressLimits.days)))
    case "skipped":
      return .skipped(
        run: try fields.int("run", in: ProgressLimits.count),
        question: try EventCoding.ref(try fields.string("question")))
    case "runEnded":
      guard let reason = RunEndReason(rawValue: try fields.string("reason")) else {
        throw EventCoding.DecodeError(message: "unknown reason")
      }
      return .runEnded(run: try fields.int("run", in: ProgressLimits.count), reason: reason)
    case "flagged":
      guard let on = fields.bool("on") else { throw EventCoding.DecodeError(message: "\"on\" must be true or false") }
      return .flagged(question: try EventCoding.ref(try fields.string("question")), on: on)
    case "sessionCompleted": return .sessionCompleted(session: try fields.string("session"))
    case "sessionReopened": return .sessionReopened(session: try fields.string("session"))
    case "sessionRead": return .sessionRead(session: try fields.string("session"))
    case "undone": return .undone(target: try fields.int("target", in: ProgressLimits.count))
    case "settingsChanged":
      guard let v = fields.value("settings"), v.kind == .object else {
        throw EventCoding.DecodeError(message: "missing \"settings\"")
      }
      return .settingsChanged(try SettingsCoding.decode(FieldMap(v)))
    case "reset":
      if let bank = try fields.optionalString("bank") {
        return .reset(.bank(bank))
      } else {
        let refs = try fields.strings("questions").map { (t: String) throws(EventCoding.DecodeError) -> QuestionRef in
          try EventCoding.ref(t)
        }
        return .reset(.session(try fields.string("session"), questions: refs))
      }
    case "overridden":
      let answeredText = try fields.string("answeredAt")
      guard let answeredAt = Timestamp(iso8601: answeredText) else {
        throw EventCoding.DecodeError(message: "\"answeredAt\" is not an ISO-8601 time: \(quoted(answeredText))")
      }
      return .overridden(
        MarkOverride(
          run: try fields.int("run", in: ProgressLimits.count),
          question: try EventCoding.ref(try fields.string("question")),
          target: try fields.int("target", in: ProgressLimits.count), answeredAt: answeredAt,
          previousScore: try fields.double("previousScore", in: ProgressLimits.score),
          score: try fields.double("score", in: ProgressLimits.score),
          rating: try fields.optionalString("rating").map { (r: String) throws(EventCoding.DecodeError) -> Rating in
            guard let v = Rating(name: r) else { throw EventCoding.DecodeError(message: "unknown rating \(quoted(r))") }
            return v
          }, skipsLearningSteps: fields.bool("skipSteps") ?? false,
          scheduledDays: try fields.optionalInt("days", in: ProgressLimits.days)))
    case "requeued":
      return .requeued(
        run: try fields.int("run", in: ProgressLimits.count),
        questions: try fields.strings("questions").map {
          (t: String) throws(EventCoding.DecodeError) -> QuestionRef in try EventCoding.ref(t)
        })
    case "parametersAdopted": return try decodeAdoption(fields)
    case "historyImported": return .historyImported(try HistoryImport.decode(fields))
    case CardChange.typeName: return .cardsChanged(try CardChange.decode(fields))
    default: return nil
    }
  }
}
