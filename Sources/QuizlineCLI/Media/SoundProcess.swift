import Foundation

/// Starting a player or an opener in the background: its own process group (a Ctrl-C at the
/// prompt is quizline's, and the group can be stopped whole), standard input and output on
/// `/dev/null` (it never reads the keyboard or writes over the prompt), quizline's other files
/// closed, signals at their defaults. Each child is waited for by a thread of its own, so none is
/// left a zombie.
enum SoundProcess {
  /// Why a program could not be started.
  struct Failure: Error, Equatable {
    var code: Int32
    var message: String { String(cString: strerror(code)) }
  }

  /// Starts `argv` (its first word an executable's path) with `environment`; the child's id, or why
  /// it could not start.
  static func spawn(_ argv: [String], environment: [String: String]) -> Result<pid_t, Failure> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    closeOthers(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigfillset(&defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let status = SpawnStrings.with(argv, environment: environment) { cArgs, cEnv in
      posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
    }
    return status == 0 ? .success(pid) : .failure(Failure(code: status))
  }

  /// Waits for `pid` on a thread of its own (signals blocked there, so Ctrl-C still reaches the
  /// prompt), then runs `done`.
  static func reap(_ pid: pid_t, then done: @escaping @Sendable () -> Void = {}) {
    Thread.detachNewThread {
      blockSignals()
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      done()
    }
  }

  /// Blocks every signal on the calling thread: the loop's thread is the one that takes them.
  static func blockSignals() {
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, nil)
  }

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), which Swift's Glibc module does not
  /// declare: every descriptor from 3 up is closed in the child (a profile lock never outlives
  /// quizline in a player). Files opened with close-on-exec, as quizline's own are, close anyway.
  private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return }
    _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
  }
}
