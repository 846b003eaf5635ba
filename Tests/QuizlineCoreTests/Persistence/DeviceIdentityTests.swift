import Foundation
import Testing

@testable import QuizlineStorage

/// This machine's device identity, kept outside the synced folder.
@Suite struct DeviceIdentityTests {
  @Test func aNameGivenLaterRenamesTheKeptIdentityAndKeepsItsID() throws {
    let state = try temporaryDirectory() + "/quizline"
    let first = try DeviceIdentity.load(stateDirectory: state, name: nil)
    let named = try DeviceIdentity.load(stateDirectory: state, name: "laptop")
    #expect(named.id == first.id)
    #expect(named.name == "laptop")
    #expect(try DeviceIdentity.load(stateDirectory: state, name: nil).name == "laptop")
  }
}
