import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI

/// The fixtures of Tests/Fixtures/images (made by make-fixtures.py).
enum ImageFixtures {
  static let folder = TestPaths.fixtures + "/images"
  static func path(_ name: String) -> String { folder + "/" + name }
  static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }
  /// The stripes' pixels as the generator wrote them (RGB), opaque RGBA: the oracle for decoding.
  static func stripesRGBA() throws -> [UInt8] {
    try bytes("stripes.rgb").chunked3().flatMap { $0 + [255] }
  }
}

extension [UInt8] {
  fileprivate func chunked3() -> [[UInt8]] { stride(from: 0, to: count, by: 3).map { Array(self[$0..<$0 + 3]) } }
}

@Suite struct ImageDecoderTests {
  @Test(arguments: ["stripes.png", "stripes.gif", "stripes.webp"])
  func losslessFixturesDecodeToTheGeneratorsPixels(name: String) throws {
    let decoded = try ImageDecoder.decode(path: ImageFixtures.path(name)).get()
    #expect(decoded.image.width == 48 && decoded.image.height == 32)
    #expect(decoded.image.pixels == (try ImageFixtures.stripesRGBA()))
  }

  @Test func aJPEGDecodesCloseToTheGeneratorsPixels() throws {
    let decoded = try ImageDecoder.decode(path: ImageFixtures.path("stripes.jpg")).get()
    let expected = try ImageFixtures.stripesRGBA()
    #expect(decoded.image.width == 48 && decoded.image.height == 32)
    // Lossy: each stripe's middle column is within a small distance of its colour.
    for x in [8, 24, 40] {
      let p = (16 * 48 + x) * 4
      let distance = (0..<3).map { abs(Int(decoded.image.pixels[p + $0]) - Int(expected[p + $0])) }.max() ?? 0
      #expect(distance < 24, "pixel \(x): \(decoded.image.pixels[p..<p + 4]) vs \(expected[p..<p + 4])")
    }
  }

  /// Each hostile file is refused from its header or structure: no pixel buffer is allocated.
  @Test(arguments: [
    ("huge-dimensions.png", "50000×50000 pixels is over the 8192×8192 limit"),
    ("bomb.png", "8000×8000 pixels (64 million) is over the 40 million pixel limit"),
    ("truncated.png", "the PNG file is truncated"),
    ("truncated.jpg", "the JPEG file is truncated"),
    ("truncated.gif", "the GIF file is truncated"),
    ("truncated.webp", "the WebP file is truncated"),
    ("not-an-image.png", "it is not a PNG, JPEG, GIF or WebP image"),
  ])
  func hostileFilesAreRefusedBeforeAllocation(name: String, reason: String) throws {
    var allocated: [Int] = []
    let result = ImageDecoder.decode(path: ImageFixtures.path(name), onAllocate: { allocated.append($0) })
    guard case .failure(let problem) = result else {
      Issue.record("\(name) was decoded")
      return
    }
    #expect(problem.reason == reason)
    #expect(allocated.isEmpty)
  }

  @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
    var limits = ImageLimits.standard
    limits.fileBytes = 100
    let result = ImageDecoder.decode(path: ImageFixtures.path("stripes.jpg"), limits: limits)
    #expect(throws: ImageProblem.fileTooLarge(bytes: 685, limit: 100)) { try result.get() }
  }

  @Test func theDefaultLimitsAreTwentyMebibytesAnd8192PixelsASideAnd40Megapixels() {
    #expect(
      ImageProblem.fileTooLarge(bytes: 31 * 1_048_576, limit: ImageLimits.standard.fileBytes).reason
        == "the file is 31 MiB, over the 20 MiB limit")
    #expect(ImageLimits.standard.side == 8192 && ImageLimits.standard.pixels == 40_000_000)
  }

  @Test func aDamagedPNGBodyIsAProblemNotACrash() throws {
    // A valid structure around a corrupt compressed stream: libpng's simplified API reports it.
    var bytes = try ImageFixtures.bytes("stripes.png")
    let idat = bytes.indices.first { Array(bytes[$0..<$0 + 4]) == Array("IDAT".utf8) }!
    for i in (idat + 6)..<(idat + 14) { bytes[i] ^= 0x5A }
    var allocated = 0
    let result = ImageDecoder.decode(bytes, onAllocate: { allocated += $0 })
    guard case .failure(.damaged(.png, let why)) = result else {
      Issue.record("expected damaged PNG, got \(result)")
      return
    }
    #expect(!why.isEmpty)
    #expect(allocated == 48 * 32 * 4)
  }
}
