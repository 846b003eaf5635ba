/// Parts of a report computed beside ``ReportBuilder``'s core: the forecast of due reviews and the
/// checkpoint quizzes that drew on each bank.

/// Reviews falling due on one UTC day of the forecast.
public struct ForecastDay: Sendable, Equatable {
  public var day: Int64
  /// Cards due that day; the first day also counts every overdue card.
  public var due: Int
}

/// Checkpoint quizzes that asked a bank's questions (from the last quizzes the progress keeps,
/// ``LearnerProgress/recentRunLimit``), scored on that bank's questions alone.
public struct CheckpointFigures: Sendable, Equatable {
  public var quizzes = 0
  public var best = 0
  public var last = 0
}

extension ReportBuilder {
  /// Days the forecast covers, today first.
  static let forecastDays = 14

  /// Due reviews per UTC day from today on (questions still in their banks).
  static func forecast(_ state: AppState, now: Timestamp) -> [ForecastDay] {
    var counts = [Int](repeating: 0, count: forecastDays)
    for (ref, p) in state.progress.questions {
      guard let card = p.card, state.catalog.question(ref) != nil else { continue }
      let day = max(0, card.due.dayNumber - now.dayNumber)
      if day < Int64(forecastDays) { counts[Int(day)] += 1 }
    }
    return counts.enumerated().map { ForecastDay(day: now.dayNumber + Int64($0.offset), due: $0.element) }
  }

  /// Per bank, the ended checkpoint quizzes that asked at least one of its questions, oldest first.
  static func checkpointFigures(_ p: LearnerProgress) -> [String: CheckpointFigures] {
    var figures: [String: CheckpointFigures] = [:]
    for run in p.runs {
      guard case .checkpoint = run.start.source, run.answeredCount > 0 else { continue }
      var perBank: [String: (score: Double, count: Int)] = [:]
      for (ref, outcome) in zip(run.questions, run.outcomes) {
        var t = perBank[ref.bank] ?? (0, 0)
        t.score += outcome?.score ?? 0
        t.count += 1
        perBank[ref.bank] = t
      }
      for (bank, t) in perBank {
        let percent = Int(saturating: (t.score / Double(max(1, t.count)) * 100).rounded())
        var f = figures[bank] ?? CheckpointFigures()
        f.quizzes += 1
        f.best = max(f.best, percent)
        f.last = percent
        figures[bank] = f
      }
    }
    return figures
  }

  /// Tags a report may call weak: not those at 100 % (as shown, rounded), whatever their count.
  static func isWeak(_ tag: TagRow) -> Bool { (tag.accuracy * 100).rounded() < 100 }
}

/// Text of reports that is not a whole sentence of ours.
public enum ReportText {
  /// The first line of `text`, cut at a word before `limit` characters with `…` when longer.
  public static func firstLine(_ text: String, limit: Int) -> String {
    let line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
    guard line.count > limit else { return line }
    var cut = String(line.prefix(limit - 1))
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
      cut = String(cut[..<space])
    }
    return cut + "…"
  }

  /// `text` split at backticks into plain and code parts (`code` spans), or nil when the backticks
  /// do not pair up (then the text is shown as written).
  public static func codeSpans(_ text: String) -> [(code: Bool, text: String)]? {
    guard text.contains("`") else { return [(false, text)] }
    let parts = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
    guard parts.count % 2 == 1 else { return nil }
    var out: [(code: Bool, text: String)] = []
    for (k, part) in parts.enumerated() {
      if k % 2 == 1, part.isEmpty || part.allSatisfy({ $0 == " " }) { return nil }
      if !part.isEmpty { out.append((k % 2 == 1, part)) }
    }
    return out
  }
}

extension ReportText {
  /// `Progress report for ana: SwiftUI fundamentals` (the learner, then the courses of the catalog).
  public static func title(for p: ProfileReport) -> String {
    let courses = p.courses.map(\.title)
    return "Progress report for \(p.profile)" + (courses.isEmpty ? "" : ": " + courses.joined(separator: ", "))
  }

  /// `2 (best 80%, last 75%)`, or nil when no checkpoint quiz asked the bank's questions.
  public static func checkpointCell(_ f: CheckpointFigures?) -> String? {
    guard let f, f.quizzes > 0 else { return nil }
    return "\(f.quizzes) (best \(f.best)%, last \(f.last)%)"
  }

  /// A bank's record in a list line: its own quizzes (`best 80% · last 75% · average 78% · 3
  /// quizzes`), then the checkpoints that asked its questions (`checkpoint quizzes 2 (best 80%,
  /// last 75%)`); `no bank quiz yet` before a quiz of the bank when checkpoints or reviews answered
  /// its questions, and `never` (`no quiz yet`) when nothing did.
  public static func bankRecord(
    _ scores: ScoreStats?, checkpoints: CheckpointFigures?, answered: Bool, never: String, dot: String
  ) -> String {
    var parts: [String] = []
    if let sc = scores {
      let quizzes = Renderer.count(sc.runs, "quiz", "quizzes")
      parts.append("best \(sc.best)%\(dot)last \(sc.last)%\(dot)average \(sc.average)%\(dot)\(quizzes)")
    } else if answered || checkpoints != nil {
      parts.append("no bank quiz yet")
    } else {
      parts.append(never)
    }
    if let cell = checkpointCell(checkpoints) { parts.append("checkpoint quizzes " + cell) }
    return parts.joined(separator: dot)
  }

  public static let noWeakTags =
    "No weak tag: every tag with at least five answers is at 100%, or none has five answers yet."
}

extension QuestionLabel {
  /// The title, or why there is none: a question its bank no longer has, or a bank not loaded.
  public var shownTitle: String {
    guard title.isEmpty else { return title }
    return bankLoaded ? "(no longer in its bank)" : "(its bank is not loaded)"
  }
}
