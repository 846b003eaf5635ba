#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bad command line: reported with the usage text, exit 64.
enum BenchError: Error {
  case usage(String)
}

/// `--name value` options of a subcommand; every value is checked.
struct BenchOptions {
  private var rest: [String]

  init(_ arguments: [String]) { rest = arguments }

  /// The integer after `--name`, or `fallback` when absent; must lie in `range`.
  mutating func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
    guard let i = rest.firstIndex(of: name) else { return fallback }
    guard i + 1 < rest.count, let v = Int(rest[i + 1].filter { $0 != "_" && $0 != "," }),
      range.contains(v)
    else {
      throw BenchError.usage(
        "\(name) needs an integer in \(range.lowerBound)...\(range.upperBound)")
    }
    rest.removeSubrange(i...i + 1)
    return v
  }

  /// The value after `--name`, or nil when absent.
  mutating func string(_ name: String) -> String? {
    guard let i = rest.firstIndex(of: name), i + 1 < rest.count else { return nil }
    defer { rest.removeSubrange(i...i + 1) }
    return rest[i + 1]
  }

  /// Whether the flag `--name` is present.
  mutating func flag(_ name: String) -> Bool {
    guard let i = rest.firstIndex(of: name) else { return false }
    rest.remove(at: i)
    return true
  }

  /// Fails on anything not consumed.
  func finish() throws {
    if let extra = rest.first { throw BenchError.usage("unexpected argument '\(extra)'") }
  }
}

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
  var line = text + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Monotonic seconds.
func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func median(_ xs: [Double]) -> Double {
  let s = xs.sorted()
  return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// `1234567.8` as `1.23M`, `12.3k`.
func humanRate(_ x: Double) -> String {
  if x >= 1e6 { return String(Int((x / 1e4).rounded())).withDecimal(2) + "M" }
  if x >= 1e3 { return String(Int((x / 1e2).rounded())).withDecimal(1) + "k" }
  return String(Int(x.rounded()))
}

extension String {
  /// `"123".withDecimal(2)` is `"1.23"`.
  fileprivate func withDecimal(_ places: Int) -> String {
    let padded = count <= places ? String(repeating: "0", count: places + 1 - count) + self : self
    return padded.dropLast(places) + "." + padded.suffix(places)
  }
}
