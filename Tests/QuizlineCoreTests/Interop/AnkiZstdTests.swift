import CZstd
import QuizlineCore
import Testing

@testable import QuizlineInterop

/// ``Zstd/decompress(_:limit:maxRatio:ratioFloor:what:)`` with its chunk not zeroed, its output
/// reserved at the frame's declared size and its one-call path (issue 36) against the code it
/// replaced: on random data,
/// frames with and without a declared size, cut and damaged frames and tight caps, the same bytes or
/// the same refusal.
@Suite struct AnkiZstdTests {
  static func oldDecompress(_ input: [UInt8], limit: Int, maxRatio: Int, ratioFloor: Int, what: String)
    throws(PackageError) -> [UInt8]
  {
    guard let ctx = ZSTD_createDCtx() else { throw PackageError("zstd could not start") }
    defer { ZSTD_freeDCtx(ctx) }
    let cap = min(limit, max(ratioFloor, input.count.multipliedReportingOverflow(by: maxRatio).partialValue))
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var finished = false
    try input.withUnsafeBufferPointer { (inp) throws(PackageError) in
      var inBuffer = ZSTD_inBuffer(src: inp.baseAddress, size: inp.count, pos: 0)
      while true {
        let (code, produced): (Int, Int) = chunk.withUnsafeMutableBufferPointer { c in
          var outBuffer = ZSTD_outBuffer(dst: c.baseAddress, size: c.count, pos: 0)
          let r = ZSTD_decompressStream(ctx, &outBuffer, &inBuffer)
          return (r, outBuffer.pos)
        }
        if ZSTD_isError(code) != 0 {
          let why = String(cString: ZSTD_getErrorName(code))
          throw PackageError("\(what) is not valid zstd data (\(why))")
        }
        guard out.count + produced <= cap else {
          throw PackageError(
            "\(what) would unpack to more than \(cap) bytes (limit \(limit), at most \(maxRatio):1; a zip bomb?)")
        }
        out += chunk[0..<produced]
        finished = code == 0
        if inBuffer.pos == inBuffer.size && (finished || produced < chunk.count) { break }
      }
    }
    guard finished else { throw PackageError("\(what) is cut short (truncated zstd data)") }
    return out
  }

  /// A frame without its content size (written by the streaming compressor, as Anki's media are).
  static func unsizedFrame(_ input: [UInt8]) -> [UInt8] {
    let ctx = ZSTD_createCCtx()
    defer { ZSTD_freeCCtx(ctx) }
    var out = [UInt8](repeating: 0, count: ZSTD_compressBound(input.count) + 64)
    let n = input.withUnsafeBufferPointer { i in
      out.withUnsafeMutableBufferPointer { o in
        var inBuffer = ZSTD_inBuffer(src: i.baseAddress, size: i.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: o.baseAddress, size: o.count, pos: 0)
        _ = ZSTD_compressStream2(ctx, &outBuffer, &inBuffer, ZSTD_e_continue)
        while ZSTD_compressStream2(ctx, &outBuffer, &inBuffer, ZSTD_e_end) != 0 {}
        return outBuffer.pos
      }
    }
    return Array(out[..<n])
  }

  static func outcome(_ body: () throws(PackageError) -> [UInt8]) -> Result<[UInt8], PackageError> {
    Result { () throws(PackageError) in try body() }
  }

  /// The one-call path (``Zstd/decompressWhole(_:cap:_:)``) against the streaming loop alone
  /// (``oldDecompress``): several frames in a row, skippable frames, bytes after the last frame,
  /// cut and damaged frames and caps around the output's size give the same bytes or the same
  /// refusal; and Anki's unsized media frames do take the one-call path.
  @Test func decompressingWholeGivesWhatTheStreamingLoopGave() throws {
    var random = SplitMix64(seed: 3637)
    // One context for every input, as a package's media share one: refused inputs leave it mid-frame.
    let kept = ZstdContext()
    var whole = 0
    var refused = 0
    for _ in 0..<600 {
      var frame: [UInt8] = []
      var size = 0
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let n = random.next() % 5 == 0 ? Int(random.next() % 600_000) : Int(random.next() % 3000)
        size += n
        let repetitive = random.next() % 2 == 0
        let data = (0..<n).map { i in repetitive ? UInt8(i % 7) : UInt8(truncatingIfNeeded: random.next()) }
        frame += random.next() % 2 == 0 ? Zstd.compress(data) : Self.unsizedFrame(data)
        if random.next() % 6 == 0 {
          // A skippable frame: magic 0x184D2A5?, 4-byte size, that many bytes.
          let skip = Int(random.next() % 20)
          frame += [0x50, 0x2A, 0x4D, 0x18, UInt8(skip), 0, 0, 0] + [UInt8](repeating: 0xEE, count: skip)
        }
      }
      switch random.next() % 6 {
      case 0: frame = Array(frame[..<Int(random.next() % UInt64(frame.count + 1))])
      case 1: if !frame.isEmpty { frame[Int(random.next() % UInt64(frame.count))] ^= 0x5A }
      case 2: frame += [UInt8](repeating: UInt8(truncatingIfNeeded: random.next()), count: 1 + Int(random.next() % 9))
      default: break
      }
      let limit: Int
      switch random.next() % 4 {
      case 0: limit = max(0, size - 1 + Int(random.next() % 3))
      case 1: limit = Int(random.next() % UInt64(size + 2))
      default: limit = 1 << 30
      }
      let old = Self.outcome { () throws(PackageError) in
        try Self.oldDecompress(frame, limit: limit, maxRatio: 250, ratioFloor: 0, what: "x")
      }
      if case .failure = old { refused += 1 }
      let ctx = try #require(ZSTD_createDCtx())
      defer { ZSTD_freeDCtx(ctx) }
      let cap = min(limit, frame.count.multipliedReportingOverflow(by: 250).partialValue)
      if let out = Zstd.decompressWhole(frame, cap: cap, ctx) {
        whole += 1
        #expect(.success(out) == old)
      }
      #expect(
        Self.outcome { () throws(PackageError) in
          try Zstd.decompress(frame, limit: limit, maxRatio: 250, ratioFloor: 0, what: "x")
        } == old)
      #expect(
        Self.outcome { () throws(PackageError) in
          try Zstd.decompress(frame, limit: limit, maxRatio: 250, ratioFloor: 0, what: "x", context: kept)
        } == old)
    }
    #expect(whole > 100)
    #expect(refused > 100)
    let picture = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
    let ctx = try #require(ZSTD_createDCtx())
    defer { ZSTD_freeDCtx(ctx) }
    #expect(Zstd.decompressWhole(Self.unsizedFrame(picture), cap: 1 << 30, ctx) == picture)
  }

  /// A frame whose header asks for a window over zstd's default limit (2^27 + 1 bytes): the
  /// streaming loop refuses it ("Frame requires too much memory for decoding"), and so must the
  /// one-call path, which needs no window and would decode it. Found by review with a fuzzer.
  @Test func aFrameAskingForTooLargeAWindowIsRefusedAsTheStreamingLoopRefusesIt() throws {
    var frame = Self.unsizedFrame([UInt8](repeating: UInt8(ascii: "a"), count: 5_000))
    #expect(frame[4] & 0x20 == 0, "not single-segment: byte 5 is the window descriptor")
    frame[5] = 0xA8  // window log 31
    let old = Self.outcome { () throws(PackageError) in
      try Self.oldDecompress(frame, limit: 1 << 30, maxRatio: 250, ratioFloor: 1 << 20, what: "x")
    }
    guard case .failure(let refusal) = old else {
      Issue.record("the streaming loop decoded a frame asking for a 2 GiB window")
      return
    }
    #expect(refusal.message.contains("Frame requires too much memory"))
    let ctx = try #require(ZSTD_createDCtx())
    defer { ZSTD_freeDCtx(ctx) }
    #expect(Zstd.decompressWhole(frame, cap: 1 << 20, ctx) == nil)
    #expect(
      Self.outcome { () throws(PackageError) in
        try Zstd.decompress(frame, limit: 1 << 30, maxRatio: 250, ratioFloor: 1 << 20, what: "x")
      } == old)
  }

  @Test func decompressingGivesWhatTheZeroedChunkGave() {
    var random = SplitMix64(seed: 3636)
    var refused = 0
    for _ in 0..<400 {
      let size = random.next() % 4 == 0 ? Int(random.next() % 3_000_000) : Int(random.next() % 5000)
      let repetitive = random.next() % 2 == 0
      let data = (0..<size).map { i in repetitive ? UInt8(i % 11) : UInt8(truncatingIfNeeded: random.next()) }
      var frame = random.next() % 2 == 0 ? Zstd.compress(data) : Self.unsizedFrame(data)
      switch random.next() % 4 {
      case 0: frame = Array(frame[..<Int(random.next() % UInt64(frame.count + 1))])
      case 1: if !frame.isEmpty { frame[Int(random.next() % UInt64(frame.count))] ^= 0x5A }
      default: break
      }
      let limit = random.next() % 3 == 0 ? Int(random.next() % UInt64(size + 2)) : 1 << 30
      let ratio = random.next() % 3 == 0 ? 2 : 250
      let floor = random.next() % 2 == 0 ? 0 : 1 << 20
      let old = Self.outcome { () throws(PackageError) in
        try Self.oldDecompress(frame, limit: limit, maxRatio: ratio, ratioFloor: floor, what: "x")
      }
      if case .failure = old { refused += 1 }
      #expect(
        Self.outcome { () throws(PackageError) in
          try Zstd.decompress(frame, limit: limit, maxRatio: ratio, ratioFloor: floor, what: "x")
        } == old)
    }
    #expect(refused > 50)
  }
}
