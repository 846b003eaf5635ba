import Foundation
import Testing

/// The real executable, through pipes: exit statuses and output streams as a script sees them.
@Suite struct BinaryTests {
  @Test func checkOfAMissingPathExits66() throws {
    let result = try runBinary(["check", "/nonexistent"])
    #expect(result.status == 66)
    #expect(result.stdout.hasPrefix("/nonexistent: error: no such file or directory\n"))
  }

  @Test func unknownOptionExits64WithUsageOnStandardError() throws {
    let result = try runBinary(["--bogus"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("quizline: unknown option '--bogus'\nUsage: quizline"))
  }

  @Test func checkOfTheFixtureCatalogExits0() throws {
    let result = try runBinary(["check"], environment: ["QUIZLINE_QUIZZES": Fixtures.catalog])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix(": 0 errors, 0 warnings\n"))
  }
}
