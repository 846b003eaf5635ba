import Dispatch
import Glibc
import QuizlineCore
import QuizlineStorage
import Synchronization

/// One learner's report history and reviews (md, json, html, and the REPL's `export`) in one pass:
/// every line of the profile is read and parsed once (``HistoryScanner`` with a ``ReplayConverter``),
/// the compact event counted by the history's accumulator on this thread, the fold's event handed
/// to a second thread that folds it (``ReviewHistoryCollector``). The same history as
/// ``HistoryLoader/load(_:sinceDay:keepAttempts:keepResponses:decoder:reader:parallelFrom:attemptStream:)``
/// and the same reviews as ``ProfileReviewHistory/collect(_:following:)`` (`ReportPassTests` compares
/// them, and every report format's bytes, with those two readers, which stay as they were).
///
/// A single journal and a profile with one device's log (a learner's own) are read this way; a
/// profile with several devices' logs is merged once for both (``merged(_:scanner:accumulator:)``).
/// Where the one pass cannot stand for the two readers it returns nil (the callers read the
/// profile with the two readers).
public enum ReportPass {
  /// The history and the reviews of the profile at `layout`, or nil when the two readers must read it.
  public static func load(
    _ layout: ProfileLayout, sinceDay: Int64? = nil, keepAttempts: Bool = false, keepResponses: Bool = true,
    reader: any ChunkedFileReader = PosixChunkedReader(), attemptStream stream: (any AttemptStream)? = nil
  ) throws(ProfileError) -> (history: ProfileHistory, reviews: [ReviewRecord])? {
    let keepAttempts = keepAttempts || stream != nil
    var scanner = HistoryScanner(decoder: .fast, keepResponses: keepResponses || keepAttempts)
    scanner.converter = ReplayConverter()
    let accumulator = HistoryAccumulator(sinceDay: sinceDay, keepAttempts: keepAttempts)
    let profile = layout.forDevice(nil)
    if !DeviceProfileOpener.hasDevices(profile) {
      guard layout.device == nil else { return nil }
      return try single(layout, scanner: scanner, accumulator: accumulator, reader: reader, stream: stream)
    }
    guard let log = ProfileReviewHistory.onlyLog(layout) else {
      // Several logs (an attempt stream is written as it is counted: not read twice if the pass gives way).
      guard stream == nil else { return nil }
      return try merged(layout, scanner: scanner, accumulator: accumulator)
    }
    guard log.folder.device == onlyHistoryLog(layout)?.device else { return nil }
    let fold = FoldThread(
      single: SingleLogFold(device: log.folder.device ?? ""), rule: LogReadRule(contiguous: log.contiguous))
    let history: ProfileHistory
    do {
      history = try HistoryLoader.loadOnlyLog(
        log.folder, contiguous: log.contiguous, scanner: scanner, accumulator: accumulator, reader: reader,
        stream: stream,
        fileBegins: { fold.beginFile() },
        foldLines: { lines in fold.send(lines) })
    } catch {
      _ = fold.finish()
      throw error
    }
    return (history, fold.finish())
  }

  /// The single journal: archive segments in order, then `journal.jsonl`.
  private static func single(
    _ layout: ProfileLayout, scanner: HistoryScanner, accumulator: HistoryAccumulator,
    reader: any ChunkedFileReader, stream: (any AttemptStream)?
  ) throws(ProfileError) -> (history: ProfileHistory, reviews: [ReviewRecord]) {
    var scanner = scanner
    var accumulator = accumulator
    let fold = FoldThread(single: nil)
    do {
      for path in layout.archivedSegments() + [layout.journal] {
        scanner.beginFile(path)
        _ = try reader.read(path) { chunk in
          scanner.feed(chunk, into: &accumulator)
          if let stream { accumulator.drainAttempts { stream.write($0, table: scanner.table) } }
          fold.send(scanner.takeFoldLines())
        }
      }
    } catch {
      _ = fold.finish()
      throw error
    }
    if let stream { accumulator.drainAttempts(all: true) { stream.write($0, table: scanner.table) } }
    let history = ProfileHistory(
      table: scanner.table, accumulator: accumulator, firstSequence: scanner.firstSequence,
      lastSequence: scanner.lastSequence, eventCount: scanner.eventCount, badLineCount: scanner.badLineCount,
      badLines: scanner.badLines, fallbackCount: scanner.fallbackCount)
    return (history, fold.finish())
  }

  /// The one log the history reader reads for a per-device profile (``HistoryLoader/loadDevices``'s
  /// choice), nil when it reads several.
  static func onlyHistoryLog(_ layout: ProfileLayout) -> ProfileLayout? {
    let devices = DeviceProfileOpener.devices(layout.forDevice(nil))
    var folders = devices.map { layout.forDevice($0.id) }
    if DeviceProfileOpener.hasLegacyLog(layout), !devices.contains(where: { $0.record?.tag == 0 }) {
      folders.append(layout.forDevice(nil))
    }
    return folders.count == 1 ? folders[0] : nil
  }
}

/// The fold on a second thread: each line's event in order in (nil: a damaged line), the reviews
/// out (``finish()``). At most a few batches wait, so memory stays flat however long the history is.
final class FoldThread: @unchecked Sendable {
  private enum Message: Sendable {
    case lines([RecordedEvent?])
    case merged([MergedFoldStep])
    case fileBegins
    case end
  }
  private let free = DispatchSemaphore(value: 4)
  private let ready = DispatchSemaphore(value: 0)
  private let messages = Mutex<[Message]>([])
  private let done = DispatchGroup()
  /// Written by the folding thread only; read after `done`.
  private var reviews: [ReviewRecord] = []

  /// The devices' ids of a merge (``MergedFoldStep/device`` indexes them); empty otherwise.
  private let devices: [String]

  /// `single`: the one log of a per-device profile (folded as ``SingleLogFold`` folds it, its lines
  /// taken by `rule`); nil for a single journal (each event above the last sequence number
  /// applied, as replay does). `devices`: several devices' logs merged (``send(merged:)``, folded
  /// as ``StreamingFold`` folds a merge, `single` given).
  init(single: SingleLogFold?, rule: LogReadRule = LogReadRule(contiguous: false), devices: [String] = []) {
    self.devices = devices
    done.enter()
    DispatchQueue.global().async { [self] in
      reviews = fold(single: single, rule: rule)
      // What the fold held is free now: given back (this thread's malloc arena keeps it otherwise).
      MallocTrim.trim()
      done.leave()
    }
  }

  /// Folds the messages until the end and takes the reviews out of the fold, giving back the logs'
  /// memory as they go (``ReviewHistoryCollector/takeReviews(freeing:_:)``): the list and the logs
  /// are never held whole at once.
  private func fold(single: SingleLogFold?, rule: LogReadRule) -> [ReviewRecord] {
    var collector = ReviewHistoryCollector()
    var single = single
    var rule = rule
    reading: while true {
      ready.wait()
      let message = messages.withLock { $0.removeFirst() }
      free.signal()
      switch message {
      case .end: break reading
      case .fileBegins: rule.beginFile()
      case .merged(let steps):
        // Read in place (the array's elements were copied out, each event's strings retained).
        steps.withUnsafeBufferPointer { steps in
          for k in steps.indices {
            single!.merging(device: devices[steps[k].device], void: steps[k].void)
            collector.fold(steps[k].event, &single!)
          }
        }
      case .lines(let lines):
        if single != nil {
          for line in lines where rule.keeps(line) { collector.fold(line!, &single!) }
        } else {
          for case let event? in lines where event.sequence > collector.progress.lastSequence {
            collector.apply(event)
          }
        }
      }
    }
    if let single { collector.finish(single) }
    return collector.takeReviews(freeing: 4 << 20) { MallocTrim.trim() }
  }

  /// Hands on the next lines' events (none: nothing to do).
  func send(_ lines: [RecordedEvent?]) {
    guard !lines.isEmpty else { return }
    put(.lines(lines))
  }

  /// Hands on the next merged events (none: nothing to do).
  func send(merged steps: [MergedFoldStep]) {
    guard !steps.isEmpty else { return }
    put(.merged(steps))
  }

  /// The next lines are a new file's (``LogReadRule/beginFile()``).
  func beginFile() { put(.fileBegins) }

  private func put(_ message: Message) {
    free.wait()
    messages.withLock { $0.append(message) }
    ready.signal()
  }

  /// Ends the fold and waits for its reviews.
  func finish() -> [ReviewRecord] {
    put(.end)
    done.wait()
    return reviews
  }
}

/// A merged event as the fold takes it: the fold's event, its device (an index into
/// ``FoldThread``'s devices) and whether the merge made it void.
struct MergedFoldStep: Sendable {
  var event: RecordedEvent
  var device: Int
  var void: Bool
}

/// glibc's `malloc_trim(0)`: the free memory of every malloc arena given back to the system (a
/// thread's arena keeps what it freed otherwise, and the peak resident size counts it). `<malloc.h>`
/// is not in the Glibc module, so the function is looked up once; without it, nothing is done.
enum MallocTrim {
  private static let address = Int(bitPattern: dlsym(nil, "malloc_trim"))

  static func trim() {
    guard let function = UnsafeRawPointer(bitPattern: address) else { return }
    _ = unsafeBitCast(function, to: (@convention(c) (Int) -> Int32).self)(0)
  }
}
