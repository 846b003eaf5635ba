import QuizlineCore

/// Where a question is written in its bank's file, for `edit` to open the editor there (`+LINE`).
public enum QuestionLine {
  /// The 1-based line of question `id` in the bank file `path` whose content is `bytes`; nil when
  /// it cannot be found (the editor then opens at the top). JSON banks: the line of the question's
  /// `"id"`; Markdown banks: the line of the question's heading (or of a `Q:`/`::` card's first line).
  public static func line(ofQuestion id: String, path: String, bytes: [UInt8], limits: JSONLimits = .default) -> Int? {
    if path.hasSuffix(".json") {
      guard let at = QuestionIDPositions(bytes: bytes, limits: limits)[id] else { return nil }
      return DecodeContext(path: path, bytes: bytes).location(of: at.offset).line
    }
    if CatalogLoader.isMarkdown(path),
      case .item(_, let layout?) = MarkdownCatalogFile.decode(bytes: bytes, path: path).0
    {
      return layout.questionLine(id)
    }
    return nil
  }
}
