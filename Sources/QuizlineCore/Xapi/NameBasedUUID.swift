/// Name-based UUIDs (RFC 9562 version 5: SHA-1 of a namespace UUID and a name), so the same event
/// always gets the same statement id and a second export or push gives the LRS the same ids.
public enum NameBasedUUID {
  /// RFC 9562's URL namespace, `6ba7b811-9dad-11d1-80b4-00c04fd430c8`.
  public static let urlNamespace: [UInt8] = [
    0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
  ]

  /// quizline's namespace for statement ids: the version 5 UUID of the URL `urn:quizline:xapi` in
  /// the URL namespace (`52c0c5c3-5c11-517b-a268-c27a20a6f560`; pinned by a test against Python's `uuid.uuid5`).
  public static let quizlineNamespace: [UInt8] = bytes(namespace: urlNamespace, name: "urn:quizline:xapi")

  /// The UUID of `name` in `namespace`, written `xxxxxxxx-xxxx-5xxx-yxxx-xxxxxxxxxxxx` (lower case).
  public static func uuid(namespace: [UInt8] = quizlineNamespace, name: String) -> String {
    text(bytes(namespace: namespace, name: name))
  }

  /// The 16 bytes of the version 5 UUID of `name` in `namespace`.
  public static func bytes(namespace: [UInt8], name: String) -> [UInt8] {
    var digest = Array(SHA1.digest(namespace + Array(name.utf8)).prefix(16))
    digest[6] = (digest[6] & 0x0f) | 0x50
    digest[8] = (digest[8] & 0x3f) | 0x80
    return digest
  }

  /// The canonical text form of 16 bytes.
  public static func text(_ bytes: [UInt8]) -> String {
    var out = ""
    for (k, b) in bytes.enumerated() {
      if k == 4 || k == 6 || k == 8 || k == 10 { out += "-" }
      out += hex(b)
    }
    return out
  }

  static func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String(digits[Int(b >> 4)]) + String(digits[Int(b & 0x0f)])
  }
}

/// SHA-1 (FIPS 180-4), only for name-based UUIDs (not for anything that needs collision resistance).
public enum SHA1 {
  /// The 20-byte digest of `message`.
  public static func digest(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var data = message
    let bitLength = UInt64(message.count) &* 8
    data.append(0x80)
    while data.count % 64 != 56 { data.append(0) }
    for k in (0..<8).reversed() { data.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(k) * 8))) }
    var w = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: data.count, by: 64) {
      for t in 0..<16 {
        let i = block + t * 4
        w[t] = UInt32(data[i]) << 24 | UInt32(data[i + 1]) << 16 | UInt32(data[i + 2]) << 8 | UInt32(data[i + 3])
      }
      for t in 16..<80 { w[t] = rotate(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for t in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch t {
        case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[t]
        (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
      }
      h[0] = h[0] &+ a
      h[1] = h[1] &+ b
      h[2] = h[2] &+ c
      h[3] = h[3] &+ d
      h[4] = h[4] &+ e
    }
    return h.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - UInt32($0) * 8)) } }
  }

  private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x << n) | (x >> (32 - n)) }
}
