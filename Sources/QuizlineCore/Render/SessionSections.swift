/// A study session read one section at a time (`read SESSION N`): each heading starts a section;
/// blocks before the first heading are a section of their own.
extension StudySession {
  /// The sections of the body, in order: a title (the heading, or nil before the first one) and
  /// the blocks of the section (its heading included).
  var sections: [(title: String?, blocks: [BodyBlock])] {
    var out: [(title: String?, blocks: [BodyBlock])] = []
    for block in body {
      if case .heading(let h) = block {
        out.append((h, [block]))
      } else if out.isEmpty {
        out.append((nil, [block]))
      } else {
        out[out.count - 1].blocks.append(block)
      }
    }
    return out
  }
}

extension Renderer {
  /// Section `section` (1-based) of a session: its heading and blocks, then where to go next.
  static func renderSessionSection(
    _ session: StudySession, _ section: Int, _ state: AppState, _ out: inout Output
  ) {
    let s = out.context.style
    let sections = session.sections
    guard section >= 1, section <= sections.count else { return }
    let blocks = sections[section - 1].blocks
    out.line()
    out.header(
      safe(session.title, out.context), detail: "section \(section)/\(sections.count)")
    if section == 1 {
      out.line(s.paint("Objectives", .bold))
      for o in session.objectives { out.paragraph(o, indent: "    ", firstIndent: "  \(s.bullet) ") }
      out.line()
    }
    renderBody(blocks, &out)
    if section < sections.count {
      let next = sections[section].title.map { ": " + quotedTitle($0, out.context) } ?? ""
      out.paragraph("Next section\(next). Type read \(session.id) \(section + 1).")
    } else {
      renderSessionEnd(session, state, &out)
    }
  }
}
