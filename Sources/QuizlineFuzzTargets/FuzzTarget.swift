import QuizlineCore
import QuizlineFormats

/// The parsers quizline exposes to hostile input, each as a fuzz target: one function from bytes to
/// the list of broken properties (empty when the input was handled properly).
///
/// The same functions serve libFuzzer (`make fuzz`, through `Fuzz/Driver`, which aborts on the first
/// broken property so a `crash-*` file is kept) and the test suite, which replays the seed corpora and
/// every saved regression input (`Fuzz/regressions/<target>/`). Beyond "no crash, no trap, no hang",
/// every target checks that rejections are located errors, and the round trips that must hold.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// A bank/session/course JSON file through the loader and validator.
  case bank
  /// A Moodle GIFT file through the importer.
  case gift
  /// An Aiken file through the importer.
  case aiken
  /// Journal lines and snapshots through the progress readers.
  case journal
  /// Lines typed at the REPL through the command parser, the reducer, the journal and the renderer.
  case repl
  /// A zip archive through the zip reader and, as an Anki package, the importer.
  case zip
  /// An SQLite file as an Anki collection through the collection reader and the card conversion.
  case collection
  /// A CSV/TSV file (Anki's Notes in Plain Text) through the importer.
  case csv
  /// A Markdown bank through its reader and writer.
  case markdown
  /// A LaTeX formula through the math reader and its inline and displayed drawings.
  case math

  /// Runs the target on one input; returns what went wrong (empty when all is well).
  public func run(_ bytes: [UInt8]) -> [String] {
    var check = PropertyCheck()
    switch self {
    case .bank: BankFuzz.run(bytes, &check)
    case .gift: ImportFuzz.gift(bytes, &check)
    case .aiken: ImportFuzz.aiken(bytes, &check)
    case .journal: JournalFuzz.run(bytes, &check)
    case .repl: ReplFuzz.run(bytes, &check)
    case .zip: AnkiFuzz.zip(bytes, &check)
    case .collection: AnkiFuzz.collection(bytes, &check)
    case .csv: AnkiFuzz.csv(bytes, &check)
    case .markdown: MarkdownFuzz.run(bytes, &check)
    case .math: MathFuzz.run(bytes, &check)
    }
    return check.failures
  }
}

/// Collects broken properties.
struct PropertyCheck {
  var failures: [String] = []

  mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { failures.append(message()) }
  }

  /// Every error or warning must point into the text it is about: a real line, a column inside it
  /// (or 0:0 for a problem of the whole file).
  /// `carriageReturnEndsLines`: the importers read text files, where a lone `\r` ends a line too;
  /// JSON counts only `\n`.
  mutating func expectLocated(
    _ diagnostics: [Diagnostic], in bytes: [UInt8], path: String, carriageReturnEndsLines: Bool = false
  ) {
    let lineLengths = Self.lineLengths(bytes, carriageReturnEndsLines: carriageReturnEndsLines)
    for d in diagnostics where d.path == path && d.severity != .note {
      if d.line == 0 {
        expect(d.column == 0, "diagnostic with a column but no line: \(d)")
        continue
      }
      guard d.line >= 1, d.line <= lineLengths.count else {
        failures.append("diagnostic outside the text (\(lineLengths.count) lines): \(d)")
        continue
      }
      expect(
        d.column >= 0 && d.column <= lineLengths[d.line - 1] + 1,
        "diagnostic column past the end of line \(d.line) (\(lineLengths[d.line - 1]) bytes): \(d)")
    }
  }

  /// Byte length of each line.
  static func lineLengths(_ bytes: [UInt8], carriageReturnEndsLines: Bool) -> [Int] {
    var lengths: [Int] = []
    var current = 0
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x0A || (carriageReturnEndsLines && b == 0x0D) {
        lengths.append(current)
        current = 0
        if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
      } else {
        current += 1
      }
      i += 1
    }
    lengths.append(current)
    return lengths
  }
}
