/// Where a Markdown bank's card is, and what the reader made of its id: the input of
/// ``MarkdownIdentityPlan``.
public struct MarkdownCardPlace: Sendable, Equatable {
  /// The id the reader gave the question (written in the file, or generated from its wording).
  public var id: String
  /// The heading's line, or the first line of a `Q:` or `::` card.
  public var line: Int
  public var form: IdentityMarkers.Edit.Form
  /// Whether the id is written in the file (`{#id}`, `<!-- id: … -->`).
  public var idInFile: Bool
  /// The card's wording (``CardWording``), which a generated id fingerprints.
  public var wording: String

  public init(id: String, line: Int, form: IdentityMarkers.Edit.Form, idInFile: Bool, wording: String) {
    self.id = id
    self.line = line
    self.form = form
    self.idInFile = idInFile
    self.wording = wording
  }
}

/// What to write into one Markdown bank so that every card keeps its id: ids for cards written
/// without one, and new ids for cards whose wording was rewritten beyond recognition since this
/// device last saw them (docs/markdown-format.md, "Identity").
public struct MarkdownIdentityPlan: Sendable, Equatable {
  /// The ids to write into the file.
  public var edits: [IdentityMarkers.Edit] = []
  /// Cards rewritten beyond recognition: their old id (now an orphan) and their new one.
  public var renamed: [(line: Int, old: String, new: String)] = []
  /// How many cards had no id in the file.
  public var added = 0
  /// The wording of every card with a generated id, by id: this device's cache for the file.
  public var wordings: [String: String] = [:]

  public static func == (a: MarkdownIdentityPlan, b: MarkdownIdentityPlan) -> Bool {
    a.edits == b.edits && a.added == b.added && a.wordings == b.wordings
      && a.renamed.map { "\($0.line) \($0.old) \($0.new)" } == b.renamed.map { "\($0.line) \($0.old) \($0.new)" }
  }

  /// The plan for one file's cards, given what this device last saw of them (`cached`: wording by
  /// id). An id the author wrote is never changed.
  public static func make(_ places: [MarkdownCardPlace], cached: [String: String]) -> MarkdownIdentityPlan {
    var plan = MarkdownIdentityPlan()
    var taken = Set(places.map(\.id))
    for place in places {
      if !place.idInFile {
        plan.edits.append(.init(line: place.line, id: place.id, form: place.form))
        // A two-way card's marker holds both of its cards' ids.
        plan.added += place.id.split(separator: " ").count
        plan.wordings[place.id] = place.wording
        continue
      }
      guard CardWording.isGenerated(place.id) else { continue }
      if let seen = cached[place.id], !CardWording.isRecognisable(place.wording, as: seen) {
        let base = CardWording.generatedID(for: place.wording)
        var id = base
        var n = 2
        while taken.contains(id) {
          id = base + "-\(n)"
          n += 1
        }
        taken.insert(id)
        plan.edits.append(.init(line: place.line, id: id, form: place.form))
        plan.renamed.append((place.line, place.id, id))
        plan.wordings[id] = place.wording
      } else {
        plan.wordings[place.id] = place.wording
      }
    }
    return plan
  }
}
