/// The text of `quizline simulate`: a table per desired retention and a chart of minutes per day,
/// with `*` on the retention that costs the fewest minutes per card known.
public enum SimulationReport {
  public static func lines(
    _ outcomes: [WorkloadSimulator.Outcome], cards: Int, newCards: Int, newPerDay: Double,
    behaviour: WorkloadSimulator.LearnerBehaviour, days: Int, seed: UInt64, parameters: String, style: Style
  ) -> [String] {
    let f = Renderer.fixed
    var out = [
      "Simulating \(Renderer.count(days, "day")) (seed \(seed)): \(Renderer.count(cards, "card")) scheduled, "
        + "\(newCards) new at \(f(newPerDay, 1)) a day.",
      "Parameters: \(parameters).",
      "Answer times: new \(f(behaviour.newSeconds, 0)) s, recalled \(f(behaviour.passSeconds, 0)) s, "
        + "forgotten \(f(behaviour.failSeconds, 0)) s (with relearning).",
      "",
      "retention  reviews/day  minutes/day  known at end  minutes per card known",
    ]
    let cheapest = outcomes.indices.min { outcomes[$0].minutesPerCardKnown < outcomes[$1].minutesPerCardKnown }
    func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
    for (i, o) in outcomes.enumerated() {
      out.append(
        pad(f(o.retention, 2), 9) + pad(f(o.reviewsPerDay, 1), 13) + pad(f(o.minutesPerDay, 1), 13)
          + pad(f(o.knownAtEnd, 0), 14) + pad(f(o.minutesPerCardKnown, 2), 24) + (i == cheapest ? " *" : ""))
    }
    out.append("")
    out.append("Minutes per day (* fewest minutes per card known):")
    let most = outcomes.map(\.minutesPerDay).max() ?? 0
    for (i, o) in outcomes.enumerated() {
      out.append(
        "  " + f(o.retention, 2) + " " + style.bar(most > 0 ? o.minutesPerDay / most : 0, width: 40) + " "
          + f(o.minutesPerDay, 1) + (i == cheapest ? " *" : ""))
    }
    return out
  }
}
