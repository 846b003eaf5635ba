/// The snapshot's part for profiles shared by several devices: every device other than tag 0 under
/// `"devices"` (keyed by tag: its `lastSequence`, `activeRun`, `undoStack`), and `"mergedThrough"`,
/// the merge position of the last event the snapshot covers. A single-device snapshot has neither.
extension SnapshotCoding {
  static func devices(_ p: LearnerProgress) -> [(String, JSONText)] {
    var out: [(String, JSONText)] = []
    if !p.otherDevices.isEmpty {
      let entries = p.otherDevices.sorted { $0.key < $1.key }.map { tag, c -> (String, JSONText) in
        (
          String(tag),
          .object([
            ("lastSequence", .int(c.lastSequence)), ("activeRun", c.activeRun.map(run) ?? .null),
            ("undoStack", .array(c.undoStack.map(undo))),
          ])
        )
      }
      out.append(("devices", .object(entries)))
    }
    if let m = p.mergedThrough {
      out.append(
        (
          "mergedThrough",
          .object([("at", .string(m.at.iso8601)), ("device", .string(m.device)), ("seq", .int(m.sequence))])
        ))
    }
    return out
  }

  static func devices(_ root: FieldMap, into p: inout LearnerProgress) throws(E) {
    var contexts: [Int: DeviceContext] = [:]
    contexts[0] = DeviceContext(activeRun: p.activeRun, undoStack: p.undoStack, lastSequence: p.lastSequence)
    for (k, v) in try members(root, "devices") {
      guard let tag = Int(k), tag > 0, tag < DeviceSequence.tagLimit, v.kind == .object else {
        throw E(message: "bad device \(quoted(k))")
      }
      let f = FieldMap(v)
      let base = DeviceSequence.base(of: tag)
      var c = DeviceContext(lastSequence: try f.int("lastSequence", in: base...(base + (1 << DeviceSequence.shift))))
      if let r = f.value("activeRun"), r.kind == .object { c.activeRun = try run(FieldMap(r)) }
      for u in f.value("undoStack")?.elements ?? [] { c.undoStack.append(try undo(FieldMap(u))) }
      contexts[tag] = c
    }
    p.setDeviceContexts(contexts)
    if let m = root.value("mergedThrough"), m.kind == .object {
      let f = FieldMap(m)
      guard let at = try time(f, "at") else { throw E(message: "mergedThrough without at") }
      p.mergedThrough = MergePosition(
        at: at, device: try f.string("device"), sequence: try f.int("seq", in: ProgressLimits.sequence))
    }
  }
}
