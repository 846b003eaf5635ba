import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// Batching, retries with back-off, 409 and 4xx handling of `xapi push`, against an LRS in memory
/// and a sleeper that only records (no test waits).
@Suite struct XapiPusherTests {
  let credentials = BasicCredentials(user: "teacher", password: "Secr3t-Zebra")

  func pusher(_ lrs: FakeLRS, _ sleeper: RecordingSleeper = RecordingSleeper(), batch: Int = 3) -> XapiPusher {
    XapiPusher(
      transport: lrs, sleeper: sleeper, store: "http://lrs.test/xAPI/statements", credentials: credentials,
      batchSize: batch)
  }

  @Test func sendsBatchesWithTheVersionHeaderAndKeepsCredentialsOutOfURLAndHeaders() throws {
    let lrs = FakeLRS()
    var remembered: [[String]] = []
    let statements = sampleStatements(7)
    let outcome = pusher(lrs).push(statements) { remembered.append($0) }
    #expect(outcome == XapiPusher.Outcome(sent: 7, alreadyThere: 0, batches: 3, stop: nil))
    #expect(lrs.requests.map { FakeLRS.ids($0).count } == [3, 3, 1])
    #expect(lrs.stored == statements.map(\.id))
    #expect(remembered == [Array(statements[0..<3]), Array(statements[3..<6]), [statements[6]]].map { $0.map(\.id) })
    for request in lrs.requests {
      #expect(request.method == "POST")
      #expect(request.url == "http://lrs.test/xAPI/statements")
      #expect(request.headers.contains("X-Experience-API-Version: 1.0.3"))
      #expect(request.headers.contains("Content-Type: application/json"))
      #expect(request.credentials == credentials)
      #expect(!request.headers.joined().contains("Secr3t-Zebra"))
    }
    #expect("\(credentials)" == "teacher:***")
  }

  @Test func retriesA5xxAndATimeoutWaitingOneThenTwoSeconds() {
    let lrs = FakeLRS { _, k in
      switch k {
      case 0: .response(status: 503, body: Array("busy".utf8))
      case 1: .failure(message: "Timeout was reached", timedOut: true)
      default: .response(status: 200, body: [])
      }
    }
    let sleeper = RecordingSleeper()
    let outcome = pusher(lrs, sleeper).push(sampleStatements(2)) { _ in }
    #expect(outcome.sent == 2 && outcome.stop == nil)
    #expect(sleeper.delays == [1, 2])
    #expect(lrs.requests.count == 3)
  }

  @Test func givesUpAfterFourTriesKeepingWhatEarlierBatchesSent() {
    let lrs = FakeLRS { _, k in k == 0 ? .response(status: 200, body: []) : .response(status: 502, body: []) }
    let sleeper = RecordingSleeper()
    var remembered: [String] = []
    let statements = sampleStatements(5)
    let outcome = pusher(lrs, sleeper).push(statements) { remembered += $0 }
    #expect(outcome.stop == .unavailable(message: "the LRS answered 502 (no message)"))
    #expect(sleeper.delays == [1, 2, 4])
    #expect(lrs.requests.count == 5)
    #expect(remembered == statements.prefix(3).map(\.id))
  }

  @Test func stopsAtA4xxQuotingTheLRSWithoutRetrying() {
    let lrs = FakeLRS { _, _ in
      .response(status: 400, body: Array(#"{"detail": "Invalid verb\u0007 id"}"#.utf8))
    }
    let sleeper = RecordingSleeper()
    var remembered: [String] = []
    let outcome = pusher(lrs, sleeper).push(sampleStatements(7)) { remembered += $0 }
    guard case .refused(let status, let message)? = outcome.stop else {
      Issue.record("not refused: \(outcome)")
      return
    }
    #expect(status == 400)
    #expect(message.hasPrefix("Invalid verb"))
    #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
    #expect(lrs.requests.count == 1 && sleeper.delays.isEmpty && remembered.isEmpty)
  }

  @Test func aConflictSplitsTheBatchUntilTheStatementIsAloneAndCountsItAsThere() {
    let statements = sampleStatements(8)
    let taken = statements[5].id
    let lrs = FakeLRS { request, _ in
      FakeLRS.ids(request).contains(taken)
        ? .response(status: 409, body: Array("conflict".utf8)) : .response(status: 204, body: [])
    }
    var remembered: Set<String> = []
    let outcome = pusher(lrs, batch: 8).push(statements) { remembered.formUnion($0) }
    #expect(outcome.sent == 7 && outcome.alreadyThere == 1 && outcome.stop == nil)
    #expect(Set(lrs.stored) == Set(statements.map(\.id)).subtracting([taken]))
    #expect(remembered == Set(statements.map(\.id)))
  }

  @Test func aFailingRememberStopsThePush() {
    struct Full: Error {}
    let lrs = FakeLRS()
    #expect(throws: Full.self) { try pusher(lrs).push(sampleStatements(7)) { _ in throw Full() } }
    #expect(lrs.requests.count == 1)
  }

  @Test func theLRSMessageIsItsDetailOrItsTextShortAndClean() {
    #expect(
      XapiPusher.message(Array(#"{"detail": "Invalid authentication credentials"}"#.utf8))
        == "Invalid authentication credentials")
    #expect(XapiPusher.message(Array("plain\n  text".utf8)) == "plain text")
    #expect(XapiPusher.message([]) == "(no message)")
    #expect(XapiPusher.message(Array(String(repeating: "x", count: 500).utf8)).count == 300)
  }
}
