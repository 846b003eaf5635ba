extension Renderer {
  /// `info`: the card's state now (from the progress), then its whole review log (from the history
  /// the fold kept), newest first as Anki's card info lists it. Dates are UTC.
  static func renderCardInfo(_ history: CardHistory, devices: [Int: String], _ state: AppState, _ out: inout Output) {
    let ref = history.question
    let s = out.context.style
    let now = out.context.now
    let progress = state.progress.question(ref)
    let card = progress.card
    out.header("Card info: " + safe(ref.description, out.context), detail: cardState(progress))
    if let q = state.catalog.question(ref) { out.paragraph(shortPrompt(q), indent: "  ", firstIndent: "  ") }
    let reviews = history.reviews
    if let seen = history.firstSeen {
      out.field("Added", "\(seen.isoDate) (first answered by this profile)")
    } else if let bank = state.catalog.bank(ref.bank),
      let k = bank.questions.firstIndex(where: { $0.id == ref.question })
    {
      out.field("Added", "not answered yet (question \(k + 1) of \(bank.questions.count) in its bank)")
    }
    out.field("First review", reviews.first.map { minuteText($0.at) } ?? "none yet")
    out.field("Latest review", reviews.last.map { minuteText($0.at) } ?? "none yet")
    if let card, let last = card.lastReview {
      out.field("Interval", spanText(card.due.microseconds - last.microseconds))
      let due = state.progress.questions[ref]?.suspended == true ? " (suspended: not scheduled)" : ""
      let overdue = now.dayNumber - card.due.dayNumber
      let when =
        card.due > now
        ? IntervalText.until(card.due, from: now)
        : overdue >= 1 ? "overdue by \(count(Int(overdue), "day"))" : "due now"
      out.field("Due", "\(minuteText(card.due)), \(when)" + due)
    } else {
      out.field("Due", "new: not scheduled until first answered in a review")
    }
    if let card, let d = card.difficulty, let stability = card.stability {
      out.field("Difficulty", percent(difficultyShare(d)) + " (0% easiest, 100% hardest)")
      out.field("Stability", daysText(stability))
      let r = FSRSScheduler(settings: state.progress.settings.scheduler).retrievability(of: card, at: now)
      out.field("Retrievability", percent(r) + " now")
    }
    // The counts the card keeps (what the leech rule reads); a reset of its bank cleared them, and
    // the log below keeps the reviews before it.
    let before = reviews.count > progress.reps ? " (\(reviews.count) in the log, with those before a reset)" : ""
    out.field("Reviews", "\(progress.reps)" + before)
    out.field("Lapses", "\(progress.lapses)" + (progress.leech ? " (a leech)" : ""))
    if !reviews.isEmpty {
      let total = reviews.reduce(0) { $0 + $1.seconds }
      out.field("Average time", secondsText(total / Double(reviews.count)))
      out.field("Total time", secondsText(total))
    }
    out.line()
    guard !history.rows.isEmpty else {
      out.line(
        "No reviews yet" + (progress.attempts > 0 ? " (answers in quizzes and practice do not schedule it)." : "."))
      return
    }
    out.line(s.paint("Review log", .bold) + " (newest first, UTC)")
    renderLogTable(history.rows.reversed(), devices: devices, &out)
  }

  /// The log as a table when it fits the width, else each row on two lines.
  private static func renderLogTable(
    _ rows: ReversedCollection<[CardHistory.Row]>, devices: [Int: String], _ out: inout Output
  ) {
    let cells = rows.map { logCells($0, devices: devices) }
    let headers = ["Date", "Type", "Rating", "Ivl", "Stab.", "Diff.", "Time", "From"]
    let showFrom = cells.contains { !$0[7].isEmpty }
    let columns = showFrom ? 8 : 7
    var widths = (0..<columns).map { c in cells.reduce(headers[c].count) { max($0, TextWrap.displayWidth($1[c])) } }
    let fixed = 2 + widths.prefix(7).reduce(0, +) + 2 * (columns - 1)
    if showFrom { widths[7] = max(headers[7].count, min(widths[7], out.context.width - fixed)) }
    guard fixed + (showFrom ? widths[7] : 0) <= out.context.width, !showFrom || out.context.width - fixed >= 8 else {
      for row in cells {
        out.line("  " + row[0] + "  " + row[2] + " (" + row[1] + ")")
        var rest = "ivl \(row[3]), stability \(row[4]), difficulty \(row[5]), \(row[6])"
        if !row[7].isEmpty { rest += ", from " + row[7] }
        out.line("    " + rest)
      }
      return
    }
    func line(_ values: [String]) -> String {
      var text = "  "
      for c in 0..<columns {
        var v = values[c]
        if c == 7, TextWrap.displayWidth(v) > widths[7] { v = String(v.prefix(widths[7] - 3)) + "..." }
        text += c == columns - 1 ? v : TextWrap.pad(v, to: widths[c]) + "  "
      }
      return text
    }
    out.line(line(headers))
    for row in cells { out.line(line(row)) }
    out.line("  Ivl, Stab., Diff.: the interval, stability and difficulty after the review.")
    var sources: [String] = []
    for row in rows {
      if case .review(_, _, _, let source?) = row.kind, !sources.contains(source) { sources.append(source) }
    }
    if !sources.isEmpty {
      out.paragraph(
        "Imported reviews come from " + sources.joined(separator: ", ") + ".", indent: "  ", firstIndent: "  ")
    }
  }

  /// A row's cells: date, type, rating, interval, stability, difficulty, time, where it came from.
  private static func logCells(_ row: CardHistory.Row, devices: [Int: String]) -> [String] {
    let device = devices[row.device] ?? (devices.isEmpty ? "" : "device \(row.device)")
    switch row.kind {
    case .reset, .forgotten:
      return [minuteText(row.at), row.kind == .reset ? "reset" : "forget", "-", "-", "-", "-", "-", device]
    case .rescheduled(let after):
      let interval = spanCompact(after.due.microseconds - row.at.microseconds)
      return [
        minuteText(row.at), "manual", "-", interval, after.stability.map { fixed($0, 1) + "d" } ?? "-",
        after.difficulty.map { percent(difficultyShare($0)) } ?? "-", "-", device,
      ]
    case .review(let rating, let phase, let after, let imported):
      let type: String
      switch phase {
      case nil, .learning?: type = "learn"
      case .review?: type = "review"
      case .relearning?: type = "relearn"
      }
      let interval = after.lastReview.map { spanCompact(after.due.microseconds - $0.microseconds) } ?? "-"
      return [
        minuteText(row.at), type, rating.name, interval, after.stability.map { fixed($0, 1) + "d" } ?? "-",
        after.difficulty.map { percent(difficultyShare($0)) } ?? "-", secondsText(row.seconds),
        imported == nil ? device : "imported",
      ]
    }
  }

  /// The card's state, for the header: new, learning, review, relearning, and suspended or flagged.
  private static func cardState(_ q: QuestionProgress) -> String {
    var words = [q.card?.phase.name ?? "new"]
    if q.suspended { words.append("suspended") }
    if q.leech { words.append("leech") }
    if q.flagged { words.append("flagged") }
    return words.joined(separator: ", ")
  }

  /// FSRS difficulty 1…10 as Anki shows it: 0…1.
  static func difficultyShare(_ d: Double) -> Double { (d - 1) / 9 }

  private static func percent(_ x: Double) -> String { "\(Int(saturating: (x * 100).rounded()))%" }

  /// `2026-12-01 09:12` (UTC).
  static func minuteText(_ t: Timestamp) -> String {
    let iso = t.iso8601
    return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5))
  }

  /// `10 min`, `3 h`, `12 days`, `1.4 years`: an interval in words.
  private static func spanText(_ microseconds: Int64) -> String {
    let days = Double(microseconds) / 86_400_000_000
    if days >= 1 { return daysText(days) }
    let minutes = IntervalText.whole(Double(microseconds) / 60_000_000)
    return minutes < 60 ? "\(minutes) min" : "\(IntervalText.whole(Double(minutes) / 60)) h"
  }

  /// `1d`, `12d`, `10m`: as the rating buttons show it.
  private static func spanCompact(_ microseconds: Int64) -> String {
    IntervalText.compact(ReviewInterval(microseconds: max(0, microseconds)))
  }

  /// `3 days` for a whole number, `3.5 days` under 10, `1.4 years`.
  private static func daysText(_ days: Double) -> String {
    if days >= 365 { return fixed(days / 365.25, 1) + " years" }
    let text = days < 10 && days != days.rounded() ? fixed(days, 1) : "\(Int(saturating: days.rounded()))"
    return text + (text == "1.0" || text == "1" ? " day" : " days")
  }

  /// `9s`, `1m05s`, `2h03m`.
  private static func secondsText(_ seconds: Double) -> String {
    let whole = Int(saturating: seconds.rounded())
    if seconds < 9.95 { return fixed(max(0, seconds), 1) + "s" }
    if whole < 60 { return "\(whole)s" }
    if whole < 3600 { return "\(whole / 60)m" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)s" }
    return "\(whole / 3600)h" + (whole / 60 % 60 < 10 ? "0" : "") + "\(whole / 60 % 60)m"
  }
}
