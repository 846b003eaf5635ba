import QuizlineCore

/// The CSV `items` table of a class report: Moodle's quiz statistics, one row per test (bank or
/// checkpoint) and question, figures unrounded. Columns:
///
/// - `test_kind` (`bank`, `checkpoint`), `test` (its id), `test_title`, `attempts_counted`
///   (`first`, `last`, `best`, `all`: which attempts of each learner the statistics count);
/// - `q_number` (the question's place among the test's questions shown), `question` (`bank/id`),
///   `bank`, `type`, `title`, `attempts` (counted attempts that answered it);
/// - `facility`, `standard_deviation`, `random_guess_score`, `discrimination_index`,
///   `discriminative_efficiency` (percent; DI and DE −100…100), each followed by its `…_note`:
///   empty when the figure has a value, else the figure's cell is empty and the note says why it
///   cannot be computed;
/// - `upper_group`, `middle_group`, `lower_group`: the attempts in each group of the response
///   analysis;
/// - `responses`: for choice questions `option=count (upper/middle/lower)` per option, a `*` after
///   the option when it is right (`a=0 (0/0/0); b*=4 (2/2/0)`); for typed answers the most
///   frequent ones as `answer=count (mark M)` with their mean mark in 0…1;
/// - `flags`: why the question needs a look, `; `-separated.
///
/// The CSV `tests` table: one row per test, Moodle's "Quiz information": `test_kind`, `test`,
/// `test_title`, `attempts_counted`, `attempts`, `partial_attempts`, then `mean`, `median`,
/// `standard_deviation`, `skewness`, `kurtosis`, `internal_consistency`, `error_ratio`,
/// `standard_error` (percent, except skewness and kurtosis), each followed by its `…_note`, and
/// `questions` (the questions answered in a counted attempt).
enum CSVStatistics {
  static let testFigures = [
    "mean", "median", "standard_deviation", "skewness", "kurtosis", "internal_consistency", "error_ratio",
    "standard_error",
  ]
  static let testColumns =
    ["test_kind", "test", "test_title", "attempts_counted", "attempts", "partial_attempts"]
    + testFigures.flatMap { [$0, $0 + "_note"] } + ["questions"]

  /// A figure's two cells: its value unrounded and an empty note, or an empty value and why.
  static func cells(_ f: Figure) -> [String] {
    [f.value.map(JSONText.format) ?? "", f.reason.map { CSVReportRenderer.text(StatisticsText.reason($0)) } ?? ""]
  }

  static func testRows(_ stats: ClassStatistics?, _ out: inout CSVReportRenderer.Buffered) {
    guard let stats else { return }
    let text = CSVReportRenderer.text
    for t in stats.tests {
      var row = [
        t.kind.rawValue, text(t.id), text(t.title), stats.choice.rawValue, String(t.attempts),
        String(t.partialAttempts),
      ]
      for info in StatisticsText.information(t) { row += cells(info.figure) }
      row.append(String(t.questions.count))
      out.row(row)
    }
  }

  static let columns = [
    "test_kind", "test", "test_title", "attempts_counted", "q_number", "question", "bank", "type", "title", "attempts",
    "facility", "facility_note", "standard_deviation", "standard_deviation_note", "random_guess_score",
    "random_guess_score_note", "discrimination_index", "discrimination_index_note", "discriminative_efficiency",
    "discriminative_efficiency_note", "upper_group", "middle_group", "lower_group", "responses", "flags",
  ]

  static func rows(_ stats: ClassStatistics?, _ out: inout CSVReportRenderer.Buffered) {
    guard let stats else { return }
    let text = CSVReportRenderer.text
    for t in stats.tests {
      for (k, q) in t.questions.enumerated() {
        var row = [
          t.kind.rawValue, text(t.id), text(t.title), stats.choice.rawValue, String(k + 1), text(q.ref.description),
          text(q.ref.bank), q.type, text(q.title), String(q.attempts),
        ]
        for f in StatisticsText.figures(q) { row += cells(f) }
        let r = q.responses
        let responses =
          r.choices.isEmpty
          ? r.answers.map { "\($0.response)=\($0.count) (mark \(JSONText.format($0.mark)))" }
          : r.choices.map { "\($0.option)\($0.correct ? "*" : "")=\($0.count) (\($0.upper)/\($0.middle)/\($0.lower))" }
        row += [
          String(r.upper), String(r.middle), String(r.lower), text(responses.joined(separator: "; ")),
          text(q.flags.joined(separator: "; ")),
        ]
        out.row(row)
      }
    }
  }
}
