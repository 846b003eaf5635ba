import QuizlineCore
import QuizlineFormats

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A learner's profile for the card browser benchmark: the cards of one catalog studied day after
/// day until their histories hold `reviews` reviews, built through the real fold
/// (``LearnerProgress/apply(_:)``) and written as quizline leaves a profile at exit
/// (``SegmentWriter``).
///
/// Each day at 08:00–10:00 UTC the learner takes review runs of up to 20 cards: the cards due by
/// then (most overdue first, learning steps coming back within the sitting), then up to
/// `newPerDay` new cards; about 6–20 s an answer. Ratings again/hard/good/easy 10/10/70/10 %.
/// Answers carry no load-balanced day (`scheduledDays` nil: the seeded fuzz picks the day, as
/// replaying an older journal does). Drawn from SplitMix64(seed), so a run is reproducible.
struct CardsProfileGenerator {
  let refs: [QuestionRef]
  let reviews: Int
  var newPerDay = 200
  var seed: UInt64 = 33

  static let start = Timestamp(iso8601: "2024-01-01T08:00:00Z")!

  struct Result {
    var progress: LearnerProgress
    /// The morning after the last sitting (08:00 UTC): when the benchmark opens the profile.
    var morningAfter: Timestamp
    var events: Int
    var days: Int
  }

  /// Generates the events, writes the profile into `directory` and returns the folded progress.
  func write(to directory: String) throws -> Result {
    var random = SplitMix64(seed: seed)
    var progress = LearnerProgress()
    var writer = try SegmentWriter(directory: directory)
    var heap = DueHeap()
    var introduced = 0
    var answered = 0
    var day = 0
    var now = Self.start

    func emit(_ payload: EventPayload) throws {
      let event = RecordedEvent(sequence: progress.lastSequence + 1, at: now, payload: payload)
      progress.apply(event)
      try writer.append(event)
    }

    while answered < reviews {
      let morning = Self.start.adding(seconds: Int64(day) * 86_400)
      now = morning.adding(seconds: Int64(random.nextUniform() * 7200))
      var newToday = 0
      while answered < reviews {
        var batch: [Int] = []
        while batch.count < 20, let top = heap.min, top.due <= now.microseconds {
          batch.append(heap.popMin().card)
        }
        while batch.count < 20, newToday < newPerDay, introduced < refs.count {
          batch.append(introduced)
          introduced += 1
          newToday += 1
        }
        if batch.isEmpty {
          // A learning step due within a quarter of an hour: wait for it; else the sitting ends.
          guard let top = heap.min, top.due <= now.adding(seconds: 900).microseconds else { break }
          now = Timestamp(microseconds: top.due)
          continue
        }
        let run = progress.lastSequence + 1
        try emit(.quizStarted(RunStart(source: .review, questions: batch.map { refs[$0] }, seed: random.next())))
        for card in batch {
          guard answered < reviews else { break }
          now = now.adding(seconds: 6 + Int64(random.nextUniform() * 14))
          let u = random.nextUniform()
          let rating: Rating = u < 0.1 ? .again : u < 0.2 ? .hard : u < 0.9 ? .good : .easy
          let score = rating == .again ? 0.0 : 1.0
          try emit(
            .answered(
              AnswerRecord(
                run: run, question: refs[card], response: score == 1 ? "good" : "again", score: score,
                seconds: 8, rating: rating)))
          answered += 1
          if let due = progress.questions[refs[card]]?.card?.due { heap.insert(due.microseconds, card) }
        }
        try emit(.runEnded(run: run, reason: .finished))
      }
      day += 1
    }
    guard introduced == refs.count else {
      throw BenchError.usage(
        "only \(introduced) of \(refs.count) cards were studied by \(reviews) reviews: raise newPerDay")
    }
    try writer.finish(progress, at: now)
    let morningAfter = Self.start.adding(seconds: Int64(day) * 86_400)
    return Result(progress: progress, morningAfter: morningAfter, events: progress.lastSequence, days: day)
  }
}

/// Events written as quizline leaves a profile at exit: segments of 500 in `archive/` (the last
/// one shorter), `snapshot.json` covering every event, no journal (``ProfileStore`` checkpoints
/// and archives the journal when it closes).
struct SegmentWriter {
  let directory: String
  private var lines: [UInt8] = []
  private var segmentFirst = 1
  private var last = 0

  init(directory: String) throws {
    self.directory = directory
    mkdir(directory, 0o755)
    mkdir(directory + "/archive", 0o755)
    lines.reserveCapacity(4 << 20)
  }

  mutating func append(_ event: RecordedEvent) throws {
    lines += Array((EventCoding.encode(event) + "\n").utf8)
    last = event.sequence
    if event.sequence % ReportProfileGenerator.segment == 0 { try flush() }
  }

  private mutating func flush() throws {
    guard !lines.isEmpty else { return }
    let path = directory + "/archive/" + ReportProfileGenerator.segmentName(segmentFirst, last)
    try ReportProfileGenerator.writeFile(path, lines)
    lines.removeAll(keepingCapacity: true)
    segmentFirst = last + 1
  }

  mutating func finish(_ progress: LearnerProgress, at now: Timestamp) throws {
    try flush()
    try ReportProfileGenerator.writeFile(
      directory + "/snapshot.json", Array(SnapshotCoding.encode(progress, writtenAt: now).utf8))
  }
}

/// A binary min-heap of (due instant in microseconds, card index); ties by card index.
struct DueHeap {
  private var items: [(due: Int64, card: Int)] = []

  var min: (due: Int64, card: Int)? { items.first }

  private static func less(_ a: (due: Int64, card: Int), _ b: (due: Int64, card: Int)) -> Bool {
    a.due != b.due ? a.due < b.due : a.card < b.card
  }

  mutating func insert(_ due: Int64, _ card: Int) {
    items.append((due, card))
    var i = items.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard Self.less(items[i], items[parent]) else { break }
      items.swapAt(i, parent)
      i = parent
    }
  }

  mutating func popMin() -> (due: Int64, card: Int) {
    let top = items[0]
    let last = items.removeLast()
    guard !items.isEmpty else { return top }
    items[0] = last
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < items.count, Self.less(items[l], items[m]) { m = l }
      if r < items.count, Self.less(items[r], items[m]) { m = r }
      guard m != i else { return top }
      items.swapAt(i, m)
      i = m
    }
  }
}
