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
      let layout = ProfileLayout(progressDirectory: env.settings.progressDirectory, profile: env.settings.profile)
      let opened: OpenedProfile
      do {
        opened = try ProfileOpener.view(layout, now: now)
      } catch {
        env.stderr.line("quizline: \(error.message)")
        return error.exitCode
      }
      var cards: [QuestionRef: FSRSCard] = [:]
      for (ref, p) in opened.progress.questions where ref.bank == bank.id { if let c = p.card { cards[ref] = c } }
      scheduling = AnkiPackageWriter.Scheduling(cards: cards, reviews: reviews(layout, bank: bank.id))
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

  /// The profile's reviews of `bank`'s questions, oldest first: answers with a rating (from the
  /// archive segments and the journal) and imported reviews. Lines that do not decode are skipped.
  static func reviews(_ layout: ProfileLayout, bank: String) -> [ImportedReview] {
    var files = ((try? FileManager.default.contentsOfDirectory(atPath: layout.archive)) ?? [])
      .filter { $0.hasSuffix(".jsonl") }.sorted().map { layout.archive + "/" + $0 }
    files.append(layout.journal)
    var out: [ImportedReview] = []
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      for line in data.split(separator: 0x0A) {
        guard let event = try? EventCoding.decode(line) else { continue }
        switch event.payload {
        case .answered(let a) where a.question.bank == bank:
          if let rating = a.rating {
            out.append(
              ImportedReview(
                question: a.question, at: event.at, rating: rating, milliseconds: Int(min(a.seconds, 86_400) * 1000)))
          }
        case .historyImported(let h):
          out += h.reviews.filter { $0.question.bank == bank }
        default: break
        }
      }
    }
    return out.sorted { $0.at < $1.at }
  }
}
