import QuizlineCore
import QuizlineStorage

/// Reports of a per-device profile: each device's archive segments and journal are read (complete
/// lines only, the fast line decoder as for one journal), then merged in the fold's order (time,
/// then device id; a device's own order kept) with the fold's rule for `undo` across another
/// device's events, and counted as one history.
extension HistoryLoader {
  static func loadDevices(
    _ layout: ProfileLayout, sinceDay: Int64?, keepAttempts: Bool, keepResponses: Bool,
    decoder: HistoryScanner.Decoder, reader: any ChunkedFileReader, stream: (any AttemptStream)? = nil
  ) throws(ProfileError) -> ProfileHistory {
    var scanner = HistoryScanner(decoder: decoder, keepResponses: keepResponses || keepAttempts)
    scanner.deduplicate = false
    var accumulator = HistoryAccumulator(sinceDay: sinceDay, keepAttempts: keepAttempts)
    var logs: [[HistoryEvent]] = []
    var devices: [String] = []
    var folders = DeviceProfileOpener.devices(layout.forDevice(nil)).map { layout.forDevice($0.id) }
    if DeviceProfileOpener.hasLegacyLog(layout),
      !DeviceProfileOpener.devices(layout.forDevice(nil)).contains(where: { $0.record?.tag == 0 })
    {
      folders.append(layout.forDevice(nil))
    }
    for device in folders {
      var buffer = EventBuffer()
      for path in device.archivedSegments() + [device.journal] {
        scanner.beginFile(path)
        _ = try reader.read(path) { chunk in scanner.feed(chunk, into: &buffer) }
      }
      // A device's own order, each sequence number once (a journal and its archived copy).
      var last = Int.min
      logs.append(
        buffer.events.filter {
          guard $0.sequence > last else { return false }
          last = $0.sequence
          return true
        })
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
}
