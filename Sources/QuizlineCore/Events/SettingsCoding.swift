/// Profile settings as JSON (inside `settingsChanged` events and the snapshot).
enum SettingsCoding {
  static func encode(_ s: ProfileSettings) -> JSONText {
    var fields: [(String, JSONText)] = [
      ("weights", .array(s.scheduler.weights.map { .double($0) })),
      ("desiredRetention", .double(s.scheduler.desiredRetention)),
      ("learningSteps", .array(s.scheduler.learningSteps.map { .int($0) })),
      ("relearningSteps", .array(s.scheduler.relearningSteps.map { .int($0) })),
      ("maximumInterval", .int(s.scheduler.maximumInterval)),
      ("enableFuzzing", .bool(s.scheduler.enableFuzzing)),
      ("newCardsPerDay", .int(s.newCardsPerDay)),
      ("useAnswerTime", .bool(s.useAnswerTime)),
      ("easySeconds", .int(s.easySeconds)),
      ("hardSeconds", .int(s.hardSeconds)),
      ("typoTolerance", .bool(s.typoTolerance)),
      ("newCardOrder", .string(s.newCardOrder.rawValue)),
      ("autoGradedSteps", .string(s.autoGradedSteps.rawValue)),
      ("leechThreshold", .int(s.leechThreshold)),
      ("leechAction", .string(s.leechAction.rawValue)),
    ]
    if !s.burySiblings.isEmpty { fields.append(("burySiblings", .string(s.burySiblings.text))) }
    fields += [
      ("loadBalance", .bool(s.loadBalance)), ("easyDays", .array(s.easyDays.weights.map { .double($0) })),
      ("reviewsPerDay", s.reviewsPerDay.map { .int($0) } ?? .string("unlimited")),
    ]
    // Display settings, written only when changed (journals from before them stay as they were).
    if s.images != .auto { fields.append(("images", .string(s.images.rawValue))) }
    if s.imageRows != 12 { fields.append(("imageRows", .int(s.imageRows))) }
    if s.autoplay { fields.append(("autoplay", .bool(true))) }
    if let fit = s.parameterFit { fields.append(("parameterFit", .object(fit.fields))) }
    return .object(fields)
  }

  static func decode(_ f: FieldMap) throws(EventCoding.DecodeError) -> ProfileSettings {
    var s = ProfileSettings()
    func numbers(_ key: String) throws(EventCoding.DecodeError) -> [Double] {
      guard let v = f.value(key), v.kind == .array else { throw EventCoding.DecodeError(message: "missing \"\(key)\"") }
      return try v.elements.map { (e: JSONValue) throws(EventCoding.DecodeError) -> Double in
        guard let d = e.double, d.isFinite else {
          throw EventCoding.DecodeError(message: "\"\(key)\" must hold numbers")
        }
        return d
      }
    }
    func seconds(_ key: String) throws(EventCoding.DecodeError) -> [Int64] {
      try numbers(key).map { (d: Double) throws(EventCoding.DecodeError) -> Int64 in
        guard let v = Int64(exactly: d) else {
          throw EventCoding.DecodeError(message: "\"\(key)\" must hold whole seconds")
        }
        return v
      }
    }
    s.scheduler = SchedulerSettings(
      weights: try numbers("weights"), desiredRetention: try f.double("desiredRetention"),
      learningSteps: try seconds("learningSteps"), relearningSteps: try seconds("relearningSteps"),
      maximumInterval: try f.int("maximumInterval"), enableFuzzing: f.bool("enableFuzzing") ?? true)
    s.newCardsPerDay = try f.int("newCardsPerDay")
    s.useAnswerTime = f.bool("useAnswerTime") ?? false
    s.easySeconds = try f.int("easySeconds")
    s.hardSeconds = try f.int("hardSeconds")
    // Journals and snapshots from before the setting existed: on, the default.
    s.typoTolerance = f.bool("typoTolerance") ?? true
    // Added later: journals and snapshots without them take the defaults. Neither changes how an
    // earlier answer is replayed (an answer that skipped the steps says so itself).
    s.newCardOrder = try f.optionalCase("newCardOrder", NewCardOrder.self, allowed: "course, bank or random") ?? .course
    s.autoGradedSteps = try f.optionalCase("autoGradedSteps", AutoGradedSteps.self, allowed: "skip or anki") ?? .skip
    if let v = f.value("burySiblings") {
      guard let text = v.string, let bury = BurySiblings(text: text) else {
        throw EventCoding.DecodeError(message: "\"burySiblings\" must be off, all, or new, review, learning")
      }
      s.burySiblings = bury
    }
    // Added with the day options: journals and snapshots without them take Anki's defaults.
    s.loadBalance = f.bool("loadBalance") ?? true
    if f.value("easyDays") != nil {
      guard let days = EasyDays(weights: try numbers("easyDays")) else {
        throw EventCoding.DecodeError(message: "\"easyDays\" must hold 7 numbers from 0 to 1, Sunday first")
      }
      s.easyDays = days
    }
    if let v = f.value("reviewsPerDay"), v.kind == .string {
      guard try f.string("reviewsPerDay") == "unlimited" else {
        throw EventCoding.DecodeError(message: "\"reviewsPerDay\" must be a whole number or \"unlimited\"")
      }
      s.reviewsPerDay = nil
    } else if f.value("reviewsPerDay") != nil {
      s.reviewsPerDay = try f.int("reviewsPerDay")
    }
    // Added with leeches: older journals and snapshots take Anki's defaults (8, tag only).
    s.leechThreshold = try f.value("leechThreshold") == nil ? 8 : f.int("leechThreshold")
    s.leechAction = try f.optionalCase("leechAction", LeechAction.self, allowed: "tag or suspend") ?? .tag
    s.images =
      try f.optionalCase("images", ImageMode.self, allowed: "auto, kitty, iterm, sixel, symbols or off") ?? .auto
    s.imageRows = try f.value("imageRows") == nil ? 12 : f.int("imageRows")
    s.autoplay = f.bool("autoplay") ?? false
    if let v = f.value("parameterFit"), v.kind == .object { s.parameterFit = try ParameterFit.decode(FieldMap(v)) }
    let problems = s.validate()
    guard problems.isEmpty else {
      throw EventCoding.DecodeError(message: "invalid settings: " + problems.joined(separator: "; "))
    }
    return s
  }
}
