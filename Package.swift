// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Every product links libstdc++, zlib, SQLite, zstd and libedit (with termcap, bsd, md) from their
/// static archives: the linker finds `-lstdc++`, `-lz`, … first in `Linking/`, whose `lib*.so` files
/// are linker scripts naming the archive (`INPUT(libz.a)`, searched in the usual folders). A release
/// binary then loads libc, libm and libgcc_s (libchafa only when a picture is drawn), instead of
/// eleven shared libraries with about 4,000 symbol relocations (BENCHMARKS.md, "Issue 20: start-up
/// linked statically"). Set on the core, which every product links.
let staticLinking: [LinkerSetting] = [
  .unsafeFlags(["-L", Context.packageDirectory + "/Linking"], .when(platforms: [.linux]))
]

/// chafa.h includes glib.h: the folders `pkg-config --cflags chafa` names, for the Debian triples
/// quizline is built on (a folder that does not exist is ignored by the compiler).
let chafaIncludeFlags: [String] =
  ["/usr/include/chafa", "/usr/include/glib-2.0"].map { "-I" + $0 }
  + ["x86_64-linux-gnu", "aarch64-linux-gnu"].flatMap { triple in
    ["chafa", "glib-2.0"].map { "-I/usr/lib/\(triple)/\($0)/include" }
  }

let package = Package(
  name: "quizline",
  products: [
    .executable(name: "quizline", targets: ["quizline"]),
    .library(name: "QuizlineCore", targets: ["QuizlineCore"]),
  ],
  targets: [
    // libedit (Debian's libedit-dev): line editing, history, completion. No pkgConfig for the C
    // libraries: it would add `-L/usr/lib/<triple>` ahead of `Linking/` (see `staticLinking`).
    .systemLibrary(name: "CEditLine"),
    // pow, strtod, memchr and memcmp from the C library, and nothing else (see Sources/CMath/shim.h).
    .systemLibrary(name: "CMath", path: "Sources/CMath"),
    // SQLite (Debian's libsqlite3-dev), zlib (zlib1g-dev) and zstd (libzstd-dev): Anki packages are
    // zip archives (deflate) holding SQLite collections, zstd-compressed in the latest version.
    // `scripts/ensure-deps.sh` installs them.
    .systemLibrary(name: "CSQLite"),
    .systemLibrary(name: "CZlib"),
    .systemLibrary(name: "CZstd"),
    // cmark-gfm (Debian's libcmark-gfm-dev, libcmark-gfm-extensions-dev): CommonMark with GitHub's
    // tables and task lists, with source positions, for Markdown banks and sessions.
    .systemLibrary(name: "CCmark"),
    // renameat2(RENAME_EXCHANGE) from the C library: quizline swaps ids into a user's Markdown file
    // and swaps back when the file changed meanwhile (Sources/CRenameExchange/shim.h).
    .systemLibrary(name: "CRenameExchange", path: "Sources/CRenameExchange"),
    // The image decoders (Debian's libpng-dev, libjpeg62-turbo-dev, libgif-dev, libwebp-dev), linked
    // from their static archives; Sources/CImageCodecs/shim.h keeps libjpeg's longjmp inside C.
    .systemLibrary(name: "CImageCodecs"),
    // libchafa (Debian's libchafa-dev) draws pixels as kitty, iTerm2 or sixel graphics, or as Unicode
    // symbol art. A small C file gives it a glib-free header and opens libchafa (which loads glib)
    // with dlopen when the first picture is drawn, not linked (Linking/README.md).
    // libcurl: `quizline xapi push` talks HTTP(S) to a Learning Record Store. Loaded with dlopen when
    // a push starts, not linked (Sources/CCurl/include/quizline_curl.h); the header comes with Debian's
    // libcurl4-openssl-dev.
    .target(name: "CCurl"),
    .target(
      name: "CChafa", cSettings: [.unsafeFlags(chafaIncludeFlags)]),
    // The pure core: model, grading, events and the one fold, store (reducer), render, scheduling,
    // the report model. No file, terminal or clock API: `scripts/lint/pure-core.sh` keeps it so.
    .target(name: "QuizlineCore", dependencies: ["CMath"], linkerSettings: staticLinking),
    // Everything that touches the file system for progress: bounded reads, atomic writes, the
    // journal, snapshots, the profile lock and layout.
    .target(name: "QuizlineStorage", dependencies: ["QuizlineCore", "CRenameExchange"]),
    // The bank and session formats (JSON, and Markdown through cmark-gfm): decoding, validation,
    // loading a quiz folder.
    .target(name: "QuizlineFormats", dependencies: ["QuizlineCore", "QuizlineStorage", "CCmark"]),
    // Reports from a profile's history on disk, and the report file formats (md, json, csv, html).
    .target(name: "QuizlineReports", dependencies: ["QuizlineCore", "QuizlineStorage"]),
    // Other tools' formats: GIFT, Aiken, CSV/TSV and Anki packages in; Anki notes and packages, bank JSON out.
    .target(name: "QuizlineInterop", dependencies: ["QuizlineCore", "QuizlineFormats", "CSQLite", "CZlib", "CZstd"]),
    // Argument parsing, terminal, the REPL runtime.
    .target(
      name: "QuizlineCLI",
      dependencies: [
        "QuizlineCore", "QuizlineStorage", "QuizlineFormats", "QuizlineReports", "QuizlineInterop", "CEditLine",
        "CImageCodecs", "CChafa", "CCurl",
      ]),
    // A ten-line entry point.
    .executableTarget(name: "quizline", dependencies: ["QuizlineCLI"]),
    // Throughput benchmarks (`swift run -c release quizline-bench fsrs`), one subcommand each.
    .executableTarget(
      name: "quizline-bench", dependencies: ["QuizlineCore", "QuizlineStorage", "QuizlineFormats", "QuizlineReports"],
      path: "Sources/QuizlineBench"),
    // The fuzz targets (bytes -> broken properties), shared by libFuzzer and the corpus replay tests.
    .target(
      name: "QuizlineFuzzTargets",
      dependencies: ["QuizlineCore", "QuizlineStorage", "QuizlineFormats", "QuizlineReports", "QuizlineInterop"]),
    // Helpers shared by the test targets: fixture paths, golden snapshots with a readable diff.
    .target(name: "QuizlineTestSupport", path: "Tests/QuizlineTestSupport"),
    .testTarget(
      name: "QuizlineCoreTests",
      dependencies: [
        "QuizlineCore", "QuizlineStorage", "QuizlineFormats", "QuizlineReports", "QuizlineInterop",
        "QuizlineTestSupport",
      ], exclude: ["Fixtures"]),
    .testTarget(
      name: "QuizlineFuzzTests",
      dependencies: ["QuizlineFuzzTargets", "QuizlineCore", "QuizlineFormats", "QuizlineTestSupport"]),
    .testTarget(
      name: "QuizlineCLITests",
      dependencies: [
        "QuizlineCLI", "QuizlineCore", "QuizlineStorage", "QuizlineFormats", "QuizlineReports", "QuizlineInterop",
        "quizline",
        "QuizlineTestSupport",
      ]),
  ]
)

// libFuzzer's driver supplies `main`, so the fuzz executable exists only in the sanitizer build of
// `scripts/fuzz/run.sh` (QUIZLINE_FUZZ_BUILD=1, its own scratch path).
if ProcessInfo.processInfo.environment["QUIZLINE_FUZZ_BUILD"] == "1" {
  package.targets.append(
    .executableTarget(name: "quizline-fuzz", dependencies: ["QuizlineFuzzTargets"], path: "Fuzz/Driver"))
  package.products.append(.executable(name: "quizline-fuzz", targets: ["quizline-fuzz"]))
}
