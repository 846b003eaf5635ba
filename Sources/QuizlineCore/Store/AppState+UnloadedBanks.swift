/// Progress that refers to banks the quizzes folders of this start do not hold. Such a bank is not
/// gone: it may live in a folder not given this time (`--quizzes`). Its questions are therefore
/// neither "orphaned" (that is a question its bank no longer has) nor skipped by `resume`.
extension AppState {
  /// The banks the rest of `run` (its current question and after) needs that are not loaded, in
  /// the order the run meets them.
  func unloadedBanks(of run: QuizRun) -> [String] {
    var seen = Set<String>()
    var banks: [String] = []
    for ref in run.questions.dropFirst(run.position) where catalog.bank(ref.bank) == nil {
      if seen.insert(ref.bank).inserted { banks.append(ref.bank) }
    }
    return banks
  }

  /// Questions with progress whose bank is loaded but no longer holds them.
  var orphanedQuestionCount: Int {
    progress.questions.keys.filter { catalog.bank($0.bank) != nil && catalog.question($0) == nil }.count
  }

  /// Questions with progress whose bank is not loaded, and how many such banks there are.
  var unloadedProgress: (questions: Int, banks: Int) {
    let refs = progress.questions.keys.filter { catalog.bank($0.bank) == nil }
    return (refs.count, Set(refs.map(\.bank)).count)
  }

  /// "bank x is" / "banks x and y are", for messages.
  static func bankList(_ banks: [String]) -> String {
    let quoted = banks.map { "\"\($0)\"" }
    switch quoted.count {
    case 0: return ""
    case 1: return "bank \(quoted[0]) is"
    default: return "banks \(quoted.dropLast().joined(separator: ", ")) and \(quoted.last ?? "") are"
    }
  }
}
