import QuizlineCore

/// Sends statements to a Learning Record Store in batches and says what happened.
///
/// - Each batch is one `POST STORE` (the LRS's statements URL) of a JSON array, with
///   `X-Experience-API-Version: 1.0.3` and `Content-Type: application/json`.
/// - A 2xx answer: the batch is sent; `remember` is called with its ids before the next batch, so
///   an interrupted push loses nothing it sent.
/// - 5xx or no answer (timeout, refused connection): the batch is tried again after 1, 2, 4, …
///   seconds (`tries` in all), then the push stops (``Stop/unavailable``).
/// - 409 Conflict: the LRS already holds a statement with one of the ids. A batch is split in
///   halves until the statement is alone; that one counts as already there (remembered, not resent).
/// - Any other 4xx: the push stops, quoting the LRS's message (``Stop/refused``).
struct XapiPusher {
  var transport: any HTTPTransport
  var sleeper: any Sleeper
  var store: String
  var credentials: BasicCredentials?
  var batchSize = 250
  var tries = 4
  var firstDelay = 1.0

  /// How a push ended.
  enum Stop: Equatable {
    /// The LRS answered 4xx (not 409): status and its message, cleaned for the terminal.
    case refused(status: Int, message: String)
    /// No answer, or 5xx, after every try.
    case unavailable(message: String)
  }

  struct Outcome: Equatable {
    var sent = 0
    /// Statements the LRS already held (409 Conflict on that statement alone).
    var alreadyThere = 0
    var batches = 0
    var stop: Stop?
  }

  /// Sends `statements` (those not yet sent) and calls `remember` with the ids of each batch that
  /// arrived; a throwing `remember` (the state file could not be written) stops the push.
  func push(_ statements: [XapiStatement], remember: ([String]) throws -> Void) rethrows -> Outcome {
    var outcome = Outcome()
    var start = 0
    while start < statements.count, outcome.stop == nil {
      let batch = Array(statements[start..<min(statements.count, start + batchSize)])
      try send(batch, into: &outcome, remember: remember)
      start += batch.count
    }
    return outcome
  }

  private func send(_ batch: [XapiStatement], into outcome: inout Outcome, remember: ([String]) throws -> Void)
    rethrows
  {
    var body = "["
    for (k, s) in batch.enumerated() {
      if k > 0 { body += "," }
      body += s.line
    }
    body += "]"
    let request = HTTPRequest(
      method: "POST", url: store,
      headers: ["X-Experience-API-Version: 1.0.3", "Content-Type: application/json"],
      body: Array(body.utf8), credentials: credentials)
    var delay = firstDelay
    for attempt in 1...max(1, tries) {
      outcome.batches += 1
      switch transport.send(request) {
      case .response(let status, _) where (200..<300).contains(status):
        try remember(batch.map(\.id))
        outcome.sent += batch.count
        return
      case .response(409, _):
        if batch.count == 1 {
          try remember(batch.map(\.id))
          outcome.alreadyThere += 1
          return
        }
        let half = batch.count / 2
        try send(Array(batch[..<half]), into: &outcome, remember: remember)
        if outcome.stop == nil { try send(Array(batch[half...]), into: &outcome, remember: remember) }
        return
      case .response(let status, let body) where (400..<500).contains(status):
        outcome.stop = .refused(status: status, message: Self.message(body))
        return
      case .response(let status, let body):
        if attempt == tries {
          outcome.stop = .unavailable(message: "the LRS answered \(status) \(Self.message(body))")
          return
        }
      case .failure(let message, _):
        if attempt == tries {
          outcome.stop = .unavailable(message: message)
          return
        }
      }
      sleeper.sleep(seconds: delay)
      delay *= 2
    }
  }

  /// The LRS's message for a person: a JSON body's `detail`/`message`/`error` text when it has one,
  /// else the body; control characters neutralised, at most 300 characters.
  static func message(_ body: [UInt8]) -> String {
    var text = String(decoding: body, as: UTF8.self)
    if let document = try? JSONDocument.parse(body) {
      for key in ["detail", "message", "error"] {
        guard let value = document.root.member(key) else { continue }
        text = value.string ?? String(decoding: body, as: UTF8.self)
        break
      }
    }
    // Line breaks and tabs become spaces (a message is one line); other control characters are escaped.
    let oneLine = String(
      String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 }))
    let clean = escapingControlCharacters(oneLine, keepNewlines: false).split(separator: " ").joined(separator: " ")
    if clean.isEmpty { return "(no message)" }
    return clean.count > 300 ? String(clean.prefix(299)) + "…" : clean
  }
}
