import Foundation
import QuizlineCore

/// Output files the user names (`report -o`, `import -o`, `export-anki -o`): written under a
/// temporary name (`.NAME.PID.tmp` in the same folder), then put in place.
///
/// - `--force` replaces only a regular file: a link, a device or a folder is refused, never replaced
///   (as root, `-o /dev/null --force` would otherwise replace `/dev/null` with a file).
/// - A termination signal (SIGTERM, SIGHUP, SIGINT) while a temporary file exists removes it before
///   quizline dies; a temporary file of this pattern left by a quizline that no longer runs (killed
///   with -9, a power cut) is removed by the next run that writes the same name.
enum OutputFiles {
  /// What `path` is when it is something other than a regular file (or nothing).
  static func irregularKind(_ path: String) -> String? {
    var st = stat()
    guard lstat(path, &st) == 0 else { return nil }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFLNK: return "a symbolic link"
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a named pipe"
    case S_IFSOCK: return "a socket"
    default: return "a device"
    }
  }

  /// The refusal for replacing `path`, or nil when it may be replaced.
  static func refusal(toReplace path: String) -> String? {
    guard let kind = irregularKind(path) else { return nil }
    return "cannot write \(quotedArg(path)): it is \(kind); --force replaces only regular files"
  }

  static func temporaryName(for path: String, pid: Int32 = getpid()) -> String {
    PathText.directory(of: path) + "/.\(PathText.lastComponent(of: path)).\(pid).tmp"
  }

  /// Removes `.NAME.PID.tmp` files next to `path` whose process no longer runs.
  static func removeStaleTemporaries(for path: String) {
    removeStaleTemporaries(for: [path])
  }

  /// ``removeStaleTemporaries(for:)`` for many files, each folder listed once (an import writing
  /// thousands of media files into one folder listed it once per file).
  static func removeStaleTemporaries(for paths: [String]) {
    var names: [String: Set<String>] = [:]
    for path in paths { names[PathText.directory(of: path), default: []].insert(PathText.lastComponent(of: path)) }
    for (folder, written) in names {
      guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
      for entry in entries where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
        // `.NAME.PID.tmp`: PID is what follows the last dot before `.tmp` (digits have no dot).
        let middle = entry.dropFirst().dropLast(4)
        guard let dot = middle.lastIndex(of: "."), written.contains(String(middle[..<dot])) else { continue }
        let digits = middle[middle.index(after: dot)...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
          let pid = Int32(digits)
        else { continue }
        guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
        let full = folder + "/" + entry
        if irregularKind(full) == nil { unlink(full) }
      }
    }
  }

  // MARK: removal on a termination signal

  /// How many temporary files may exist at once (an import writes its files in batches of this many).
  static let slotCount = 256
  /// C strings of the temporary files that exist now; read by the signal handler (only `unlink`,
  /// which is async-signal-safe).
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: slotCount)
    p.initialize(repeating: nil, count: slotCount)
    return p
  }()
  nonisolated(unsafe) private static var installed = false

  /// Notes that `temp` exists until ``forget(_:)``; returns its slot.
  static func remember(_ temp: String) -> Int? {
    installHandlers()
    for k in 0..<slotCount where slots[k] == nil {
      slots[k] = strdup(temp)
      return k
    }
    return nil
  }

  static func forget(_ slot: Int?) {
    guard let slot, let p = slots[slot] else { return }
    slots[slot] = nil
    free(p)
  }

  /// Only where nothing else handles the signal: the REPL's own handlers finish the write and
  /// leave cleanly, removing the file on the way.
  private static func installHandlers() {
    guard !installed else { return }
    installed = true
    for number in [SIGTERM, SIGHUP, SIGINT] {
      var old = sigaction()
      sigaction(number, nil, &old)
      guard old.__sigaction_handler.sa_handler == nil else { continue }  // SIG_DFL is nil
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        for k in 0..<OutputFiles.slotCount {
          if let p = OutputFiles.slots[k] { unlink(p) }
        }
        var dfl = sigaction()
        sigemptyset(&dfl.sa_mask)
        sigaction(signal, &dfl, nil)
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      sigaction(number, &action, nil)
    }
  }
}
