import Foundation

/// The limits an image file must keep before quizline decodes it: checked on the file's size and on
/// the size its header declares, before any pixel memory is allocated.
struct ImageLimits: Sendable, Equatable {
  /// The largest file read (bytes).
  var fileBytes = 20 * 1024 * 1024
  /// The widest and tallest image decoded (pixels a side).
  var side = 8192
  /// The most pixels decoded (width × height).
  var pixels = 40_000_000

  static let standard = ImageLimits()
}

/// An image file format quizline decodes.
enum ImageFormat: String, Sendable, Equatable {
  case png = "PNG"
  case jpeg = "JPEG"
  case gif = "GIF"
  case webp = "WebP"
}

/// Why an image is not drawn, worded for the one-line reason after its placeholder.
enum ImageProblem: Error, Equatable {
  case path(MediaPaths.Problem)
  case unreadable(String)
  case fileTooLarge(bytes: Int, limit: Int)
  case notAnImage
  case tooWide(width: Int, height: Int, limit: Int)
  case tooManyPixels(width: Int, height: Int, limit: Int)
  case truncated(ImageFormat)
  case damaged(ImageFormat, String)

  var reason: String {
    switch self {
    case .path(let p): p.reason
    case .unreadable(let why): "it cannot be read (\(why))"
    case .fileTooLarge(let bytes, let limit):
      "the file is \(Self.mebibytes(bytes)), over the \(Self.mebibytes(limit)) limit"
    case .notAnImage: "it is not a PNG, JPEG, GIF or WebP image"
    case .tooWide(let w, let h, let limit): "\(w)×\(h) pixels is over the \(limit)×\(limit) limit"
    case .tooManyPixels(let w, let h, let limit):
      "\(w)×\(h) pixels (\(Self.millions(w * h)) million) is over the \(Self.millions(limit)) million pixel limit"
    case .truncated(let f): "the \(f.rawValue) file is truncated"
    case .damaged(let f, let why): "the \(f.rawValue) data is damaged" + (why.isEmpty ? "" : " (\(why))")
    }
  }

  private static func mebibytes(_ bytes: Int) -> String {
    let m = Double(bytes) / 1_048_576
    return m == m.rounded() ? "\(Int(m)) MiB" : String(format: "%.1f MiB", m)
  }

  private static func millions(_ n: Int) -> String {
    let m = Double(n) / 1_000_000
    return m == m.rounded() ? "\(Int(m))" : String(format: "%.1f", m)
  }
}

/// What an image file's header says, read from its bytes without decoding: the format, the declared
/// size, and whether the data the first picture needs is all there.
struct ImageProbe: Equatable {
  var format: ImageFormat
  var width: Int
  var height: Int

  /// Reads `bytes`' header and structure; refuses a file that is not an image, is cut short, or
  /// declares more pixels than `limits` allow.
  static func check(_ bytes: [UInt8], limits: ImageLimits = .standard) -> Result<ImageProbe, ImageProblem> {
    let read: Result<ImageProbe, ImageProblem>
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      read = png(bytes)
    } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      read = jpeg(bytes)
    } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
      read = gif(bytes)
    } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
      read = webp(bytes)
    } else {
      return .failure(.notAnImage)
    }
    return read.flatMap { probe in
      let (w, h) = (probe.width, probe.height)
      if w <= 0 || h <= 0 { return .failure(.damaged(probe.format, "it declares \(w)×\(h) pixels")) }
      if w > limits.side || h > limits.side { return .failure(.tooWide(width: w, height: h, limit: limits.side)) }
      if w * h > limits.pixels { return .failure(.tooManyPixels(width: w, height: h, limit: limits.pixels)) }
      return .success(probe)
    }
  }

  private static func be32(_ b: [UInt8], _ i: Int) -> Int {
    Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
  }
  private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
  private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
  private static func le24(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 }

  /// Every chunk fits in the file, IHDR comes first, and IEND is reached.
  private static func png(_ b: [UInt8]) -> Result<ImageProbe, ImageProblem> {
    var i = 8
    var size: (Int, Int)?
    var sawData = false
    while true {
      guard i + 8 <= b.count else { return .failure(.truncated(.png)) }
      let length = be32(b, i)
      let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
      guard length <= b.count - i - 12 else { return .failure(.truncated(.png)) }
      if size == nil {
        guard type == "IHDR", length >= 8 else { return .failure(.damaged(.png, "no IHDR header first")) }
        size = (be32(b, i + 8), be32(b, i + 12))
      }
      if type == "IDAT" { sawData = true }
      if type == "IEND" { break }
      i += 12 + length
    }
    guard let (w, h) = size, sawData else { return .failure(.truncated(.png)) }
    return .success(ImageProbe(format: .png, width: w, height: h))
  }

  /// Segments fit in the file, a frame header (SOFn) gives the size, and the end marker is reached.
  private static func jpeg(_ b: [UInt8]) -> Result<ImageProbe, ImageProblem> {
    var i = 2
    var size: (Int, Int)?
    while true {
      guard i + 1 < b.count else { return .failure(.truncated(.jpeg)) }
      guard b[i] == 0xFF else { return .failure(.damaged(.jpeg, "a segment does not start with a marker")) }
      let marker = b[i + 1]
      if marker == 0xFF {
        i += 1
        continue
      }
      if marker == 0xD9 { break }
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        i += 2
        continue
      }
      guard i + 3 < b.count else { return .failure(.truncated(.jpeg)) }
      let length = be16(b, i + 2)
      guard length >= 2, i + 2 + length <= b.count else { return .failure(.truncated(.jpeg)) }
      if [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker),
        length >= 7
      {
        size = (be16(b, i + 7), be16(b, i + 5))
      }
      i += 2 + length
      if marker == 0xDA {
        // Entropy-coded data: up to the next marker that is not a stuffed 0xFF00 or a restart.
        while i + 1 < b.count, !(b[i] == 0xFF && b[i + 1] != 0 && !(0xD0...0xD7).contains(b[i + 1])) { i += 1 }
      }
    }
    guard let (w, h) = size else { return .failure(.damaged(.jpeg, "no frame header")) }
    return .success(ImageProbe(format: .jpeg, width: w, height: h))
  }

  /// The first picture's descriptor and data are all there (later frames are never read).
  private static func gif(_ b: [UInt8]) -> Result<ImageProbe, ImageProblem> {
    guard b.count >= 13 else { return .failure(.truncated(.gif)) }
    var i = 13
    if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 7) + 1) }
    func skipSubBlocks() -> Bool {
      while i < b.count {
        let n = Int(b[i])
        i += 1
        if n == 0 { return true }
        i += n
      }
      return false
    }
    while true {
      guard i < b.count else { return .failure(.truncated(.gif)) }
      switch b[i] {
      case 0x21:
        i += 2
        guard skipSubBlocks() else { return .failure(.truncated(.gif)) }
      case 0x2C:
        guard i + 10 <= b.count else { return .failure(.truncated(.gif)) }
        let (w, h) = (le16(b, i + 5), le16(b, i + 7))
        let packed = b[i + 9]
        i += 10
        if packed & 0x80 != 0 { i += 3 << (Int(packed & 7) + 1) }
        i += 1  // the LZW minimum code size
        guard skipSubBlocks() else { return .failure(.truncated(.gif)) }
        return .success(ImageProbe(format: .gif, width: w, height: h))
      case 0x3B: return .failure(.damaged(.gif, "no picture"))
      default: return .failure(.damaged(.gif, "an unknown block"))
      }
    }
  }

  /// The RIFF container's declared length is all there; the size comes from the first chunk.
  private static func webp(_ b: [UInt8]) -> Result<ImageProbe, ImageProblem> {
    let declared = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
    guard b.count >= 30, declared + 8 <= b.count else { return .failure(.truncated(.webp)) }
    let chunk = String(decoding: b[12..<16], as: UTF8.self)
    switch chunk {
    case "VP8X": return .success(ImageProbe(format: .webp, width: le24(b, 24) + 1, height: le24(b, 27) + 1))
    case "VP8L":
      guard b[20] == 0x2F else { return .failure(.damaged(.webp, "a bad lossless signature")) }
      let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
      return .success(ImageProbe(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1))
    case "VP8 ":
      guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else {
        return .failure(.damaged(.webp, "a bad key frame signature"))
      }
      return .success(ImageProbe(format: .webp, width: le16(b, 26) & 0x3FFF, height: le16(b, 28) & 0x3FFF))
    default: return .failure(.damaged(.webp, "an unknown first chunk"))
    }
  }
}
