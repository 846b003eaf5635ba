import Foundation

/// Finds the first line longer than a limit, in bytes given in chunks: a whole file in memory, or a
/// file too large to be read whole, streamed (so a 200 MB line is reported as a line, with its number
/// and size, whatever the file's size). Lines end in LF, CRLF or CR and are numbered from 1 as
/// ``DelimitedText`` numbers them; a line's length leaves its line break out.
public struct LongLineFinder {
  /// The first line over the limit: its number and its length in bytes.
  public struct Found: Sendable, Equatable {
    public var line: Int
    public var bytes: Int
  }

  public let limit: Int
  private var line = 1
  private var length = 0
  /// The previous chunk ended in CR: an LF starting this one belongs to that line break.
  private var afterCR = false
  private var found: Found?

  public init(limit: Int) { self.limit = limit }

  /// Reads the next chunk; false once the long line has been measured to its end (feed no more).
  public mutating func feed(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return true }
    let n = chunk.count
    var i = 0
    if afterCR {
      afterCR = false
      if chunk[0] == 0x0A { i = 1 }
    }
    func next(_ byte: Int32, from start: Int) -> Int {
      memchr(base + start, byte, n - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? n
    }
    // Where the next LF and CR are; each searched again only once passed (a chunk without CR is not
    // searched for one at every line).
    var nextLF = -1
    var nextCR = -1
    while i < n {
      if nextLF < i { nextLF = next(0x0A, from: i) }
      if nextCR < i { nextCR = next(0x0D, from: i) }
      let end = min(nextLF, nextCR)
      length += end - i
      if found == nil, length > limit { found = Found(line: line, bytes: length) }
      if found?.line == line { found?.bytes = length }
      guard end < n else { break }
      if found != nil { return false }
      line += 1
      length = 0
      i = end + 1
      if chunk[end] == 0x0D {
        if i == n {
          afterCR = true
        } else if chunk[i] == 0x0A {
          i += 1
        }
      }
    }
    return true
  }

  /// The first line over the limit, after the last chunk (or once ``feed(_:)`` returned false).
  public var result: Found? { found }

  /// The first line of `bytes` over `limit`.
  public static func first(in bytes: [UInt8], limit: Int) -> Found? {
    var finder = LongLineFinder(limit: limit)
    _ = bytes.withUnsafeBytes { finder.feed($0) }
    return finder.result
  }
}
