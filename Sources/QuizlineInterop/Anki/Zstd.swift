import CZstd
import QuizlineCore

/// zstd decompression (libzstd) with an output cap: the latest Anki packages compress the collection
/// and every media file with zstd, often without the content size in the frame, so the output grows
/// in steps and stops at `limit` bytes or at `maxRatio` times the input.
enum Zstd {
  static func decompress(
    _ input: [UInt8], limit: Int, maxRatio: Int, ratioFloor: Int, what: String, context: ZstdContext? = nil
  ) throws(PackageError) -> [UInt8] {
    let owned = context == nil ? ZSTD_createDCtx() : nil
    defer { if let owned { ZSTD_freeDCtx(owned) } }
    guard let ctx = context?.ctx ?? owned else { throw PackageError("zstd could not start") }
    // A kept context may have stopped inside a frame (a refused input): each input starts afresh.
    ZSTD_DCtx_reset(ctx, ZSTD_reset_session_only)
    let cap = min(limit, max(ratioFloor, input.count.multipliedReportingOverflow(by: maxRatio).partialValue))
    if let whole = decompressWhole(input, cap: cap, ctx) { return whole }
    var out: [UInt8] = []
    // Room for the size the frame declares (the output then grows once), when it is within the cap.
    let declared = input.withUnsafeBufferPointer { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
    if declared <= UInt64(cap) { out.reserveCapacity(Int(declared)) }
    // Not zeroed: a media file of 20 KB zeroed a mebibyte, twice per file (checked, then written).
    let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
    defer { chunk.deallocate() }
    var finished = false
    try input.withUnsafeBufferPointer { (inp) throws(PackageError) in
      var inBuffer = ZSTD_inBuffer(src: inp.baseAddress, size: inp.count, pos: 0)
      while true {
        var outBuffer = ZSTD_outBuffer(dst: chunk.baseAddress, size: chunk.count, pos: 0)
        let code = ZSTD_decompressStream(ctx, &outBuffer, &inBuffer)
        let produced = outBuffer.pos
        if ZSTD_isError(code) != 0 {
          let why = String(cString: ZSTD_getErrorName(code))
          throw PackageError("\(what) is not valid zstd data (\(why))")
        }
        guard out.count + produced <= cap else {
          throw PackageError(
            "\(what) would unpack to more than \(cap) bytes (limit \(limit), at most \(maxRatio):1; a zip bomb?)")
        }
        out += UnsafeBufferPointer(rebasing: chunk[0..<produced])
        finished = code == 0
        if inBuffer.pos == inBuffer.size && (finished || produced < chunk.count) { break }
      }
    }
    guard finished else { throw PackageError("\(what) is cut short (truncated zstd data)") }
    return out
  }

  /// `input` decompressed in one call straight into an array of the frames' bound (the sizes their
  /// block headers give; Anki's media frames declare no content size), when that bound is within
  /// `cap`; nil on any error or a larger bound, and the streaming loop then gives its bytes or its
  /// refusal. One copy instead of three (window, chunk, array) and no window buffer to allocate: a
  /// package of pictures spent a third of its instructions in them. A success decodes every frame
  /// whole into at most `cap` bytes, which is when the streaming loop gives those same bytes
  /// (`AnkiZstdTests` holds the loop alone as the oracle).
  static func decompressWhole(_ input: [UInt8], cap: Int, _ ctx: OpaquePointer) -> [UInt8]? {
    // Only what starts with a zstd frame: no frame at all (empty input, a skippable frame alone) is
    // a success in one call but cut short to the streaming loop.
    guard input.count >= 4, input[0] == 0x28, input[1] == 0xB5, input[2] == 0x2F, input[3] == 0xFD else { return nil }
    let bound = input.withUnsafeBufferPointer { ZSTD_decompressBound($0.baseAddress, $0.count) }
    guard bound != ZSTD_CONTENTSIZE_ERROR, bound <= UInt64(cap) else { return nil }
    guard input.withUnsafeBufferPointer(windowsWithinLimit) else { return nil }
    var failed = false
    let out = [UInt8](unsafeUninitializedCapacity: max(Int(bound), 1)) { buffer, count in
      let code = input.withUnsafeBufferPointer { inp in
        ZSTD_decompressDCtx(ctx, buffer.baseAddress, Int(bound), inp.baseAddress, inp.count)
      }
      failed = ZSTD_isError(code) != 0
      count = failed ? 0 : code
    }
    return failed ? nil : out
  }

  /// Whether every frame of `input` asks for a window the streaming decoder takes (at most
  /// 2^ZSTD_WINDOWLOG_LIMIT_DEFAULT + 1 bytes: it refuses a larger one, "Frame requires too much
  /// memory for decoding", where one call, which needs no window, would decode it); false too for
  /// anything that is not whole frames. A false only leaves the input to the streaming loop.
  static func windowsWithinLimit(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    let limit = (UInt64(1) << UInt64(ZSTD_WINDOWLOG_LIMIT_DEFAULT)) + 1
    var offset = 0
    while offset < input.count {
      let rest = UnsafeRawPointer(input.baseAddress! + offset)
      var header = ZSTD_frameHeader()
      guard ZSTD_getFrameHeader(&header, rest, input.count - offset) == 0 else { return false }
      if header.frameType == ZSTD_frame, header.windowSize > limit { return false }
      let size = ZSTD_findFrameCompressedSize(rest, input.count - offset)
      guard ZSTD_isError(size) == 0, size > 0 else { return false }
      offset += size
    }
    return true
  }

  /// Compresses `input` (level 3), for writing packages.
  static func compress(_ input: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: ZSTD_compressBound(input.count))
    let n = input.withUnsafeBufferPointer { i in
      out.withUnsafeMutableBufferPointer { o in
        ZSTD_compress(o.baseAddress, o.count, i.baseAddress, i.count, 3)
      }
    }
    out.removeSubrange(n...)
    return out
  }
}

/// A zstd decompression context kept for many inputs (a package's media files, read twice each):
/// created once instead of once per file (creating one was 5 % of a package of pictures' time).
/// One thread at a time.
final class ZstdContext {
  let ctx: OpaquePointer?

  init() { ctx = ZSTD_createDCtx() }
  deinit { if let ctx { ZSTD_freeDCtx(ctx) } }
}

/// Just enough protobuf to read Anki's `meta` (`PackageMetadata`), the latest media map
/// (`MediaEntries`) and the schema-18 note type and template configs: varints and
/// length-delimited fields; other wire types are skipped.
struct ProtoReader {
  enum Value {
    case varint(UInt64)
    case bytes(ArraySlice<UInt8>)
  }

  /// The fields of one message, in order, as (number, value); nil when the bytes are not a message.
  static func fields(_ b: ArraySlice<UInt8>) -> [(Int, Value)]? {
    var out: [(Int, Value)] = []
    var i = b.startIndex
    func varint() -> UInt64? {
      var v: UInt64 = 0
      var shift: UInt64 = 0
      while i < b.endIndex, shift < 64 {
        let c = b[i]
        i += 1
        v |= UInt64(c & 0x7F) << shift
        if c & 0x80 == 0 { return v }
        shift += 7
      }
      return nil
    }
    while i < b.endIndex {
      guard let key = varint() else { return nil }
      let number = Int(key >> 3)
      switch key & 7 {
      case 0:
        guard let v = varint() else { return nil }
        out.append((number, .varint(v)))
      case 1:
        guard b.endIndex - i >= 8 else { return nil }
        i += 8
      case 5:
        guard b.endIndex - i >= 4 else { return nil }
        i += 4
      case 2:
        guard let n = varint(), n <= UInt64(b.endIndex - i) else { return nil }
        out.append((number, .bytes(b[i..<(i + Int(n))])))
        i += Int(n)
      default: return nil
      }
    }
    return out
  }

  static func string(_ fields: [(Int, Value)], _ number: Int) -> String? {
    for (n, v) in fields where n == number { if case .bytes(let b) = v { return String(decoding: b, as: UTF8.self) } }
    return nil
  }

  static func int(_ fields: [(Int, Value)], _ number: Int) -> UInt64? {
    for (n, v) in fields where n == number { if case .varint(let x) = v { return x } }
    return nil
  }
}
