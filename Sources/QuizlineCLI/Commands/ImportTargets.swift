import Foundation
import QuizlineCore

/// The files an import is about to write (banks, a study session, an Anki package's media), checked
/// together before the first one is written, so that a refused import writes nothing:
///
/// - a file (or a folder the files go into, such as `MyQuizzes/<deck>-media`) that is a symbolic
///   link, a device or the wrong kind is refused (exit 74), with or without `--force`: quizline never
///   writes through a link;
/// - an existing file is replaced only with `--force` (exit 73 without), except a media file that
///   already holds the same bytes, which is left as it is.
///
/// The writes themselves (``InteropFiles/write(bytes:to:replace:)``) never follow a link either: a new
/// file is linked into place (which fails when the name exists) and a replaced one renamed over it.
struct ImportTargets {
  struct File {
    var path: String
    /// The bytes to write, made when they are compared or written (a package's pictures are read
    /// one at a time, never held together); a failure stops the import with that refusal.
    var content: () throws(Refusal) -> [UInt8]
    /// Added to the "already exists" refusal (what else the learner can do).
    var hint = ""
    /// An existing file with the same bytes is fine: it is kept, not written again (media).
    var sameBytesIsKept = false

    init(path: String, bytes: [UInt8], hint: String = "", sameBytesIsKept: Bool = false) {
      self.init(path: path, hint: hint, sameBytesIsKept: sameBytesIsKept) { bytes }
    }

    init(
      path: String, hint: String = "", sameBytesIsKept: Bool = false,
      content: @escaping () throws(Refusal) -> [UInt8]
    ) {
      self.path = path
      self.content = content
      self.hint = hint
      self.sameBytesIsKept = sameBytesIsKept
    }
  }

  /// Why nothing is written: the message (after `quizline: `) and the exit status.
  struct Refusal: Error, Equatable {
    var message: String
    var exitCode: ExitCode
  }

  /// What to write: each file, and whether it replaces an existing one.
  struct Plan {
    var writes: [(file: File, replacing: Bool)] = []
    /// Files kept because they already hold the bytes to write.
    var kept: [File] = []
  }

  var files: [File] = []
  /// Folders the files go into that must be real folders when they exist (they are created when missing).
  var folders: [String] = []

  /// The plan, or the first reason to write nothing at all: links and special files first (they are
  /// refused even with `force`), then existing files (refused without `force`).
  func check(force: Bool) -> Result<Plan, Refusal> {
    for folder in folders {
      if let kind = Self.kind(folder), kind != "a folder" {
        return .failure(
          Refusal(
            message:
              "\(quotedArg(folder)): is \(kind), not a folder; quizline never writes \(kind == "a symbolic link" ? "through a link" : "into it"). Move it away (or import with --out DIR), then import again; nothing was written.",
            exitCode: .ioError))
      }
    }
    for file in files {
      if let kind = Self.kind(file.path), kind != "a regular file" {
        let rule =
          kind == "a symbolic link"
          ? "quizline never writes through a link, not even with --force" : "--force replaces only regular files"
        return .failure(
          Refusal(
            message:
              "\(quotedArg(file.path)): is \(kind), not a regular file; \(rule). Move it away, then import again; nothing was written.",
            exitCode: .ioError))
      }
    }
    var plan = Plan()
    for file in files {
      guard Self.kind(file.path) != nil else {
        plan.writes.append((file, false))
        continue
      }
      var same = false
      if file.sameBytesIsKept {
        do throws(Refusal) {
          same = Self.holds(file.path, try file.content())
        } catch {
          return .failure(error)
        }
      }
      if same {
        plan.kept.append(file)
      } else if force {
        plan.writes.append((file, true))
      } else {
        let what = file.sameBytesIsKept ? " with other content" : ""
        return .failure(
          Refusal(
            message:
              "\(quotedArg(file.path)) already exists\(what); pass --force to replace it\(file.hint). Nothing was written.",
            exitCode: .cantCreate))
      }
    }
    return .success(plan)
  }

  /// Writes the plan: creates `base` and each checked folder that receives a file, checks those
  /// folders again once they are there (a link put in place since is not written through), then
  /// writes the files. Returns why it stopped, if it did.
  /// ``check(force:)`` for a command: the plan, or nil once the refusal is on standard error
  /// (`exitCode` then says how the command ends).
  func checked(force: Bool, env: CommandEnvironment, exitCode: inout ExitCode) -> Plan? {
    switch check(force: force) {
    case .success(let plan): return plan
    case .failure(let refusal):
      env.stderr.line("quizline: \(refusal.message)")
      exitCode = refusal.exitCode
      return nil
    }
  }

  func write(_ plan: Plan, into base: String) -> Refusal? {
    let used = folders.filter { folder in plan.writes.contains { $0.file.path.hasPrefix(folder + "/") } }
    for folder in [base] + used {
      if let problem = InteropFiles.makeDirectory(folder) { return Refusal(message: problem, exitCode: .ioError) }
    }
    if case .failure(let refusal) = ImportTargets(folders: used).check(force: false) { return refusal }
    OutputFiles.removeStaleTemporaries(for: plan.writes.map(\.file.path))
    // Written a batch at a time: each file of the batch under its temporary name, then the batch
    // synced (several files at once, `ConcurrentSync`) and each put in place (a sync after each file
    // waited on the disk thousands of times for a package's pictures); a file is under its name only
    // once its bytes are on disk. When a write or a sync fails, the files before it are still put in
    // place, as when each was written whole in turn.
    var refusal: Refusal?
    for start in stride(from: 0, to: plan.writes.count, by: OutputFiles.slotCount) {
      var pending: [InteropFiles.PendingWrite] = []
      for (file, replacing) in plan.writes[start..<min(start + OutputFiles.slotCount, plan.writes.count)] {
        do throws(Refusal) {
          let bytes = try file.content()
          do throws(InteropFiles.WriteError) {
            pending.append(
              try InteropFiles.writeTemporary(bytes: bytes, for: file.path, replace: replacing, keepOpen: false))
          } catch {
            throw Refusal(message: error.message, exitCode: error.exitCode)
          }
        } catch {
          refusal = error
          break
        }
      }
      let syncFailures = ConcurrentSync.sync(pending)
      for (k, p) in pending.enumerated() {
        do throws(InteropFiles.WriteError) {
          try InteropFiles.putInPlace(p, syncFailure: syncFailures[k])
        } catch {
          for rest in pending[(k + 1)...] {
            unlink(rest.temp)
            OutputFiles.forget(rest.slot)
          }
          return Refusal(message: error.message, exitCode: error.exitCode)
        }
      }
      if let refusal { return refusal }
    }
    for folder in Set(plan.writes.map { PathText.directory(of: $0.file.path) }) { Self.syncFolder(folder) }
    return nil
  }

  /// Syncs `folder`, so that the names just put in it last (best effort: a folder that cannot be
  /// opened for it is left as it is).
  private static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  /// What is at `path` ("a regular file", "a folder", "a symbolic link", …; links not followed), or nil.
  static func kind(_ path: String) -> String? {
    var st = stat()
    guard lstat(path, &st) == 0 else { return nil }
    return st.st_mode & S_IFMT == S_IFREG ? "a regular file" : OutputFiles.irregularKind(path)
  }

  /// Whether the regular file at `path` holds exactly `bytes`.
  private static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, Int(st.st_size) == bytes.count else { return false }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var done = 0
    while done < bytes.count {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, bytes.count - done)) }
      if n < 0, errno == EINTR { continue }
      guard n > 0, buffer[..<n].elementsEqual(bytes[done..<(done + n)]) else { return false }
      done += n
    }
    return true
  }
}
