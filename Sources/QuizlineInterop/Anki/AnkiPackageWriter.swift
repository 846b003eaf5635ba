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
    /// Each question's reviews, oldest first, with the cards around them.
    public var logs: [QuestionRef: [LoggedReview]]
    /// Questions set aside until unsuspended (Anki's queue −1).
    public var suspended: Set<QuestionRef>
    /// Questions buried for the day (Anki's queue −3, buried by hand).
    public var buried: Set<QuestionRef>
    /// Each question's review and lapse counts as progress keeps them (counted from `logs` when
    /// missing).
    public var counts: [QuestionRef: (reps: Int, lapses: Int)] = [:]
    /// The number of learning and relearning steps (for a card's `left`).
    public var stepCounts: (learning: Int, relearning: Int)

    public init(
      cards: [QuestionRef: FSRSCard], logs: [QuestionRef: [LoggedReview]], suspended: Set<QuestionRef> = [],
      buried: Set<QuestionRef> = [], stepCounts: (learning: Int, relearning: Int) = SchedulerSettings.default.stepCounts
    ) {
      self.cards = cards
      self.logs = logs
      self.suspended = suspended
      self.buried = buried
      self.stepCounts = stepCounts
    }

    /// Reviews without their cards: each question's cards replayed from its reviews with FSRS-6's
    /// defaults, unfuzzed (as an import computes them).
    public init(cards: [QuestionRef: FSRSCard], reviews: [ImportedReview]) {
      let scheduler = FSRSScheduler(settings: .default)
      var logs: [QuestionRef: [LoggedReview]] = [:]
      for r in reviews.sorted(by: { ($0.question, $0.at) < ($1.question, $1.at) }) {
        let before = logs[r.question]?.last?.after
        let after = scheduler.review(before ?? .new(at: r.at), rating: r.rating, at: r.at)
        logs[r.question, default: []].append(LoggedReview(review: r, before: before, after: after))
      }
      self.init(cards: cards, logs: logs)
    }

    /// How many reviews the package's log holds.
    public var reviewCount: Int { logs.values.reduce(0) { $0 + $1.count } }
  }

  static let modelID: Int64 = 1_700_000_000_001

  public static func package(_ banks: [Bank], scheduling: Scheduling?, now: Timestamp) throws(PackageError) -> [UInt8] {
    let db = try SQLiteDatabase()
    try db.execute(schema11)
    let nowSeconds = now.microseconds / 1_000_000
    // The collection's creation day: the first day a review or a due date of the package falls on
    // (Anki counts review cards' due days from it).
    var crtDay = AnkiSchedule.day(now)
    for (_, log) in scheduling?.logs ?? [:] {
      if let first = log.first { crtDay = min(crtDay, AnkiSchedule.day(first.review.at)) }
    }
    for (_, card) in scheduling?.cards ?? [:] { crtDay = min(crtDay, AnkiSchedule.day(card.due)) }
    let crt = crtDay * 86_400
    var revlog: [[SQLiteValue]] = []
    var reviewIDs: Set<Int64> = []
    func reviewID(_ at: Timestamp) -> Int64 {
      var id = at.microseconds / 1000
      while !reviewIDs.insert(id).inserted { id += 1 }
      return id
    }
    var decks: [String: Any] = ["1": deck(1, "Default")]
    var notes: [[SQLiteValue]] = []
    var cards: [[SQLiteValue]] = []
    var used: Set<Int64> = []
    func uniqueID(_ text: String) -> Int64 {
      var id = Int64(stableHash(text) % 1_000_000_000_000) + 1_000_000_000_000
      while !used.insert(id).inserted { id += 1 }
      return id
    }
    for (b, bank) in banks.enumerated() {
      let did = uniqueID("deck:" + bank.id)
      decks[String(did)] = deck(did, bank.title.isEmpty ? bank.id : bank.title)
      var i = 0
      for note in AnkiNotes.notes(bank) {
        let guid = note.guid
        let nid = uniqueID(guid)
        var seen: Set<String> = []
        let tags = (bank.tags + note.questions.flatMap(\.tags)).filter { seen.insert($0).inserted }
        notes.append([
          .int(nid), .text(guid), .int(modelID + Int64(note.kind.rawValue)), .int(nowSeconds), .int(-1),
          .text(tags.isEmpty ? "" : " " + tags.joined(separator: " ") + " "),
          .text(note.fields.joined(separator: "\u{1F}")), .text(note.sortText), .int(0), .int(0), .text(""),
        ])
        for (ord, q) in note.questions.enumerated() {
          i += 1
          let cid = uniqueID("card:" + guid + (ord == 0 ? "" : "#\(ord)"))
          let ref = QuestionRef(bank: bank.id, question: q.id)
          let position = Int64(b * 100_000 + i)
          var c = AnkiSchedule.CardColumns(due: position)
          if let scheduling {
            let derived = AnkiSchedule.derive(
              scheduling.logs[ref] ?? [], card: scheduling.cards[ref], suspended: scheduling.suspended.contains(ref),
              buried: scheduling.buried.contains(ref), counts: scheduling.counts[ref], position: position,
              crtDay: crtDay,
              steps: scheduling.stepCounts, id: reviewID)
            c = derived.card
            for row in derived.rows {
              revlog.append([
                .int(row.id), .int(cid), .int(-1), .int(row.ease), .int(row.ivl), .int(row.lastIvl), .int(row.factor),
                .int(row.time), .int(row.type),
              ])
            }
          }
          cards.append([
            .int(cid), .int(nid), .int(did), .int(Int64(ord)), .int(nowSeconds), .int(-1), .int(c.type), .int(c.queue),
            .int(c.due), .int(c.ivl), .int(c.factor), .int(c.reps), .int(c.lapses), .int(c.left), .int(0), .int(0),
            .int(0), .text(c.data),
          ])
        }
      }
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
          .text(models), .text(json(decks)), .text("{\"1\":\(deckConfig)}"),
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

  /// How many notes a bank makes in a package (a note's questions are one note when Anki has a
  /// stock type for them; see ``AnkiNotes``).
  public static func noteCount(_ bank: Bank) -> Int { AnkiNotes.notes(bank).count }

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
