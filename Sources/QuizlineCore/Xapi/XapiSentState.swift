/// What `quizline xapi push` has sent, per Learning Record Store: the ids of the statements each
/// LRS accepted (or already held), so a later push sends only the others. Kept per profile (per
/// device in a profile shared by several) in `xapi-sent.json`, whose format is
/// `schemas/xapi-sent.schema.json`:
/// `{"version": 1, "stores": {"<statements URL, no credentials>": {"sent": ["<uuid>", …]}}}`.
public struct XapiSentState: Sendable, Equatable {
  public static let version = 1
  /// Statement ids by LRS statements URL.
  public private(set) var stores: [String: Set<String>] = [:]

  public init() {}

  public func sent(to store: String) -> Set<String> { stores[store] ?? [] }

  public mutating func record(_ ids: some Sequence<String>, to store: String) {
    stores[store, default: []].formUnion(ids)
  }

  /// The file's text: stores and ids sorted, so the same state always gives the same bytes.
  public var text: String {
    let members: [(String, JSONText)] = stores.keys.sorted().map { store in
      (store, .object([("sent", .array(stores[store, default: []].sorted().map { .string($0) }))]))
    }
    return JSONText.object([("version", .int(Self.version)), ("stores", .object(members))]).rendered(pretty: true)
      + "\n"
  }

  /// Reads the file's bytes; a message saying what is wrong when they are not this format.
  public static func parse(_ bytes: [UInt8]) -> Result<XapiSentState, XapiSentStateError> {
    let document: JSONDocument
    do {
      document = try JSONDocument.parse(bytes)
    } catch {
      return .failure(XapiSentStateError(message: "not JSON (\(error.message))"))
    }
    let root = document.root
    guard root.member("version")?.int == version else {
      return .failure(XapiSentStateError(message: "\"version\" is not \(version)"))
    }
    guard let stores = root.member("stores"), stores.kind == .object else {
      return .failure(XapiSentStateError(message: "\"stores\" is not an object"))
    }
    var state = XapiSentState()
    for (key, value) in stores.members {
      guard let store = key.string, let sent = value.member("sent"), sent.kind == .array else {
        return .failure(XapiSentStateError(message: "a store has no \"sent\" list"))
      }
      var ids: Set<String> = []
      for id in sent.elements {
        guard let text = id.string else {
          return .failure(XapiSentStateError(message: "a statement id in \"sent\" is not a string"))
        }
        ids.insert(text)
      }
      state.stores[store] = ids
    }
    return .success(state)
  }
}

/// Why a sent-state file could not be read.
public struct XapiSentStateError: Error, Sendable, Equatable {
  public var message: String
}
