/// Who the statements are about: a profile as an account on a home page, or a mailbox.
public enum XapiActor: Sendable, Equatable {
  /// `{"account": {"homePage": homePage, "name": name}}`.
  case account(homePage: String, name: String)
  /// `{"mbox": "mailto:ADDRESS"}` (the address without `mailto:`).
  case mbox(String)

  var json: JSONText {
    switch self {
    case .account(let homePage, let name):
      .object([
        ("objectType", .string("Agent")),
        ("account", .object([("homePage", .string(homePage)), ("name", .string(name))])),
      ])
    case .mbox(let address):
      .object([("objectType", .string("Agent")), ("mbox", .string("mailto:" + address))])
    }
  }
}

/// What every statement of one profile shares: the actor, the base IRI of activity ids, and the
/// event identity's first parts (profile name) for statement ids.
public struct XapiContext: Sendable, Equatable {
  public var profile: String
  public var actor: XapiActor
  /// Activity ids are `BASE/BANK/QUESTION` (each id percent-encoded); no trailing `/`.
  public var baseIRI: String

  public init(profile: String, actor: XapiActor, baseIRI: String) {
    self.profile = profile
    self.actor = actor
    var base = baseIRI
    while base.hasSuffix("/") { base.removeLast() }
    self.baseIRI = base
  }

  /// The IRI of `segments` below the base, each percent-encoded (RFC 3987 unreserved kept).
  public func activityID(_ segments: String...) -> String {
    ([baseIRI] + segments.map(XapiStatements.percentEncoded)).joined(separator: "/")
  }

  /// The identity of an event of this profile: the device's tag and the event's number within its
  /// device (``DeviceSequence``), so two devices of one profile never share one.
  func identity(_ kind: String, sequence: Int) -> String {
    "\(kind)/\(profile)/\(DeviceSequence.tag(of: sequence))/\(DeviceSequence.withinDevice(sequence))"
  }
}

/// One statement with what pushing needs of it: its id and time.
public struct XapiStatement: Sendable, Equatable {
  public var id: String
  public var timestamp: Timestamp
  public var json: JSONText

  /// The statement as one line of JSON (no newline).
  public var line: String { json.rendered() }
}

/// Builds xAPI 1.0.3 statements from quizline's history: `answered` for each answer,
/// `completed` for a study session completed, `passed`/`failed` for a checkpoint quiz against its
/// pass mark. Pure: the same history and options always give the same statements and ids.
public enum XapiStatements {
  static let verbs = "http://adlnet.gov/expapi/verbs/"
  static let activities = "http://adlnet.gov/expapi/activities/"

  /// The statement of one answer. `question` is nil when it is no longer in its bank: the
  /// definition then has no interaction and the response stays as typed.
  public static func answered(_ row: AttemptRow, question: Question?, in c: XapiContext) -> XapiStatement {
    let ref = QuestionRef(row.question)
    let objectID = c.activityID(ref?.bank ?? row.bank, ref?.question ?? row.question)
    var definition: [(String, JSONText)] = [("type", .string(activities + "cmi.interaction"))]
    var response = row.response
    if let question {
      definition.append(("name", languageMap(question.title ?? firstLine(question.prompt))))
      definition.append(("description", languageMap(question.prompt)))
      definition += XapiInteraction(question).members
      response = XapiInteraction.response(row.response, for: question)
    }
    let result: JSONText = .object([
      ("success", .bool(row.isCorrect)),
      ("completion", .bool(true)),
      (
        "score",
        .object([("scaled", .double(row.score)), ("raw", .double(row.score)), ("min", .int(0)), ("max", .int(1))])
      ),
      ("response", .string(response)),
      ("duration", .string(duration(seconds: row.seconds))),
    ])
    var parents: [JSONText] = []
    if row.source.hasPrefix("bank:") {
      parents.append(activity(c.activityID(String(row.source.dropFirst(5))), type: "assessment"))
    } else if row.source.hasPrefix("checkpoint:") {
      parents.append(
        activity(c.activityID("_session", String(row.source.dropFirst(11)), "checkpoint"), type: "assessment"))
    }
    var contextActivities: [(String, JSONText)] = []
    if !parents.isEmpty { contextActivities.append(("parent", .array(parents))) }
    let bankActivity = activity(c.activityID(ref?.bank ?? row.bank), type: "assessment")
    if !parents.contains(bankActivity) { contextActivities.append(("grouping", .array([bankActivity]))) }
    let context: JSONText = .object([
      ("registration", .string(NameBasedUUID.uuid(name: c.identity("run", sequence: row.run)))),
      ("platform", .string("quizline")),
      ("contextActivities", .object(contextActivities)),
    ])
    let id = NameBasedUUID.uuid(name: c.identity("answer", sequence: row.sequence))
    let object: JSONText = .object([
      ("objectType", .string("Activity")), ("id", .string(objectID)), ("definition", .object(definition)),
    ])
    return statement(id: id, c, verb: "answered", object: object, result: result, context: context, at: row.at)
  }

  /// The statement of a study session completed at `at` (its title, when still in the catalog).
  public static func completed(session id: String, title: String?, at: Timestamp, in c: XapiContext) -> XapiStatement {
    let statementID = NameBasedUUID.uuid(name: "session/\(c.profile)/\(id)/\(at.microseconds)")
    let object = activity(c.activityID("_session", id), type: "lesson", name: title)
    let result: JSONText = .object([("completion", .bool(true))])
    let context: JSONText = .object([("platform", .string("quizline"))])
    return statement(id: statementID, c, verb: "completed", object: object, result: result, context: context, at: at)
  }

  /// The statement of a checkpoint quiz that ended (run `run`, started at `started`, ended at
  /// `ended`): `passed` when its score reaches the pass mark, else `failed`.
  public static func checkpoint(
    session id: String, title: String?, run: Int, percent: Int, passPercent: Int, started: Timestamp,
    ended: Timestamp, in c: XapiContext
  ) -> XapiStatement {
    let passed = percent >= passPercent
    let object = activity(c.activityID("_session", id, "checkpoint"), type: "assessment", name: title)
    let result: JSONText = .object([
      ("success", .bool(passed)), ("completion", .bool(true)),
      (
        "score",
        .object([
          ("scaled", .double(Double(percent) / 100)), ("raw", .int(percent)), ("min", .int(0)), ("max", .int(100)),
        ])
      ),
      ("duration", .string(duration(seconds: Double(max(0, ended.microseconds - started.microseconds)) / 1e6))),
    ])
    let context: JSONText = .object([
      ("registration", .string(NameBasedUUID.uuid(name: c.identity("run", sequence: run)))),
      ("platform", .string("quizline")),
    ])
    let statementID = NameBasedUUID.uuid(name: c.identity("checkpoint", sequence: run))
    return statement(
      id: statementID, c, verb: passed ? "passed" : "failed", object: object, result: result, context: context,
      at: ended)
  }

  static func statement(
    id: String, _ c: XapiContext, verb: String, object: JSONText, result: JSONText, context: JSONText, at: Timestamp
  ) -> XapiStatement {
    let json: JSONText = .object([
      ("id", .string(id)),
      ("actor", c.actor.json),
      ("verb", .object([("id", .string(verbs + verb)), ("display", .object([("en-US", .string(verb))]))])),
      ("object", object),
      ("result", result),
      ("context", context),
      ("timestamp", .string(at.iso8601)),
    ])
    return XapiStatement(id: id, timestamp: at, json: json)
  }

  static func activity(_ id: String, type: String, name: String? = nil) -> JSONText {
    var definition: [(String, JSONText)] = [("type", .string(activities + type))]
    if let name { definition.append(("name", languageMap(name))) }
    return .object([("objectType", .string("Activity")), ("id", .string(id)), ("definition", .object(definition))])
  }

  /// A language map of `text` in the undetermined language (`und`): banks do not say theirs.
  static func languageMap(_ text: String) -> JSONText { .object([("und", .string(text))]) }

  static func firstLine(_ text: String) -> String {
    let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
    return line.count > 120 ? String(line.prefix(119)) + "…" : line
  }

  /// An ISO 8601 duration to the hundredth of a second, as xAPI asks: `PT12.5S`, `PT3S`.
  public static func duration(seconds: Double) -> String {
    let hundredths = seconds.isFinite ? Int64(max(0, seconds * 100).rounded()) : 0
    let whole = hundredths / 100
    let fraction = hundredths % 100
    var text = "PT\(whole)"
    if fraction != 0 {
      text += "." + (fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0" : "") + "\(fraction)")
    }
    return text + "S"
  }

  /// `text` with every byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`) as `%XX`.
  public static func percentEncoded(_ text: String) -> String {
    var out = ""
    for b in text.utf8 {
      switch b {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: out.unicodeScalars.append(Unicode.Scalar(b))
      default: out += "%" + NameBasedUUID.hex(b).uppercased()
      }
    }
    return out
  }
}
