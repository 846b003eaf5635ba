import CImageCodecs
import Foundation

/// Pixels to draw: `width` × `height`, four bytes a pixel (red, green, blue, alpha), row after row.
struct RGBAImage: Equatable {
  var width: Int
  var height: Int
  var pixels: [UInt8]
}

/// A decoded image file: its pixels, and the file's own bytes and format (the kitty and iTerm2
/// protocols can take a PNG or the file itself).
struct DecodedImage {
  var format: ImageFormat
  var file: [UInt8]
  var image: RGBAImage
}

/// Reads PNG, JPEG, GIF (the first frame) and WebP files with the Debian libraries, within
/// ``ImageLimits``: the file's size is checked before it is read, and its header (``ImageProbe``)
/// before any pixel memory is allocated. Every failure is an ``ImageProblem``, never a crash.
enum ImageDecoder {
  /// Reads and decodes the file at `path`. `onAllocate` sees the size of each pixel buffer
  /// allocated (the tests check that a refused file allocated none).
  static func decode(path: String, limits: ImageLimits = .standard, onAllocate: ((Int) -> Void)? = nil)
    -> Result<DecodedImage, ImageProblem>
  {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
    guard Int(info.st_size) <= limits.fileBytes else {
      return .failure(.fileTooLarge(bytes: Int(info.st_size), limit: limits.fileBytes))
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      return .failure(.unreadable(String(cString: strerror(errno))))
    }
    defer { try? handle.close() }
    // One byte past the limit: a file that grew after `stat` is still refused.
    guard let data = try? handle.read(upToCount: limits.fileBytes + 1) else {
      return .failure(.unreadable("I/O error"))
    }
    guard data.count <= limits.fileBytes else {
      return .failure(.fileTooLarge(bytes: data.count, limit: limits.fileBytes))
    }
    return decode(Array(data), limits: limits, onAllocate: onAllocate)
  }

  /// Decodes an image file's bytes.
  static func decode(_ bytes: [UInt8], limits: ImageLimits = .standard, onAllocate: ((Int) -> Void)? = nil)
    -> Result<DecodedImage, ImageProblem>
  {
    guard bytes.count <= limits.fileBytes else {
      return .failure(.fileTooLarge(bytes: bytes.count, limit: limits.fileBytes))
    }
    let probe: ImageProbe
    switch ImageProbe.check(bytes, limits: limits) {
    case .failure(let problem): return .failure(problem)
    case .success(let p): probe = p
    }
    let count = probe.width * probe.height * 4
    onAllocate?(count)
    var pixels = [UInt8](repeating: 0, count: count)
    let problem: ImageProblem? =
      switch probe.format {
      case .png: png(bytes, probe, &pixels)
      case .jpeg: jpeg(bytes, probe, &pixels)
      case .gif: GIFFirstFrame.decode(bytes, probe, &pixels)
      case .webp: webp(bytes, probe, &pixels)
      }
    if let problem { return .failure(problem) }
    return .success(
      DecodedImage(
        format: probe.format, file: bytes, image: RGBAImage(width: probe.width, height: probe.height, pixels: pixels)))
  }

  private static func png(_ bytes: [UInt8], _ probe: ImageProbe, _ pixels: inout [UInt8]) -> ImageProblem? {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    func message() -> String {
      withUnsafeBytes(of: image.message) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
    let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
    guard began != 0 else { return .damaged(.png, message()) }
    guard Int(image.width) == probe.width, Int(image.height) == probe.height else {
      png_image_free(&image)
      return .damaged(.png, "its header is inconsistent")
    }
    image.format = 3  // PNG_FORMAT_RGBA: PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
    let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
    // png_image_finish_read frees what it used, on success and on failure.
    return finished != 0 ? nil : .damaged(.png, message())
  }

  private static func jpeg(_ bytes: [UInt8], _ probe: ImageProbe, _ pixels: inout [UInt8]) -> ImageProblem? {
    var message = [CChar](repeating: 0, count: 200)
    var w: Int32 = 0
    var h: Int32 = 0
    let sized = bytes.withUnsafeBufferPointer {
      quizline_jpeg_size($0.baseAddress, UInt($0.count), &w, &h, &message, message.count)
    }
    func text() -> String {
      String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    guard sized == 0 else { return .damaged(.jpeg, text()) }
    guard Int(w) == probe.width, Int(h) == probe.height else { return .damaged(.jpeg, "its header is inconsistent") }
    let decoded = bytes.withUnsafeBufferPointer { input in
      pixels.withUnsafeMutableBufferPointer { out in
        quizline_jpeg_decode(input.baseAddress, UInt(input.count), out.baseAddress, w, h, &message, message.count)
      }
    }
    switch decoded {
    case 0: return nil
    // libjpeg fills a cut-short picture with grey and warns: not a picture to show as it is.
    case 1: return text().contains("Premature end") ? .truncated(.jpeg) : .damaged(.jpeg, text())
    default: return .damaged(.jpeg, text())
    }
  }

  private static func webp(_ bytes: [UInt8], _ probe: ImageProbe, _ pixels: inout [UInt8]) -> ImageProblem? {
    var w: Int32 = 0
    var h: Int32 = 0
    let known = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &w, &h) }
    guard known != 0, Int(w) == probe.width, Int(h) == probe.height else {
      return .damaged(.webp, "its header is inconsistent")
    }
    let stride = Int32(probe.width * 4)
    let out = bytes.withUnsafeBufferPointer { input in
      pixels.withUnsafeMutableBufferPointer { out in
        WebPDecodeRGBAInto(input.baseAddress, input.count, out.baseAddress, out.count, stride)
      }
    }
    // An animation is refused here too: libwebp's simple decoder reads still pictures only.
    return out == nil ? .damaged(.webp, "libwebp could not decode it (an animation is not drawn)") : nil
  }
}
