import CCurl
import Foundation

/// ``HTTPTransport`` over libcurl's easy interface: one handle per request, Basic authentication
/// through CURLOPT_USERNAME/CURLOPT_PASSWORD (never in the URL), a 10 s connect and 60 s overall timeout.
struct CurlTransport: HTTPTransport {
  var connectTimeout = 10
  var timeout = 60

  /// Collects the response body.
  private final class Body {
    var bytes: [UInt8] = []
  }

  func prepare() -> String? { Self.load() }

  /// Loads libcurl (once); nil when it is ready, else why not.
  static func load() -> String? {
    var error = [CChar](repeating: 0, count: 512)
    guard quizline_curl_load(&error, error.count) != 0 else { return nil }
    return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  func send(_ request: HTTPRequest) -> HTTPOutcome {
    if let problem = Self.load() { return .failure(message: problem, timedOut: false) }
    guard let handle = quizline_curl_easy_init() else {
      return .failure(message: "libcurl could not start a request", timedOut: false)
    }
    defer { quizline_curl_easy_cleanup(handle) }
    var headers: UnsafeMutablePointer<curl_slist>?
    for header in request.headers { headers = quizline_curl_slist_append(headers, header) }
    defer { quizline_curl_slist_free_all(headers) }
    let body = Body()
    let context = Unmanaged.passUnretained(body).toOpaque()
    let writer: quizline_curl_write_callback = { data, size, count, context in
      guard let data, let context else { return 0 }
      let n = size * count
      let sink = Unmanaged<Body>.fromOpaque(context).takeUnretainedValue()
      data.withMemoryRebound(to: UInt8.self, capacity: n) {
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: n))
      }
      return n
    }
    let result: CURLcode = request.url.withCString { url in
      quizline_curl_set_string(handle, CURLOPT_URL, url)
      quizline_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
      quizline_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
      quizline_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, connectTimeout)
      quizline_curl_set_long(handle, CURLOPT_TIMEOUT, timeout)
      quizline_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headers)
      quizline_curl_set_writer(handle, writer, context)
      if request.method == "POST" {
        // COPYPOSTFIELDS: libcurl keeps its own copy of the body.
        let chars = request.body.map { CChar(bitPattern: $0) } + [0]
        _ = chars.withUnsafeBufferPointer { quizline_curl_set_body(handle, $0.baseAddress, chars.count - 1) }
      }
      if let credentials = request.credentials {
        _ = credentials.user.withCString { user in
          credentials.password.withCString { quizline_curl_set_basic_auth(handle, user, $0) }
        }
      }
      return quizline_curl_easy_perform(handle)
    }
    guard result == CURLE_OK else {
      return .failure(
        message: String(cString: quizline_curl_easy_strerror(result)), timedOut: result == CURLE_OPERATION_TIMEDOUT)
    }
    return .response(status: quizline_curl_status(handle), body: body.bytes)
  }
}

/// Sleeps for real (between tries of a push).
struct ThreadSleeper: Sleeper {
  func sleep(seconds: Double) { Thread.sleep(forTimeInterval: seconds) }
}
