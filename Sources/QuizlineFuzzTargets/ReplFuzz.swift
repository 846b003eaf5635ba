import QuizlineCore
import QuizlineFormats
import QuizlineInterop

#if canImport(Glibc)
  import Glibc
#endif

/// Lines typed at the REPL, on the fixture catalog (one question of every type, two sessions), run
/// through the command parser, the reducer, an in-memory journal and the plain renderer.
///
/// Input: one line per `\n`; a line of just `0x03` is Ctrl-C and `0x04` ends the input. Each line
/// moves the clock on by a few hours, so schedules come due. Properties: nothing the screen shows
/// carries a control character (bank text and typed text are escaped; the oracle's own definition), every recorded event reads
/// back from its journal line unchanged, and replaying those lines gives the live progress.
enum ReplFuzz {
  static let maxLines = 80

  /// `QUIZLINE_FUZZ_CATALOG` or the test fixtures, relative to the package root.
  static let catalog: Catalog = {
    let path = getenv("QUIZLINE_FUZZ_CATALOG").map { String(cString: $0) } ?? "Tests/Fixtures/catalog"
    return CatalogLoader.load(directory: path).catalog
  }()

  static func run(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    let journal = MemoryJournal()
    var store = Store(state: AppState(catalog: catalog), journal: journal)
    var now = Timestamp(iso8601: "2026-03-01T09:00:00Z")!
    store.send(.started(at: now), at: now)
    let width = 20 + (bytes.first.map { Int($0) } ?? 60) % 100
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(maxLines) {
      now = now.adding(seconds: 5 + Int64(line.count % 7) * 3 * 3600)
      let action: Action
      switch Array(line) {
      case [0x03]: action = .interrupted(at: now)
      case [0x04]: action = .inputEnded(at: now)
      default: action = .lineEntered(String(decoding: line, as: UTF8.self), at: now, entropy: UInt64(line.count))
      }
      store.send(action, at: now)
      let frame = Renderer.render(store.state, RenderContext(width: width, style: .plain, now: now))
      expectNoControlCharacters(frame.text + frame.prompt, after: line, &check)
      if store.state.quitRequested { break }
    }
    var replayed = LearnerProgress()
    for event in journal.events {
      let text = EventCoding.encode(event)
      guard let decoded = try? EventCoding.decode(Array(text.utf8)) else {
        check.expect(false, "a recorded event does not read back: \(text)")
        continue
      }
      check.expect(decoded == event, "an event changed on its way through the journal: \(text)")
      replayed.apply(decoded)
    }
    check.expect(replayed == store.state.progress, "replaying the journal does not give the live progress")
  }

  /// The oracle's own definition, independent of the product's `isControl`: Unicode's control
  /// category (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates.
  static func mustNotReachTheScreen(_ s: Unicode.Scalar) -> Bool {
    if s == "\n" || s == "\t" { return false }
    if s.properties.generalCategory == .control { return true }
    return (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
  }

  private static func expectNoControlCharacters(
    _ text: String, after line: ArraySlice<UInt8>, _ check: inout PropertyCheck
  ) {
    if let s = text.unicodeScalars.first(where: mustNotReachTheScreen) {
      check.expect(
        false,
        "the screen shows U+\(String(s.value, radix: 16, uppercase: true)) after \(String(decoding: line.prefix(80), as: UTF8.self).debugDescription)"
      )
    }
  }
}
