extension Int {
  /// `d` as an Int, clamped to Int's range; NaN becomes 0. `Int(_: Double)` traps on a value out of
  /// range, and numbers from progress files or arithmetic on them must never crash quizline: every
  /// Double-to-Int conversion goes through this or `Int(exactly:)`.
  public init(saturating d: Double) {
    if d.isNaN {
      self = 0
    } else if d >= 9_223_372_036_854_774_784 {
      self = .max
    } else if d <= -9_223_372_036_854_775_808 {
      self = .min
    } else {
      self = Int(d)
    }
  }
}
