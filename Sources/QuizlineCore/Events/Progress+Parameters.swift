/// Where the scheduler weights in use came from when `optimize` fitted and adopted them: kept in
/// ``ProfileSettings/parameterFit`` (nil: the weights were never fitted, e.g. FSRS-6's defaults).
public struct ParameterFit: Sendable, Equatable {
  /// When they were adopted.
  public var fittedAt: Timestamp
  /// Scored reviews they were fitted on.
  public var trainedOn: Int
  /// The weights in use before, and the fitted ones, on the held-out recent reviews.
  public var before: ModelEvaluation
  public var after: ModelEvaluation

  public init(fittedAt: Timestamp, trainedOn: Int, before: ModelEvaluation, after: ModelEvaluation) {
    self.fittedAt = fittedAt
    self.trainedOn = trainedOn
    self.before = before
    self.after = after
  }

  /// The fields in a journal line or in the snapshot's settings.
  var fields: [(String, JSONText)] {
    [
      ("fittedAt", .string(fittedAt.iso8601)), ("trainedOn", .int(trainedOn)), ("heldOut", .int(after.count)),
      ("logLossBefore", .double(before.logLoss)), ("rmseBinsBefore", .double(before.rmseBins)),
      ("logLossAfter", .double(after.logLoss)), ("rmseBinsAfter", .double(after.rmseBins)),
    ]
  }

  static func decode(_ f: FieldMap) throws(EventCoding.DecodeError) -> ParameterFit {
    let text = try f.string("fittedAt")
    guard let at = Timestamp(iso8601: text) else {
      throw EventCoding.DecodeError(message: "\"fittedAt\" is not an ISO-8601 time: \(quoted(text))")
    }
    let heldOut = try f.int("heldOut", in: ProgressLimits.count)
    let figure: ClosedRange<Double> = 0...1000
    return ParameterFit(
      fittedAt: at, trainedOn: try f.int("trainedOn", in: ProgressLimits.count),
      before: ModelEvaluation(
        logLoss: try f.double("logLossBefore", in: figure), rmseBins: try f.double("rmseBinsBefore", in: figure),
        count: heldOut),
      after: ModelEvaluation(
        logLoss: try f.double("logLossAfter", in: figure), rmseBins: try f.double("rmseBinsAfter", in: figure),
        count: heldOut))
  }
}

/// The weights and their origin before an adoption: what `undo` puts back.
struct ParameterState: Sendable, Equatable {
  var weights: [Double]
  var fit: ParameterFit?
}

extension LearnerProgress {
  /// Applies a `parametersAdopted` event: the scheduler uses `weights` from now on (cards keep their
  /// memory state; their next review is scheduled with the new weights), and the settings say
  /// where they came from. Undoable: the entry keeps the weights before.
  mutating func applyAdoption(weights: [Double], fit: ParameterFit, sequence: Int) {
    var entry = UndoEntry(sequence: sequence, summary: "adoption of fitted scheduler parameters")
    entry.previousParameters = ParameterState(weights: settings.scheduler.weights, fit: settings.parameterFit)
    settings.scheduler.weights = weights
    settings.parameterFit = fit
    ledger.push(entry)
  }

  mutating func restoreParameters(_ previous: ParameterState) {
    settings.scheduler.weights = previous.weights
    settings.parameterFit = previous.fit
  }
}

extension EventPayload {
  /// A `parametersAdopted` line: 21 weights within their ranges, and the fit's figures.
  static func decodeAdoption(_ fields: FieldMap) throws(EventCoding.DecodeError) -> EventPayload {
    .parametersAdopted(weights: try decodeWeights(fields), fit: try ParameterFit.decode(fields))
  }

  /// The `weights` field: 21 numbers, each within its range.
  static func decodeWeights(_ fields: FieldMap) throws(EventCoding.DecodeError) -> [Double] {
    guard let v = fields.value("weights"), v.kind == .array else {
      throw EventCoding.DecodeError(message: "missing \"weights\"")
    }
    var weights: [Double] = []
    for e in v.elements {
      guard let d = e.double, d.isFinite else {
        throw EventCoding.DecodeError(message: "\"weights\" must hold numbers")
      }
      weights.append(d)
    }
    let problems = SchedulerSettings(weights: weights).validate()
    guard problems.isEmpty else {
      throw EventCoding.DecodeError(message: "invalid weights: " + problems.joined(separator: "; "))
    }
    return weights
  }
}
