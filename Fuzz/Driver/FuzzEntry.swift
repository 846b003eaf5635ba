import QuizlineFuzzTargets

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// libFuzzer's entry point for `quizline-fuzz` (built only by `scripts/fuzz/run.sh`, with
/// `-sanitize=fuzzer,address`). The target is chosen by `QUIZLINE_FUZZ_TARGET`; a broken property is
/// printed and aborts, so libFuzzer keeps the input as a `crash-*` file.
enum FuzzEntry {
  static let target: FuzzTarget = {
    let name = getenv("QUIZLINE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      fputs("QUIZLINE_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n", stderr)
      exit(64)
    }
    return target
  }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func quizlineFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  let failures = FuzzEntry.target.run(bytes)
  if !failures.isEmpty {
    for failure in failures.prefix(5) { fputs("quizline-fuzz \(FuzzEntry.target.rawValue): \(failure)\n", stderr) }
    abort()
  }
  return 0
}

/// libFuzzer's driver, entered from our own `main`: SwiftPM links an executable target's entry point
/// as `<target>_main`, so libFuzzer's `main` is not used.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@_cdecl("quizline_fuzz_main")
public func quizlineFuzzMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  var count = argc
  var arguments = argv
  return LLVMFuzzerRunDriver(&count, &arguments, quizlineFuzzOne)
}
