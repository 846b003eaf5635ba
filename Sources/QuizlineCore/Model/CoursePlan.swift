/// The order in which a course introduces the questions of its banks, and the session whose reading
/// unlocks each of them (`config new-order course`, the default).
///
/// A course's banks are the banks it lists and the banks its sessions' checkpoints draw from. Each
/// of their questions is tied to one session of the course, the first rule that applies deciding:
/// 1. a checkpoint names it: the first such session in course order;
/// 2. its prompt is one of a session's key terms (a glossary card's front, compared without case;
///    a term written `A / B` names both, and a prompt's trailing `(…)` note is left out): the first
///    such session;
/// 3. its tags: each tag a checkpoint question carries is taught by the session whose checkpoint
///    uses it most (the earlier one on a tie); the question waits for the last of the sessions that
///    teach its tags;
/// 4. otherwise the course's last session: a question nothing ties to a session comes at the end.
///
/// ``order`` lists, session by session in course order, the checkpoint's questions and then the
/// other questions tied to it (in bank order). A question of a bank that no course claims is in
/// neither table: it is never locked. A bank in two courses belongs to the first (by course id).
/// Derived from the catalog alone, so every screen and every device agrees.
public struct CoursePlan: Sendable, Equatable {
  /// The questions of the courses' banks, in the order the courses introduce them.
  public private(set) var order: [QuestionRef] = []
  /// The session each question of ``order`` is tied to.
  public private(set) var unlockedBy: [QuestionRef: String] = [:]

  init() {}

  init(banks: [Bank], sessions: [StudySession], courses: [Course]) {
    let bankByID = Dictionary(banks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let sessionByID = Dictionary(sessions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var claimedBanks = Set<String>()
    for course in courses {
      let steps = course.sessions.compactMap { sessionByID[$0] }
      guard !steps.isEmpty else { continue }
      var courseBanks: [Bank] = []
      for id in course.banks + steps.flatMap({ $0.checkpoint?.questions.map(\.bank) ?? [] }) {
        guard let bank = bankByID[id], claimedBanks.insert(id).inserted else { continue }
        courseBanks.append(bank)
      }
      let inCourse = Set(courseBanks.map(\.id))
      var tied: [[QuestionRef]] = Array(repeating: [], count: steps.count)
      // 1. Checkpoints.
      var tagUses: [String: [Int: Int]] = [:]
      for (i, session) in steps.enumerated() {
        for ref in session.checkpoint?.questions ?? [] where inCourse.contains(ref.bank) && unlockedBy[ref] == nil {
          guard let question = bankByID[ref.bank]?.question(ref.question) else { continue }
          unlockedBy[ref] = session.id
          tied[i].append(ref)
          for tag in Set(question.tags) { tagUses[tag, default: [:]][i, default: 0] += 1 }
        }
      }
      // 2. Key terms, 3. tags, 4. the last session.
      var termSession: [String: Int] = [:]
      for (i, session) in steps.enumerated() {
        for term in session.keyTerms {
          for name in term.term.split(separator: "/") {
            let key = Self.folded(Substring(name))
            if !key.isEmpty, termSession[key] == nil { termSession[key] = i }
          }
        }
      }
      // The session using a tag most; on a tie the earlier one.
      let tagHome = tagUses.mapValues { uses in
        uses.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!.key
      }
      for bank in courseBanks {
        for question in bank.questions {
          let ref = QuestionRef(bank: bank.id, question: question.id)
          guard unlockedBy[ref] == nil else { continue }
          let index =
            termSession[Self.folded(Self.withoutNote(question.prompt))]
            ?? question.tags.compactMap { tagHome[$0] }.max() ?? steps.count - 1
          unlockedBy[ref] = steps[index].id
          tied[index].append(ref)
        }
      }
      order += tied.flatMap { $0 }
    }
  }

  /// Lower case with runs of spaces as one, trimmed: how key terms and prompts are compared.
  static func folded(_ text: Substring) -> String {
    text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
  }

  /// A prompt without a trailing parenthesised note: `State (the concept)` → `State`.
  static func withoutNote(_ prompt: String) -> Substring {
    let trimmed = prompt.trimmingSpaces
    guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), open > trimmed.startIndex else {
      return Substring(trimmed)
    }
    return trimmed[..<open]
  }
}
