import CImageCodecs
import Foundation

/// The first picture of a GIF, through giflib's record-by-record API (so later frames of an
/// animation are never read), with its transparent colour from the graphics control extension.
enum GIFFirstFrame {
  /// The bytes giflib reads from, and how far it got.
  private final class Input {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  private static let read: InputFunc = { gif, buffer, wanted in
    guard let gif, let buffer, let user = gif.pointee.UserData, wanted > 0 else { return 0 }
    let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
    let n = min(Int(wanted), input.bytes.count - input.offset)
    guard n > 0 else { return 0 }
    input.bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + input.offset, count: n) }
    input.offset += n
    return Int32(n)
  }

  /// Decodes the first frame into `pixels` (RGBA, the frame's size, which ``ImageProbe`` read).
  static func decode(_ bytes: [UInt8], _ probe: ImageProbe, _ pixels: inout [UInt8]) -> ImageProblem? {
    let input = Input(bytes)
    var error: Int32 = 0
    let opened = withExtendedLifetime(input) {
      DGifOpen(Unmanaged.passUnretained(input).toOpaque(), read, &error)
    }
    guard let gif = opened else { return .damaged(.gif, reason(error)) }
    defer {
      var closeError: Int32 = 0
      DGifCloseFile(gif, &closeError)
    }
    return withExtendedLifetime(input) { firstFrame(gif, probe, &pixels) }
  }

  private static func reason(_ code: Int32) -> String {
    GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
  }

  private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, _ probe: ImageProbe, _ pixels: inout [UInt8])
    -> ImageProblem?
  {
    var transparent: Int?
    while true {
      var record = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &record) == GIF_OK else { return .damaged(.gif, reason(gif.pointee.Error)) }
      switch record {
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return .damaged(.gif, reason(gif.pointee.Error)) }
        if code == GRAPHICS_EXT_FUNC_CODE, let b = block, b[0] >= 4, b[1] & 1 != 0 { transparent = Int(b[4]) }
        while block != nil {
          guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return .damaged(.gif, reason(gif.pointee.Error)) }
        }
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(gif) == GIF_OK else { return .damaged(.gif, reason(gif.pointee.Error)) }
        return lines(gif, probe, transparent, &pixels)
      case TERMINATE_RECORD_TYPE: return .damaged(.gif, "no picture")
      default: return .damaged(.gif, "an unknown record")
      }
    }
  }

  private static func lines(
    _ gif: UnsafeMutablePointer<GifFileType>, _ probe: ImageProbe, _ transparent: Int?, _ pixels: inout [UInt8]
  ) -> ImageProblem? {
    let desc = gif.pointee.Image
    let (w, h) = (Int(desc.Width), Int(desc.Height))
    guard w == probe.width, h == probe.height else { return .damaged(.gif, "its header is inconsistent") }
    guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
      return .damaged(.gif, "no colour table")
    }
    let colorCount = Int(map.pointee.ColorCount)
    // Interlaced pictures store rows 0, 8, 16…, then 4, 12…, then 2, 6…, then 1, 3…
    let order: [Int] =
      desc.Interlace
      ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: h, by: step)) }
      : Array(0..<h)
    var line = [GifPixelType](repeating: 0, count: w)
    for y in order {
      guard DGifGetLine(gif, &line, Int32(w)) == GIF_OK else {
        return gif.pointee.Error == D_GIF_ERR_READ_FAILED ? .truncated(.gif) : .damaged(.gif, reason(gif.pointee.Error))
      }
      for x in 0..<w {
        let index = Int(line[x])
        let p = (y * w + x) * 4
        guard index < colorCount, index != transparent else { continue }  // left transparent
        let c = colors[index]
        pixels[p] = c.Red
        pixels[p + 1] = c.Green
        pixels[p + 2] = c.Blue
        pixels[p + 3] = 255
      }
    }
    return nil
  }
}
