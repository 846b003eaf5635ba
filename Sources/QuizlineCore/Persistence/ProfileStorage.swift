#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A profile opened for use: its progress, the journal to append to, and what to tell the learner.
public struct OpenProfile {
  public var progress: LearnerProgress
  public var journal: any Journal
  public var historyPath: String
  public var notices: [String]
}

/// Why a profile could not be opened, with the exit status to use.
public struct ProfileError: Error, Sendable, Equatable {
  public var message: String
  /// 74 for I/O trouble, 65 for unreadable data, 75 when another process holds the profile.
  public var exitCode: ExitCode

  public init(_ message: String, exitCode: ExitCode) {
    self.message = message
    self.exitCode = exitCode
  }
}

/// The files of one profile under the progress folder: `Progress/<profile>/journal.jsonl`, `history`.
public struct ProfileStorage: Sendable {
  public let directory: String

  public init(progressDirectory: String, profile: String) {
    directory = progressDirectory + "/" + profile
  }

  public var journalPath: String { directory + "/journal.jsonl" }
  public var historyPath: String { directory + "/history" }

  /// The profile's progress, read without creating or locking anything (for read-only commands).
  public func readProgress() throws(ProfileError) -> LearnerProgress {
    var progress = LearnerProgress()
    if let bytes = try readIfPresent(journalPath) {
      let replay = JournalReader.replay(bytes, into: &progress)
      if let problem = replay.problem {
        throw ProfileError("\(journalPath):\(problem.line): \(problem.message)", exitCode: .dataError)
      }
    }
    return progress
  }

  /// Creates the folder if needed, replays the journal and opens it for appending.
  public func open() throws(ProfileError) -> OpenProfile {
    try makeDirectory(directory)
    var progress = LearnerProgress()
    var notices: [String] = []
    if let bytes = try readIfPresent(journalPath) {
      let replay = JournalReader.replay(bytes, into: &progress)
      if let problem = replay.problem {
        throw ProfileError("\(journalPath):\(problem.line): \(problem.message); nothing was changed", exitCode: .dataError)
      }
      if replay.droppedTornTail { notices.append("the last line of \(journalPath) was cut off by a crash and was left out") }
    }
    let journal: FileJournal
    do {
      journal = try FileJournal(path: journalPath)
    } catch {
      throw ProfileError(error.message, exitCode: .ioError)
    }
    return OpenProfile(progress: progress, journal: journal, historyPath: historyPath, notices: notices)
  }

  private func makeDirectory(_ path: String) throws(ProfileError) {
    var partial = ""
    for component in path.split(separator: "/", omittingEmptySubsequences: false) {
      partial += (partial.isEmpty && path.hasPrefix("/") && component.isEmpty) ? "/" : (partial.isEmpty || partial == "/" ? "" : "/") + component
      if component.isEmpty { continue }
      if mkdir(partial, 0o755) != 0 && errno != EEXIST {
        throw ProfileError("cannot create \(partial): \(String(cString: strerror(errno)))", exitCode: .ioError)
      }
    }
  }

  private func readIfPresent(_ path: String) throws(ProfileError) -> [UInt8]? {
    let source = LocalFileSource()
    switch source.kind(of: path) {
    case .missing: return nil
    default:
      do {
        return try source.read(path, limit: Int.max)
      } catch {
        throw ProfileError("\(path): \(error.message)", exitCode: .ioError)
      }
    }
  }
}

/// Reads journal lines and applies them.
public enum JournalReader {
  public struct Outcome: Sendable, Equatable {
    public var applied = 0
    public var droppedTornTail = false
    public var problem: (line: Int, message: String)?

    public static func == (a: Outcome, b: Outcome) -> Bool {
      a.applied == b.applied && a.droppedTornTail == b.droppedTornTail && a.problem?.line == b.problem?.line
        && a.problem?.message == b.problem?.message
    }
  }

  /// Applies every complete line; a final line without its newline (a torn write) is dropped.
  public static func replay(_ bytes: [UInt8], into progress: inout LearnerProgress) -> Outcome {
    var outcome = Outcome()
    var start = 0
    var line = 0
    while start < bytes.count {
      line += 1
      guard let end = bytes[start...].firstIndex(of: 0x0A) else {
        outcome.droppedTornTail = true
        break
      }
      let slice = bytes[start..<end]
      start = end + 1
      if slice.isEmpty { continue }
      do {
        let event = try EventCoding.decode(slice)
        progress.apply(event)
        outcome.applied += 1
      } catch {
        outcome.problem = (line, error.message)
        return outcome
      }
    }
    return outcome
  }
}
