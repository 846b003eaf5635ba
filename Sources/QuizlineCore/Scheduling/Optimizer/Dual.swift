import CMath

/// A number with its partial derivatives with respect to the 21 FSRS-6 weights: forward-mode
/// differentiation, each operation applying its derivative rule by hand (no framework, no tape).
///
/// The optimizer runs a card's whole review sequence once in `Dual`s and gets, for every review's
/// predicted recall, the exact gradient of that prediction (the chain rule through the recurrence).
/// Lanes 21…23 of `d` stay zero.
struct Dual: Sendable {
  var v: Double
  var d: Lanes

  init(_ v: Double, _ d: Lanes = Lanes()) {
    self.v = v
    self.d = d
  }

  /// Weight `i` as a variable: value `value`, derivative 1 in lane `i`.
  @inline(__always) static func variable(_ value: Double, index i: Int) -> Dual {
    var d = Lanes()
    d[i] = 1
    return Dual(value, d)
  }

  @inline(__always) static func + (a: Dual, b: Dual) -> Dual { Dual(a.v + b.v, a.d + b.d) }
  @inline(__always) static func + (a: Dual, b: Double) -> Dual { Dual(a.v + b, a.d) }
  @inline(__always) static func + (a: Double, b: Dual) -> Dual { Dual(a + b.v, b.d) }
  @inline(__always) static func - (a: Dual, b: Dual) -> Dual { Dual(a.v - b.v, a.d - b.d) }
  @inline(__always) static func - (a: Dual, b: Double) -> Dual { Dual(a.v - b, a.d) }
  @inline(__always) static func - (a: Double, b: Dual) -> Dual { Dual(a - b.v, -b.d) }
  @inline(__always) static prefix func - (a: Dual) -> Dual { Dual(-a.v, -a.d) }
  /// (ab)' = a'b + ab'
  @inline(__always) static func * (a: Dual, b: Dual) -> Dual { Dual(a.v * b.v, a.d * b.v + b.d * a.v) }
  @inline(__always) static func * (a: Dual, b: Double) -> Dual { Dual(a.v * b, a.d * b) }
  @inline(__always) static func * (a: Double, b: Dual) -> Dual { Dual(a * b.v, b.d * a) }
  /// (a/b)' = (a'b - ab') / b²
  @inline(__always) static func / (a: Dual, b: Dual) -> Dual {
    let q = a.v / b.v
    return Dual(q, (a.d - b.d * q) / b.v)
  }
  @inline(__always) static func / (a: Dual, b: Double) -> Dual { Dual(a.v / b, a.d / b) }
  /// (c/b)' = -c b' / b²
  @inline(__always) static func / (a: Double, b: Dual) -> Dual {
    let q = a / b.v
    return Dual(q, b.d * (-q / b.v))
  }

  /// (e^a)' = e^a a'
  @inline(__always) static func exp(_ a: Dual) -> Dual {
    let e = CMath.exp(a.v)
    return Dual(e, a.d * e)
  }

  /// (ln a)' = a' / a
  @inline(__always) static func log(_ a: Dual) -> Dual { Dual(CMath.log(a.v), a.d / a.v) }

  /// (a^c)' = c a^(c-1) a' for a constant exponent.
  @inline(__always) static func pow(_ a: Dual, _ c: Double) -> Dual {
    let p = CMath.pow(a.v, c)
    return Dual(p, a.d * (c * p / a.v))
  }

  /// (a^b)' = a^b (b' ln a + b a'/a), for a > 0.
  @inline(__always) static func pow(_ a: Dual, _ b: Dual) -> Dual {
    let p = CMath.pow(a.v, b.v)
    return Dual(p, (b.d * CMath.log(a.v) + a.d * (b.v / a.v)) * p)
  }

  /// (c^b)' = c^b ln c b' for a constant base c > 0.
  @inline(__always) static func pow(_ c: Double, _ b: Dual) -> Dual {
    let p = CMath.pow(c, b.v)
    return Dual(p, b.d * (p * CMath.log(c)))
  }

  /// The larger of the two, with its derivative (the bound's, zero, when the bound wins).
  @inline(__always) static func max(_ a: Dual, _ bound: Double) -> Dual { a.v >= bound ? a : Dual(bound) }
  @inline(__always) static func min(_ a: Dual, _ bound: Double) -> Dual { a.v <= bound ? a : Dual(bound) }
  @inline(__always) static func max(_ a: Dual, _ b: Dual) -> Dual { a.v >= b.v ? a : b }
  @inline(__always) static func min(_ a: Dual, _ b: Dual) -> Dual { a.v <= b.v ? a : b }
  @inline(__always) static func clamp(_ a: Dual, _ low: Double, _ high: Double) -> Dual { min(max(a, low), high) }
}

/// 24 partial derivatives (lanes 21…23 unused) as three 8-lane vectors: small enough for the
/// compiler to keep in vector registers, where one 32-lane vector spilled to the stack on every use.
struct Lanes: Sendable, Equatable {
  var a = SIMD8<Double>()
  var b = SIMD8<Double>()
  var c = SIMD8<Double>()

  init() {}
  @inline(__always) init(_ a: SIMD8<Double>, _ b: SIMD8<Double>, _ c: SIMD8<Double>) {
    self.a = a
    self.b = b
    self.c = c
  }

  static let count = 24

  subscript(i: Int) -> Double {
    get { i < 8 ? a[i] : i < 16 ? b[i - 8] : c[i - 16] }
    set {
      if i < 8 { a[i] = newValue } else if i < 16 { b[i - 8] = newValue } else { c[i - 16] = newValue }
    }
  }

  @inline(__always) static func + (x: Lanes, y: Lanes) -> Lanes { Lanes(x.a + y.a, x.b + y.b, x.c + y.c) }
  @inline(__always) static func - (x: Lanes, y: Lanes) -> Lanes { Lanes(x.a - y.a, x.b - y.b, x.c - y.c) }
  @inline(__always) static func * (x: Lanes, y: Lanes) -> Lanes { Lanes(x.a * y.a, x.b * y.b, x.c * y.c) }
  @inline(__always) static func * (x: Lanes, k: Double) -> Lanes { Lanes(x.a * k, x.b * k, x.c * k) }
  @inline(__always) static func / (x: Lanes, k: Double) -> Lanes { Lanes(x.a / k, x.b / k, x.c / k) }
  @inline(__always) static prefix func - (x: Lanes) -> Lanes { Lanes(-x.a, -x.b, -x.c) }
  @inline(__always) static func += (x: inout Lanes, y: Lanes) { x = x + y }
}
