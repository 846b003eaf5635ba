/// What the screens say about new cards that `review` cannot offer: held back by the daily limit,
/// or not unlocked yet because their session has not been read (course order).
extension Renderer {
  /// `read session 1 (declarative-ui) to unlock its 13 new cards`, when nothing is due today, no
  /// new card is unlocked and a session's reading would unlock some (nil otherwise). The welcome
  /// screen and `status` show it in place of a due count.
  static func readFirstLine(_ state: AppState, _ now: Timestamp, _ outlook: ReviewOutlook) -> String? {
    guard outlook.due.now.isEmpty, outlook.due.laterToday == 0, state.newCardsLeftToday(at: now) > 0,
      outlook.queue.newCardsWaiting == 0, let unlock = state.nextUnlock()
    else { return nil }
    return
      "nothing due; read session \(unlock.place) (\(unlock.session.id)) to unlock its \(count(unlock.cards, "new card"))"
  }

  /// What `review` (of `bank`, or of every bank) found about new cards when it had nothing to ask:
  /// `, and today's new cards are done: the daily limit …` with how to raise it, or `, and no new
  /// card is unlocked yet: read …`; empty when there are no new cards to speak of.
  static func newCardsHeldBack(_ state: AppState, bank: String?, _ now: Timestamp) -> String {
    let settings = state.progress.settings
    let waiting = state.newCards(bank: bank, at: now).count
    if waiting > 0, state.newCardsLeftToday(at: now) == 0 {
      // The limit holds them: reviewing more today needs a higher limit.
      let introduced = state.progress.days[now.dayNumber]?.newCards ?? 0
      let more = min(waiting, max(settings.newCardsPerDay, 10))
      let raised = min(10_000, introduced + more)
      let which = bank == nil ? "\(waiting) more" : "its \(count(waiting, "new card"))"
      return
        ", and today's new cards are done: the daily limit (new-per-day \(settings.newCardsPerDay)) holds back \(which). To take \(more) more today: config new-per-day \(raised)"
    }
    if let unlock = state.nextUnlock(bank: bank) {
      let cards = bank == nil ? "its \(count(unlock.cards, "new card"))" : "\(count(unlock.cards, "new card")) here"
      return
        ", and no new card is unlocked yet: read session \(unlock.place) (\(unlock.session.id)) to unlock \(cards)"
    }
    return ""
  }
}
