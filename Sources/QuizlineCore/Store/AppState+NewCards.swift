/// New cards: which questions `review` may introduce, in what order (`config new-order`), and which
/// a course still holds back until their session is read (``CoursePlan``).
extension AppState {
  /// New cards `review` may introduce (optionally of one bank), in the order it introduces them:
  /// - `course`: the questions of courses' banks that their sessions unlocked, in course order, then
  ///   the other banks' questions in bank order (never locked);
  /// - `bank`: banks in turn (a course's banks first), each in file order;
  /// - `random`: those of `bank` shuffled, in an order fixed for the profile.
  public func newCards(bank: String? = nil, at now: Timestamp) -> [QuestionRef] {
    let isNewCard = { (ref: QuestionRef) in self.isNewCard(ref, at: now) }
    switch progress.settings.newCardOrder {
    case .bank:
      return bankOrder(bank).filter(isNewCard)
    case .random:
      let seed = Presentation.stableHash(profile)
      return bankOrder(bank).filter(isNewCard).map { ref -> (UInt64, QuestionRef) in
        var random = SplitMix64(seed: seed ^ Presentation.stableHash(ref))
        return (random.next(), ref)
      }.sorted { $0 < $1 }.map(\.1)
    case .course:
      let plan = catalog.plan
      let unlocked = plan.order.filter { ref in
        (bank == nil || ref.bank == bank) && isNewCard(ref) && progress.hasStudied(plan.unlockedBy[ref] ?? "")
      }
      return unlocked + bankOrder(bank).filter { plan.unlockedBy[$0] == nil && isNewCard($0) }
    }
  }

  /// New cards (optionally of one bank) that `new-order course` holds back until their session is
  /// read or completed, in course order (empty in the other orders).
  func lockedNewCards(bank: String? = nil) -> [QuestionRef] {
    guard progress.settings.newCardOrder == .course else { return [] }
    let plan = catalog.plan
    return plan.order.filter { ref in
      (bank == nil || ref.bank == bank) && isUnscheduled(ref) && !progress.hasStudied(plan.unlockedBy[ref] ?? "")
    }
  }

  /// The first session, in course order, whose reading would unlock new cards (of `bank`), its
  /// 1-based place in its course, and how many cards it would unlock.
  func nextUnlock(bank: String? = nil) -> (session: StudySession, place: Int, cards: Int)? {
    let locked = lockedNewCards(bank: bank)
    guard let first = locked.first, let id = catalog.plan.unlockedBy[first], let session = catalog.session(id) else {
      return nil
    }
    let cards = locked.count { catalog.plan.unlockedBy[$0] == id }
    return (session, (catalog.course(containing: id)?.index ?? 0) + 1, cards)
  }

  /// New cards `review` may still introduce today.
  func newCardsLeftToday(at now: Timestamp) -> Int {
    max(0, progress.settings.newCardsPerDay - (progress.days[now.dayNumber]?.newCards ?? 0))
  }

  /// A question never scheduled (or forgotten), neither suspended nor buried at `now`.
  private func isNewCard(_ ref: QuestionRef, at now: Timestamp) -> Bool {
    // One look-up: `isUnscheduled(ref) && progress.questions[ref]?.isBuried(at: now) != true`.
    guard let p = progress.questions[ref] else { return true }
    return p.card == nil && !p.suspended && !p.isBuried(at: now)
  }

  /// A question never scheduled (or forgotten) and not suspended.
  private func isUnscheduled(_ ref: QuestionRef) -> Bool {
    guard let p = progress.questions[ref] else { return true }
    return p.card == nil && !p.suspended
  }

  /// Every question (or one bank's) in bank order, the banks of courses first, in course order.
  private func bankOrder(_ bank: String?) -> [QuestionRef] {
    let banks: [Bank]
    if let bank {
      banks = catalog.bank(bank).map { [$0] } ?? []
    } else {
      let courseBanks = catalog.courses.flatMap(\.banks).compactMap { catalog.bank($0) }
      var seen = Set<String>()
      banks = (courseBanks + catalog.banks).filter { seen.insert($0.id).inserted }
    }
    return banks.flatMap { b in b.questions.map { QuestionRef(bank: b.id, question: $0.id) } }
  }
}
