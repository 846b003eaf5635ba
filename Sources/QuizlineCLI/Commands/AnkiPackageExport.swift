import Foundation
import QuizlineCore
import QuizlineInterop
import QuizlineStorage

/// `quizline export-anki BANK --apkg [--with-history]`: the bank as an Anki package, with the
/// profile's schedule and review log when asked.
enum AnkiPackageExport {
  static func run(_ bank: Bank, _ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let now = QuizlineCommand.makeClock(env.settings)()
    var scheduling: AnkiPackageWriter.Scheduling?
    if args.flag("with-history") {
      do {
        // The profile as this device sees it (every device's log, merged), and its reviews as the
        // one fold keeps them: an answer taken back is no review, an imported history's are.
        let (layout, notice) = try DeviceProfiles.readingLayout(env)
        if let notice { env.stderr.line("quizline: \(notice)") }
        let opened = try ProfileOpener.view(layout, now: now)
        var cards: [QuestionRef: FSRSCard] = [:]
        for (ref, p) in opened.progress.questions where ref.bank == bank.id { if let c = p.card { cards[ref] = c } }
        let reviews = try ProfileReviewHistory.collect(layout).reviews(inBank: bank.id)
        scheduling = AnkiPackageWriter.Scheduling(cards: cards, reviews: reviews)
      } catch {
        env.stderr.line("quizline: \(error.message)")
        return error.exitCode
      }
    }
    let bytes: [UInt8]
    do {
      bytes = try AnkiPackageWriter.package([bank], scheduling: scheduling, now: now)
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return .failure
    }
    let out = args.value("out") ?? "\(bank.id).apkg"
    do {
      try InteropFiles.write(bytes: bytes, to: out, replace: args.flag("force"))
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exitCode
    }
    let reviewCount = scheduling?.reviews.count ?? 0
    env.stdout.line(
      "Wrote \(plural(bank.questions.count, "note")) to \(quotedArg(out)) (deck \(quotedArg(bank.title)))"
        + (scheduling == nil ? "." : ", with \(plural(reviewCount, "review"))."))
    env.stdout.line("In Anki: File > Import, choose the file.")
    return .ok
  }
}
