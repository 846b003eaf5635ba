import Foundation
import QuizlineCore

/// The parts of an Anki collection (SQLite) an import needs: note types, decks, notes and cards held
/// in memory, and the review log stepped row by row (a log of millions of rows is never held whole).
///
/// Reads both the legacy schema (ver 11: note types and decks as JSON in the `col` row) and schema 18
/// (tables `notetypes`, `fields`, `templates`, `decks`). A database without the tables and columns
/// named here is refused as "not an Anki collection".
final class AnkiCollection {
  struct Notetype {
    var id: Int64
    var name: String
    var isCloze: Bool
    /// Anki's `OriginalStockKind` (1 basic, 2 and reversed, 3 optional reversed, 4 typing, 5 cloze,
    /// 6 image occlusion); 0 when unknown.
    var stockKind: Int
    var fields: [String]
    var templates: [Template]
    /// The note type's stylesheet.
    var css = ""
  }
  struct Template {
    var ord: Int
    var name: String
    var question: String
    var answer: String
  }
  struct Note {
    var id: Int64
    var guid: String
    var notetype: Int64
    var tags: [String]
    var fields: [String]
  }
  struct Card {
    var id: Int64
    var note: Int64
    var deck: Int64
    var ord: Int
    var type: Int
    var queue: Int
  }
  /// One row of `revlog`.
  struct Review {
    var card: Int64
    /// Epoch milliseconds of the review.
    var id: Int64
    var ease: Int
    var type: Int
    /// Milliseconds spent.
    var time: Int64
  }

  private let db: SQLiteDatabase
  private(set) var version = 0
  private(set) var notetypes: [Int64: Notetype] = [:]
  /// Deck names with their levels (`["French", "Verbs"]`).
  private(set) var decks: [Int64: [String]] = [:]
  private(set) var notes: [Note] = []
  private(set) var cards: [Card] = []

  static let required: [(String, [String])] = [
    ("col", ["ver"]),
    ("notes", ["id", "guid", "mid", "tags", "flds"]),
    ("cards", ["id", "nid", "did", "ord", "type", "queue"]),
    ("revlog", ["id", "cid", "ease", "time", "type"]),
  ]

  init(bytes: [UInt8], what: String) throws(PackageError) {
    db = try SQLiteDatabase(bytes: bytes, what: what)
    for (table, columns) in Self.required {
      let have = db.columns(of: table)
      guard !have.isEmpty else { throw PackageError("\(what) is not an Anki collection (no table \(table))") }
      if let missing = columns.first(where: { !have.contains($0) }) {
        throw PackageError("\(what) is not an Anki collection (table \(table) has no column \(missing))")
      }
    }
    try db.query("SELECT ver FROM col LIMIT 1") { row in version = Int(row.int(0)) }
    if !db.columns(of: "notetypes").isEmpty {
      try readSchema18(what)
    } else {
      try readLegacy(what)
    }
    try db.query("SELECT id, guid, mid, tags, flds FROM notes ORDER BY id") { r in
      notes.append(
        Note(
          id: r.int(0), guid: r.text(1), notetype: r.int(2),
          tags: r.text(3).split(whereSeparator: { $0 == " " || $0 == "\u{3000}" }).map(String.init),
          fields: r.text(4).split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)))
    }
    try db.query("SELECT id, nid, did, ord, type, queue FROM cards ORDER BY nid, ord") { r in
      cards.append(
        Card(
          id: r.int(0), note: r.int(1), deck: r.int(2), ord: Int(clamping: r.int(3)), type: Int(clamping: r.int(4)),
          queue: Int(clamping: r.int(5))))
    }
  }

  /// The review log's rows (what ``forEachReview(_:)`` steps through), to size what is built from them.
  func reviewCount() throws(PackageError) -> Int {
    var count = 0
    try db.query("SELECT count(*) FROM revlog") { r in count = Int(clamping: r.int(0)) }
    return count
  }

  /// Calls `body` for each review, by card and then by time, stepping the table one row at a time.
  func forEachReview(_ body: (Review) throws(PackageError) -> Void) throws(PackageError) {
    try db.query("SELECT cid, id, ease, type, time FROM revlog ORDER BY cid, id") { r throws(PackageError) in
      try body(
        Review(
          card: r.int(0), id: r.int(1), ease: Int(clamping: r.int(2)), type: Int(clamping: r.int(3)), time: r.int(4)))
    }
  }

  private func readSchema18(_ what: String) throws(PackageError) {
    for (table, columns) in [
      ("notetypes", ["id", "name", "config"]), ("fields", ["ntid", "ord", "name"]),
      ("templates", ["ntid", "ord", "name", "config"]), ("decks", ["id", "name"]),
    ] {
      let have = db.columns(of: table)
      if let missing = columns.first(where: { !have.contains($0) }) {
        throw PackageError("\(what) is not an Anki collection (table \(table) has no column \(missing))")
      }
    }
    try db.query("SELECT id, name, config FROM notetypes") { r in
      let config = ProtoReader.fields(r.blob(2)[...]) ?? []
      notetypes[r.int(0)] = Notetype(
        id: r.int(0), name: r.text(1), isCloze: ProtoReader.int(config, 1) == 1,
        stockKind: Int(clamping: ProtoReader.int(config, 9) ?? 0), fields: [], templates: [],
        css: ProtoReader.string(config, 3) ?? "")
    }
    try db.query("SELECT ntid, name FROM fields ORDER BY ntid, ord") { r in
      notetypes[r.int(0)]?.fields.append(r.text(1))
    }
    try db.query("SELECT ntid, ord, name, config FROM templates ORDER BY ntid, ord") { r in
      let config = ProtoReader.fields(r.blob(3)[...]) ?? []
      notetypes[r.int(0)]?.templates.append(
        Template(
          ord: Int(clamping: r.int(1)), name: r.text(2), question: ProtoReader.string(config, 1) ?? "",
          answer: ProtoReader.string(config, 2) ?? ""))
    }
    try db.query("SELECT id, name FROM decks") { r in
      decks[r.int(0)] = r.text(1).split(separator: "\u{1F}").map(String.init)
    }
  }

  private func readLegacy(_ what: String) throws(PackageError) {
    let have = db.columns(of: "col")
    guard have.contains("models"), have.contains("decks") else {
      throw PackageError("\(what) is not an Anki collection (table col has no column models or decks)")
    }
    var modelsJSON = ""
    var decksJSON = ""
    try db.query("SELECT models, decks FROM col LIMIT 1") { r in
      modelsJSON = r.text(0)
      decksJSON = r.text(1)
    }
    guard let models = try? JSONSerialization.jsonObject(with: Data(modelsJSON.utf8)) as? [String: Any],
      let deckList = try? JSONSerialization.jsonObject(with: Data(decksJSON.utf8)) as? [String: Any]
    else { throw PackageError("\(what): the note types or decks in table col are not JSON objects") }
    for (_, value) in models {
      guard let m = value as? [String: Any], let id = (m["id"] as? NSNumber)?.int64Value else { continue }
      let fields = (m["flds"] as? [[String: Any]] ?? [])
        .sorted { ($0["ord"] as? Int ?? 0) < ($1["ord"] as? Int ?? 0) }
        .map { $0["name"] as? String ?? "" }
      let templates = (m["tmpls"] as? [[String: Any]] ?? []).map {
        Template(
          ord: $0["ord"] as? Int ?? 0, name: $0["name"] as? String ?? "", question: $0["qfmt"] as? String ?? "",
          answer: $0["afmt"] as? String ?? "")
      }.sorted { $0.ord < $1.ord }
      notetypes[id] = Notetype(
        id: id, name: m["name"] as? String ?? "", isCloze: (m["type"] as? Int) == 1,
        stockKind: m["originalStockKind"] as? Int ?? 0, fields: fields, templates: templates,
        css: m["css"] as? String ?? "")
    }
    for (_, value) in deckList {
      guard let d = value as? [String: Any], let id = (d["id"] as? NSNumber)?.int64Value else { continue }
      decks[id] = (d["name"] as? String ?? "").components(separatedBy: "::")
    }
  }
}
