import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineStorage

/// Shared by `import`, `export-anki` and `check`: which importer reads a file, and writing output files
/// without ever replacing an existing one unless asked to.
enum InteropFiles {
  enum Format: String, CaseIterable {
    case gift, aiken, csv, tsv

    /// The name shown in the import summary.
    var label: String {
      switch self {
      case .gift: "GIFT"
      case .aiken: "Aiken"
      case .csv: "CSV"
      case .tsv: "TSV"
      }
    }
  }

  /// The format named by `--format`, else by the extension (`.gift`; `.aiken` or `.aiken.txt`), else by the
  /// content: a line starting `ANSWER:` means Aiken, and so does one starting `answer:` in another letter
  /// case when the file has no `{` (so an Aiken file with a mistyped keyword gets Aiken's errors instead of
  /// becoming GIFT study text); anything else is read as GIFT.
  static func format(of path: String, bytes: [UInt8], explicit: String?) -> Format {
    if let explicit, let f = Format(rawValue: explicit) { return f }
    let lower = path.lowercased()
    if lower.hasSuffix(".gift") { return .gift }
    if lower.hasSuffix(".csv") { return .csv }
    if lower.hasSuffix(".tsv") { return .tsv }
    if lower.hasSuffix(".aiken") || lower.hasSuffix(".aiken.txt") { return .aiken }
    let text = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
    let starts = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map {
      $0.drop(while: { $0 == " " || $0 == "\t" }).prefix(7)
    }
    if starts.contains("ANSWER:") { return .aiken }
    let answerLine = starts.contains { $0.uppercased() == "ANSWER:" }
    return answerLine && !text.contains("{") ? .aiken : .gift
  }

  /// Whether `check` hands `path` to an importer instead of the JSON loader.
  static func isImportable(_ path: String) -> Bool {
    let p = path.lowercased()
    return p.hasSuffix(".gift") || p.hasSuffix(".aiken") || p.hasSuffix(".txt") || p.hasSuffix(".csv")
      || p.hasSuffix(".tsv")
  }

  static func importer(_ format: Format, bytes: [UInt8], path: String, bankID: String? = nil)
    -> ImportResult
  {
    switch format {
    case .gift: GIFTImporter(bankID: bankID).read(bytes: bytes, path: path)
    case .aiken: AikenImporter(bankID: bankID).read(bytes: bytes, path: path)
    case .csv: CSVImporter(bankID: bankID).read(bytes: bytes, path: path)
    case .tsv:
      {
        var i = CSVImporter(bankID: bankID)
        i.defaultSeparator = "\t"
        return i.read(bytes: bytes, path: path)
      }()
    }
  }

  enum WriteError: Error {
    case exists(String)
    case failed(String, String)

    var message: String {
      switch self {
      case .exists(let p): "\(quotedArg(p)) already exists; pass --force to replace it"
      case .failed(let p, let why): "cannot write \(quotedArg(p)): \(why)"
      }
    }

    /// 73 when the file exists (pass --force), 74 when writing failed.
    var exitCode: ExitCode {
      if case .exists = self { .cantCreate } else { .ioError }
    }
  }

  /// Writes `text` to `path` through a temporary file in the same folder, so a reader never sees half a
  /// file. Without `replace`, an existing file is never touched (the final step is `link`, which fails
  /// when the name exists).
  static func write(_ text: String, to path: String, replace: Bool) throws(WriteError) {
    try write(bytes: Array(text.utf8), to: path, replace: replace)
  }

  /// Writes `bytes` to `path` as ``write(_:to:replace:)`` writes text; `sweep: false` when the
  /// caller already removed stale temporaries of `path` (``OutputFiles/removeStaleTemporaries(for:)``).
  static func write(bytes: [UInt8], to path: String, replace: Bool, sweep: Bool = true) throws(WriteError) {
    if sweep { OutputFiles.removeStaleTemporaries(for: path) }
    let pending = try writeTemporary(bytes: bytes, for: path, replace: replace)
    try putInPlace(pending)
  }

  /// A file written under its temporary name and not yet put in place (``putInPlace(_:)``).
  struct PendingWrite {
    var path: String
    var temp: String
    var replace: Bool
    /// The temporary's descriptor when still open (it is then synced through it), else -1.
    var fd: Int32
    /// The temporary's slot in the removal on a termination signal.
    var slot: Int?
  }

  /// Writes `bytes` to the temporary name of `path`; with `keepOpen: false` the file is closed unsynced
  /// (``putInPlace(_:)`` syncs it by name: many files written first, then synced one after the
  /// other, cost fewer waits on the disk than a sync after each).
  static func writeTemporary(bytes: [UInt8], for path: String, replace: Bool, keepOpen: Bool = true)
    throws(WriteError) -> PendingWrite
  {
    if replace, let kind = OutputFiles.irregularKind(path) {
      throw .failed(path, "it is \(kind); --force replaces only regular files")
    }
    let temp = OutputFiles.temporaryName(for: path)
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .failed(path, String(cString: strerror(errno))) }
    let slot = OutputFiles.remember(temp)
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes {
        Foundation.write(fd, $0.baseAddress! + done, bytes.count - done)
      }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else {
        let why = String(cString: strerror(errno))
        close(fd)
        unlink(temp)
        OutputFiles.forget(slot)
        throw .failed(path, why)
      }
      done += n
    }
    guard keepOpen else {
      close(fd)
      return PendingWrite(path: path, temp: temp, replace: replace, fd: -1, slot: slot)
    }
    return PendingWrite(path: path, temp: temp, replace: replace, fd: fd, slot: slot)
  }

  /// Syncs a written temporary (through its descriptor, or opened again by name) and puts it in place:
  /// renamed over the file it replaces, or linked to its name (which fails when the name exists).
  /// The temporary is removed whatever happens.
  static func putInPlace(_ pending: PendingWrite) throws(WriteError) {
    try putInPlace(pending, syncFailure: syncTemporary(pending))
  }

  /// Syncs a written temporary (through its descriptor, which is closed, or opened again by name);
  /// why it failed (`strerror`), or nil once its bytes are on disk.
  static func syncTemporary(_ pending: PendingWrite) -> String? {
    var fd = pending.fd
    if fd < 0 { fd = open(pending.temp, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    let ok = fsync(fd) == 0
    let why = ok ? nil : String(cString: strerror(errno))
    close(fd)
    return why
  }

  /// Puts a temporary synced by ``syncTemporary(_:)`` in place, as ``putInPlace(_:)`` does; a
  /// `syncFailure` is thrown for its file instead. The temporary is removed whatever happens.
  static func putInPlace(_ pending: PendingWrite, syncFailure: String?) throws(WriteError) {
    let path = pending.path
    let temp = pending.temp
    defer {
      unlink(temp)
      OutputFiles.forget(pending.slot)
    }
    if let why = syncFailure { throw .failed(path, why) }
    if pending.replace {
      if let kind = OutputFiles.irregularKind(path) {
        throw .failed(path, "it is \(kind); --force replaces only regular files")
      }
      guard rename(temp, path) == 0 else { throw .failed(path, String(cString: strerror(errno))) }
    } else if link(temp, path) != 0 {
      if errno == EEXIST { throw .exists(path) }
      throw .failed(path, String(cString: strerror(errno)))
    }
  }

  /// For a CSV or TSV file (by its name or `--format`) too large to be read whole: its first line over
  /// ``CSVImporter/maxLineBytes``, reported as the importer reports it in a smaller file; nil otherwise.
  static func longLine(_ path: String, _ error: FileReadError, format explicit: String?) -> Diagnostic? {
    guard case .tooLarge = error else { return nil }
    let named = format(of: path, bytes: [], explicit: explicit)
    guard named == .csv || named == .tsv,
      let long = firstLongLine(path, limit: CSVImporter.maxLineBytes)
    else { return nil }
    return CSVImporter.longLine(path, long)
  }

  /// The first line of the file at `path` longer than `limit` bytes, read a mebibyte at a time (for a
  /// file too large to be read whole); nil when there is none or the file cannot be read.
  static func firstLongLine(_ path: String, limit: Int) -> LongLineFinder.Found? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var finder = LongLineFinder(limit: limit)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { break }
      let more = buffer.withUnsafeBytes { finder.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
      if !more { break }
    }
    return finder.result
  }

  /// Creates `dir` (and its parents) when missing.
  static func makeDirectory(_ dir: String) -> String? {
    do {
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
      return nil
    } catch {
      return "cannot create the folder \(quotedArg(dir)): \(error.localizedDescription)"
    }
  }
}

/// `quizline check` on `.gift`, `.aiken` and Aiken `.txt` files named as paths: they are run through the
/// importer and its located diagnostics are reported like those of bank files.
enum InteropCheck {
  /// Splits `paths` into regular files the importers read and everything else (for the JSON loader).
  static func split(_ paths: [String], _ env: CommandEnvironment) -> (
    importable: [String], rest: [String]
  ) {
    var importable: [String] = []
    var rest: [String] = []
    for p in paths {
      if InteropFiles.isImportable(p), case .regular = env.files.kind(of: p) {
        importable.append(p)
      } else {
        rest.append(p)
      }
    }
    return (importable, rest)
  }

  /// Imports each file and adds its diagnostics, file and question counts to `result`.
  static func check(
    _ paths: [String], into result: inout CatalogLoadResult, _ env: CommandEnvironment
  ) {
    // Nothing to import: the catalog stays as loaded (rebuilding it costs a pass over every question).
    guard !paths.isEmpty else { return }
    var banks = result.catalog.banks
    for path in paths {
      let bytes: [UInt8]
      do {
        bytes = try env.files.read(path, limit: JSONLimits.default.maxDocumentBytes)
      } catch {
        if case .tooLarge = error {} else { result.unreadableFiles += 1 }
        result.diagnostics.append(
          InteropFiles.longLine(path, error, format: nil) ?? Diagnostic(.error, path: path, error.message))
        continue
      }
      result.fileCount += 1
      let format = InteropFiles.format(of: path, bytes: bytes, explicit: nil)
      let imported = InteropFiles.importer(format, bytes: bytes, path: path)
      result.diagnostics += imported.diagnostics
      if !imported.isRejected { banks.append(imported.bank) }
    }
    result.catalog = Catalog(
      banks: banks, sessions: result.catalog.sessions, courses: result.catalog.courses)
  }
}
