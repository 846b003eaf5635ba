import QuizlineCore
import QuizlineStorage

/// How ``CatalogLoader`` runs the work of each file (reading and decoding it): one file after
/// another, or several at once on other threads. This module imports no thread API, so the command
/// line hands it Dispatch's. A runner calls `body` exactly once for each index in `0..<count` and
/// returns when every call has; the loader puts the results back in file order, so what it loads
/// and every message are the same whichever runner it has (`ConcurrentCatalogLoadTests`).
public struct FileWorkRunner: Sendable {
  /// Calls `body` once for each index in `0..<count`; returns when all calls have.
  public let run: @Sendable (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void

  /// A runner from a function that calls its body once for each index (at once or in turn).
  public init(_ run: @escaping @Sendable (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void) {
    self.run = run
  }

  /// One file after another, on the calling thread.
  public static let sequential = FileWorkRunner { count, body in
    for index in 0..<count { body(index) }
  }
}

/// What reading and decoding one catalog file gave, before the loader gathers the files in order.
enum CatalogFileOutcome {
  /// The file could not be read: its message, and whether it counts as unreadable (exit 74; a file
  /// over the size limit does not).
  case unreadable(Diagnostic, countsAsUnreadable: Bool)
  /// A Markdown file: what it turned out to be, with a loaded bank's layout and content hash, and
  /// whether it starts with a front matter line (for the message when it is not a quizline file).
  case markdown(MarkdownCatalogFile.Outcome, DecodeContext, bankFile: MarkdownBankFile?, frontMatter: Bool)
  /// A JSON file: its item (nil when unusable) and the context holding its messages.
  case json(CatalogItem?, DecodeContext)
}

/// One result slot per file, each written by exactly one runner call and read after the runner
/// returns: the runner's join orders the writes before the reads.
final class CatalogFileSlots: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<CatalogFileOutcome?>
  let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: max(count, 1))
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  subscript(index: Int) -> CatalogFileOutcome? {
    get { slots[index] }
    set { slots[index] = newValue }
  }
}

extension CatalogLoader {
  /// Reads and decodes the file at `path` (nothing shared with other files is touched).
  func outcome(of path: String) -> CatalogFileOutcome {
    let bytes: [UInt8]
    do {
      bytes = try files.read(path, limit: limits.maxDocumentBytes)
    } catch {
      let counts: Bool
      if case .tooLarge = error { counts = false } else { counts = true }
      return .unreadable(Diagnostic(.error, path: path, error.message), countsAsUnreadable: counts)
    }
    if Self.isMarkdown(path) {
      let (outcome, context) = MarkdownCatalogFile.decode(bytes: bytes, path: path, hashContent: hashesContent)
      var bankFile: MarkdownBankFile?
      if case .item(.bank(let bank, _, _)?, let layout?) = outcome {
        bankFile = MarkdownBankFile(bankID: bank.id, layout: layout, contentHash: contentHash(bytes))
      }
      return .markdown(outcome, context, bankFile: bankFile, frontMatter: bytes.starts(with: Array("---".utf8)))
    }
    let (item, context) = CatalogFileDecoder.decode(
      bytes: bytes, path: path, limits: limits, hashContent: hashesContent)
    return .json(item, context)
  }

  /// Every file's outcome, in the order of `paths`, with the work spread by ``runner``.
  func outcomes(of paths: [String]) -> [CatalogFileOutcome] {
    let slots = CatalogFileSlots(count: paths.count)
    runner.run(paths.count) { index in slots[index] = outcome(of: paths[index]) }
    // A runner that skipped an index (it breaks its promise) costs the file a second read, not a trap.
    return (0..<paths.count).map { index in slots[index] ?? outcome(of: paths[index]) }
  }
}
