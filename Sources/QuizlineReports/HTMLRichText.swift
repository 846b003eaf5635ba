import QuizlineCore

/// The images a report's question texts name, as the HTML report embeds them: the reports module
/// reads no file, so whoever writes the report passes a reader that resolves a source the way the
/// terminal does (relative to the folder of the question's bank) and returns the file's bytes, or
/// nil when it is missing, refused, or larger than the limit it is given.
public struct ReportMedia: Sendable {
  /// `(bank id, source, byte limit)` → the file's bytes.
  public var image: @Sendable (_ bank: String, _ source: String, _ limit: Int) -> [UInt8]?

  public init(image: @escaping @Sendable (_ bank: String, _ source: String, _ limit: Int) -> [UInt8]?) {
    self.image = image
  }
}

/// Bank text (quizline's inline markup) as HTML: `**strong**`, `*em*`, `<u>`, `~~strike~~` and code
/// as their elements, formulas as the Unicode ``MathText`` draws inside `<span class="math">`,
/// images embedded as `data:` URIs (PNG, JPEG, GIF or WebP of at most ``maxImageBytes``, found by
/// ``ReportMedia``) or else their placeholder text, sounds as their placeholder text. Every piece
/// of text is escaped (``html(_:)``): nothing in a bank becomes markup of its own.
enum HTMLRichText {
  /// The largest image embedded in a report page.
  static let maxImageBytes = 512 * 1024

  static func render(_ text: String, bank: String? = nil, media: ReportMedia? = nil) -> String {
    render(InlineMarkup.parse(text), bank: bank, media: media)
  }

  static func render(_ spans: [InlineSpan], bank: String?, media: ReportMedia?) -> String {
    spans.map { span in
      switch span {
      case .text(let t): html(t)
      case .code(let c): "<code class=\"inline\">\(html(c))</code>"
      case .strong(let inner): "<strong>\(render(inner, bank: bank, media: media))</strong>"
      case .emphasis(let inner): "<em>\(render(inner, bank: bank, media: media))</em>"
      case .underline(let inner): "<u>\(render(inner, bank: bank, media: media))</u>"
      case .strike(let inner): "<s>\(render(inner, bank: bank, media: media))</s>"
      case .math(let source, let display):
        display
          ? "<span class=\"math display\">\(MathText.display(source).map(html).joined(separator: "<br />"))</span>"
          : "<span class=\"math\">\(html(MathText.inline(source)))</span>"
      case .image(let source, let alt): image(source: source, alt: alt, bank: bank, media: media)
      case .sound: html(InlineMarkup.plainText([span]))
      }
    }.joined()
  }

  private static func image(source: String, alt: String, bank: String?, media: ReportMedia?) -> String {
    let placeholder = html(InlineMarkup.plainText([.image(source: source, alt: alt)]))
    guard let bank, let media, let bytes = media.image(bank, source, maxImageBytes), bytes.count <= maxImageBytes,
      let type = imageType(bytes)
    else { return placeholder }
    let label = alt.isEmpty ? MediaReference(kind: .image, source: source).fileName : alt
    return "<img class=\"media\" alt=\"\(html(label))\" src=\"data:\(type);base64,\(base64(bytes))\" />"
  }

  /// The image's MIME type by its first bytes; nil for anything else (an SVG is never embedded).
  static func imageType(_ b: [UInt8]) -> String? {
    if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
    if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if b.starts(with: Array("GIF8".utf8)) { return "image/gif" }
    if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
      return "image/webp"
    }
    return nil
  }

  static func base64(_ bytes: [UInt8]) -> String {
    let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 2 < bytes.count {
      let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
      out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)], table[Int(n & 63)]]
      i += 3
    }
    let rest = bytes.count - i
    if rest > 0 {
      let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
      out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)]]
      out += rest == 2 ? [table[Int(n >> 6 & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
    }
    return String(decoding: out, as: UTF8.self)
  }
}
