extension Renderer {
  static func renderMarkOverridden(_ ref: QuestionRef, previousScore: Double, _ state: AppState, _ out: inout Output) {
    let s = out.context.style
    let was = Int(saturating: (previousScore * 100).rounded())
    out.line(
      s.paint(s.correctMark + " Marked right", .good) + ": \(safe(ref.description, out.context)) (was \(was)%)."
        + s.paint(" recorded", .dim))
    if let due = state.progress.questions[ref]?.card?.due {
      out.line(s.paint("  next review: \(relative(due, from: out.context.now))", .dim))
    }
    out.line(s.paint("  Type undo to take the override back.", .dim))
  }
}
