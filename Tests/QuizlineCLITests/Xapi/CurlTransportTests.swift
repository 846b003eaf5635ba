import Foundation
import Testing

@testable import QuizlineCLI

/// What libcurl really puts on the wire for a push, read by a one-connection HTTP server on a local
/// port: the method and path, the xAPI version header, Basic authentication, the body; and how a
/// refused connection and a server that never answers come back.
@Suite(.serialized) struct CurlTransportTests {
  /// Listens on 127.0.0.1 (a free port); serves one connection on another thread.
  final class OneShotServer: @unchecked Sendable {
    let socket: Int32
    let port: Int
    private(set) var request: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init() throws {
      let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
      }
      try #require(bound == 0 && listen(fd, 1) == 0)
      withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
      }
      socket = fd
      port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Accepts one connection, reads the request (headers and a Content-Length body), answers
    /// `response` (nil: never answers, holds the connection for `hold` seconds).
    func serve(_ response: String?, hold: Double = 0) {
      Thread {
        let client = accept(self.socket, nil, nil)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !self.isComplete {
          let n = read(client, &buffer, buffer.count)
          if n <= 0 { break }
          self.request += buffer[0..<n]
        }
        if let response {
          _ = response.utf8CString.withUnsafeBufferPointer { write(client, $0.baseAddress, $0.count - 1) }
        } else {
          Thread.sleep(forTimeInterval: hold)
        }
        close(client)
        self.done.signal()
      }.start()
    }

    var isComplete: Bool {
      let text = String(decoding: request, as: UTF8.self)
      guard let end = text.range(of: "\r\n\r\n") else { return false }
      let length =
        text[..<end.lowerBound].split(separator: "\r\n")
        .first { $0.lowercased().hasPrefix("content-length:") }
        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
      return text.utf8.count - text[..<end.upperBound].utf8.count >= length
    }

    func finish() -> String {
      done.wait()
      close(socket)
      return String(decoding: request, as: UTF8.self)
    }
  }

  @Test func aPushPostsTheBodyWithTheVersionHeaderAndBasicAuthentication() throws {
    let server = try OneShotServer()
    server.serve(
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 9\r\nConnection: close\r\n\r\n[\"an-id\"]")
    let body = Array(#"[{"id":"x"}]"#.utf8)
    let outcome = CurlTransport().send(
      HTTPRequest(
        method: "POST", url: "http://127.0.0.1:\(server.port)/xAPI/statements",
        headers: ["X-Experience-API-Version: 1.0.3", "Content-Type: application/json"], body: body,
        credentials: BasicCredentials(user: "teacher", password: "Secr3t-Zebra")))
    let request = server.finish()
    #expect(outcome == .response(status: 200, body: Array("[\"an-id\"]".utf8)))
    #expect(request.hasPrefix("POST /xAPI/statements HTTP/1.1\r\n"))
    #expect(request.contains("\r\nX-Experience-API-Version: 1.0.3\r\n"))
    #expect(request.contains("\r\nContent-Type: application/json\r\n"))
    let basic = Data("teacher:Secr3t-Zebra".utf8).base64EncodedString()
    #expect(request.contains("\r\nAuthorization: Basic \(basic)\r\n"))
    #expect(request.hasSuffix("\r\n\r\n" + #"[{"id":"x"}]"#))
  }

  @Test func aStatusAndBodyOfAnErrorComeBackAsTheyAre() throws {
    let server = try OneShotServer()
    server.serve("HTTP/1.1 401 Unauthorized\r\nContent-Length: 9\r\nConnection: close\r\n\r\nno entry!")
    let outcome = CurlTransport().send(
      HTTPRequest(method: "GET", url: "http://127.0.0.1:\(server.port)/x", headers: [], body: [], credentials: nil))
    let request = server.finish()
    #expect(outcome == .response(status: 401, body: Array("no entry!".utf8)))
    #expect(request.hasPrefix("GET /x HTTP/1.1\r\n"))
    #expect(!request.contains("Authorization:"))
  }

  @Test func aServerThatNeverAnswersTimesOut() throws {
    let server = try OneShotServer()
    server.serve(nil, hold: 1.5)
    let outcome = CurlTransport(connectTimeout: 1, timeout: 1).send(
      HTTPRequest(method: "POST", url: "http://127.0.0.1:\(server.port)/s", headers: [], body: [1], credentials: nil))
    _ = server.finish()
    guard case .failure(_, let timedOut) = outcome else {
      Issue.record("not a failure: \(outcome)")
      return
    }
    #expect(timedOut)
  }

  @Test func aClosedPortIsAFailureThatIsNotATimeout() throws {
    let server = try OneShotServer()
    let port = server.port
    close(server.socket)
    let outcome = CurlTransport().send(
      HTTPRequest(method: "POST", url: "http://127.0.0.1:\(port)/s", headers: [], body: [], credentials: nil))
    #expect(outcome == .failure(message: "Couldn't connect to server", timedOut: false))
  }

  @Test func onlyHTTPAndHTTPSAreSpoken() {
    let outcome = CurlTransport().send(
      HTTPRequest(method: "GET", url: "file:///etc/passwd", headers: [], body: [], credentials: nil))
    guard case .failure = outcome else {
      Issue.record("file:// was read: \(outcome)")
      return
    }
  }
}
