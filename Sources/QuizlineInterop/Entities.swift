import QuizlineCore

/// HTML character references: `&amp;`, `&#233;`, `&#xE9;`, the Latin-1 names and common typographic ones.
enum Entities {
  /// Names of U+00A0…U+00FF in order (HTML 4's Latin-1 set).
  private static let latin1 = """
    nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 \
    acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde \
    Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc \
    Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml \
    aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc \
    otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml
    """.split(separator: " ")

  private static let table: [String: UInt32] = {
    var t: [String: UInt32] = [
      "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "ndash": 0x2013,
      "mdash": 0x2014,
      "hellip": 0x2026, "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C,
      "rdquo": 0x201D,
      "bdquo": 0x201E, "bull": 0x2022, "euro": 0x20AC, "trade": 0x2122, "ensp": 0x2002,
      "emsp": 0x2003,
      "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D, "lrm": 0x200E, "rlm": 0x200F, "larr": 0x2190,
      "uarr": 0x2191, "rarr": 0x2192, "darr": 0x2193, "harr": 0x2194, "rArr": 0x21D2,
      "lArr": 0x21D0,
      "hArr": 0x21D4, "le": 0x2264, "ge": 0x2265, "ne": 0x2260, "asymp": 0x2248, "equiv": 0x2261,
      "infin": 0x221E, "minus": 0x2212, "sum": 0x2211, "prod": 0x220F, "radic": 0x221A,
      "part": 0x2202,
      "int": 0x222B, "isin": 0x2208, "notin": 0x2209, "cap": 0x2229, "cup": 0x222A, "sub": 0x2282,
      "sup": 0x2283, "and": 0x2227, "or": 0x2228, "forall": 0x2200, "exist": 0x2203,
      "empty": 0x2205,
      "nabla": 0x2207, "prime": 0x2032, "Prime": 0x2033, "dagger": 0x2020, "Dagger": 0x2021,
      "permil": 0x2030,
      "lsaquo": 0x2039, "rsaquo": 0x203A, "oelig": 0x153, "OElig": 0x152, "scaron": 0x161,
      "Scaron": 0x160,
      "Yuml": 0x178, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC,
    ]
    for (i, name) in latin1.enumerated() { t[String(name)] = 0xA0 + UInt32(i) }
    let greek =
      "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho"
    for (i, name) in greek.split(separator: " ").enumerated() {
      t[String(name)] = 0x391 + UInt32(i)
      t[name.lowercased()] = 0x3B1 + UInt32(i)
    }
    for (i, name) in "Sigma Tau Upsilon Phi Chi Psi Omega".split(separator: " ").enumerated() {
      t[String(name)] = 0x3A3 + UInt32(i)
      t[name.lowercased()] = 0x3C3 + UInt32(i)
    }
    t["sigmaf"] = 0x3C2
    return t
  }()

  /// The character reference starting at `s[i] == "&"` and the index after its `;`; nil when it is not one.
  /// Control characters decode to nothing.
  static func decode(_ s: [Unicode.Scalar], at i: Int) -> (String, Int)? {
    var j = i + 1
    var name = ""
    while j < s.count, j - i <= 33, s[j] != ";" {
      let c = s[j]
      guard (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "#"
      else {
        return nil
      }
      name.unicodeScalars.append(c)
      j += 1
    }
    guard j < s.count, s[j] == ";", !name.isEmpty else { return nil }
    var value: UInt32?
    if name.hasPrefix("#x") || name.hasPrefix("#X") {
      value = UInt32(name.dropFirst(2), radix: 16)
    } else if name.hasPrefix("#") {
      value = UInt32(name.dropFirst(), radix: 10)
    } else {
      value = table[name]
    }
    guard let v = value, let scalar = Unicode.Scalar(v) else { return nil }
    if v < 0x20 && v != 0x0A && v != 0x09 || v == 0x7F || (0x80..<0xA0).contains(v) {
      return ("", j + 1)
    }
    return (String(scalar), j + 1)
  }

  /// `text` with every character reference decoded.
  static func decodeAll(_ text: String) -> String {
    let s = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < s.count {
      if s[i] == "&", let (d, end) = decode(s, at: i) {
        out.append(contentsOf: d.unicodeScalars)
        i = end
      } else {
        out.append(s[i])
        i += 1
      }
    }
    return String(out)
  }

  /// `text` with `&`, `<`, `>` and `"` written as entities (for HTML output).
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}
