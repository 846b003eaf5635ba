/// A terminal cell's size in pixels.
struct CellSize: Sendable, Equatable {
  var width: Int
  var height: Int

  /// What most terminals use when they do not say (8 × 16 pixels).
  static let assumed = CellSize(width: 8, height: 16)
}

/// Where an image goes on the terminal: the pixels it is drawn with, and the cells they cover.
struct ImagePlacement: Equatable {
  var pixelWidth: Int
  var pixelHeight: Int
  var columns: Int
  var rows: Int
  /// Whether the picture is drawn smaller than its file (never larger).
  var scaled: Bool

  /// Fits a `width` × `height` picture in at most `maxColumns` × `maxRows` cells of `cell`, keeping
  /// its aspect ratio and enlarging it at most `enlarging` times (1: never, as a picture drawn in
  /// pixels is sharpest at its own size; symbol art, with one cell for a block of pixels, may grow so
  /// that a small icon is still legible).
  static func fit(
    width: Int, height: Int, cell: CellSize, maxColumns: Int, maxRows: Int, enlarging: Double = 1
  ) -> ImagePlacement {
    let boxW = Double(max(1, maxColumns) * cell.width)
    let boxH = Double(max(1, maxRows) * cell.height)
    let scale = min(max(1, enlarging), boxW / Double(width), boxH / Double(height))
    let pw = max(1, min(Int(boxW), Int((Double(width) * scale).rounded())))
    let ph = max(1, min(Int(boxH), Int((Double(height) * scale).rounded())))
    return ImagePlacement(
      pixelWidth: pw, pixelHeight: ph, columns: (pw + cell.width - 1) / cell.width,
      rows: (ph + cell.height - 1) / cell.height, scaled: pw != width || ph != height)
  }
}

extension RGBAImage {
  /// The picture shrunk to `width` × `height` by averaging each target pixel's source area
  /// (colours weighted by their opacity).
  func scaled(toWidth width: Int, height: Int) -> RGBAImage {
    if width == self.width && height == self.height { return self }
    var out = [UInt8](repeating: 0, count: width * height * 4)
    for ty in 0..<height {
      let y0 = ty * self.height / height
      let y1 = max(y0 + 1, (ty + 1) * self.height / height)
      for tx in 0..<width {
        let x0 = tx * self.width / width
        let x1 = max(x0 + 1, (tx + 1) * self.width / width)
        var sum = (r: 0, g: 0, b: 0, a: 0)
        for y in y0..<y1 {
          for x in x0..<x1 {
            let p = (y * self.width + x) * 4
            let a = Int(pixels[p + 3])
            sum.r += Int(pixels[p]) * a
            sum.g += Int(pixels[p + 1]) * a
            sum.b += Int(pixels[p + 2]) * a
            sum.a += a
          }
        }
        let n = (x1 - x0) * (y1 - y0)
        let q = (ty * width + tx) * 4
        if sum.a > 0 {
          out[q] = UInt8(sum.r / sum.a)
          out[q + 1] = UInt8(sum.g / sum.a)
          out[q + 2] = UInt8(sum.b / sum.a)
          out[q + 3] = UInt8(sum.a / n)
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: out)
  }
}
