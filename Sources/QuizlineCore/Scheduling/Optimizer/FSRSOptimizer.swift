import CMath

/// Fits the 21 FSRS-6 weights to a review history the way fsrs-rs's `compute_parameters` does.
///
/// - The loss is the recency-weighted binary cross-entropy of predicted recall against pass/fail on
///   reviews a day or more after the card's previous one (``TrainingSelection``); same-day reviews
///   are not scored but move the short-term stability (w17–w19) in the card's sequence.
/// - An L2 pull toward the starting weights, Σ (w − w₀)² / σ², scaled by γ · batch / total items
///   (σ is fsrs-rs's `PARAMS_STDDEV`, γ = 1).
/// - w0–w3 start from ``Pretraining``; the others from the defaults. Under 8 training items the
///   defaults are returned; under 64 (or with only first long-term reviews) only w0–w3 are fitted.
/// - Adam (β 0.9/0.999, ε 1e-8) with a cosine-annealed learning rate from 4e-2 over all steps,
///   5 epochs of mini-batches of about 512 items, cards shuffled per epoch by a generator seeded
///   with 2023; weights clipped to their ranges after every step; the epoch with the lowest
///   training loss wins; w0–w3 go through `smoothAndFill` at the end.
/// - Gradients are analytic (``DualModel``). A batch holds whole cards (about 512 items each), so
///   one pass over a card's sequence scores all its items.
public enum FSRSOptimizer {
  /// fsrs-rs's `PARAMS_STDDEV` for FSRS-6: the spread of each weight over many collections.
  static let stddev: [Double] = [
    6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25,
    1.03, 0.31, 0.32, 0.14, 0.27,
  ]
  /// Under this many training items fsrs-rs returns the defaults.
  public static let minimumItems = 8
  /// Under this many training items fsrs-rs fits only the initial stabilities.
  public static let minimumFullFit = 64

  public struct Config: Sendable, Equatable {
    public var epochs = 5
    public var batchSize = 512
    public var learningRate = 4e-2
    public var seed: UInt64 = 2023
    public var gamma = 1.0
    public init() {}
  }

  /// What was fitted.
  public enum Extent: String, Sendable, Equatable {
    /// Too little data: the defaults.
    case defaults
    /// Only w0–w3; the others are the defaults.
    case initialStabilities
    /// All 21 weights.
    case all
  }

  public struct Fit: Sendable, Equatable {
    public var weights: [Double]
    public var extent: Extent
    /// Training items after the outlier filter.
    public var items: Int
    /// Cards the outlier filter left out.
    public var droppedCards: Int
  }

  /// Fits on the scored reviews of rank below `trainingCount` (all of them by default).
  static func fit(_ seq: ReviewSequences, trainingCount: Int? = nil, config: Config = Config()) -> Fit {
    let selection = TrainingSelection(seq, trainingCount: trainingCount ?? seq.scoredCount)
    let defaults = SchedulerSettings.defaultWeights
    var result = Fit(weights: defaults, extent: .defaults, items: selection.count, droppedCards: selection.droppedCards)
    guard selection.count >= minimumItems,
      let pre = Pretraining.initialStabilities(selection.firstLongTerm, averageRecall: selection.averageRecall)
    else { return result }
    let start = pre.stabilities + defaults[4...]
    result.weights = start
    result.extent = .initialStabilities
    guard selection.count >= minimumFullFit, selection.count > selection.firstLongTerm.count else { return result }
    var w = train(seq, selection: selection, start: start, config: config)
    var fitted: [Rating: Double] = [:]
    for g in Rating.allCases where pre.counts[g] != nil { fitted[g] = w[g.rawValue - 1] }
    let smoothed = Pretraining.smoothAndFill(fitted, counts: pre.counts)
    for k in 0..<4 { w[k] = smoothed[k] }
    result.weights = clip(w)
    result.extent = .all
    return result
  }

  static func clip(_ w: [Double]) -> [Double] {
    w.enumerated().map { i, x in
      let range = SchedulerSettings.weightRanges[i].range
      return min(max(x, range.lowerBound), i < 4 ? Pretraining.maximumInitialStability : range.upperBound)
    }
  }

  static func train(_ seq: ReviewSequences, selection: TrainingSelection, start: [Double], config: Config) -> [Double] {
    var itemsOfCard = Array(repeating: 0, count: seq.cardCount)
    var cards: [Int] = []
    for c in 0..<seq.cardCount {
      for i in seq.cardStart[c]..<seq.cardStart[c + 1] where selection.weight[i] > 0 { itemsOfCard[c] += 1 }
      if itemsOfCard[c] > 0 { cards.append(c) }
    }
    var random = SplitMix64(seed: config.seed)
    var epochs: [[[Int]]] = []
    for _ in 0..<config.epochs {
      cards.shuffle(using: &random)
      var batches: [[Int]] = [[]]
      var size = 0
      for c in cards {
        batches[batches.count - 1].append(c)
        size += itemsOfCard[c]
        if size >= config.batchSize {
          batches.append([])
          size = 0
        }
      }
      if batches.last!.isEmpty { batches.removeLast() }
      epochs.append(batches)
    }
    let steps = epochs.reduce(0) { $0 + $1.count }
    let total = Double(selection.count)
    var w = start
    var m = Lanes()
    var v = Lanes()
    var step = 0
    var best = (loss: Double.infinity, weights: start)
    for batches in epochs {
      for batch in batches {
        var loss = 0.0
        var g = Lanes()
        let model = DualModel(weights: w)
        var n = 0
        for c in batch {
          seq.accumulate(card: c, model: model, weight: selection.weight, loss: &loss, gradient: &g)
          n += itemsOfCard[c]
        }
        let scale = config.gamma * Double(n) / total
        for k in 0..<21 {
          let sigma = stddev[k]
          g[k] += 2 * (w[k] - start[k]) / (sigma * sigma) * scale
          if !g[k].isFinite { g[k] = 0 }
        }
        step += 1
        let lr = config.learningRate * 0.5 * (1 + cos(Double.pi * Double(step) / Double(steps)))
        m = m * 0.9 + g * 0.1
        v = v * 0.999 + g * g * 0.001
        let correction1 = 1 - pow(0.9, Double(step))
        let correction2 = 1 - pow(0.999, Double(step))
        for k in 0..<21 {
          let mHat = m[k] / correction1
          let vHat = v[k] / correction2
          w[k] -= lr * mHat / (vHat.squareRoot() + 1e-8)
        }
        w = clip(w)
      }
      var loss = seq.weightedLoss(weights: w, weight: selection.weight)
      for k in 0..<21 {
        let diff = w[k] - start[k]
        loss += config.gamma * diff * diff / (stddev[k] * stddev[k])
      }
      if loss < best.loss { best = (loss, w) }
    }
    return best.weights
  }
}
