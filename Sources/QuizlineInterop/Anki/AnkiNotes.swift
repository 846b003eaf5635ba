import QuizlineCore

/// One Anki note of an exported bank: its note type, GUID, fields (HTML) and its cards' questions by
/// card ordinal.
struct AnkiNote {
  /// The stock note type the note is written as.
  enum Kind: Int, CaseIterable {
    /// Front and Back, one card.
    case basic
    /// "Basic (and reversed card)": a front/back card and its back/front twin.
    case reversed
    /// "Basic (type in the answer)": a typed answer (`text` question with one answer).
    case typed
    /// "Cloze": one card per gap of one text (c1, c2, …).
    case cloze
  }

  var kind: Kind
  var guid: String
  var fields: [String]
  /// The sort field as text.
  var sortText: String
  /// The questions of the cards, the card ordinal being the index.
  var questions: [Question]
}

/// How an exported bank's questions become Anki notes. Questions that share a `note` become one
/// note when Anki has a stock note type for them: a flashcard and its reverse (each one's back the
/// other's front) a "Basic (and reversed card)" note; flashcards that each hide one gap (`[...]` or
/// `[hint]`) of the same text (their common back) a "Cloze" note, c1, c2, … in bank order. A `text`
/// question with one answer (and no explanation beyond "The answer is …") is a "Basic (type in the
/// answer)" note; everything else, and the questions of any other note, a Basic note each (the
/// questions of such a note keep their note id in their GUIDs, so quizline still reads them as one).
///
/// GUIDs: `quizline:BANK/QUESTION` for a question that is its own note (as before notes), and
/// `quizline:BANK/NOTE/ID1/ID2…` otherwise: the note's id, then each card's question id by card
/// ordinal. ``AnkiImporter/questionID(guid:ord:)`` and ``AnkiImporter/noteID(guid:)`` read both back,
/// so an exported bank imported again has the same question ids and notes (and keeps its progress).
enum AnkiNotes {
  static func notes(_ bank: Bank) -> [AnkiNote] {
    var groups: [[Question]] = []
    var index: [String: Int] = [:]
    for q in bank.questions {
      if let n = q.note, let i = index[n] {
        groups[i].append(q)
      } else {
        if let n = q.note { index[n] = groups.count }
        groups.append([q])
      }
    }
    var out: [AnkiNote] = []
    for group in groups {
      let note = group[0].note
      if group.count > 1, let n = note, let made = reversed(bank, n, group) ?? cloze(bank, n, group) {
        out.append(made)
        continue
      }
      for q in group { out.append(single(bank, q, note: note)) }
    }
    return out
  }

  /// `quizline:BANK/ID` for a question that is its own note, else `quizline:BANK/NOTE/ID1/ID2…`.
  static func guid(_ bank: Bank, note: String?, _ questions: [Question]) -> String {
    if questions.count == 1, note == nil || note == questions[0].id { return AnkiExporter.guid(bank, questions[0]) }
    return "quizline:\(bank.id)/\(note ?? questions[0].id)/" + questions.map(\.id).joined(separator: "/")
  }

  static func single(_ bank: Bank, _ q: Question, note: String?) -> AnkiNote {
    let guid = guid(bank, note: note, [q])
    if case .text(let accept, _, _) = q.body, accept.count == 1, !accept[0].text.contains("\n"),
      q.explanation.isEmpty || q.explanation == "The answer is \(accept[0].text)."
    {
      return AnkiNote(
        kind: .typed, guid: guid, fields: [AnkiExporter.html(q.prompt), AnkiExporter.html(accept[0].text)],
        sortText: q.prompt, questions: [q])
    }
    let front = AnkiExporter.front(q)
    return AnkiNote(
      kind: .basic, guid: guid,
      fields: [AnkiExporter.html(front), AnkiExporter.html(AnkiExporter.back(q))], sortText: front, questions: [q])
  }

  /// Two flashcards, each one's back the other's front, with no explanation.
  static func reversed(_ bank: Bank, _ note: String, _ group: [Question]) -> AnkiNote? {
    guard group.count == 2, case .flashcard(let back0) = group[0].body, case .flashcard(let back1) = group[1].body,
      back0 == group[1].prompt, back1 == group[0].prompt, group.allSatisfy({ $0.explanation.isEmpty })
    else { return nil }
    return AnkiNote(
      kind: .reversed, guid: guid(bank, note: note, group),
      fields: [AnkiExporter.html(group[0].prompt), AnkiExporter.html(back0)], sortText: group[0].prompt,
      questions: group)
  }

  /// Flashcards with one back, each front that back with one stretch hidden as `[...]` or `[hint]`,
  /// the stretches apart: one cloze text, each card's stretch its gap.
  static func cloze(_ bank: Bank, _ note: String, _ group: [Question]) -> AnkiNote? {
    guard case .flashcard(let text) = group[0].body, group.allSatisfy({ $0.explanation.isEmpty }) else { return nil }
    let full = Array(text)
    var gaps: [(range: Range<Int>, hint: String?, number: Int)] = []
    for (k, q) in group.enumerated() {
      guard case .flashcard(let back) = q.body, back == text else { return nil }
      let front = Array(q.prompt)
      var p = 0
      while p < front.count, p < full.count, front[p] == full[p] { p += 1 }
      var s = 0
      while s < front.count - p, s < full.count - p, front[front.count - 1 - s] == full[full.count - 1 - s] { s += 1 }
      let shown = String(front[p..<(front.count - s)])
      guard shown.hasPrefix("["), shown.hasSuffix("]"), shown.count >= 2, p < full.count - s else { return nil }
      let inner = String(shown.dropFirst().dropLast())
      let answer = String(full[p..<(full.count - s)])
      // Anki's cloze syntax could not hold these.
      guard ![answer, inner].contains(where: { $0.contains("}}") || $0.contains("::") }) else { return nil }
      gaps.append((p..<(full.count - s), inner == "..." ? nil : inner, k + 1))
    }
    gaps.sort { $0.range.lowerBound < $1.range.lowerBound }
    // The text escaped whole (spaces around a gap as anywhere), each gap a private-use mark meanwhile.
    var plain = ""
    var markers: [String] = []
    var at = 0
    for g in gaps {
      guard g.range.lowerBound >= at else { return nil }
      plain += String(full[at..<g.range.lowerBound]) + "\u{E000}\(markers.count)\u{E001}"
      let answer = AnkiExporter.html(String(full[g.range]))
      markers.append("{{c\(g.number)::\(answer)" + (g.hint.map { "::" + AnkiExporter.html($0) } ?? "") + "}}")
      at = g.range.upperBound
    }
    plain += String(full[at...])
    var out = AnkiExporter.html(plain)
    for (k, m) in markers.enumerated() { out = out.replacingOccurrences(of: "\u{E000}\(k)\u{E001}", with: m) }
    return AnkiNote(
      kind: .cloze, guid: guid(bank, note: note, group), fields: [out, ""], sortText: text, questions: group)
  }
}
