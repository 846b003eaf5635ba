import Foundation

/// Paths of the repository and its test fixtures, found from this file's location.
public enum TestPaths {
  public static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // QuizlineTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent().path
  public static let fixtures = repositoryRoot + "/Tests/Fixtures"
}
