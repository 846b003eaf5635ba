/// Every statement of one profile, oldest first: an `answered` for each answer that counts (undone
/// answers are left out), `completed` for each session completed, `passed`/`failed` for each
/// checkpoint quiz that ended with an answer (from the quizzes the progress keeps,
/// ``LearnerProgress/runs``: the last 100).
public enum XapiProfileStatements {
  public static func statements(
    history: ProfileHistory, progress: LearnerProgress, catalog: Catalog, sinceDay: Int64?, in c: XapiContext
  ) -> [XapiStatement] {
    let log = AttemptLog(table: history.table, attempts: history.accumulator.countedAttempts, catalog: catalog)
    var out: [XapiStatement] = []
    out.reserveCapacity(log.count)
    for k in 0..<log.count {
      let row = log[k]
      out.append(XapiStatements.answered(row, question: QuestionRef(row.question).flatMap(catalog.question), in: c))
    }
    let counts = { (at: Timestamp) in sinceDay.map { at.dayNumber >= $0 } ?? true }
    for (id, session) in progress.sessions.sorted(by: { $0.key < $1.key }) {
      guard let at = session.completedAt, counts(at) else { continue }
      out.append(XapiStatements.completed(session: id, title: catalog.session(id)?.title, at: at, in: c))
    }
    for run in progress.runs {
      guard case .checkpoint(let id) = run.start.source, run.answeredCount > 0, let ended = run.endedAt, counts(ended),
        let session = catalog.session(id), let checkpoint = session.checkpoint
      else { continue }
      out.append(
        XapiStatements.checkpoint(
          session: id, title: session.title, run: run.id, percent: run.percent, passPercent: checkpoint.passPercent,
          started: run.startedAt, ended: ended, in: c))
    }
    // By time; statements of the same instant keep the order they were made in (answers in journal
    // order, then sessions, then checkpoints).
    return out.enumerated().sorted {
      ($0.element.timestamp.microseconds, $0.offset) < ($1.element.timestamp.microseconds, $1.offset)
    }
    .map(\.element)
  }
}
