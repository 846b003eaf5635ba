import Foundation
import Testing

@testable import QuizlineCLI

/// Every file cut short, at every length, is refused from its structure before any pixel memory is
/// allocated, and never crashes (a cut inside a header is read no further than the bytes there).
@Suite struct ImageTruncationTests {
  @Test(arguments: ["stripes.png", "stripes.jpg", "stripes.gif", "stripes.webp"])
  func everyPrefixOfAPictureIsRefusedBeforeAllocation(name: String) throws {
    let bytes = try ImageFixtures.bytes(name)
    for length in 0..<bytes.count {
      var allocated = 0
      let result = ImageDecoder.decode(Array(bytes.prefix(length)), onAllocate: { allocated += $0 })
      // A GIF's first frame is complete before its trailer byte: that one prefix is a picture.
      if name == "stripes.gif" && length == bytes.count - 1 {
        #expect((try? result.get()) != nil)
        continue
      }
      guard case .failure = result else {
        Issue.record("\(name) cut at \(length) of \(bytes.count) bytes was decoded")
        continue
      }
      #expect(allocated == 0, "\(name) cut at \(length) of \(bytes.count) bytes allocated \(allocated)")
    }
  }
}
