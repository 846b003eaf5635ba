import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineReports

/// Writes rendered reports to files or standard output, streaming (a large CSV is never held whole).
///
/// Every target is checked before anything is written: its folder must exist and, without
/// `--force`, the file must not; with `--force` it must be a regular file (a link or a device is
/// never replaced). Each file is written to a temporary name in the same folder and synced; only
/// when every file of the report is written are they put in place, with `link` (which refuses to
/// replace an existing name) or, with `--force`, `rename`. On failure the temporary files are
/// removed and nothing is left half-written: a CSV report's two files appear both or neither.
enum ReportFileWriter {
  struct Failure: Error, Equatable {
    var message: String
    /// The file exists and `force` was not given (exit 73 rather than 74).
    var exists = false
  }

  /// Runs `write` (one of the writers below) and tells the learner what happened: "Wrote PATHS
  /// (SIZE)." and exit 0; a located message and exit 73 (the file exists) or 74; or, when the writer
  /// gave up (nil, having said why), `failure`, read after the writer ran. The one ending of every `report --out`.
  static func place(
    _ env: CommandEnvironment, failure: @autoclosure () -> ExitCode,
    _ write: () throws(Failure) -> (paths: [String], bytes: Int)?
  ) -> ExitCode {
    do {
      guard let written = try write() else { return failure() }
      env.stdout.line("Wrote \(written.paths.joined(separator: ", ")) (\(ReportFormat.size(written.bytes))).")
      return .ok
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exists ? .cantCreate : .ioError
    }
  }

  /// Renders `report` into every file `format` needs for `path`; returns the paths and total bytes.
  static func write(
    _ report: Report, format: ReportFormat, style: Style, width: Int, media: ReportMedia? = nil, path: String,
    force: Bool
  ) throws(Failure) -> (paths: [String], bytes: Int) {
    let written = try write(format: format, path: path, classReport: report.isClass, force: force) { targets in
      for (table, sink) in targets {
        ReportRenderer.render(
          report, format: format, table: table, style: style, width: width, media: media, to: sink)
      }
      return true
    }
    return written ?? ([], 0)
  }

  /// Opens a temporary file for every file `format` needs for `path` and lets `body` write them,
  /// each through the sink of its CSV table (all at once, so a report can be written as it is
  /// built); then puts them in place. When `body` returns false (it gave up, and said why), the
  /// temporary files are removed, nothing is placed, and the result is nil.
  static func write(
    format: ReportFormat, path: String, classReport: Bool, force: Bool,
    _ body: ([(table: CSVTable, sink: any ReportSink)]) -> Bool
  ) throws(Failure) -> (paths: [String], bytes: Int)? {
    let targets = format.files(for: path, classReport: classReport)
    for (_, target) in targets { try check(target, force: force) }
    var written: [(temp: String, slot: Int?, path: String)] = []
    var files: [(table: CSVTable, fd: Int32, sink: DescriptorReportSink)] = []
    defer {
      for f in files where f.fd >= 0 { close(f.fd) }
      for w in written {
        unlink(w.temp)
        OutputFiles.forget(w.slot)
      }
    }
    for (table, target) in targets {
      OutputFiles.removeStaleTemporaries(for: target)
      let temp = OutputFiles.temporaryName(for: target)
      let slot = OutputFiles.remember(temp)
      written.append((temp, slot, target))
      let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard fd >= 0 else {
        throw Failure(message: "cannot write \(quotedArg(target)): \(String(cString: strerror(errno)))")
      }
      files.append((table, fd, DescriptorReportSink(fd: fd)))
    }
    guard body(files.map { ($0.table, $0.sink) }) else { return nil }
    var total = 0
    for k in files.indices {
      let sink = files[k].sink
      sink.flush()
      var failure = sink.failure
      if failure == nil, fsync(files[k].fd) != 0 { failure = String(cString: strerror(errno)) }
      close(files[k].fd)
      files[k].fd = -1
      if let failure { throw Failure(message: "cannot write \(quotedArg(written[k].path)): \(failure)") }
      total += sink.bytes
    }
    var placed: [String] = []
    for w in written {
      do {
        try place(w.temp, at: w.path, force: force)
        placed.append(w.path)
      } catch {
        // Without --force the files placed so far are new names: take them back, so it is all or nothing.
        if !force { for p in placed { unlink(p) } }
        throw error
      }
    }
    return (targets.map(\.path), total)
  }

  /// Fails with a located message when `path` cannot be written.
  static func check(_ path: String, force: Bool) throws(Failure) {
    let folder = directory(of: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      throw Failure(message: "cannot write \(quotedArg(path)): the folder \(quotedArg(folder)) does not exist")
    }
    guard isDirectory.boolValue else {
      throw Failure(message: "cannot write \(quotedArg(path)): \(quotedArg(folder)) is not a folder")
    }
    if access(folder, W_OK) != 0 {
      throw Failure(message: "cannot write \(quotedArg(path)): the folder \(quotedArg(folder)) is not writable")
    }
    var st = stat()
    if lstat(path, &st) == 0 {
      if (st.st_mode & S_IFMT) == S_IFDIR { throw Failure(message: "cannot write \(quotedArg(path)): it is a folder") }
      if !force {
        throw Failure(message: "\(quotedArg(path)) already exists; pass --force to replace it", exists: true)
      }
      if let refusal = OutputFiles.refusal(toReplace: path) { throw Failure(message: refusal) }
    }
  }

  static func directory(of path: String) -> String { PathText.directory(of: path) }

  private static func place(_ temp: String, at path: String, force: Bool) throws(Failure) {
    if force {
      if let refusal = OutputFiles.refusal(toReplace: path) { throw Failure(message: refusal) }
      guard rename(temp, path) == 0 else {
        throw Failure(message: "cannot write \(quotedArg(path)): \(String(cString: strerror(errno)))")
      }
    } else if link(temp, path) != 0 {
      if errno == EEXIST {
        throw Failure(message: "\(quotedArg(path)) already exists; pass --force to replace it", exists: true)
      }
      throw Failure(message: "cannot write \(quotedArg(path)): \(String(cString: strerror(errno)))")
    }
  }
}

/// A report sink over a file descriptor, buffered in 1 MiB pieces; remembers the first error.
final class DescriptorReportSink: ReportSink {
  let fd: Int32
  private(set) var bytes = 0
  private(set) var failure: String?
  private var buffer: [UInt8] = []

  init(fd: Int32) {
    self.fd = fd
    buffer.reserveCapacity(1 << 20)
  }

  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 20 { flush() }
  }

  func write(bytes: UnsafeBufferPointer<UInt8>) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 20 { flush() }
  }

  func flush() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    var done = 0
    buffer.withUnsafeBytes { raw in
      while done < raw.count, let base = raw.baseAddress {
        let n = Foundation.write(fd, base + done, raw.count - done)
        if n < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        done += n
      }
    }
    bytes += done
  }
}

/// A report sink into a ``TextSink`` (standard output), in pieces.
final class TextReportSink: ReportSink {
  let sink: any TextSink
  private var buffer = ""

  init(_ sink: any TextSink) { self.sink = sink }

  func write(_ text: String) {
    buffer += text
    if buffer.utf8.count >= 1 << 20 { flush() }
  }

  func flush() {
    if !buffer.isEmpty { sink.write(buffer) }
    buffer = ""
  }
}
