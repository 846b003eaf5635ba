import QuizlineCore

/// One decoded catalog file: what it declared, plus positions needed for cross-file checks.
public enum CatalogItem {
  case bank(Bank, idAt: Located<String>, questionsAt: QuestionIDPositions)
  case session(StudySession, idAt: Located<String>, references: SessionReferences)
  case course(Course, idAt: Located<String>, sessions: [Located<String>], banks: [Located<String>])
}

/// Parses one catalog file and decodes it according to its `kind`.
public enum CatalogFileDecoder {
  static let currentSchemaVersion = 1
  static let kinds = ["bank", "session", "course"]

  /// The decoded item (nil when the file is unusable) and the context holding its diagnostics.
  /// `hashContent: false` leaves a bank's ``Bank/contentHash`` empty (for a caller that only
  /// validates: the hash is a serial pass over every byte of the file).
  public static func decode(bytes: [UInt8], path: String, limits: JSONLimits = .default, hashContent: Bool = true)
    -> (CatalogItem?, DecodeContext)
  {
    let context = DecodeContext(path: path, bytes: bytes)
    let document: JSONDocument
    do {
      document = try JSONDocument.parse(bytes, limits: limits)
    } catch {
      context.error(at: error.offset, error.message)
      return (nil, context)
    }
    // The decoders' values do not keep the document alive: this does, until they are done.
    let item = withExtendedLifetime(document) {
      decode(TapeValue(document.root), context: context, limits: limits, hashContent: hashContent)
    }
    return (item, context)
  }

  private static func decode(_ root: TapeValue, context: DecodeContext, limits: JSONLimits, hashContent: Bool)
    -> CatalogItem?
  {
    guard var reader = ObjectReader(root, context: context, what: "the top level of a quizline file") else {
      return nil
    }
    guard let kindNode = reader.value("kind") else {
      context.error(root, "missing \"kind\": a quizline file starts with \"kind\": \"bank\", \"session\" or \"course\"")
      return nil
    }
    guard let kind = kindNode.string, kinds.contains(kind) else {
      var message =
        "\"kind\" must be \"bank\", \"session\" or \"course\", found \(kindNode.string.map { quoted($0) } ?? kindNode.kindDescription)"
      if let s = kindNode.string, let m = closestMatch(to: s, in: kinds) { message += "; did you mean \(quoted(m))?" }
      context.error(kindNode, message)
      return nil
    }
    reader.rename(kind)
    guard let versionNode = reader.required("schemaVersion") else { return nil }
    guard let version = versionNode.int, version >= 1 else {
      context.error(
        versionNode,
        "\"schemaVersion\" must be a whole number such as \(currentSchemaVersion), found \(versionNode.numberText ?? versionNode.kindDescription)"
      )
      return nil
    }
    if version > currentSchemaVersion {
      context.error(
        versionNode,
        "this \(kind) uses schemaVersion \(version), newer than this quizline understands (\(currentSchemaVersion)); update quizline to read it"
      )
      return nil
    }
    func located(_ id: String) -> Located<String> {
      Located(value: id, offset: (reader.valueWithoutMarking("id") ?? root).offset)
    }
    switch kind {
    case "bank":
      guard var bank = BankDecoder(context: context).decode(&reader) else { return nil }
      if hashContent { bank.contentHash = contentHash(context.bytes) }
      return .bank(bank, idAt: located(bank.id), questionsAt: QuestionIDPositions(bytes: context.bytes, limits: limits))
    case "session":
      guard let (session, refs) = SessionDecoder(context: context).decode(&reader) else { return nil }
      return .session(session, idAt: located(session.id), references: refs)
    default:
      guard let (course, sessions, banks) = CourseDecoder(context: context).decode(&reader) else { return nil }
      return .course(course, idAt: located(course.id), sessions: sessions, banks: banks)
    }
  }
}

/// Where each question id of a bank file is written (its first occurrence), for warnings about
/// unused questions: found only when such a warning asks, by parsing the file again (most loads
/// never ask, and an index of 100,000 ids was 4 % of loading a large bank).
public final class QuestionIDPositions {
  private let bytes: [UInt8]
  private let limits: JSONLimits
  private var positions: [String: Located<String>]?

  init(bytes: [UInt8], limits: JSONLimits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Positions already known (a Markdown bank's reader records them as it reads).
  init(located: [String: Located<String>]) {
    bytes = []
    limits = .default
    positions = located
  }

  /// Where the first question with this id has its id (nil when no question object has it).
  public subscript(id: String) -> Located<String>? {
    if positions == nil { positions = Self.find(bytes, limits: limits) }
    return positions?[id]
  }

  private static func find(_ bytes: [UInt8], limits: JSONLimits) -> [String: Located<String>] {
    guard let document = try? JSONDocument.parse(bytes, limits: limits) else { return [:] }
    return withExtendedLifetime(document) {
      let root = TapeValue(document.root)
      guard let questions = root.member("questions"), questions.kind == .array else { return [:] }
      var out: [String: Located<String>] = [:]
      questions.forEachElement { _, q in
        guard q.kind == .object else { return }
        if let v = q.member("id"), let id = v.string, out[id] == nil { out[id] = Located(value: id, offset: v.offset) }
      }
      return out
    }
  }
}

extension ObjectReader {
  /// The value of `key` without counting it as read (for positions looked up on the side).
  func valueWithoutMarking(_ key: String) -> TapeValue? {
    object.member(key)
  }
}

/// FNV-1a (64 bit) of a file's bytes, in hex: cheap, stable, good enough to notice edits.
func contentHash(_ bytes: [UInt8]) -> String {
  let hex = String(fnv1a(bytes), radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}
