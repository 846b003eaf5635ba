/// Everything loaded from a quizzes folder: banks, study sessions and courses, in a stable order (by id).
public struct Catalog: Sendable, Equatable {
  public private(set) var banks: [Bank]
  public private(set) var sessions: [StudySession]
  public private(set) var courses: [Course]
  private var bankIndex: [String: Int] = [:]
  private var sessionIndex: [String: Int] = [:]
  /// Each question's place in its bank: looked up for every card of a profile at each prompt, so a
  /// search through the bank would make that quadratic (20,000 imported cards: seconds).
  private var questionIndex = QuestionIndex()
  /// The order in which courses introduce their banks' questions, and what unlocks each one.
  public private(set) var plan = CoursePlan()

  public init(banks: [Bank] = [], sessions: [StudySession] = [], courses: [Course] = []) {
    self.banks = banks.sorted { $0.id < $1.id }
    self.sessions = sessions.sorted { $0.id < $1.id }
    self.courses = courses.sorted { $0.id < $1.id }
    for (i, b) in self.banks.enumerated() { bankIndex[b.id] = i }
    questionIndex = QuestionIndex(banks: self.banks)
    for (i, s) in self.sessions.enumerated() { sessionIndex[s.id] = i }
    let banks = self.banks
    let (bankIndex, questionIndex) = (bankIndex, questionIndex)
    plan = CoursePlan(
      banks: banks, sessions: self.sessions, courses: self.courses, questionCount: questionIndex.count
    ) { ref in
      bankIndex[ref.bank].flatMap { questionIndex.position(of: ref.question, inBank: $0, of: banks) }
    }
  }

  public static let empty = Catalog()

  public var isEmpty: Bool { banks.isEmpty && sessions.isEmpty && courses.isEmpty }

  public func bank(_ id: String) -> Bank? { bankIndex[id].map { banks[$0] } }
  public func session(_ id: String) -> StudySession? { sessionIndex[id].map { sessions[$0] } }
  public func course(_ id: String) -> Course? { courses.first { $0.id == id } }

  /// The question a reference points at, if both bank and question exist.
  public func question(_ ref: QuestionRef) -> Question? {
    guard let b = bankIndex[ref.bank], let k = questionIndex.position(of: ref.question, inBank: b, of: banks) else {
      return nil
    }
    return banks[b].questions[k]
  }

  /// The course a session belongs to (the first, when several list it) and its 0-based position there.
  public func course(containing sessionID: String) -> (course: Course, index: Int)? {
    for c in courses {
      if let i = c.sessions.firstIndex(of: sessionID) { return (c, i) }
    }
    return nil
  }

  /// Total number of questions over all banks.
  public var questionCount: Int { banks.reduce(0) { $0 + $1.questions.count } }
}
