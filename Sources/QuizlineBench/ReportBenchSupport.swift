import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `path` with `arguments` (output to `stdout`, /dev/null unless given; input from `stdin`
/// when given; `stateHome` as its state folder), waits, and returns its exit status, peak resident memory in KiB (`ru_maxrss` from `wait4`) and CPU seconds
/// (user + system).
func spawn(
  _ path: String, _ arguments: [String], stdin: String? = nil, stdout: String = "/dev/null",
  stateHome: String = benchStateHome
) throws -> (
  status: Int32, maxRSSKiB: Int, cpu: Double
) {
  var pid: pid_t = 0
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  if let stdin { posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0) }
  let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
  defer { for p in argv { free(p) } }
  // A device identity kept for the benchmark's runs, as a learner's machine has one (without it,
  // quizline says it cannot keep one and writes the single journal).
  let env: [UnsafeMutablePointer<CChar>?] = [
    strdup("NO_COLOR=1"), strdup("COLUMNS=100"), strdup("XDG_STATE_HOME=" + stateHome), nil,
  ]
  defer { for p in env { free(p) } }
  guard posix_spawn(&pid, path, &actions, nil, argv, env) == 0 else { throw BenchError.usage("cannot start \(path)") }
  var status: Int32 = 0
  var usage = rusage()
  guard wait4(pid, &status, 0, &usage) == pid else { throw BenchError.usage("wait4 failed") }
  let exited = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  let cpu =
    Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    / 1e6
  return (exited, Int(usage.ru_maxrss), cpu)
}

/// The state folder (device identity) of every quizline the benchmarks start.
let benchStateHome: String = {
  let path = "/tmp/quizline-bench-state-\(getpid())"
  mkdir(path, 0o755)
  return path
}()

/// An executable built next to this one (`.build/release/quizline`).
func siblingExecutable(_ name: String) -> String {
  var path = CommandLine.arguments[0]
  if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) } else { path = "." }
  return path + "/" + name
}

func fileSize(_ path: String) -> Int64 {
  var st = stat()
  return stat(path, &st) == 0 ? Int64(st.st_size) : 0
}

/// Bytes of the regular files under `path`.
func du(_ path: String) -> Int {
  guard let dir = opendir(path) else { return Int(fileSize(path)) }
  defer { closedir(dir) }
  var total = 0
  while let entry = readdir(dir) {
    let name = withUnsafePointer(to: entry.pointee.d_name) {
      String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
    }
    if name == "." || name == ".." { continue }
    let child = path + "/" + name
    var st = stat()
    guard lstat(child, &st) == 0 else { continue }
    total += (st.st_mode & S_IFMT) == S_IFDIR ? du(child) : Int(st.st_size)
  }
  return total
}

/// Removes `path` and everything under it (the benchmark's own temporary folder only).
func removeTree(_ path: String) {
  if let dir = opendir(path) {
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if name == "." || name == ".." { continue }
      removeTree(path + "/" + name)
    }
    closedir(dir)
    rmdir(path)
  } else {
    unlink(path)
  }
}
