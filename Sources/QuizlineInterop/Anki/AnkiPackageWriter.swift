import Foundation
import QuizlineCore

/// Writes banks as an Anki package the real Anki imports: a legacy-2 package (`meta` = version 2,
/// `collection.anki21` in Anki's schema 11, an empty media list), one deck per bank (its title), one
/// Basic note per question (front and back as ``AnkiExporter`` writes them, GUID
/// `quizline:BANK/QUESTION`, the bank's and question's tags), and, when given, each card's schedule
/// (FSRS memory state in the card's data) and the review log. Ids are derived from the GUIDs, so
/// exporting again gives the same notes.
public enum AnkiPackageWriter {
  /// What the package holds beside the notes.
  public struct Scheduling {
    /// Each question's card (as progress keeps it).
    public var cards: [QuestionRef: FSRSCard]
    /// Reviews in time order.
    public var reviews: [ImportedReview]
    public init(cards: [QuestionRef: FSRSCard], reviews: [ImportedReview]) {
      self.cards = cards
      self.reviews = reviews
    }
  }

  static let modelID: Int64 = 1_700_000_000_001

  public static func package(_ banks: [Bank], scheduling: Scheduling?, now: Timestamp) throws(PackageError) -> [UInt8] {
    let db = try SQLiteDatabase()
    try db.execute(schema11)
    let nowSeconds = now.microseconds / 1_000_000
    let crt = nowSeconds - nowSeconds % 86_400
    var decks: [String: Any] = ["1": deck(1, "Default")]
    var notes: [[SQLiteValue]] = []
    var cards: [[SQLiteValue]] = []
    var cardIDs: [QuestionRef: Int64] = [:]
    var used: Set<Int64> = []
    func uniqueID(_ text: String) -> Int64 {
      var id = Int64(stableHash(text) % 1_000_000_000_000) + 1_000_000_000_000
      while !used.insert(id).inserted { id += 1 }
      return id
    }
    for (b, bank) in banks.enumerated() {
      let did = uniqueID("deck:" + bank.id)
      decks[String(did)] = deck(did, bank.title.isEmpty ? bank.id : bank.title)
      for (i, q) in bank.questions.enumerated() {
        let guid = AnkiExporter.guid(bank, q)
        let nid = uniqueID(guid)
        let front = AnkiExporter.html(AnkiExporter.front(q))
        let back = AnkiExporter.html(AnkiExporter.back(q))
        var seen: Set<String> = []
        let tags = (bank.tags + q.tags).filter { seen.insert($0).inserted }
        notes.append([
          .int(nid), .text(guid), .int(modelID), .int(nowSeconds), .int(-1),
          .text(tags.isEmpty ? "" : " " + tags.joined(separator: " ") + " "), .text(front + "\u{1F}" + back),
          .text(AnkiExporter.front(q)), .int(0), .int(0), .text(""),
        ])
        let cid = uniqueID("card:" + guid)
        let ref = QuestionRef(bank: bank.id, question: q.id)
        cardIDs[ref] = cid
        var type: Int64 = 0
        var queue: Int64 = 0
        var due = Int64(b * 100_000 + i + 1)
        var ivl: Int64 = 0
        var data = "{}"
        if let card = scheduling?.cards[ref], let last = card.lastReview {
          let dueSeconds = card.due.microseconds / 1_000_000
          ivl = max(1, (card.due.microseconds - last.microseconds) / 86_400_000_000)
          switch card.phase {
          case .review:
            (type, queue, due) = (2, 2, (dueSeconds - crt) / 86_400)
          case .learning, .relearning:
            (type, queue, due) = (card.phase == .learning ? 1 : 3, 1, dueSeconds)
          }
          if let s = card.stability, let d = card.difficulty {
            data = "{\"s\":\(s),\"d\":\(d),\"lrt\":\(last.microseconds / 1_000_000)}"
          }
        }
        cards.append([
          .int(cid), .int(nid), .int(did), .int(0), .int(nowSeconds), .int(-1), .int(type), .int(queue), .int(due),
          .int(ivl), .int(type == 0 ? 0 : 2500), .int(0), .int(0), .int(0), .int(0), .int(0), .int(0), .text(data),
        ])
      }
    }
    var revlog: [[SQLiteValue]] = []
    var reviewIDs: Set<Int64> = []
    var seenCards: Set<Int64> = []
    for r in scheduling?.reviews ?? [] {
      guard let cid = cardIDs[r.question] else { continue }
      var id = r.at.microseconds / 1000
      while !reviewIDs.insert(id).inserted { id += 1 }
      let first = seenCards.insert(cid).inserted
      revlog.append([
        .int(id), .int(cid), .int(-1), .int(Int64(r.rating.rawValue)), .int(1), .int(0), .int(2500),
        .int(Int64(min(r.milliseconds, 60_000))), .int(first ? 0 : 1),
      ])
    }
    let json = { (o: Any) -> String in
      String(
        decoding: (try? JSONSerialization.data(withJSONObject: o, options: [.sortedKeys])) ?? Data("{}".utf8),
        as: UTF8.self)
    }
    try db.insert(
      "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')",
      [
        [
          .int(crt), .int(nowSeconds * 1000), .int(nowSeconds * 1000), .text(json(conf)),
          .text("{\"\(modelID)\":\(basicModel)}"), .text(json(decks)), .text("{\"1\":\(deckConfig)}"),
        ]
      ])
    try db.execute("BEGIN")
    try db.insert("INSERT INTO notes VALUES (?,?,?,?,?,?,?,?,?,?,?)", notes)
    try db.insert("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", cards)
    try db.insert("INSERT INTO revlog VALUES (?,?,?,?,?,?,?,?,?)", revlog)
    try db.execute("COMMIT")
    var zip = ZipWriter()
    zip.add("meta", [0x08, 0x02])
    zip.add("collection.anki21", try db.serialized(), deflate: true)
    zip.add("media", Array("{}".utf8))
    return zip.finish()
  }

  static func stableHash(_ s: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return h
  }

  static func deck(_ id: Int64, _ name: String) -> [String: Any] {
    [
      "id": id, "mod": 0, "name": name, "usn": -1, "lrnToday": [0, 0], "revToday": [0, 0], "newToday": [0, 0],
      "timeToday": [0, 0], "collapsed": false, "browserCollapsed": false, "desc": "", "dyn": 0, "conf": 1,
      "extendNew": 0, "extendRev": 0,
    ]
  }

  static var conf: [String: Any] {
    [
      "activeDecks": [1], "curDeck": 1, "newSpread": 0, "collapseTime": 1200, "timeLim": 0, "estTimes": true,
      "dueCounts": true, "curModel": modelID, "nextPos": 1, "sortType": "noteFld", "sortBackwards": false,
      "addToCur": true, "schedVer": 2, "sched2021": true,
    ]
  }

  static let basicModel = """
    {"id":\(modelID),"name":"Basic","type":0,"mod":0,"usn":-1,"sortf":0,"did":null,"tmpls":[{"name":"Card 1","ord":0,\
    "qfmt":"{{Front}}","afmt":"{{FrontSide}}\\n\\n<hr id=answer>\\n\\n{{Back}}","bqfmt":"","bafmt":"","did":null,\
    "bfont":"","bsize":0}],"flds":[{"name":"Front","ord":0,"sticky":false,"rtl":false,"font":"Arial","size":20},\
    {"name":"Back","ord":1,"sticky":false,"rtl":false,"font":"Arial","size":20}],"css":".card { font-family: arial; \
    font-size: 20px; text-align: center; color: black; background-color: white; }","latexPre":"","latexPost":"",\
    "latexsvg":false,"req":[[0,"any",[0]]],"originalStockKind":1}
    """

  static let deckConfig = """
    {"id":1,"mod":0,"name":"Default","usn":0,"maxTaken":60,"autoplay":true,"timer":0,"replayq":true,\
    "new":{"bury":false,"delays":[1.0,10.0],"initialFactor":2500,"ints":[1,4,0],"order":1,"perDay":20},\
    "rev":{"bury":false,"ease4":1.3,"ivlFct":1.0,"maxIvl":36500,"perDay":200,"hardFactor":1.2},\
    "lapse":{"delays":[10.0],"leechAction":1,"leechFails":8,"minInt":1,"mult":0.0},"dyn":false}
    """

  /// Anki's schema 11 (as its legacy exports hold it).
  static let schema11 = """
    CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
      ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
      models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
    CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
      usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
      flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
      mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
      ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
      left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
      ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
      type integer NOT NULL);
    CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
    CREATE INDEX ix_notes_usn ON notes (usn);
    CREATE INDEX ix_cards_usn ON cards (usn);
    CREATE INDEX ix_revlog_usn ON revlog (usn);
    CREATE INDEX ix_cards_nid ON cards (nid);
    CREATE INDEX ix_cards_sched ON cards (did, queue, due);
    CREATE INDEX ix_revlog_cid ON revlog (cid);
    CREATE INDEX ix_notes_csum ON notes (csum);
    """
}
