import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The progress of a per-device profile: the snapshot (a local cache that records, per device, the
/// last sequence number it covers, and the merge position of its last event) plus every device's
/// events past it. When each new event sorts after that position they are applied on top;
/// otherwise (an older event arrived late) everything is folded again from the start.
struct DeviceState {
  var progress = LearnerProgress()
  var notices: [String] = []
  /// The fold was computed again (or took in other devices' events): the snapshot is worth writing.
  var rebuilt = false
  /// This device's events not covered by the snapshot.
  var ownSinceSnapshot = 0
  /// Answers (and all events) that came from other devices since the snapshot, by device name.
  var incoming: [DeviceIncoming] = []

  static func load(
    _ layout: ProfileLayout, local: Int, label: String, now: Timestamp, repair: Bool, fromScratch: Bool = false
  ) throws(ProfileError) -> DeviceState {
    var state = DeviceState()
    var snapshot: LearnerProgress?
    if !fromScratch,
      case .read(let progress) = try ProfileOpener.readSnapshot(
        layout, now: now, repair: repair, rebuiltFrom: "the logs", notices: &state.notices)
    {
      snapshot = progress
    }
    // A snapshot without a merge position was written by the single-journal layout: folded again once.
    if let s = snapshot, s.mergedThrough == nil, !s.deviceSequences.isEmpty { snapshot = nil }
    // A snapshot from before questions counted their reviews (reps, lapses) is folded again once.
    if let s = snapshot, !s.countsReviews { snapshot = nil }
    let vector = snapshot?.deviceSequences ?? [:]
    if var base = snapshot {
      // The logs' tails past the snapshot, held (they are short), applied on top when they can be.
      let logs = try readLogs(layout, vector: vector, notices: &state.notices)
      if covers(logs, vector: vector), DeviceMerge.canApplyOnTop(logs.map(\.log), base) {
        DeviceMerge.fold(logs.map(\.log), into: &base, local: local)
        state.progress = base
        state.count(logs.map { ($0.label, freshCounts($0.log.events, vector: vector)) }, local: local)
        return state
      }
    }
    // The fold from nothing (no snapshot, or an older event arrived late): every log streamed.
    state.rebuilt = true
    var (merge, labels) = try streamingMerge(layout, notices: &state.notices)
    var counts = Array(repeating: FreshCount(), count: labels.count)
    try StreamingFold.fold(&merge, into: &state.progress, local: local) { step in
      counts[step.log].add(step.event, vector: vector)
    }
    for l in labels.indices { state.notices += merge.source(l).notices }
    state.count(
      labels.indices.map { (labels[$0], (counts[$0].first, counts[$0].count, counts[$0].answers)) }, local: local)
    return state
  }

  /// Counts each log's events past the snapshot: this device's, or another's that came in.
  private mutating func count(_ logs: [(label: String, fresh: (first: Int?, count: Int, answers: Int))], local: Int) {
    for (label, (first, fresh, answers)) in logs {
      guard let first else { continue }
      if DeviceSequence.tag(of: first) == local {
        ownSinceSnapshot = fresh
        continue
      }
      rebuilt = true
      incoming.append(DeviceIncoming(device: label, answers: answers, events: fresh))
    }
  }

  /// ``freshCounts(_:vector:)`` one event at a time.
  struct FreshCount {
    var first: Int?
    var count = 0
    var answers = 0
    private var tag = -1
    private var floor = 0

    mutating func add(_ event: RecordedEvent, vector: [Int: Int]) {
      let sequence = event.sequence
      if DeviceSequence.tag(of: sequence) != tag {
        tag = DeviceSequence.tag(of: sequence)
        floor = vector[tag] ?? 0
      }
      guard sequence > floor else { return }
      if first == nil { first = sequence }
      count += 1
      if case .answered = event.payload { answers += 1 }
    }
  }

  /// The events above `vector` (the snapshot's coverage): the first one's sequence number, how
  /// many, how many answers; counted in place (a log may hold a million events).
  static func freshCounts(_ events: [RecordedEvent], vector: [Int: Int]) -> (first: Int?, count: Int, answers: Int) {
    var first: Int?
    var count = 0
    var answers = 0
    var tag = -1
    var floor = 0
    for i in events.indices {
      let sequence = events[i].sequence
      if DeviceSequence.tag(of: sequence) != tag {
        tag = DeviceSequence.tag(of: sequence)
        floor = vector[tag] ?? 0
      }
      guard sequence > floor else { continue }
      if first == nil { first = sequence }
      count += 1
      if case .answered = events[i].payload { answers += 1 }
    }
    return (first, count, answers)
  }

  struct Read {
    var log: DeviceLog
    var label: String
    var lastOnDisk: Int?
  }

  /// Every device's events above `vector` (all of them when nil), and the single-journal layout's
  /// files as one more log when no device has taken them over yet.
  static func readLogs(_ layout: ProfileLayout, vector: [Int: Int]?, notices: inout [String]) throws(ProfileError)
    -> [Read]
  {
    var out: [Read] = []
    for log in try logFolders(layout, notices: &notices) {
      let after = log.tag.flatMap { vector?[$0] ?? (vector == nil ? nil : DeviceSequence.base(of: $0)) }
      let read = try DeviceLogReader.read(
        log.folder, label: log.readLabel, after: log.isLegacy ? vector?[0] : after, contiguous: log.contiguous)
      notices += read.notices
      var events = read.log
      if let vector, !log.isLegacy {
        events.events.removeAll { $0.sequence <= vector[DeviceSequence.tag(of: $0.sequence)] ?? 0 }
      }
      out.append(Read(log: events, label: log.label, lastOnDisk: read.lastOnDisk))
    }
    return out
  }

  /// Every device's whole log, as ``readLogs(_:vector:notices:)`` reads them with no vector, merged
  /// as it is read (``StreamingMerge``), never held; with each log's label. The notices of damaged
  /// lines are the sources' (``DeviceLogCursor/notices``), once the merge has read them.
  static func streamingMerge(_ layout: ProfileLayout, notices: inout [String]) throws(ProfileError) -> (
    StreamingMerge<DeviceLogCursor>, labels: [String]
  ) {
    let logs = try logFolders(layout, notices: &notices)
    let sources = logs.map {
      DeviceLogCursor($0.folder, label: $0.readLabel, after: nil, contiguous: $0.contiguous)
    }
    let labels = logs.map(\.label)
    let targets = try sources.map { source throws(ProfileError) in try UndoScan.targets(source.files) }
    return (StreamingMerge(sources: sources, devices: sources.map(\.device), targets: targets), labels)
  }

  /// One log of a per-device profile, as every reader of the logs takes it.
  struct LogFolder {
    var folder: ProfileLayout
    /// The name said when the fresh events are counted ("'laptop'", "this profile's journal").
    var label: String
    /// The name in a damaged line's notice ("'laptop'", "(single journal)").
    var readLabel: String
    /// Another device's log: read with the rule for files in flight (``LogReadRule``).
    var contiguous: Bool
    /// The device's tag, when its record could be read.
    var tag: Int?
    /// The single journal no device has taken over yet.
    var isLegacy: Bool
  }

  /// The logs to read, in order: each device's folder (its left-out folders' notices said once,
  /// though the logs may be read twice), then the single journal when no device took it over;
  /// two devices claiming one tag are refused.
  static func logFolders(_ layout: ProfileLayout, notices: inout [String]) throws(ProfileError) -> [LogFolder] {
    let folders = DeviceFolders.scan(layout)
    let devices = folders.devices
    for notice in folders.leftOut.map(\.notice) where !notices.contains(notice) { notices.append(notice) }
    try refuseSharedTags(devices, layout)
    var out = devices.map { id, record in
      let label = record?.shownName ?? id
      return LogFolder(
        folder: layout.forDevice(id), label: label, readLabel: "'\(label)'", contiguous: id != layout.device,
        tag: record?.tag, isLegacy: false)
    }
    if !out.contains(where: { $0.tag == 0 }), DeviceProfileOpener.hasLegacyLog(layout) {
      out.append(
        LogFolder(
          folder: layout.forDevice(nil), label: "this profile's journal", readLabel: "(single journal)",
          contiguous: false, tag: nil, isLegacy: true))
    }
    return out
  }

  /// Two devices numbering their events from the same tag (two machines that each took over a
  /// copy of one single-journal profile before seeing the other's folder) cannot be merged: their
  /// sequence numbers collide, and folding them would silently leave events out. Refused, naming both.
  static func refuseSharedTags(_ devices: [(id: String, record: DeviceRecord?)], _ layout: ProfileLayout)
    throws(ProfileError)
  {
    var owners: [Int: DeviceRecord] = [:]
    for case (_, let record?) in devices {
      guard let first = owners[record.tag] else {
        owners[record.tag] = record
        continue
      }
      throw ProfileError(
        "devices '\(first.shownName)' (\(first.id.prefix(8))) and '\(record.shownName)' (\(record.id.prefix(8))) in \(layout.devices) both number their events as device \(record.tag) (each took over this profile's old single journal before the other's folder arrived), so their events cannot be merged; nothing was changed. Keep the device whose answers you want: move the other's folder out of \(layout.devices), and start that machine again with another --device name.",
        exitCode: .dataError)
    }
  }

  /// Whether the files still hold every event the snapshot says it covers (a device folder removed
  /// or cut short makes the snapshot unusable).
  static func covers(_ logs: [Read], vector: [Int: Int]) -> Bool {
    var onDisk: [Int: Int] = [:]
    for read in logs {
      if let last = read.lastOnDisk { onDisk[DeviceSequence.tag(of: last)] = last }
    }
    return vector.allSatisfy { entry in (onDisk[entry.key] ?? Int.min) >= entry.value }
  }
}
