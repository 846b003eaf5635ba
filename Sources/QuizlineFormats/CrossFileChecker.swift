import QuizlineCore

/// Checks what files say about each other: duplicate ids, checkpoint questions, course sessions,
/// and unused content. Builds the ``Catalog`` from the first file that declares each id.
struct CrossFileChecker {
  private let items: [(CatalogItem, DecodeContext)]
  private let reference: Catalog
  private(set) var catalog = Catalog.empty
  private var diagnostics: [Diagnostic] = []

  init(items: [(CatalogItem, DecodeContext)], reference: Catalog) {
    self.items = items
    self.reference = reference
  }

  private mutating func report(
    _ severity: Diagnostic.Severity, _ context: DecodeContext, _ offset: Int, _ message: String
  ) {
    let (line, column) = context.location(of: offset)
    diagnostics.append(Diagnostic(severity, path: context.path, line: line, column: column, message))
  }

  mutating func check() -> [Diagnostic] {
    var banks: [Bank] = []
    var sessions: [(StudySession, SessionReferences, DecodeContext, Int)] = []
    var courses: [(Course, [Located<String>], [Located<String>], DecodeContext)] = []
    var bankPositions: [String: (DecodeContext, QuestionIDPositions)] = [:]
    // Where each id was first declared, turned into `path:line:column` only for a message (a line
    // table for every file would cost more than reading it).
    var firstSeen: [String: (DecodeContext, Int)] = [:]

    func placeDescription(_ context: DecodeContext, _ offset: Int) -> String {
      let (line, column) = context.location(of: offset)
      return "\(context.path):\(line):\(column)"
    }
    for (item, context) in items {
      let (kind, id, offset): (String, String, Int)
      switch item {
      case .bank(let b, let at, _): (kind, id, offset) = ("bank", b.id, at.offset)
      case .session(let s, let at, _): (kind, id, offset) = ("session", s.id, at.offset)
      case .course(let c, let at, _, _): (kind, id, offset) = ("course", c.id, at.offset)
      }
      let key = kind + "/" + id
      if let (firstContext, firstOffset) = firstSeen[key] {
        report(
          .error, context, offset,
          "\(kind) id \(quoted(id)) is already used by \(placeDescription(firstContext, firstOffset)); ids must be unique"
        )
        continue
      }
      firstSeen[key] = (context, offset)
      switch item {
      case .bank(let b, _, let positions):
        banks.append(b)
        bankPositions[b.id] = (context, positions)
      case .session(let s, let at, let refs): sessions.append((s, refs, context, at.offset))
      case .course(let c, _, let ss, let bs): courses.append((c, ss, bs, context))
      }
    }
    catalog = Catalog(banks: banks, sessions: sessions.map(\.0), courses: courses.map(\.0))

    let allBanks = Dictionary(
      (reference.banks + banks).map { ($0.id, $0) }, uniquingKeysWith: { _, loaded in loaded })
    let allSessionIDs = Set(reference.sessions.map(\.id) + sessions.map(\.0.id))
    var used: [String: Set<String>] = [:]
    for s in reference.sessions {
      for ref in s.checkpoint?.questions ?? [] { used[ref.bank, default: []].insert(ref.question) }
    }

    for (session, refs, context, _) in sessions {
      for ref in refs.checkpoint {
        used[ref.value.bank, default: []].insert(ref.value.question)
        guard let bank = allBanks[ref.value.bank] else {
          var message =
            "checkpoint question \(quoted(ref.value.description)) of session \(quoted(session.id)): there is no bank \(quoted(ref.value.bank))"
          if let m = closestMatch(to: ref.value.bank, in: Array(allBanks.keys)) {
            message += "; did you mean \(quoted(m))?"
          }
          report(.error, context, ref.offset, message)
          continue
        }
        if bank.question(ref.value.question) == nil {
          var message =
            "checkpoint question \(quoted(ref.value.description)) of session \(quoted(session.id)): bank \(quoted(bank.id)) has no question \(quoted(ref.value.question))"
          if let m = closestMatch(to: ref.value.question, in: bank.questions.map(\.id)) {
            message += "; did you mean \(quoted(m))?"
          }
          report(.error, context, ref.offset, message)
        }
      }
    }

    var inCourse = Set(reference.courses.flatMap(\.sessions))
    for (course, sessionRefs, bankRefs, context) in courses {
      for ref in sessionRefs {
        inCourse.insert(ref.value)
        if !allSessionIDs.contains(ref.value) {
          var message = "course \(quoted(course.id)) lists session \(quoted(ref.value)), which does not exist"
          if let m = closestMatch(to: ref.value, in: Array(allSessionIDs)) { message += "; did you mean \(quoted(m))?" }
          report(.error, context, ref.offset, message)
        }
      }
      for ref in bankRefs where allBanks[ref.value] == nil {
        var message = "course \(quoted(course.id)) lists bank \(quoted(ref.value)), which does not exist"
        if let m = closestMatch(to: ref.value, in: Array(allBanks.keys)) { message += "; did you mean \(quoted(m))?" }
        report(.error, context, ref.offset, message)
      }
    }

    if !courses.isEmpty || !reference.courses.isEmpty {
      for (session, _, context, offset) in sessions where !inCourse.contains(session.id) {
        report(
          .warning, context, offset,
          "session \(quoted(session.id)) is not part of any course, so `next` never reaches it")
      }
    }

    for bank in banks {
      guard let usedIDs = used[bank.id], let (context, positions) = bankPositions[bank.id] else { continue }
      for q in bank.questions where !usedIDs.contains(q.id) {
        let offset = positions[q.id]?.offset ?? 0
        report(
          .warning, context, offset,
          "question \(quoted(q.id)) of bank \(quoted(bank.id)) is not used by any session's checkpoint, though other questions of this bank are"
        )
      }
    }
    return diagnostics
  }
}
