import Foundation
import QuizlineCore
import QuizlineStorage

/// `quizline xapi push URL`: sends the statements of `export xapi` to a Learning Record Store, each
/// once: what an LRS accepted is remembered per profile (``XapiSentState``), so a second push sends
/// only newer statements.
enum XapiPushCommand {
  static let spec = CommandSpec(
    name: "xapi", arguments: "push URL",
    abstract: "Send learning records to a Learning Record Store (xAPI), each statement once",
    discussion: """
      Sends the statements quizline export xapi writes to the LRS at URL (its xAPI endpoint, e.g. \
      http://127.0.0.1:8100/xAPI: statements go to URL/statements) in batches of --batch-size (default 250), \
      with X-Experience-API-Version: 1.0.3. Credentials: --auth basic:USER:PASSWORD, --auth-file FILE \
      (one line USER:PASSWORD, optionally starting basic:) or QUIZLINE_XAPI_AUTH; never in the URL, and \
      never printed or written anywhere. A batch that gets no answer or a 5xx is tried again after 1, 2 \
      and 4 seconds; a 409 (the LRS holds another statement with one of the ids) splits the batch until \
      that statement is alone, and it counts as already there; any other 4xx stops the push and \
      quotes the LRS. What each LRS accepted is remembered in the profile's \
      xapi-sent.json (this device's folder in a profile with devices; format: \
      schemas/xapi-sent.schema.json), so pushing again sends only what is new. Exit codes: 0 sent (or \
      nothing new), 64 bad command line, 65 an unreadable auth or xapi-sent.json file, 66 no such profile \
      or auth file, 69 the LRS could not be reached or kept failing (5xx), 74 xapi-sent.json could not be \
      written, 76 the LRS refused (4xx: wrong credentials, a statement it rejects).
      """,
    options: XapiSource.options + [
      OptionSpec(
        "auth", value: "basic:USER:PASSWORD", help: "HTTP Basic credentials for the LRS",
        environment: "QUIZLINE_XAPI_AUTH"),
      OptionSpec("auth-file", value: "FILE", help: "read the credentials from FILE (USER:PASSWORD)"),
      OptionSpec("batch-size", value: "N", help: "statements per request, 1-1000 (default 250)"),
    ],
    positionals: 2...2
  ) { args, env in run(args, env, transport: CurlTransport(), sleeper: ThreadSleeper()) }

  static func run(
    _ args: ParsedArguments, _ env: CommandEnvironment, transport: any HTTPTransport, sleeper: any Sleeper
  ) -> ExitCode {
    guard args.positionals[0] == "push" else {
      return XapiSource.usage(
        env, "xapi", "\(quotedArg(args.positionals[0])) is not an xapi command; the one there is: push URL")
    }
    let store: String
    switch XapiEndpoint.statementsURL(args.positionals[1]) {
    case .failure(let failure): return XapiSource.usage(env, "xapi push", failure.message)
    case .success(let url): store = url
    }
    var batchSize = 250
    if let text = args.value("batch-size") {
      guard let n = Int(text), (1...1000).contains(n) else {
        return XapiSource.usage(env, "xapi push", "--batch-size \(quotedArg(text)) is not a number from 1 to 1000")
      }
      batchSize = n
    }
    let credentials: BasicCredentials?
    // QUIZLINE_XAPI_AUTH stands in for --auth only when no --auth-file is given.
    let auth =
      args.value("auth-file") != nil ? args.value("auth") : XapiSource.value("auth", args, env, more: spec.options)
    switch XapiEndpoint.credentials(
      auth: auth, file: args.value("auth-file"), files: env.files,
      origin: XapiSource.origin("auth", args, more: spec.options))
    {
    case .failure(let failure):
      env.stderr.line("quizline: xapi push: \(failure.message)")
      return failure.code
    case .success(let found): credentials = found
    }
    let plan: XapiSource.Plan
    switch XapiSource.plan(args, env, command: "xapi push") {
    case .failure(let code): return code
    case .success(let found): plan = found
    }
    let pusher = XapiPusher(
      transport: transport, sleeper: sleeper, store: store, credentials: credentials, batchSize: batchSize)
    return push(plan, with: pusher, env)
  }

  /// Pushes each profile's statements not yet sent to the pusher's store and remembers them, one
  /// profile at a time.
  static func push(_ plan: XapiSource.Plan, with pusher: XapiPusher, _ env: CommandEnvironment) -> ExitCode {
    if let problem = pusher.transport.prepare() {
      env.stderr.line("quizline: xapi push: \(problem)")
      return .unavailable
    }
    var total = XapiPusher.Outcome()
    var before = 0
    for name in plan.names {
      let path: String
      var state: XapiSentState
      let statements: [XapiStatement]
      do {
        let layout = try DeviceProfiles.layout(env, profile: name).0
        path = layout.ownFolder + "/xapi-sent.json"
        try DeviceFolders.refuseLinkedFolders(layout)
        state = try readState(path, env.files)
        statements = try plan.statements(of: name, env)
      } catch {
        env.stderr.line("quizline: xapi push: \(error.message)")
        return error.exitCode
      }
      let sent = state.sent(to: pusher.store)
      let pending = statements.filter { !sent.contains($0.id) }
      before += statements.count - pending.count
      let outcome: XapiPusher.Outcome
      do {
        // The file is rewritten whole, so it is written after a batch only once the ids not yet
        // written reach a tenth of those it holds (at least 1,000): a push of n statements writes
        // O(n) bytes in all, not O(n²). Ids arriving between two writes may be sent again after a
        // crash, which the LRS takes as the same statements (the same ids).
        var unsaved = 0
        outcome = try pusher.push(pending) { ids in
          state.record(ids, to: pusher.store)
          unsaved += ids.count
          if unsaved * 10 >= max(10_000, state.sent(to: pusher.store).count) {
            try writeState(state, to: path)
            unsaved = 0
          }
        }
        if unsaved > 0 { try writeState(state, to: path) }
      } catch let error as ProfileError {
        env.stderr.line("quizline: xapi push: \(error.message)")
        return .ioError
      } catch {
        env.stderr.line("quizline: xapi push: \(error)")
        return .failure
      }
      total.sent += outcome.sent
      total.alreadyThere += outcome.alreadyThere
      total.batches += outcome.batches
      if plan.names.count > 1 || outcome.stop == nil {
        env.stdout.line(
          "\(name): sent \(plural(outcome.sent, "statement"))"
            + (outcome.alreadyThere > 0 ? ", \(outcome.alreadyThere) already in the LRS" : "")
            + ", \(statements.count - pending.count) sent before")
      }
      switch outcome.stop {
      case nil: continue
      case .refused(let status, let message):
        env.stderr.line(
          "quizline: xapi push: the LRS at \(quotedArg(pusher.store)) refused the statements of \(quotedArg(name)) (HTTP \(status)): \(message)"
        )
        if status == 401 || status == 403 { env.stderr.line("Check the credentials (--auth, --auth-file).") }
        return .refused
      case .unavailable(let message):
        env.stderr.line(
          "quizline: xapi push: cannot reach the LRS at \(quotedArg(pusher.store)) after \(pusher.tries) tries: \(escapingControlCharacters(message, keepNewlines: false)); what was sent is remembered, push again later"
        )
        return .unavailable
      }
    }
    env.stdout.line(
      "Sent \(plural(total.sent, "statement")) to \(pusher.store) in \(plural(total.batches, "request"))"
        + (total.alreadyThere > 0 ? " (\(total.alreadyThere) were already there)" : "")
        + "; \(before) sent before.")
    return .ok
  }

  static func readState(_ path: String, _ files: any FileSource) throws(ProfileError) -> XapiSentState {
    let bytes: [UInt8]
    do {
      bytes = try files.read(path, limit: 1 << 30)
    } catch .missing {
      return XapiSentState()
    } catch {
      throw ProfileError("cannot read \(path): \(error.message)", exitCode: .ioError)
    }
    switch XapiSentState.parse(bytes) {
    case .success(let state): return state
    case .failure(let error):
      throw ProfileError("\(path): \(error.message); move it aside to send everything again", exitCode: .dataError)
    }
  }

  static func writeState(_ state: XapiSentState, to path: String) throws(ProfileError) {
    do {
      try FileManager.default.createDirectory(
        atPath: PathText.directory(of: path), withIntermediateDirectories: true)
      try FileOps.writeAtomically(Array(state.text.utf8), to: path)
    } catch {
      throw ProfileError("cannot write \(path): \((error as? JournalError)?.message ?? "\(error)")", exitCode: .ioError)
    }
  }
}
