/// One HTTP request to a Learning Record Store.
struct HTTPRequest: Sendable, Equatable {
  var method: String
  var url: String
  var headers: [String]
  var body: [UInt8]
  /// Sent as Basic authentication by the transport; never part of `url` or `headers`, so nothing
  /// that prints a request can print a password.
  var credentials: BasicCredentials?
}

/// A user name and password for HTTP Basic authentication. Its description hides the password.
struct BasicCredentials: Sendable, Equatable, CustomStringConvertible {
  var user: String
  var password: String

  var description: String { "\(user):***" }
}

/// What came back: a status and body, or no answer at all.
enum HTTPOutcome: Sendable, Equatable {
  case response(status: Int, body: [UInt8])
  /// No HTTP answer: refused connection, unknown host, TLS failure, timeout (`message` says which).
  case failure(message: String, timedOut: Bool)
}

/// Sends requests; the real one is libcurl (``CurlTransport``), tests give a fake.
protocol HTTPTransport {
  /// Gets ready to send (loads the library); nil when ready, else why not.
  func prepare() -> String?
  func send(_ request: HTTPRequest) -> HTTPOutcome
}

extension HTTPTransport {
  func prepare() -> String? { nil }
}

/// Waits between tries; the real one sleeps, tests record the delays.
protocol Sleeper {
  func sleep(seconds: Double)
}
