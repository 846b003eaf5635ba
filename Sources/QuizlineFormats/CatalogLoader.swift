import QuizlineCore
import QuizlineStorage

/// The outcome of loading catalog files: what could be used, and every problem found.
public struct CatalogLoadResult: Sendable {
  public var catalog: Catalog
  /// Sorted by file (in load order), then line and column.
  public var diagnostics: [Diagnostic]
  /// Paths that were named but do not exist (exit 66).
  public var missingPaths: [String]
  /// Number of files that exist but could not be read (exit 74).
  public var unreadableFiles: Int
  /// Number of files looked at.
  public var fileCount: Int
  /// The catalog files read, in load order.
  public var files: [String] = []
  /// The file that declared each bank, session and course of ``catalog`` (keys `bank/ID`,
  /// `session/ID`, `course/ID`): where `edit` opens it and what a reload compares.
  public var sources: [String: String] = [:]
  /// Each Markdown bank that loaded, by file: its layout (where each question is, whether its id is
  /// written) and the content hash of the bytes read, for the writer of ids.
  public var markdownBanks: [String: MarkdownBankFile] = [:]

  /// The key of ``sources`` for an item.
  public static func sourceKey(_ kind: String, _ id: String) -> String { kind + "/" + id }

  public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
  public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// Finds, reads, decodes and cross-checks banks, study sessions and courses.
public struct CatalogLoader: Sendable {
  public var files: any FileSource
  public var limits: JSONLimits
  /// Whether each bank gets its ``Bank/contentHash`` (true; `check`, which only validates, turns it off).
  public var hashesContent = true
  /// How the files are read and decoded: one after another unless the caller hands a runner that
  /// works on several at once (the command line does); the result is the same either way.
  public var runner = FileWorkRunner.sequential

  public init(files: any FileSource = LocalFileSource(), limits: JSONLimits = .default) {
    self.files = files
    self.limits = limits
  }

  /// Loads every `*.json` file under `directory`.
  public static func load(directory: String) -> CatalogLoadResult {
    CatalogLoader().load(paths: [directory])
  }

  /// Loads the given files and folders (folders recursively: `*.json`, and `*.md` files whose
  /// front matter has a `kind:`; hidden entries skipped).
  /// References (checkpoint questions, course sessions) may also resolve in `referenceCatalog`, whose
  /// own problems are not reported: this is how a single file is checked against its quizzes folder.
  public func load(paths: [String], referenceCatalog: Catalog? = nil) -> CatalogLoadResult {
    var diagnostics: [Diagnostic] = []
    var missing: [String] = []
    var unreadable = 0
    var jsonFiles: [String] = []
    // Files named one by one: a Markdown file among them that is not a quizline file is an error,
    // where one found in a folder (a README, a note) is passed over.
    var named = Set<String>()
    for path in paths {
      switch files.kind(of: path) {
      case .missing:
        missing.append(path)
        diagnostics.append(Diagnostic(.error, path: path, "no such file or directory"))
      case .directory where path.hasSuffix(".json"):
        diagnostics.append(Diagnostic(.error, path: path, "is a directory, not a JSON file"))
      case .directory:
        var visited = Set<String>()
        collect(
          directory: path, into: &jsonFiles, diagnostics: &diagnostics, unreadable: &unreadable, visited: &visited)
      case .regular:
        jsonFiles.append(path)
        named.insert(path)
      case .other(let what):
        unreadable += 1
        diagnostics.append(Diagnostic(.error, path: path, "cannot read: it is \(what)"))
      }
    }
    var items: [(CatalogItem, DecodeContext)] = []
    var markdownBanks: [String: MarkdownBankFile] = [:]
    var notes = 0
    for (path, outcome) in zip(jsonFiles, outcomes(of: jsonFiles)) {
      switch outcome {
      case .unreadable(let diagnostic, let counts):
        if counts { unreadable += 1 }
        diagnostics.append(diagnostic)
      case .markdown(let outcome, let context, let bankFile, let frontMatter):
        diagnostics += context.diagnostics
        switch outcome {
        case .item(let item, _):
          if let item { items.append((item, context)) }
          if let bankFile { markdownBanks[path] = bankFile }
        case .notQuizline where named.contains(path):
          diagnostics.append(
            Diagnostic(
              .error, path: path, line: 1, column: 1,
              frontMatter
                ? "not a quizline file: its front matter has no kind: line; a Markdown bank or session says kind: bank or kind: session there (with id: and title:)"
                : "not a quizline file: a Markdown bank or session starts with front matter (a line ---, then kind: bank or kind: session, id: and title: lines, then ---)"
            ))
        case .notQuizline: notes += 1
        }
      case .json(let item, let context):
        diagnostics += context.diagnostics
        if let item { items.append((item, context)) }
      }
    }
    var checker = CrossFileChecker(items: items, reference: referenceCatalog ?? .empty)
    diagnostics += checker.check()
    var sources: [String: String] = [:]
    for (item, context) in items {
      let key: String
      switch item {
      case .bank(let b, _, _): key = CatalogLoadResult.sourceKey("bank", b.id)
      case .session(let s, _, _): key = CatalogLoadResult.sourceKey("session", s.id)
      case .course(let c, _, _, _): key = CatalogLoadResult.sourceKey("course", c.id)
      }
      // The first declaration is the one the catalog keeps (a later one is a duplicate-id error).
      if sources[key] == nil { sources[key] = context.path }
    }
    let order = Dictionary(jsonFiles.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    diagnostics.sort { a, b in
      let (oa, ob) = (order[a.path] ?? -1, order[b.path] ?? -1)
      return (oa, a.line, a.column) < (ob, b.line, b.column)
    }
    return CatalogLoadResult(
      catalog: checker.catalog, diagnostics: diagnostics, missingPaths: missing, unreadableFiles: unreadable,
      fileCount: jsonFiles.count - notes, files: jsonFiles, sources: sources, markdownBanks: markdownBanks)
  }

  /// The catalog files `load(paths:)` would read under these files and folders (nothing is read).
  public func catalogFiles(paths: [String]) -> [String] {
    var out: [String] = []
    var ignored: [Diagnostic] = []
    var unreadable = 0
    for path in paths {
      switch files.kind(of: path) {
      case .directory:
        var visited = Set<String>()
        collect(directory: path, into: &out, diagnostics: &ignored, unreadable: &unreadable, visited: &visited)
      case .regular: out.append(path)
      default: continue
      }
    }
    return out
  }

  /// Whether a file is read as Markdown (`.md`, `.markdown`).
  public static func isMarkdown(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
  }

  /// Walks `directory`; a folder reached again through a link (a loop such as `ln -s . a`, or two
  /// links to one folder) is skipped with a warning naming it.
  private func collect(
    directory: String, into out: inout [String], diagnostics: inout [Diagnostic], unreadable: inout Int,
    visited: inout Set<String>
  ) {
    if let real = files.canonicalPath(directory), !visited.insert(real).inserted {
      diagnostics.append(
        Diagnostic(
          .warning, path: directory,
          "is a link to a folder already read (\(real)); skipped, so a link loop cannot hang loading"))
      return
    }
    let names: [String]
    do {
      names = try files.entries(of: directory)
    } catch {
      unreadable += 1
      diagnostics.append(Diagnostic(.error, path: directory, error.message))
      return
    }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      switch files.kind(of: path) {
      case .directory:
        if name.hasSuffix(".json") {
          diagnostics.append(Diagnostic(.error, path: path, "is a directory, not a JSON file"))
        } else {
          collect(directory: path, into: &out, diagnostics: &diagnostics, unreadable: &unreadable, visited: &visited)
        }
      case .regular where name.hasSuffix(".json") || Self.isMarkdown(name):
        out.append(path)
      case .other(let what) where name.hasSuffix(".json"):
        unreadable += 1
        diagnostics.append(Diagnostic(.error, path: path, "cannot read: it is \(what)"))
      default:
        continue
      }
    }
  }
}
