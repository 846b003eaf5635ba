import CMath
import Testing

@testable import QuizlineCore

/// The scheduler's shortcuts against the formulas they stand for, bit for bit: the fuzz range's
/// table and closed form, the same-day update that leaves stability unchanged, and the interval at
/// retention 0.9.
extension SchedulingTests {
  @Suite struct FSRSShortcutTests {
    /// py-fsrs's same-day stability, as written before the shortcut.
    static func shortTermFormula(_ m: FSRSModel, _ s: Double, _ g: Rating) -> Double {
      var inc = FSRSModel.pick(m.shortTermBase, g) * pow(s, m.negW19)
      if g != .again { inc = max(inc, 1) }
      return max(s * inc, FSRSModel.stabilityMin)
    }

    /// py-fsrs's interval, as written before the shortcut.
    static func intervalFormula(_ m: FSRSModel, _ s: Double, maximum: Int) -> Int {
      let x = FSRSModel.roundHalfEven(s / m.factor * m.intervalFactor)
      let days = x >= 1 ? x : 1
      return days < Double(maximum) ? Int(days) : maximum
    }

    @Test func fuzzRangeEqualsFormulaForEveryIntervalUpTo2Pow22() {
      var mismatches = 0
      for n in 0...(1 << 22) {
        let (a, b) = (FSRSScheduler.fuzzRange(n), FSRSScheduler.fuzzRangeFormula(n))
        if a.lo.bitPattern != b.lo.bitPattern || a.hi.bitPattern != b.hi.bitPattern { mismatches += 1 }
      }
      #expect(mismatches == 0)
      var random = SplitMix64(seed: 20)
      for _ in 0..<200_000 {
        let n = Int(random.next() % (1 << 31))
        let (a, b) = (FSRSScheduler.fuzzRange(n), FSRSScheduler.fuzzRangeFormula(n))
        #expect(a.lo == b.lo && a.hi == b.hi, "interval \(n)")
      }
    }

    static let weightSets: [[Double]] = {
      var random = SplitMix64(seed: 19)
      var sets = [SchedulerSettings.defaultWeights]
      for _ in 0..<30 {
        sets.append(
          SchedulerSettings.weightRanges.map { r in
            r.range.lowerBound + random.nextUniform() * (r.range.upperBound - r.range.lowerBound)
          })
      }
      return sets
    }()

    @Test func sameDayStabilityEqualsFormulaBitForBit() {
      var random = SplitMix64(seed: 21)
      var shortcuts = 0
      for w in Self.weightSets {
        let m = FSRSModel(weights: w, desiredRetention: 0.9)
        for g in Rating.allCases {
          let from = FSRSModel.pick(m.shortTermUnchangedFrom, g)
          var samples: [Double] = [0.001, 0.01, 1, 2.3065, 100, 36500, 1e300, .infinity]
          if from.isFinite {
            samples += [from, from.nextUp, from.nextDown, from * (1 + 1e-12), from * (1 - 1e-12)]
          }
          for _ in 0..<20_000 {
            // Log-uniform over [1e-3, 1e6], and uniform just above the bound.
            samples.append(pow(10, -3 + 9 * random.nextUniform()))
            if from.isFinite { samples.append(from * (1 + 1e-6 * random.nextUniform())) }
          }
          for s in samples {
            if s > from { shortcuts += 1 }
            let got = m.shortTermStability(s, g)
            let want = Self.shortTermFormula(m, s, g)
            #expect(got.bitPattern == want.bitPattern, "s \(s) rating \(g) weights \(w)")
          }
        }
      }
      #expect(shortcuts > 100_000, "the shortcut is taken")
      #expect(FSRSModel.defaults.shortTermUnchangedFrom.0 == .infinity, "never for Again")
    }

    @Test func intervalAtRetention09EqualsFormulaBitForBit() {
      var random = SplitMix64(seed: 22)
      var shortcuts = 0
      for w in Self.weightSets {
        let m = FSRSModel(weights: w, desiredRetention: 0.9)
        #expect(m.intervalFactorIsFactor)
        var samples: [Double] = [0, 0.001, 0.5, 1.5, 2.5, 1e15, 0x1p50, 0x1p52, 1e300, .infinity, .nan]
        for k in 0..<2000 {
          let tie = Double(k) + 0.5
          samples += [tie, tie.nextUp, tie.nextDown, tie.nextUp.nextUp, tie.nextDown.nextDown]
        }
        for _ in 0..<50_000 { samples.append(pow(10, -3 + 8 * random.nextUniform())) }
        for s in samples {
          if FSRSModel.roundedClearOfTies(s) != nil { shortcuts += 1 }
          for maximum in [36500, 100] {
            let got = m.intervalDays(s, maximum: maximum)
            #expect(got == Self.intervalFormula(m, s, maximum: maximum), "s \(s) weights \(w)")
          }
        }
      }
      #expect(shortcuts > 1_000_000)
      #expect(!FSRSModel(weights: SchedulerSettings.defaultWeights, desiredRetention: 0.85).intervalFactorIsFactor)
    }

    @Test func defaultSchedulerUsesTheSharedModelAndOthersTheirOwn() {
      let d = FSRSScheduler(settings: SchedulerSettings())
      #expect(d.model.factor == FSRSModel.defaults.factor)
      var w = SchedulerSettings.defaultWeights
      w[20] = 0.2
      let other = FSRSScheduler(settings: SchedulerSettings(weights: w))
      #expect(other.model.decay == -0.2)
      let r = FSRSScheduler(settings: SchedulerSettings(desiredRetention: 0.8))
      #expect(r.model.intervalFactor != FSRSModel.defaults.intervalFactor)
    }
  }
}
