/// One answer in the attempt log (strings are indexes into the history's ``StringTable``).
public struct Attempt: Sendable, Equatable {
  public static let noCertainty = Int32.min
  public var sequence: Int
  public var at: Int64
  public var run: Int
  public var score: Double
  public var seconds: Double
  public var question: Int32
  public var response: Int32
  /// The bank or session the run was drawn from (-1 for review and cram).
  public var sourceID: Int32
  public var certainty: Int32
  /// Rating raw value 1...4, 0 for none.
  public var rating: UInt8
  /// Index into ``SelfGrade/allCases`` plus one, 0 for none.
  var selfGrade: UInt8
  public var sourceKind: HistoryEvent.SourceKind
  /// False when the run's start is not in the history (the answer is still counted).
  public var known: Bool
  public var practice: Bool
  public var undone = false

  var isCorrect: Bool { score >= 0.9999 }
}

/// The score of one bank quiz that ended.
public struct ScorePoint: Sendable, Equatable {
  /// The run's id (the sequence number of its start).
  public var run: Int
  public var endedAt: Int64
  public var percent: Int
  /// Ended with `end` or by starting another quiz, rather than by answering every question.
  public var endedEarly: Bool
}

/// Answers of one day: how many, how many fully right, and their summed credit.
public struct DayScore: Sendable, Equatable {
  public var answers = 0
  public var correct = 0
  public var score = 0.0
}

/// A question's first answer in the period.
struct FirstAnswer: Sendable, Equatable {
  public var sequence: Int
  public var score: Double
  public var response: Int32
}

/// A persistent list of score points, so an undo record can hold a whole series in O(1).
final class ScoreNode: @unchecked Sendable {
  let point: ScorePoint
  let next: ScoreNode?

  init(point: ScorePoint, next: ScoreNode?) {
    self.point = point
    self.next = next
  }
}

/// A profile's whole history as reports see it: the accumulated answers and scores, the strings
/// they refer to, and what was read.
public struct ProfileHistory: Sendable {
  public var table: StringTable
  public var accumulator: HistoryAccumulator
  public var firstSequence: Int?
  public var lastSequence: Int
  public var eventCount: Int
  public var badLineCount: Int
  public var badLines: [HistoryBadLine]
  /// Lines the fast reader handed to the generic decoder.
  public var fallbackCount: Int

  public init(
    table: StringTable, accumulator: HistoryAccumulator, firstSequence: Int?, lastSequence: Int, eventCount: Int,
    badLineCount: Int, badLines: [HistoryBadLine], fallbackCount: Int
  ) {
    self.table = table
    self.accumulator = accumulator
    self.firstSequence = firstSequence
    self.lastSequence = lastSequence
    self.eventCount = eventCount
    self.badLineCount = badLineCount
    self.badLines = badLines
    self.fallbackCount = fallbackCount
  }

  /// An empty history (the REPL's dashboard needs none).
  public static let empty = ProfileHistory(
    table: StringTable(), accumulator: HistoryAccumulator(), firstSequence: nil, lastSequence: 0, eventCount: 0,
    badLineCount: 0,
    badLines: [], fallbackCount: 0)

  /// Whether the history starts at the profile's first event (earlier archive segments are not missing).
  var isComplete: Bool { firstSequence == nil || firstSequence == 1 }
}

/// A line of history that could not be read: its file, line number and what is wrong.
public struct HistoryBadLine: Sendable, Equatable {
  public var file: String
  public var line: Int
  public var message: String

  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }
}
