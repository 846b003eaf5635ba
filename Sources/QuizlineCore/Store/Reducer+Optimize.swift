extension Reducer {
  /// `optimize [--dry-run]`: the fit needs the whole review history from the journal, so the
  /// runtime reads it and fits (``Effect/optimizeParameters(dryRun:)``); the outcome comes back to
  /// ``optimizationFinished(_:_:dryRun:at:)``.
  static func optimize(_ state: inout AppState, dryRun: Bool) -> Reduction {
    Reduction(effects: [.optimizeParameters(dryRun: dryRun)])
  }

  /// Shows the health check and, when the fitted weights predict the held-out reviews better (and
  /// this is not a dry run or a read-only profile), records their adoption.
  static func optimizationFinished(
    _ state: inout AppState, _ result: ParameterOptimization, dryRun: Bool, at: Timestamp
  ) -> Reduction {
    let adopt = result.isBetter && !dryRun && !state.readOnly
    state.display = [.optimization(result, adopted: adopt, dryRun: dryRun || state.readOnly)]
    guard adopt, let fit = result.fit, let before = result.current, let after = result.fitted else {
      return Reduction()
    }
    let record = ParameterFit(fittedAt: at, trainedOn: fit.items, before: before, after: after)
    return Reduction(events: [.parametersAdopted(weights: fit.weights, fit: record)])
  }
}
