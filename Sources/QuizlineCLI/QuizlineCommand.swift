import Foundation
import QuizlineCore
import QuizlineStorage

/// The `quizline` command line: parses arguments and runs the chosen command.
public enum QuizlineCommand {
  /// Runs quizline with the process's real terminal, environment and files; returns the exit status.
  public static func main(arguments: [String]) -> Int32 {
    StandardDescriptors.ensureOpen()
    KeptUntilExit.processExitsAfterCommand.store(true, ordering: .relaxed)
    // A full disk or a closed pipe must be an error result, not a death by signal.
    signal(SIGXFSZ, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
    let variables = ProcessInfo.processInfo.environment
    let stdoutTTY = isatty(1) == 1
    let env = CommandEnvironment(
      stdout: FileDescriptorSink.standardOutput, stderr: FileDescriptorSink.standardError, variables: variables,
      isInteractive: isatty(0) == 1 && stdoutTTY, stdoutIsTerminal: stdoutTTY,
      width: TerminalSize.columns(variables: variables))
    let status = run(arguments: arguments, environment: env)
    if let failure = FileDescriptorSink.standardOutput.failure, failure != EPIPE {
      FileDescriptorSink.standardError.line(
        "quizline: cannot write to standard output: \(String(cString: strerror(failure)))")
      return ExitCode.ioError.rawValue
    }
    return status.rawValue
  }

  /// Parses `arguments` and runs the command in `environment` (used in-process by tests).
  public static func run(arguments: [String], environment: CommandEnvironment) -> ExitCode {
    var env = environment
    let parsed: ParsedArguments
    do {
      parsed = try CommandTable.parser.parse(arguments)
      env.settings = try resolveSettings(parsed, env)
    } catch {
      env.stderr.line("quizline: \(error.message)")
      env.stderr.line(HelpGenerator.usage(for: error.command))
      return .usage
    }
    if parsed.flag("version") {
      env.stdout.line("quizline \(CommandTable.version)")
      return .ok
    }
    guard let name = parsed.command, let spec = CommandTable.parser.command(named: name) else {
      if parsed.flag("help") {
        env.stdout.write(HelpGenerator.overview(width: env.width))
        return .ok
      }
      return runREPL(parsed, env)
    }
    if parsed.flag("help") {
      env.stdout.write(HelpGenerator.help(for: spec, width: env.width))
      return .ok
    }
    return spec.run(parsed, env)
  }

  /// Options win over environment variables, which win over defaults.
  static func resolveSettings(_ parsed: ParsedArguments, _ env: CommandEnvironment) throws(UsageError) -> GlobalSettings
  {
    var s = GlobalSettings()
    func variable(_ name: String) -> String? { CommandTable.globalOptions.first { $0.name == name }?.environment }
    func pick(_ name: String) -> String? {
      if let v = parsed.value(name) { return v }
      return variable(name).flatMap { env.variables[$0] }.flatMap { $0.isEmpty ? nil : $0 }
    }
    /// Where a bad value came from, for the message: the option, or the environment variable.
    func origin(_ name: String) -> String { parsed.value(name) == nil ? variable(name) ?? "--" + name : "--" + name }
    let folders = parsed.allValues("quizzes")
    if !folders.isEmpty {
      s.quizzesDirectory = folders[0]
      s.quizzesDirectories = folders
    } else if let v = pick("quizzes") {
      let list = v.split(separator: ":").map(String.init)
      if !list.isEmpty {
        s.quizzesDirectory = list[0]
        s.quizzesDirectories = list
      }
    }
    if let v = pick("progress") { s.progressDirectory = v }
    if let v = pick("profile") {
      // Profile names are folder names in lower case; `--profile Alice` is the profile `alice`.
      let name = v.lowercased()
      if Identifier.problem(name) != nil {
        let from = parsed.value("profile") == nil ? origin("profile") + ": " : ""
        throw UsageError("\(from)profile name \(quotedArg(v)) is not allowed: \(ProfileName.rule(v))")
      }
      s.profile = name
    }
    if let v = pick("now") {
      guard let t = Timestamp(iso8601: v), t.microseconds >= 0, t < Timestamp(iso8601: "9000-01-01")! else {
        throw UsageError(
          "\(origin("now")) \(quotedArg(v)) is not an ISO-8601 time between 1970 and 9000; write e.g. 2026-12-02T09:30:00Z or 2026-12-02"
        )
      }
      s.now = t
    }
    s.readOnly = parsed.flag("read-only")
    if let v = pick("device") {
      if let problem = DeviceIdentity.nameProblem(v) {
        throw UsageError("\(origin("device")) \(quotedArg(v)) is not allowed: \(problem)")
      }
      s.device = v
    }
    let noColor = env.variables["NO_COLOR"].map { !$0.isEmpty } ?? false
    let dumb = env.variables["TERM"] == "dumb"
    s.plain = parsed.flag("plain") || !env.stdoutIsTerminal
    s.color = !s.plain && !noColor && !dumb
    return s
  }
}

/// Descriptors 0, 1 and 2 are open before quizline opens any file: started with one of them
/// closed (`quizline >&-`), the next file opened (the profile's lock) would get its number, and
/// everything printed would land in that file.
enum StandardDescriptors {
  static func ensureOpen() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
      // open returns the lowest free number, which is `fd` itself; anything else is put there.
      if opened >= 0, opened != fd {
        dup2(opened, fd)
        close(opened)
      }
    }
  }
}

/// Ends the process with `status`.
public func exitProcess(_ status: Int32) -> Never {
  exit(status)
}

/// The terminal's width: `COLUMNS`, then the terminal itself, then 80.
enum TerminalSize {
  public static func columns(variables: [String: String]) -> Int {
    if let c = variables["COLUMNS"].flatMap(Int.init), c >= 20, c <= 1000 { return c }
    var ws = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col >= 20 { return Int(ws.ws_col) }
    return 80
  }
}

/// The rule for profile names, in words (they become folder names under the progress folder).
enum ProfileName {
  static func rule(_ name: String) -> String {
    if name.isEmpty { return "a profile name must not be empty" }
    if name.utf8.count > 64 { return "a profile name is at most 64 characters (this one has \(name.utf8.count))" }
    return
      "a profile name uses letters a-z, digits and '-' (not first); upper case is read as lower case (Alice is alice)"
  }
}
