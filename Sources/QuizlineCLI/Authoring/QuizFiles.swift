import Foundation
import QuizlineCore
import QuizlineFormats

/// The quizzes folders as quizline last read them: which file declared each bank, session and
/// course, and each file's stamp, so a change on disk is noticed with one `stat` per file and a
/// reload says what changed.
///
/// A reload reads every folder through the loader that reads them at start-up (so duplicate ids,
/// references and orphans follow today's rules). A file that changed and now has errors keeps the
/// version read before, and the reload names its errors: an edit that breaks a bank never takes
/// its questions away, so their progress is never orphaned by a typo.
final class QuizFiles {
  /// The folders to read (asked each time: `MyQuizzes` may have been created since).
  private let folders: () -> [String]
  private let loader: CatalogLoader
  /// Writes ids into Markdown banks after each read (nil: never, as for a read-only start).
  private let idWriter: MarkdownIDWriter?
  private var stamps: [String: FileStamp] = [:]
  /// What each file contributes to the catalog in use.
  private var parts: [String: CatalogPart] = [:]
  /// The file of each item of the catalog in use (keys as ``CatalogLoadResult/sources``).
  private(set) var sources: [String: String] = [:]

  init(
    folders: @escaping () -> [String], loader: CatalogLoader, initial: CatalogLoadResult,
    idWriter: MarkdownIDWriter? = nil
  ) {
    self.folders = folders
    self.loader = loader
    self.idWriter = idWriter
    sources = initial.sources
    parts = Self.parts(of: initial.catalog, sources: initial.sources)
    for file in initial.files { stamps[file] = FileStamp(file) }
  }

  /// The file that holds `target`.
  func path(of target: EditTarget) -> String? {
    switch target {
    case .bank(let id): sources[CatalogLoadResult.sourceKey("bank", id)]
    case .session(let id): sources[CatalogLoadResult.sourceKey("session", id)]
    case .question(let ref): sources[CatalogLoadResult.sourceKey("bank", ref.bank)]
    }
  }

  /// Whether a catalog file was added, removed or changed (device, inode, size or modification
  /// time) since the last read. Nothing is read but the folders' entries and each file's stat.
  func changedOnDisk() -> Bool {
    let files = loader.catalogFiles(paths: folders())
    guard files.count == stamps.count else { return true }
    return files.contains { stamps[$0] == nil || FileStamp($0) != stamps[$0] }
  }

  /// Reads every folder again. `edited` is reported when it has errors even if its stamp did not
  /// change (the learner closed the editor without fixing it).
  func reload(edited: String? = nil) -> CatalogReload {
    let folderList = folders()
    var result = loader.load(paths: folderList)
    var idNotices: [String] = []
    if let idWriter {
      let written = idWriter.run(result, name: { Self.name($0, folders: folderList) })
      idNotices = written.notices
      // The files now hold the ids: read them as they are.
      if written.rewroteFiles { result = loader.load(paths: folderList) }
    }
    var newStamps: [String: FileStamp] = [:]
    for file in result.files { newStamps[file] = FileStamp(file) }
    let changed = Set(result.files.filter { newStamps[$0] != stamps[$0] })
    let removed = stamps.keys.filter { newStamps[$0] == nil }.sorted()
    var newParts = Self.parts(of: result.catalog, sources: result.sources)
    var newSources = result.sources
    var errors: [String: [Diagnostic]] = [:]
    for d in result.diagnostics where d.severity == .error { errors[d.path, default: []].append(d) }
    var failures: [FileFailure] = []
    var substituted = false
    for file in result.files where errors[file] != nil && (changed.contains(file) || file == edited) {
      let old = parts[file]
      failures.append(
        FileFailure(
          path: file, name: Self.name(file, folders: folderList), problems: errors[file]!.printableLines(perFile: 20),
          keptOldVersion: old != nil))
      guard let old else { continue }
      // The version read before stays: its items replace what the broken file gave now.
      substituted = true
      newParts[file] = old
    }
    var catalog = result.catalog
    if substituted { (catalog, newSources) = Self.merge(newParts, order: result.files) }
    var changes: [FileChange] = []
    for file in result.files where changed.contains(file) {
      if let change = FileChange.compare(
        name: Self.name(file, folders: folderList), old: parts[file], new: newParts[file] ?? CatalogPart())
      {
        changes.append(change)
      }
    }
    for file in removed {
      if let change = FileChange.compare(name: Self.name(file, folders: folderList), old: parts[file], new: nil) {
        changes.append(change)
      }
    }
    stamps = newStamps
    parts = newParts
    sources = newSources
    return CatalogReload(
      catalog: catalog, changes: changes, failures: failures, loadErrorCount: result.errorCount,
      fileCount: result.fileCount, idNotices: idNotices,
      markdownBankIDs: Set(result.markdownBanks.values.map(\.bankID)))
  }

  /// A file as messages name it: its path inside its quizzes folder (`french.md`, `banks/x.json`).
  static func name(_ file: String, folders: [String]) -> String {
    for folder in folders {
      let prefix = folder.hasSuffix("/") ? folder : folder + "/"
      if file.hasPrefix(prefix), file.count > prefix.count { return String(file.dropFirst(prefix.count)) }
    }
    return file
  }

  private static func parts(of catalog: Catalog, sources: [String: String]) -> [String: CatalogPart] {
    var out: [String: CatalogPart] = [:]
    for b in catalog.banks {
      if let f = sources[CatalogLoadResult.sourceKey("bank", b.id)] { out[f, default: CatalogPart()].banks.append(b) }
    }
    for s in catalog.sessions {
      if let f = sources[CatalogLoadResult.sourceKey("session", s.id)] {
        out[f, default: CatalogPart()].sessions.append(s)
      }
    }
    for c in catalog.courses {
      if let f = sources[CatalogLoadResult.sourceKey("course", c.id)] {
        out[f, default: CatalogPart()].courses.append(c)
      }
    }
    return out
  }

  /// The catalog of these parts and the file of each item, an id's first declaration (in load
  /// order) winning.
  private static func merge(_ parts: [String: CatalogPart], order: [String]) -> (Catalog, [String: String]) {
    var banks: [String: Bank] = [:]
    var sessions: [String: StudySession] = [:]
    var courses: [String: Course] = [:]
    var sources: [String: String] = [:]
    for file in order {
      guard let part = parts[file] else { continue }
      for b in part.banks where banks[b.id] == nil {
        banks[b.id] = b
        sources[CatalogLoadResult.sourceKey("bank", b.id)] = file
      }
      for s in part.sessions where sessions[s.id] == nil {
        sessions[s.id] = s
        sources[CatalogLoadResult.sourceKey("session", s.id)] = file
      }
      for c in part.courses where courses[c.id] == nil {
        courses[c.id] = c
        sources[CatalogLoadResult.sourceKey("course", c.id)] = file
      }
    }
    let catalog = Catalog(banks: Array(banks.values), sessions: Array(sessions.values), courses: Array(courses.values))
    return (catalog, sources)
  }
}

/// What tells one version of a file from the next without reading it.
struct FileStamp: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int

  /// The stamp of `path` (following a link, as the loader reads it); nil when it cannot be stat'ed.
  init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modifiedSeconds = info.st_mtim.tv_sec
    modifiedNanoseconds = info.st_mtim.tv_nsec
  }
}
