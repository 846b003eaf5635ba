import Foundation

/// Runs `git` in a folder, never waiting for a password (`GIT_TERMINAL_PROMPT=0`, no askpass).
struct GitRunner {
  struct Result {
    var status: Int32
    var output: String
    var errors: String
    var ok: Bool { status == 0 }
    /// The first line of what git said on standard error (for one-line messages).
    var firstError: String {
      let lines = errors.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
      return lines.first { !$0.isEmpty && !$0.hasPrefix("hint:") } ?? "git exited with \(status)"
    }
  }

  var directory: String
  var variables: [String: String]
  /// `-c key=value` pairs put before every command (the committer identity `sync` fills in).
  var configuration: [String] = []

  func run(_ arguments: [String]) -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + configuration + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = variables
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["GIT_ASKPASS"] = "true"
    environment["SSH_ASKPASS"] = "true"
    environment["LC_ALL"] = "C"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return Result(status: 127, output: "", errors: "cannot run git: \(error.localizedDescription)")
    }
    // Read both pipes before waiting, so a chatty git never blocks on a full pipe.
    let errBox = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errBox.data = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let errData = errBox.data
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
      errors: String(decoding: errData, as: UTF8.self))
  }

  /// Whether git's complaint means the remote could not be reached (as opposed to refusing).
  static func isUnreachable(_ errors: String) -> Bool {
    let markers = [
      "Could not resolve host", "unable to access", "Connection refused", "Connection timed out",
      "Network is unreachable", "does not appear to be a git repository", "Could not read from remote repository",
      "No such file or directory", "unable to connect",
    ]
    // HTTP statuses only as git words them: a bare "403" also matches a path or a host name.
    let refusals = [
      "Authentication failed", "Permission denied", "returned error: 403", "returned error: 401", "HTTP 403",
      "HTTP 401",
    ]
    if refusals.contains(where: errors.contains) { return false }
    return markers.contains(where: errors.contains)
  }
}

/// Standard error's bytes, read on another thread.
private final class DataBox: @unchecked Sendable {
  var data = Data()
}
