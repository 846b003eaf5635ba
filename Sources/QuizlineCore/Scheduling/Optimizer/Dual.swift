import CMath

/// A number with its partial derivatives with respect to the 21 FSRS-6 weights: forward-mode
/// differentiation, each operation applying its derivative rule by hand (no framework, no tape).
///
/// The optimizer runs a card's whole review sequence once in `Dual`s and gets, for every review's
/// predicted recall, the exact gradient of that prediction (the chain rule through the recurrence).
/// Lanes 21…31 of `d` stay zero.
struct Dual: Sendable {
  var v: Double
  var d: SIMD32<Double>

  init(_ v: Double, _ d: SIMD32<Double> = SIMD32()) {
    self.v = v
    self.d = d
  }

  /// Weight `i` as a variable: value `value`, derivative 1 in lane `i`.
  static func variable(_ value: Double, index i: Int) -> Dual {
    var d = SIMD32<Double>()
    d[i] = 1
    return Dual(value, d)
  }

  static func + (a: Dual, b: Dual) -> Dual { Dual(a.v + b.v, a.d + b.d) }
  static func + (a: Dual, b: Double) -> Dual { Dual(a.v + b, a.d) }
  static func + (a: Double, b: Dual) -> Dual { Dual(a + b.v, b.d) }
  static func - (a: Dual, b: Dual) -> Dual { Dual(a.v - b.v, a.d - b.d) }
  static func - (a: Dual, b: Double) -> Dual { Dual(a.v - b, a.d) }
  static func - (a: Double, b: Dual) -> Dual { Dual(a - b.v, -b.d) }
  static prefix func - (a: Dual) -> Dual { Dual(-a.v, -a.d) }
  /// (ab)' = a'b + ab'
  static func * (a: Dual, b: Dual) -> Dual { Dual(a.v * b.v, a.d * b.v + b.d * a.v) }
  static func * (a: Dual, b: Double) -> Dual { Dual(a.v * b, a.d * b) }
  static func * (a: Double, b: Dual) -> Dual { Dual(a * b.v, b.d * a) }
  /// (a/b)' = (a'b - ab') / b²
  static func / (a: Dual, b: Dual) -> Dual {
    let q = a.v / b.v
    return Dual(q, (a.d - b.d * q) / b.v)
  }
  static func / (a: Dual, b: Double) -> Dual { Dual(a.v / b, a.d / b) }
  /// (c/b)' = -c b' / b²
  static func / (a: Double, b: Dual) -> Dual {
    let q = a / b.v
    return Dual(q, b.d * (-q / b.v))
  }

  /// (e^a)' = e^a a'
  static func exp(_ a: Dual) -> Dual {
    let e = CMath.exp(a.v)
    return Dual(e, a.d * e)
  }

  /// (ln a)' = a' / a
  static func log(_ a: Dual) -> Dual { Dual(CMath.log(a.v), a.d / a.v) }

  /// (a^c)' = c a^(c-1) a' for a constant exponent.
  static func pow(_ a: Dual, _ c: Double) -> Dual {
    let p = CMath.pow(a.v, c)
    return Dual(p, a.d * (c * p / a.v))
  }

  /// (a^b)' = a^b (b' ln a + b a'/a), for a > 0.
  static func pow(_ a: Dual, _ b: Dual) -> Dual {
    let p = CMath.pow(a.v, b.v)
    return Dual(p, (b.d * CMath.log(a.v) + a.d * (b.v / a.v)) * p)
  }

  /// (c^b)' = c^b ln c b' for a constant base c > 0.
  static func pow(_ c: Double, _ b: Dual) -> Dual {
    let p = CMath.pow(c, b.v)
    return Dual(p, b.d * (p * CMath.log(c)))
  }

  /// The larger of the two, with its derivative (the bound's, zero, when the bound wins).
  static func max(_ a: Dual, _ bound: Double) -> Dual { a.v >= bound ? a : Dual(bound) }
  static func min(_ a: Dual, _ bound: Double) -> Dual { a.v <= bound ? a : Dual(bound) }
  static func max(_ a: Dual, _ b: Dual) -> Dual { a.v >= b.v ? a : b }
  static func min(_ a: Dual, _ b: Dual) -> Dual { a.v <= b.v ? a : b }
  static func clamp(_ a: Dual, _ low: Double, _ high: Double) -> Dual { min(max(a, low), high) }
}
