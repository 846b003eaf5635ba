import QuizlineCore

/// Reads journal segments: every complete line is decoded and applied in order.
public enum JournalReader {
  /// A line that could not be used.
  public struct BadLine: Sendable, Equatable {
    public var line: Int
    public var message: String
    /// Valid JSON with an event type this quizline does not know: written by a newer version.
    var isNewer: Bool
  }

  public struct Outcome: Sendable, Equatable {
    public var applied = 0
    /// Byte length of the complete lines (a torn tail starts here).
    public var completeLength = 0
    public var tornTail = false
    public var badLines: [BadLine] = []
    /// The valid lines (bytes, newline included), kept only when asked for, to rewrite a damaged file.
    public var validLines: [[UInt8]] = []
    /// The sequence number of each kept valid line.
    var validSequences: [Int] = []
    /// Lines (1-based) whose sequence number is not above the one before it in the same file: a
    /// duplicate or an event out of order, which replay leaves out.
    var outOfOrderLines: [Int] = []
    public var firstSequence: Int?
    public var lastSequence: Int?
  }

  /// Applies every complete line of `bytes` to `progress`; a last line without its newline is a torn
  /// write (a crash mid-append) and is not applied.
  public static func replay(_ bytes: [UInt8], into progress: inout LearnerProgress, keepLines: Bool = false) -> Outcome
  {
    var outcome = Outcome()
    var start = 0
    var line = 0
    bytes.withUnsafeBufferPointer { buffer in
      while start < buffer.count {
        line += 1
        var end = start
        while end < buffer.count, buffer[end] != 0x0A { end += 1 }
        guard end < buffer.count else {
          outcome.tornTail = true
          break
        }
        let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
        let lineStart = start
        start = end + 1
        outcome.completeLength = start
        if slice.isEmpty { continue }
        do {
          let event = try EventCoding.decode(slice)
          if let previous = outcome.lastSequence, event.sequence <= previous {
            outcome.outOfOrderLines.append(line)
            continue
          }
          progress.apply(event)
          outcome.applied += 1
          if outcome.firstSequence == nil { outcome.firstSequence = event.sequence }
          outcome.lastSequence = event.sequence
          if keepLines {
            outcome.validLines.append(Array(buffer[lineStart..<start]))
            outcome.validSequences.append(event.sequence)
          }
        } catch {
          let message = (error as? EventCoding.DecodeError)?.message ?? "\(error)"
          outcome.badLines.append(
            BadLine(line: line, message: message, isNewer: message.hasPrefix("unknown event type")))
        }
      }
    }
    return outcome
  }
}
