import Foundation
import QuizlineCore
import QuizlineStorage

/// `quizline simulate [--retention 0.70..0.97] [--days N] [--seed S]`: the learner's collection run
/// forward under several desired retentions (``WorkloadSimulator``), with a chart marking the
/// retention that costs the fewest minutes per card known.
enum SimulateCommand {
  static let spec = CommandSpec(
    name: "simulate", abstract: "Simulate your reviews ahead for several desired retentions",
    discussion: """
      Runs the profile's cards (and the questions not yet scheduled, at the learner's new-card rate of \
      the last 30 days) forward day by day with the learner's scheduler parameters, ratings and \
      answer times; review days are fuzzed, load-balanced and spread by easy days as its settings say. \
      For each desired retention it prints reviews and minutes per day and the cards \
      known at the end (the sum of their recall probabilities); * marks the retention with the fewest \
      minutes per card known. The same seed gives the same figures. Nothing is recorded.
      """,
    options: [
      OptionSpec("retention", value: "LOW..HIGH", help: "desired retentions to compare (default 0.70..0.97)"),
      OptionSpec("days", value: "N", help: "days to simulate (default 365)"),
      OptionSpec("seed", value: "S", help: "random seed (default 1)"),
    ]
  ) { args, env in run(args, env) }

  /// The retentions of `LOW..HIGH` (about ten, in hundredths) or of a single value; nil when malformed.
  static func retentions(_ text: String) -> [Double]? {
    let parts = text.components(separatedBy: "..")
    guard parts.count <= 2, let low = Double(parts[0]), let high = Double(parts.last!), low <= high,
      low >= 0.5, high <= 0.99
    else { return nil }
    let lo = Int((low * 100).rounded())
    let hi = Int((high * 100).rounded())
    let step = max(1, (hi - lo + 8) / 9)
    var out = Array(stride(from: lo, through: hi, by: step))
    if out.last != hi { out.append(hi) }
    return out.map { Double($0) / 100 }
  }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    guard let retentions = retentions(args.value("retention") ?? "0.70..0.97") else {
      env.stderr.line("quizline: --retention must be LOW..HIGH or one value, between 0.50 and 0.99 (e.g. 0.70..0.97)")
      return .usage
    }
    guard let days = Int(args.value("days") ?? "365"), (1...3650).contains(days) else {
      env.stderr.line("quizline: --days must be a whole number from 1 to 3650")
      return .usage
    }
    guard let seed = UInt64(args.value("seed") ?? "1") else {
      env.stderr.line("quizline: --seed must be a whole number from 0 to \(UInt64.max)")
      return .usage
    }
    let layout = ProfileLayout(progressDirectory: env.settings.progressDirectory, profile: env.settings.profile)
    return QuizlineCommand.withProfile(env) { state, context in
      let reviews: [ReviewRecord]
      do throws(ProfileError) {
        reviews = try ProfileReviewHistory.collect(layout).reviews
      } catch {
        env.stderr.line("quizline: \(error.message)")
        return error.exitCode
      }
      let now = context.now
      let p = state.progress
      var cards: [WorkloadSimulator.Card] = []
      var scheduled = Set<QuestionRef>()
      for (ref, q) in p.questions {
        guard let card = q.card, let s = card.stability, let d = card.difficulty, let last = card.lastReview else {
          continue
        }
        scheduled.insert(ref)
        let day: Int64 = 86_400_000_000
        let lastDay = -Int((now.microseconds - last.microseconds + day - 1) / day)
        let dueDay = max(0, Int((card.due.microseconds - now.microseconds + day - 1) / day))
        cards.append(WorkloadSimulator.Card(stability: s, difficulty: d, lastReviewDay: lastDay, dueDay: dueDay))
      }
      cards.sort { ($0.dueDay, $0.stability) < ($1.dueDay, $1.stability) }
      let newCards = state.catalog.banks.reduce(0) { total, bank in
        total + bank.questions.filter { !scheduled.contains(QuestionRef(bank: bank.id, question: $0.id)) }.count
      }
      let today = now.dayNumber
      let firstDay = p.days.keys.filter { $0 > today - 30 && $0 <= today }.min() ?? today
      let introduced = p.days.filter { $0.key >= firstDay && $0.key <= today }.reduce(0) { $0 + $1.value.newCards }
      let window = Double(today - firstDay + 1)
      let rate = introduced > 0 ? Double(introduced) / window : Double(p.settings.newCardsPerDay)
      let behaviour = WorkloadSimulator.LearnerBehaviour.from(reviews)
      let simulator = WorkloadSimulator(
        scheduler: p.settings.scheduler, cards: cards, newCards: newCards, newPerDay: rate, behaviour: behaviour,
        loadBalance: p.settings.loadBalance, easyDays: p.settings.easyDays, startDay: today)
      let outcomes = retentions.map { simulator.run(retention: $0, days: days, seed: seed) }
      for line in SimulationReport.lines(
        outcomes, cards: cards.count, newCards: newCards, newPerDay: rate, behaviour: behaviour, days: days, seed: seed,
        parameters: Renderer.parameterSummary(p.settings, arrow: context.style.arrow), style: context.style)
      {
        env.stdout.line(line)
      }
      return .ok
    }
  }
}
