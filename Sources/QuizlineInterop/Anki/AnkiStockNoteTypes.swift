import Foundation

extension AnkiPackageWriter {
  /// The `col.models` JSON of the four stock note types an export uses (``AnkiNote/Kind``), each as
  /// Anki's own stock type of that name (fields, templates, `originalStockKind`), with the ids
  /// `modelID + kind`.
  static var models: String {
    let css =
      ".card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }"
    func field(_ name: String, _ ord: Int) -> [String: Any] {
      ["name": name, "ord": ord, "sticky": false, "rtl": false, "font": "Arial", "size": 20]
    }
    func template(_ name: String, _ ord: Int, _ q: String, _ a: String) -> [String: Any] {
      [
        "name": name, "ord": ord, "qfmt": q, "afmt": a, "bqfmt": "", "bafmt": "", "did": NSNull(), "bfont": "",
        "bsize": 0,
      ]
    }
    let answer = "{{FrontSide}}\n\n<hr id=answer>\n\n"
    var out: [String: Any] = [:]
    for kind in AnkiNote.Kind.allCases {
      let id = modelID + Int64(kind.rawValue)
      var m: [String: Any] = [
        "id": id, "type": 0, "mod": 0, "usn": -1, "sortf": 0, "did": NSNull(), "css": css, "latexPre": "",
        "latexPost": "", "latexsvg": false,
      ]
      switch kind {
      case .basic:
        m["name"] = "Basic"
        m["flds"] = [field("Front", 0), field("Back", 1)]
        m["tmpls"] = [template("Card 1", 0, "{{Front}}", answer + "{{Back}}")]
        m["req"] = [[0, "any", [0]]]
        m["originalStockKind"] = 1
      case .reversed:
        m["name"] = "Basic (and reversed card)"
        m["flds"] = [field("Front", 0), field("Back", 1)]
        m["tmpls"] = [
          template("Card 1", 0, "{{Front}}", answer + "{{Back}}"),
          template("Card 2", 1, "{{Back}}", answer + "{{Front}}"),
        ]
        m["req"] = [[0, "any", [0]], [1, "any", [1]]]
        m["originalStockKind"] = 2
      case .typed:
        m["name"] = "Basic (type in the answer)"
        m["flds"] = [field("Front", 0), field("Back", 1)]
        m["tmpls"] = [
          template("Card 1", 0, "{{Front}}\n\n{{type:Back}}", "{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}")
        ]
        m["req"] = [[0, "any", [0, 1]]]
        m["originalStockKind"] = 4
      case .cloze:
        m["name"] = "Cloze"
        m["type"] = 1
        m["flds"] = [field("Text", 0), field("Back Extra", 1)]
        m["tmpls"] = [template("Cloze", 0, "{{cloze:Text}}", "{{cloze:Text}}<br>\n{{Back Extra}}")]
        m["req"] = [[0, "any", [0]]]
        m["originalStockKind"] = 5
      }
      out[String(id)] = m
    }
    let data = (try? JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
