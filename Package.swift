// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
  name: "quizline",
  products: [
    .executable(name: "quizline", targets: ["quizline"]),
    .library(name: "QuizlineCore", targets: ["QuizlineCore"]),
  ],
  targets: [
    // libedit (Debian's libedit-dev): line editing, history, completion.
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // Model, formats, loading, validation, store, scheduler, reports: no terminal I/O.
    .target(name: "QuizlineCore"),
    // Argument parsing, terminal, the REPL runtime.
    .target(name: "QuizlineCLI", dependencies: ["QuizlineCore", "CEditLine"]),
    // A ten-line entry point.
    .executableTarget(name: "quizline", dependencies: ["QuizlineCLI"]),
    // Throughput benchmarks (`swift run -c release quizline-bench fsrs`), one subcommand each.
    .executableTarget(name: "quizline-bench", dependencies: ["QuizlineCore"], path: "Sources/QuizlineBench"),
    // The fuzz targets (bytes -> broken properties), shared by libFuzzer and the corpus replay tests.
    .target(name: "QuizlineFuzzTargets", dependencies: ["QuizlineCore"]),
    // Helpers shared by the test targets: fixture paths, golden snapshots with a readable diff.
    .target(name: "QuizlineTestSupport", path: "Tests/QuizlineTestSupport"),
    .testTarget(
      name: "QuizlineCoreTests", dependencies: ["QuizlineCore", "QuizlineTestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "QuizlineFuzzTests", dependencies: ["QuizlineFuzzTargets", "QuizlineTestSupport"]),
    .testTarget(
      name: "QuizlineCLITests", dependencies: ["QuizlineCLI", "QuizlineCore", "quizline", "QuizlineTestSupport"]),
  ]
)

// libFuzzer's driver supplies `main`, so the fuzz executable exists only in the sanitizer build of
// `scripts/fuzz/run.sh` (QUIZLINE_FUZZ_BUILD=1, its own scratch path).
if ProcessInfo.processInfo.environment["QUIZLINE_FUZZ_BUILD"] == "1" {
  package.targets.append(
    .executableTarget(name: "quizline-fuzz", dependencies: ["QuizlineFuzzTargets"], path: "Fuzz/Driver"))
  package.products.append(.executable(name: "quizline-fuzz", targets: ["quizline-fuzz"]))
}
