import QuizlineCore
import QuizlineStorage

/// Reports of a per-device profile: each device's archive segments and journal are read (complete
/// lines only, the fast line decoder as for one journal), merged in the fold's order (time, then
/// device id; a device's own order kept) with the fold's rule for `undo` across another device's
/// events, and counted as one history. ``loadDevices`` streams the merge (``StreamingMerge``: each
/// device's next chunk read when the merge needs it); ``loadDevicesHeld`` holds every device's
/// events first, the old way, kept as the tests' oracle.
extension HistoryLoader {
  /// The logs a per-device profile's reports read: each device's folder, and the single journal
  /// when no device took it over.
  static func deviceFolders(_ layout: ProfileLayout) -> [ProfileLayout] {
    var folders = DeviceProfileOpener.devices(layout.forDevice(nil)).map { layout.forDevice($0.id) }
    if DeviceProfileOpener.hasLegacyLog(layout),
      !DeviceProfileOpener.devices(layout.forDevice(nil)).contains(where: { $0.record?.tag == 0 })
    {
      folders.append(layout.forDevice(nil))
    }
    return folders
  }

  static func loadDevices(
    _ layout: ProfileLayout, sinceDay: Int64?, keepAttempts: Bool, keepResponses: Bool,
    decoder: HistoryScanner.Decoder, reader: any ChunkedFileReader, stream: (any AttemptStream)? = nil
  ) throws(ProfileError) -> ProfileHistory {
    var scanner = HistoryScanner(decoder: decoder, keepResponses: keepResponses || keepAttempts)
    scanner.deduplicate = false
    let accumulator = HistoryAccumulator(sinceDay: sinceDay, keepAttempts: keepAttempts)
    let folders = deviceFolders(layout)
    if folders.count == 1 {
      return try loadOnlyLog(
        folders[0], contiguous: LogReadRule.readsFilesInFlight(folders[0], of: layout), scanner: scanner,
        accumulator: accumulator, reader: reader, stream: stream)
    }
    return try mergeDevices(
      layout, folders: folders, scanner: scanner, accumulator: accumulator, stream: stream
    ).history
  }

  /// Several logs (`folders`), each read by a ``DeviceHistorySource`` (a chunk when the merge needs
  /// it), merged as they are read (``StreamingMerge``) and counted by `accumulator`; `each` sees
  /// every merged event (void or not), its log's index in `folders` in ``MergedEvent/log``, with
  /// the fold's event of its line (a scanner with a converter: ``DeviceHistorySource/takeFold()``;
  /// nil otherwise). `diverged`: a source's fold events (a scanner with a converter) were not read
  /// as the history's (``DeviceHistorySource/diverged``).
  static func mergeDevices(
    _ layout: ProfileLayout, folders: [ProfileLayout], scanner: HistoryScanner, accumulator: HistoryAccumulator,
    stream: (any AttemptStream)?, each: (MergedEvent<HistoryEvent>, consuming RecordedEvent?) -> Void = { _, _ in }
  ) throws(ProfileError) -> (history: ProfileHistory, diverged: Bool) {
    var scanner = scanner
    scanner.deduplicate = false
    var accumulator = accumulator
    let table = SharedStringTable()
    var sources: [DeviceHistorySource] = []
    var targets: [[Int: Int]] = []
    for device in folders {
      let contiguous = LogReadRule.readsFilesInFlight(device, of: layout)
      sources.append(DeviceHistorySource(device, contiguous: contiguous, scanner: scanner, table: table))
      targets.append(try UndoScan.targets(sources[sources.count - 1].files))
    }
    let folds = scanner.converter != nil
    var merge = StreamingMerge(sources: sources, devices: folders.map { $0.device ?? "" }, targets: targets)
    var count = 0
    var first: Int?
    var lastSequence = 0
    // The table is held here between reads and lent to the sources while the merge reads (moved,
    // not copied: reading it from the shared box per event retained and released its arrays).
    var strings = StringTable()
    while true {
      swap(&strings, &table.table)
      let next = try merge.next()
      swap(&strings, &table.table)
      guard let step = consume next else { break }
      each(step, folds ? merge.withSource(step.log) { $0.takeFold() } : nil)
      guard !step.void else { continue }
      count += 1
      if first == nil { first = step.event.sequence }
      lastSequence = max(lastSequence, step.event.sequence)
      accumulator.consume(step.event, table: strings)
      if let stream, count % 4096 == 0 { accumulator.drainAttempts { stream.write($0, table: strings) } }
    }
    if let stream { accumulator.drainAttempts(all: true) { stream.write($0, table: strings) } }
    var badLineCount = 0
    var badLines: [HistoryScanner.BadLine] = []
    var fallbackCount = 0
    var diverged = false
    for l in folders.indices {
      let source = merge.source(l)
      badLineCount += source.scanner.badLineCount
      badLines += source.scanner.badLines.prefix(HistoryScanner.badLineSampleLimit - badLines.count)
      fallbackCount += source.scanner.fallbackCount
      diverged = diverged || source.diverged
    }
    let history = ProfileHistory(
      table: strings, accumulator: accumulator, firstSequence: first, lastSequence: lastSequence,
      eventCount: count, badLineCount: badLineCount, badLines: badLines, fallbackCount: fallbackCount)
    return (history, diverged)
  }

  static func loadDevicesHeld(
    _ layout: ProfileLayout, sinceDay: Int64?, keepAttempts: Bool, keepResponses: Bool,
    decoder: HistoryScanner.Decoder, reader: any ChunkedFileReader, stream: (any AttemptStream)? = nil
  ) throws(ProfileError) -> ProfileHistory {
    var scanner = HistoryScanner(decoder: decoder, keepResponses: keepResponses || keepAttempts)
    scanner.deduplicate = false
    var accumulator = HistoryAccumulator(sinceDay: sinceDay, keepAttempts: keepAttempts)
    var logs: [[HistoryEvent]] = []
    var devices: [String] = []
    let folders = deviceFolders(layout)
    if folders.count == 1 {
      return try loadOnlyLog(
        folders[0], contiguous: LogReadRule.readsFilesInFlight(folders[0], of: layout), scanner: scanner,
        accumulator: accumulator, reader: reader, stream: stream)
    }
    for device in folders {
      var buffer = EventBuffer()
      let segments = device.archivedSegments()
      buffer.events.reserveCapacity(device.expectedEventCount(segments: segments))
      let firstEvent = scanner.eventCount
      let firstBad = scanner.badLinePositions.count
      var fileStarts: [Int] = []
      for path in segments + [device.journal] {
        fileStarts.append(buffer.events.count)
        scanner.beginFile(path)
        _ = try reader.read(path) { chunk in scanner.feed(chunk, into: &buffer) }
      }
      let damaged = scanner.badLinePositions[firstBad...].map { $0 - firstEvent }
      let contiguous = LogReadRule.readsFilesInFlight(device, of: layout)
      ownOrder(&buffer.events, fileStarts: fileStarts, damagedBefore: damaged, contiguous: contiguous)
      logs.append(buffer.events)
      devices.append(device.device ?? "")
    }
    let order = DeviceMerge.order(logs.map { $0.map(\.at) }, devices: devices)
    let void = DeviceMerge.voided(
      logs.map { $0.map(\.sequence) }, undoTargets: logs.map { $0.map { $0.kind == .undone ? $0.run : nil } },
      order: order)
    var count = 0
    var first: Int?
    var lastSequence = 0
    for step in order {
      let event = logs[step.log][step.index]
      guard !void.contains(event.sequence) else { continue }
      count += 1
      if first == nil { first = event.sequence }
      lastSequence = max(lastSequence, event.sequence)
      accumulator.consume(event, table: scanner.table)
      if let stream, count % 4096 == 0 { accumulator.drainAttempts { stream.write($0, table: scanner.table) } }
    }
    if let stream { accumulator.drainAttempts(all: true) { stream.write($0, table: scanner.table) } }
    return ProfileHistory(
      table: scanner.table, accumulator: accumulator, firstSequence: first, lastSequence: lastSequence,
      eventCount: count, badLineCount: scanner.badLineCount, badLines: scanner.badLines,
      fallbackCount: scanner.fallbackCount)
  }

  /// Leaves in `events` a device's events as the fold reads them (`DeviceLogReader.read`): its own order, each sequence
  /// number once (a journal and its archived copy). `contiguous` (another device's log): reading
  /// stops at a gap in its numbers between one file and the next (a file that has not arrived yet),
  /// a damaged line standing for the one event it replaces; a gap inside a file (a hole a repair
  /// left) is read past. `fileStarts`: the index of each file's first event; `damagedBefore`: for
  /// each damaged line, how many events came before it.
  static func ownOrder(_ events: inout [HistoryEvent], fileStarts: [Int], damagedBefore: [Int], contiguous: Bool) {
    // Kept events are moved down in place (a kept event's new index is never above its old one),
    // so a log is held once, not twice, while it is put in order.
    var filter = OwnOrder(contiguous: contiguous, fileStarts: fileStarts)
    var kept = 0
    for index in events.indices {
      guard filter.keeps(events[index].sequence, at: index, damagedBefore: damagedBefore) else {
        if filter.stopped { break }
        continue
      }
      if kept != index { events.swapAt(kept, index) }
      kept += 1
    }
    events.removeSubrange(kept...)
  }
}
