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

  /// - Parameters:
  ///   - questionCount: how many questions the catalog's index holds.
  ///   - position: each question's place in its bank (the first question with an id), as the
  ///     catalog's index finds it.
  init(
    banks: [Bank], sessions: [StudySession], courses: [Course], questionCount: Int,
    position: (QuestionRef) -> Int?
  ) {
    let bankByID = Dictionary(banks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let sessionByID = Dictionary(sessions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var claimedBanks = Set<String>()
    // At most one entry a question: no growing while it fills.
    unlockedBy.reserveCapacity(questionCount)
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
      // How many of each session's checkpoint questions carry a tag, by session.
      var tagUses: [String: [Int]] = [:]
      for (i, session) in steps.enumerated() {
        for ref in session.checkpoint?.questions ?? [] where inCourse.contains(ref.bank) && unlockedBy[ref] == nil {
          guard let k = position(ref), let bank = bankByID[ref.bank] else { continue }
          unlockedBy[ref] = session.id
          tied[i].append(ref)
          // Each tag once, however often the question lists it.
          let tags = bank.questions[k].tags
          for (t, tag) in tags.enumerated() where !tags[..<t].contains(tag) {
            tagUses[tag, default: Array(repeating: 0, count: steps.count)][i] += 1
          }
        }
      }
      // 2. Key terms, 3. tags, 4. the last session.
      var termSession: [String: Int] = [:]
      for (i, session) in steps.enumerated() {
        for term in session.keyTerms {
          for name in Self.names(term.term) {
            let key = Self.folded(name)
            if !key.isEmpty, termSession[key] == nil { termSession[key] = i }
          }
        }
      }
      // A prompt longer than every term cannot be one (``mayFoldToTerm``): not folded.
      let longestTerm = termSession.keys.reduce(0) { max($0, $1.utf8.count) }
      // The session using a tag most; on a tie the earlier one.
      let tagHome = tagUses.mapValues { uses in
        uses.indices.reduce(0) { best, i in uses[i] > uses[best] ? i : best }
      }
      for bank in courseBanks {
        // Fields read in place: copying each question whole cost more than the rest of the loop.
        for q in bank.questions.indices {
          let ref = QuestionRef(bank: bank.id, question: bank.questions[q].id)
          guard unlockedBy[ref] == nil else { continue }
          let stem = Self.withoutNote(bank.questions[q].prompt)
          let term = Self.mayFoldToTerm(stem, longest: longestTerm) ? termSession[Self.folded(stem)] : nil
          let index = term ?? bank.questions[q].tags.compactMap { tagHome[$0] }.max() ?? steps.count - 1
          unlockedBy[ref] = steps[index].id
          tied[index].append(ref)
        }
      }
      order += tied.flatMap { $0 }
    }
  }

  /// The names a key term gives (`A / B` names both): split at `/` on bytes when the term is ASCII,
  /// where each byte is a character; by characters otherwise (a `/` with an accent on it is not one).
  static func names(_ term: String) -> [Substring] {
    guard term.utf8.allSatisfy({ $0 < 0x80 }) else { return term.split(separator: "/") }
    return term.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
  }

  /// False only when `text`, folded, cannot equal a term of at most `longest` bytes. Folding keeps
  /// every ASCII byte but spaces, tabs and newlines, each still one byte (lower case); and a string
  /// equal to it, in any normalization, holds those ASCII scalars once decomposed, each from a byte
  /// of its own or from a longer character (`é`, the Kelvin sign). So more such bytes than
  /// `longest` rules the text out, whatever else it holds.
  static func mayFoldToTerm(_ text: Substring, longest: Int) -> Bool {
    var kept = 0
    for byte in text.utf8 where byte < 0x80 {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"): continue
      default:
        kept += 1
        if kept > longest { return false }
      }
    }
    return true
  }

  /// Lower case with runs of spaces as one, trimmed: how key terms and prompts are compared.
  static func folded(_ text: Substring) -> String {
    if let ascii = asciiFolded(text) { return ascii }
    return text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
  }

  /// ``folded(_:)`` on bytes, for text that is all ASCII and has no carriage return (where each
  /// byte is a character of its own, `\r\n` being the one ASCII pair that makes a single
  /// character); nil for any other text. Start-up folds every key term and prompt of the courses.
  static func asciiFolded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var spaceBefore = false
    for byte in text.utf8 {
      switch byte {
      case 0x80..., UInt8(ascii: "\r"): return nil
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"): spaceBefore = !bytes.isEmpty
      default:
        if spaceBefore { bytes.append(UInt8(ascii: " ")) }
        spaceBefore = false
        bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
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
