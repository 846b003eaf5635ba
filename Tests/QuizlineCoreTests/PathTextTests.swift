import Testing

@testable import QuizlineCore

@Suite struct PathTextTests {
  @Test(arguments: [
    ("x", ".", "x"), ("a/b.json", "a", "b.json"), ("/z", "/", "z"), ("dir/", ".", "dir"), ("/a/b/", "/a", "b"),
    ("-", ".", "-"),
  ])
  func splitsPathsWithoutFoundation(path: String, directory: String, last: String) {
    #expect(PathText.directory(of: path) == directory)
    #expect(PathText.lastComponent(of: path) == last)
  }
}
