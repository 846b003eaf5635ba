// swift-tools-version:6.0
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
    .testTarget(name: "QuizlineCoreTests", dependencies: ["QuizlineCore"], exclude: ["Fixtures"]),
    .testTarget(name: "QuizlineCLITests", dependencies: ["QuizlineCLI", "QuizlineCore", "quizline"]),
  ]
)
