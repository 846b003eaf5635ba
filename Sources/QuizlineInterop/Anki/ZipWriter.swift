import CZlib

/// Writes a zip archive in memory: entries stored or deflated (zlib, raw deflate), no zip64 (every
/// entry and the archive stay under 4 GiB, which a quizline export never nears).
public struct ZipWriter {
  private var out: [UInt8] = []
  private var central: [UInt8] = []
  private var count = 0

  public init() {}

  /// Adds an entry; `deflate` compresses it (Anki's legacy packages deflate the collection).
  public mutating func add(_ name: String, _ data: [UInt8], deflate: Bool = false) {
    let crc = data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
    let body = deflate ? Self.deflate(data) : data
    let method: UInt16 = deflate ? 8 : 0
    let nameBytes = Array(name.utf8)
    let offset = out.count
    func header(_ signature: UInt32, central: Bool) -> [UInt8] {
      var h: [UInt8] = []
      h.le32(signature)
      if central { h.le16(20) }
      h.le16(20)
      h.le16(0x0800)  // UTF-8 names
      h.le16(method)
      h.le16(0)
      h.le16(0x21)  // 1980-01-01
      h.le32(crc)
      h.le32(UInt32(body.count))
      h.le32(UInt32(data.count))
      h.le16(UInt16(nameBytes.count))
      h.le16(0)
      if central {
        h.le16(0)
        h.le16(0)
        h.le16(0)
        h.le32(0)
        h.le32(UInt32(offset))
      }
      return h + nameBytes
    }
    out += header(0x0403_4b50, central: false)
    out += body
    central += header(0x0201_4b50, central: true)
    count += 1
  }

  /// The archive's bytes.
  public func finish() -> [UInt8] {
    var end: [UInt8] = []
    end.le32(0x0605_4b50)
    end.le16(0)
    end.le16(0)
    end.le16(UInt16(count))
    end.le16(UInt16(count))
    end.le32(UInt32(central.count))
    end.le32(UInt32(out.count))
    end.le16(0)
    return out + central + end
  }

  static func deflate(_ data: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    deflateInit2_(
      &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    defer { deflateEnd(&stream) }
    var input = data
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(data.count))) + 16)
    let produced = input.withUnsafeMutableBufferPointer { i in
      output.withUnsafeMutableBufferPointer { o in
        stream.next_in = i.baseAddress
        stream.avail_in = UInt32(i.count)
        stream.next_out = o.baseAddress
        stream.avail_out = UInt32(o.count)
        _ = CZlib.deflate(&stream, Z_FINISH)
        return Int(stream.total_out)
      }
    }
    output.removeSubrange(produced...)
    return output
  }
}

extension Array where Element == UInt8 {
  mutating func le16(_ v: UInt16) { append(contentsOf: [UInt8(v & 0xFF), UInt8(v >> 8)]) }
  mutating func le32(_ v: UInt32) {
    le16(UInt16(v & 0xFFFF))
    le16(UInt16(v >> 16))
  }
}
