/// One row of BENCHMARKS.md's table, printed as `ROW<TAB>measure<TAB>quizline<TAB>peer<TAB>ratio<TAB>target<TAB>status<TAB>command`
/// (the format `scripts/bench/row.py` prints and `scripts/bench/run.sh` collects). Each figure is the
/// median and the range of the rounds' values.
struct BenchRow {
  var measure: String
  var figure: String
  var peer: String = "–"
  var ratio: String = "–"
  var target: String
  var met: Bool
  var command: String

  func print() {
    Swift.print(
      ["ROW", measure, figure, peer, ratio, target, met ? "met" : "NOT MET", command].joined(separator: "\t"))
  }

  /// "12.3 ms (11.9–13.0)": the median and the range of `values`, each scaled by `scale` and shown
  /// with `digits` decimals, then `unit` ("×" is written without a space).
  static func spread(_ values: [Double], unit: String, digits: Int = 2, scale: Double = 1) -> String {
    let scaled = values.map { $0 * scale }
    let sep = unit == "×" ? "" : " "
    let shown = { (x: Double) in fixed(x, digits) }
    return "\(shown(median(scaled)))\(sep)\(unit) (\(shown(scaled.min() ?? 0))–\(shown(scaled.max() ?? 0)))"
  }

  /// `x` with `digits` decimals (half away from zero), for figures far inside Int's range.
  static func fixed(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let units = Int((abs(x) * scale).rounded())
    let whole = units / Int(scale)
    let fraction = String(units % Int(scale))
    let padded = String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
    return (x < 0 && units > 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + padded : "")
  }

  /// The rounds' values split into `rounds` consecutive groups of (nearly) equal size.
  static func rounds<T>(_ values: [T], _ rounds: Int) -> [ArraySlice<T>] {
    let n = max(1, min(rounds, values.count))
    return (0..<n).map { k in values[(values.count * k / n)..<(values.count * (k + 1) / n)] }
  }
}
