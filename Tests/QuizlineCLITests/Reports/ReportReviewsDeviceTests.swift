import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// A one-learner report's scheduler section reads the reviews of a per-device profile (issue 16):
/// the same learner studying in the single-journal layout and on two devices gets the same section.
@Suite(.serialized) struct ReportReviewsDeviceTests {
  /// The `scheduler` object of `report --format json` for `profile`.
  static func scheduler(_ progress: String, profile: String) throws -> NSDictionary {
    let r = runInProcess(
      [
        "--quizzes", Fixtures.catalog, "--progress", progress, "--profile", profile, "--now",
        ClassReportStreamTests.now, "report", "--format", "json",
      ])
    #expect(r.status == 0, "\(r.stderr)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? NSDictionary)
    let profiles = try #require(root["profiles"] as? [NSDictionary])
    return try #require(profiles.first?["scheduler"] as? NSDictionary)
  }

  @Test func theSchedulerSectionOfAPerDeviceProfileIsItsSingleJournalTwins() throws {
    let single = try ClassReportStreamTests.classFolder(devices: false)
    let devices = try ClassReportStreamTests.classFolder(devices: true)
    #expect(FileManager.default.fileExists(atPath: devices + "/s1/devices"))
    for profile in ["s0", "s1", "s2"] {
      let expected = try Self.scheduler(single, profile: profile)
      let bands = try #require(expected["retention"] as? [NSDictionary])
      let reviews = bands.compactMap { $0["reviews"] as? Int }.reduce(0, +)
      #expect(reviews > 0, "\(profile): reviews three days after the first ones")
      #expect(try Self.scheduler(devices, profile: profile) == expected, "\(profile)")
    }
  }
}
