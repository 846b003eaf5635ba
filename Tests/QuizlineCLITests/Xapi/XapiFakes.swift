import Foundation

@testable import QuizlineCLI
@testable import QuizlineCore

/// An LRS in memory: answers each request with `answer` (by default 200 and keeps the ids), and
/// records every request.
final class FakeLRS: HTTPTransport, @unchecked Sendable {
  var requests: [HTTPRequest] = []
  var stored: [String] = []
  var answer: (HTTPRequest, Int) -> HTTPOutcome

  init(_ answer: ((HTTPRequest, Int) -> HTTPOutcome)? = nil) {
    self.answer = answer ?? { _, _ in .response(status: 200, body: []) }
  }

  func send(_ request: HTTPRequest) -> HTTPOutcome {
    requests.append(request)
    let outcome = answer(request, requests.count - 1)
    if case .response(let status, _) = outcome, (200..<300).contains(status) {
      stored += FakeLRS.ids(request)
    }
    return outcome
  }

  /// The statement ids of a request's body (a JSON array of statements).
  static func ids(_ request: HTTPRequest) -> [String] {
    guard let document = try? JSONDocument.parse(request.body) else { return [] }
    return document.root.elements.compactMap { $0.member("id")?.string }
  }
}

/// Records the waits instead of sleeping.
final class RecordingSleeper: Sleeper, @unchecked Sendable {
  var delays: [Double] = []
  func sleep(seconds: Double) { delays.append(seconds) }
}

/// `n` statements of a profile, with distinct ids.
func sampleStatements(_ n: Int, profile: String = "ada") -> [XapiStatement] {
  let context = XapiContext(
    profile: profile, actor: .account(homePage: "https://school.example", name: profile),
    baseIRI: "https://school.example/xapi")
  return (1...max(1, n)).prefix(n).map { k in
    XapiStatements.completed(
      session: "s\(k)", title: nil, at: Timestamp(microseconds: Int64(k) * 1_000_000), in: context)
  }
}
