/// TAB completion at the REPL prompt, derived from the state like everything else on screen.
public enum Completion {
  /// What the word being typed completes to.
  public enum Result: Sendable, Equatable {
    case words([String])
    /// A file path: the line editor's own file-name completion applies.
    case files
  }

  public static let exportFormats = ["md", "json", "csv", "html"]

  /// Candidates for the word that starts at `wordStart` (a character offset) in `line`.
  public static func complete(_ state: AppState, line: String, wordStart: Int) -> Result {
    let before = String(line.prefix(wordStart))
    let word = String(line.dropFirst(wordStart)).lowercased()
    let words = ReplCommands.tokenize(before)
    // Once an open answer has a line, every line is more of the answer: no command applies.
    if case .writing(_, let lines) = state.quiz, !lines.isEmpty { return .words([]) }
    let context: ReplContext = state.quiz == nil ? .home : .quiz
    let commands = ReplCommands.commands(in: context)
    guard let first = words.first else {
      var names = commands.map(\.name)
      if context == .quiz {
        let answers = answerWords(state)
        // An answer typed whole (`c`, `again` at a grade) completes to itself, not to a command.
        if answers.contains(word) { return .words([word]) }
        names = names.filter { !answers.contains($0) } + answers
      }
      return .words(filter(names, word))
    }
    guard let spec = commands.first(where: { $0.name == first || $0.aliases.contains(first) }) else {
      return .words([])
    }
    if spec.completes == .cardQuery, !word.hasPrefix("--"), !(words.last ?? "").hasPrefix("--") {
      if word.hasPrefix("-") { return .words(queryTerms(state, String(word.dropFirst())).map { "-" + $0 }) }
      return .words(queryTerms(state, word))
    }
    if word.hasPrefix("-") {
      return .words(filter(spec.options.map { "--" + $0.name }, word))
    }
    if let last = words.last, last.hasPrefix("--"), let option = spec.options.first(where: { "--" + $0.name == last }),
      option.takesValue
    {
      if option.name == "tags" {
        let bank = words.dropFirst().first { !$0.hasPrefix("-") }.flatMap { state.catalog.bank($0) }
        return .words(filter(tags(of: bank.map { [$0] } ?? state.catalog.banks), word))
      }
      if option.name == "format" { return .words(filter(exportFormats, word)) }
      if option.name == "out" { return .files }
      return .words(option.choices.isEmpty ? [] : filter(option.choices, word))
    }
    let positionals = words.dropFirst().filter { !$0.hasPrefix("-") }
    if let max = spec.maxPositionals, positionals.count >= max { return .words([]) }
    switch spec.completes {
    case .bank: return .words(filter(state.catalog.banks.map(\.id), word))
    // `read SESSION [SECTION]`: only the first positional is a session.
    case .session: return positionals.isEmpty ? .words(filter(state.catalog.sessions.map(\.id), word)) : .words([])
    case .bankOrSession: return .words(filter(state.catalog.banks.map(\.id) + state.catalog.sessions.map(\.id), word))
    case .editable:
      if let slash = word.firstIndex(of: "/"), let bank = state.catalog.bank(String(word[..<slash])) {
        return .words(filter(bank.questions.map { bank.id + "/" + $0.id }, word))
      }
      return .words(filter(state.catalog.banks.map(\.id) + state.catalog.sessions.map(\.id), word))
    case .card:
      if let slash = word.firstIndex(of: "/"), let bank = state.catalog.bank(String(word[..<slash])) {
        return .words(filter(bank.questions.map { bank.id + "/" + $0.id }, word))
      }
      return .words(filter(state.catalog.banks.map { $0.id + "/" }, word))
    case .command: return .words(filter(ReplCommands.all.map(\.name), word))
    case .format: return positionals.isEmpty ? .words(filter(exportFormats, word)) : .files
    case .file: return .files
    case .tag: return .words(filter(tags(of: state.catalog.banks), word))
    case .setting:
      if positionals.isEmpty { return .words(filter(SettingKey.allCases.map(\.rawValue), word)) }
      if let key = SettingKey(rawValue: positionals[0]) { return .words(filter(key.suggestions, word)) }
      return .words([])
    case .none, .cardQuery: return .words([])
    }
  }

  /// A card search's term being typed: a keyword, or the values after `is:`, `bank:` or `tag:`.
  static func queryTerms(_ state: AppState, _ word: String) -> [String] {
    guard let colon = word.firstIndex(of: ":") else {
      return filter(["bank:", "deck:", "tag:", "is:", "prop:", "rated:", "introduced:"], word)
    }
    let keyword = String(word[..<colon])
    let values: [String] =
      switch keyword {
      case "is": CardStateFilter.allCases.map(\.rawValue)
      case "bank", "deck": state.catalog.banks.map(\.id)
      case "tag": tags(of: state.catalog.banks)
      case "prop": CardProperty.allCases.map(\.rawValue)
      default: []
      }
    return filter(values.map { keyword + ":" + $0 }, word)
  }

  /// Answer words offered inside a quiz: the choice letters, true/false, or the self-grades.
  static func answerWords(_ state: AppState) -> [String] {
    guard let (_, q) = state.currentQuestion, let stage = state.quiz else { return [] }
    switch stage {
    case .flashcardBack, .openGrading: return SelfGrade.allCases.map(\.rawValue)
    case .certainty: return ["1", "2", "3"]
    case .writing: return []
    case .asking: break
    }
    switch q.body {
    case .single(let choices, _), .multiple(let choices, _): return (0..<choices.count).map(choiceLetter)
    case .truefalse: return ["true", "false"]
    case .ordering(let items): return (0..<items.count).map(choiceLetter)
    default: return []
    }
  }

  /// Every tag `--tags` accepts for these banks: the banks' own tags and their questions' tags.
  private static func tags(of banks: [Bank]) -> [String] {
    Set(banks.flatMap { $0.tags + $0.questions.flatMap(\.tags) }).sorted()
  }

  private static func filter(_ candidates: [String], _ prefix: String) -> [String] {
    var seen = Set<String>()
    return candidates.filter { $0.lowercased().hasPrefix(prefix) && seen.insert($0).inserted }
  }
}
