import Dispatch
import QuizlineCore
import QuizlineStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file in chunks and hands each chunk on; the only I/O reports do (injected, so tests and
/// the benchmark can count or replace it).
public protocol ChunkedFileReader: Sendable {
  /// Calls `body` with consecutive chunks of the file at `path`; returns false when it does not exist.
  func read(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(ProfileError) -> Bool
}

/// POSIX `read` into one reused 1 MiB buffer, so memory stays flat however long the journal is.
public struct PosixChunkedReader: ChunkedFileReader {
  var chunkSize = 1 << 20

  public init() {}

  public func read(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(ProfileError) -> Bool {
    // A profile file is never read through a link or from a device (O_NOFOLLOW, fstat).
    guard FileOps.exists(path) else { return false }
    let fd = try FileOps.openRegular(path, O_RDONLY)
    defer { close(fd) }
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
    defer { buffer.deallocate() }
    while true {
      let n = Glibc.read(fd, buffer.baseAddress, chunkSize)
      if n < 0 {
        if errno == EINTR { continue }
        throw ProfileError("cannot read \(path): \(String(cString: strerror(errno)))", exitCode: .ioError)
      }
      if n == 0 { return true }
      body(UnsafeBufferPointer(rebasing: buffer[0..<n]))
    }
  }
}

/// Takes the attempt log as the history is read (`HistoryLoader.load(attemptStream:)`): the
/// attempts no undo or override can change any more, oldest first, with the strings read so far.
public protocol AttemptStream: AnyObject {
  func write(_ attempts: ArraySlice<Attempt>, table: StringTable)
}

/// The later half of a history, read on another thread.
private final class LaterHalf: @unchecked Sendable {
  var scanner: HistoryScanner?
  var buffer = EventBuffer()
  var error: ProfileError?
}

/// The number of processors, without Foundation.
enum ProcessInfoLite {
  static var activeProcessors: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

/// Loads a profile's history: archive segments in order, then `journal.jsonl` (every device's, merged,
/// for a per-device profile: `DeviceHistoryLoader.swift`).
public enum HistoryLoader {
  public static func load(
    _ layout: ProfileLayout, sinceDay: Int64? = nil, keepAttempts: Bool = false, keepResponses: Bool = true,
    decoder: HistoryScanner.Decoder = .fast, reader: any ChunkedFileReader = PosixChunkedReader(),
    parallelFrom: Int = Int.max, attemptStream stream: (any AttemptStream)? = nil
  ) throws(ProfileError) -> ProfileHistory {
    let keepAttempts = keepAttempts || stream != nil
    if layout.device != nil || DeviceProfileOpener.hasDevices(layout) {
      return try loadDevices(
        layout, sinceDay: sinceDay, keepAttempts: keepAttempts, keepResponses: keepResponses, decoder: decoder,
        reader: reader, stream: stream)
    }
    let responses = keepResponses || keepAttempts
    var scanner = HistoryScanner(decoder: decoder, keepResponses: responses)
    var accumulator = HistoryAccumulator(sinceDay: sinceDay, keepAttempts: keepAttempts)
    let files = layout.archivedSegments() + [layout.journal]
    let split = parallelSplit(files, from: parallelFrom)
    // With `parallelFrom`, a history that long is read in two halves at once: the later half on
    // another thread into a buffer, replayed in order after the first half (the same events, strings
    // and counts as one pass). Off by default: on these shared 2-core machines the buffering cost
    // more than the second core gave (BENCHMARKS.md, Reports).
    let later = LaterHalf()
    let group = DispatchGroup()
    if split < files.count {
      let paths = Array(files[split...])
      DispatchQueue.global().async(group: group) {
        var worker = HistoryScanner(decoder: decoder, keepResponses: responses)
        worker.deduplicate = false
        var buffer = EventBuffer()
        do throws(ProfileError) {
          for path in paths {
            worker.beginFile(path)
            _ = try reader.read(path) { chunk in worker.feed(chunk, into: &buffer) }
          }
        } catch {
          later.error = error
        }
        later.scanner = worker
        later.buffer = buffer
      }
    }
    var failure: ProfileError?
    do {
      for path in files[..<split] {
        scanner.beginFile(path)
        _ = try reader.read(path) { chunk in
          scanner.feed(chunk, into: &accumulator)
          if let stream { accumulator.drainAttempts { stream.write($0, table: scanner.table) } }
        }
      }
    } catch {
      failure = error
    }
    group.wait()
    if let failure { throw failure }
    if let error = later.error { throw error }
    if let worker = later.scanner { scanner.replay(later.buffer.events, from: worker, into: &accumulator) }
    if let stream { accumulator.drainAttempts(all: true) { stream.write($0, table: scanner.table) } }
    return history(scanner, accumulator)
  }

  /// Where the later half of the files starts (by size), or `files.count` when the history is too
  /// short for two threads to pay off (under `from` bytes, or a single file).
  static func parallelSplit(_ files: [String], from: Int) -> Int {
    guard files.count >= 2, ProcessInfoLite.activeProcessors >= 2 else { return files.count }
    let sizes = files.map { path -> Int in
      var st = stat()
      return stat(path, &st) == 0 ? Int(st.st_size) : 0
    }
    let total = sizes.reduce(0, +)
    guard total >= from else { return files.count }
    var sum = 0
    for (k, size) in sizes.enumerated() {
      sum += size
      if sum * 2 >= total { return min(files.count - 1, k + 1) }
    }
    return files.count
  }

  /// The history of journal texts held in memory (tests), file name → bytes, in order.
  public static func load(
    files: [(String, [UInt8])], sinceDay: Int64? = nil, keepAttempts: Bool = false,
    decoder: HistoryScanner.Decoder = .fast
  ) -> ProfileHistory {
    var scanner = HistoryScanner(decoder: decoder)
    var accumulator = HistoryAccumulator(sinceDay: sinceDay, keepAttempts: keepAttempts)
    for (name, bytes) in files { scanner.scanFile(name, bytes: bytes, into: &accumulator) }
    return history(scanner, accumulator)
  }

  private static func history(_ scanner: HistoryScanner, _ accumulator: HistoryAccumulator) -> ProfileHistory {
    ProfileHistory(
      table: scanner.table, accumulator: accumulator, firstSequence: scanner.firstSequence,
      lastSequence: scanner.lastSequence,
      eventCount: scanner.eventCount, badLineCount: scanner.badLineCount, badLines: scanner.badLines,
      fallbackCount: scanner.fallbackCount)
  }
}
