/// The tape while it is written: grows by doubling, and frees its storage unless the finished
/// tape was taken (a syntax error drops the builder).
final class TapeBuilder {
  private(set) var base: UnsafeMutablePointer<JSONDocument.Node>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    if capacity > 0 { base.deallocate() }
  }

  @inline(__always) func append(_ node: JSONDocument.Node) {
    if count == capacity { grow() }
    (base + count).initialize(to: node)
    count += 1
  }

  private func grow() {
    let bigger = UnsafeMutablePointer<JSONDocument.Node>.allocate(capacity: capacity * 2)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity *= 2
  }

  /// The nodes written; from now on the caller frees them.
  func take() -> UnsafeBufferPointer<JSONDocument.Node> {
    capacity = 0
    return UnsafeBufferPointer(start: base, count: count)
  }
}
