import QuizlineCore

/// The one rule every import follows for what it could not read, GIFT, Aiken, CSV/TSV and Anki
/// packages alike: each question, record or card left out is an error printed where it was found;
/// with errors nothing is written (exit 65) unless `--partial`, which writes what could be read,
/// says in the summary what was left out, and still exits 65. The summary says "Nothing was lost in
/// conversion." only when nothing was left out and nothing was converted with loss.
enum ImportErrors {
  /// The refusal to print after the errors when nothing may be written (exit 65); nil when the
  /// import goes on (no errors, or `--partial` with something to write).
  static func refusal(errors: Int, readable: Int, path: String, partial: Bool) -> String? {
    guard errors > 0, !partial || readable == 0 else { return nil }
    let rest =
      readable == 0
      ? "No question could be read."
      : "Fix them, or pass --partial to write the \(plural(readable, "question")) that could be read."
    return "quizline: \(plural(errors, "error")) in \(quotedArg(path)); nothing written. " + rest
  }

  /// The summary's line about what was lost: `Left out: …` when something was (`leftOut`), else
  /// "Nothing was lost in conversion." unless a list of what was converted with loss follows.
  static func lossHeadline(leftOut: String?, convertedWithLoss: Bool, _ out: any TextSink) {
    if let leftOut {
      out.line("Left out: \(leftOut).")
    } else if !convertedWithLoss {
      out.line("Nothing was lost in conversion.")
    }
  }

  /// What `Left out:` says for an import whose errors each name what they left out (GIFT, Aiken, CSV).
  static func leftOut(errors: Int) -> String? {
    errors == 0 ? nil : "what the \(plural(errors, "error")) above name\(errors == 1 ? "s" : "")"
  }
}
