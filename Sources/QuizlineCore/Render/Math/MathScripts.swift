/// Unicode's superscript and subscript characters, the math alphabets (`\mathbb`, `\mathbf`,
/// `\mathcal`, `\mathfrak`) and the combining accents. The one table of raised and lowered
/// characters: formulas and the importers' `<sup>`/`<sub>` use it.
public enum MathScripts {
  static let superscripts: [Character: Character] = pairs(
    "0123456789+-=()niabcdefghjklmoprstuvwxyzABDEGHIJKLMNOPRTUVWαβγδεθιφχ′−∘″‴",
    "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵃᵇᶜᵈᵉᶠᵍʰʲᵏˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵅᵝᵞᵟᵋᶿᶥᵠᵡ′⁻°″‴")

  static let subscripts: [Character: Character] = pairs(
    "0123456789+-=()aehijklmnoprstuvxβγρφχ−", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ₋")

  private static func pairs(_ from: String, _ to: String) -> [Character: Character] {
    var map: [Character: Character] = [:]
    for (a, b) in zip(from, to) { map[a] = b }
    return map
  }

  /// The text as superscript or subscript characters, or nil when one of them has none.
  public static func script(_ text: String, superscript: Bool) -> String? {
    let table = superscript ? superscripts : subscripts
    var out = ""
    for c in text {
      guard let s = table[c] else { return nil }
      out.append(s)
    }
    return out.isEmpty ? nil : out
  }

  /// A math alphabet of `\mathbb`, `\mathbf`, `\mathcal`, `\mathfrak`.
  enum Alphabet {
    case doubleStruck, bold, script, fraktur

    /// Letters that Unicode placed in the Letterlike Symbols block, not in the math alphabets.
    var exceptions: [Character: Character] {
      switch self {
      case .doubleStruck: ["C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"]
      case .bold: [:]
      case .script:
        ["B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ", "e": "ℯ", "g": "ℊ", "o": "ℴ"]
      case .fraktur: ["C": "ℭ", "H": "ℌ", "I": "ℑ", "R": "ℜ", "Z": "ℨ"]
      }
    }

    var upperStart: UInt32 {
      switch self {
      case .doubleStruck: 0x1D538
      case .bold: 0x1D400
      case .script: 0x1D49C
      case .fraktur: 0x1D504
      }
    }

    var digitStart: UInt32? {
      switch self {
      case .doubleStruck: 0x1D7D8
      case .bold: 0x1D7CE
      case .script, .fraktur: nil
      }
    }

    /// One character in this alphabet (unchanged when the alphabet has no such letter).
    func map(_ c: Character) -> Character {
      if let e = exceptions[c] { return e }
      guard c.isASCII, let v = c.unicodeScalars.first?.value else { return c }
      var code: UInt32?
      switch v {
      case 0x41...0x5A: code = upperStart + (v - 0x41)
      case 0x61...0x7A: code = upperStart + 26 + (v - 0x61)
      case 0x30...0x39: code = digitStart.map { $0 + (v - 0x30) }
      default: code = nil
      }
      guard let code, let scalar = Unicode.Scalar(code) else { return c }
      return Character(scalar)
    }
  }

  static let alphabets: [String: Alphabet] = [
    "mathbb": .doubleStruck, "Bbb": .doubleStruck, "mathbf": .bold, "boldsymbol": .bold, "bm": .bold,
    "mathcal": .script, "mathscr": .script, "mathfrak": .fraktur,
  ]

  /// Font commands that keep letters as they are.
  static let plainFonts: Set<String> = ["mathrm", "mathit", "mathsf", "mathtt", "mathnormal", "mathup"]

  /// Commands whose argument is text (spaces kept, no math).
  static let textCommands: Set<String> = [
    "text", "textrm", "textit", "textbf", "textsf", "texttt", "textnormal", "mbox", "hbox", "textup", "textmd",
  ]

  /// Accents and the combining mark that draws each.
  static let accents: [String: Character] = [
    "hat": "\u{302}", "widehat": "\u{302}", "bar": "\u{304}", "overline": "\u{305}", "vec": "\u{20D7}",
    "overrightarrow": "\u{20D7}", "dot": "\u{307}", "ddot": "\u{308}", "dddot": "\u{20DB}", "tilde": "\u{303}",
    "widetilde": "\u{303}", "check": "\u{30C}", "breve": "\u{306}", "acute": "\u{301}", "grave": "\u{300}",
    "mathring": "\u{30A}", "underline": "\u{332}", "overleftarrow": "\u{20D6}", "overleftrightarrow": "\u{20E1}",
  ]

  /// Accents that are a line: drawn over (or under) every character of a longer argument.
  static let lineAccents: Set<String> = ["overline", "underline", "bar"]

  /// Fractions Unicode has as one character.
  static let vulgarFractions: [String: String] = [
    "1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "1/5": "⅕", "2/5": "⅖", "3/5": "⅗",
    "4/5": "⅘", "1/6": "⅙", "5/6": "⅚", "1/7": "⅐", "1/8": "⅛", "3/8": "⅜", "5/8": "⅝", "7/8": "⅞",
    "1/9": "⅑", "1/10": "⅒",
  ]
}
