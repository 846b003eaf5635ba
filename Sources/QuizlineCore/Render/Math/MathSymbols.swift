/// How a piece of a formula spaces itself against its neighbours (TeX's atom classes, simplified).
enum MathClass: Equatable {
  /// A letter, digit or symbol: no space around it.
  case ord
  /// A big operator (∑, ∫): a space after it.
  case op
  /// A function name (sin, log, lim): a space before an argument that is not in parentheses.
  case function
  /// A binary operator (+, ×): a space either side, none when it is a sign (`-x`).
  case bin
  /// A relation or arrow (=, ≤, →): a space either side.
  case rel
  /// An opening or closing delimiter.
  case open, close
  /// A comma or semicolon: a space after it.
  case punct
}

/// The LaTeX commands quizline draws as one Unicode symbol, by class.
enum MathSymbols {
  static let greek: [String: String] = [
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "varkappa": "ϰ", "lambda": "λ",
    "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
    "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ",
    "psi": "ψ", "omega": "ω", "digamma": "ϝ", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ",
    "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
    "varGamma": "Γ", "varDelta": "Δ", "varTheta": "Θ", "varLambda": "Λ", "varPi": "Π", "varSigma": "Σ",
    "varPhi": "Φ", "varPsi": "Ψ", "varOmega": "Ω",
  ]

  static let ordinary: [String: String] = [
    "infty": "∞", "partial": "∂", "nabla": "∇", "hbar": "ħ", "hslash": "ℏ", "ell": "ℓ", "wp": "℘",
    "Re": "ℜ", "Im": "ℑ", "aleph": "ℵ", "beth": "ℶ", "gimel": "ℷ", "emptyset": "∅", "varnothing": "∅",
    "forall": "∀", "exists": "∃", "nexists": "∄", "neg": "¬", "lnot": "¬", "top": "⊤", "bot": "⊥",
    "angle": "∠", "measuredangle": "∡", "triangle": "△", "prime": "′", "degree": "°", "ldots": "…",
    "dots": "…", "dotsc": "…", "dotsb": "⋯", "cdots": "⋯", "vdots": "⋮", "ddots": "⋱", "checkmark": "✓",
    "dagger": "†", "ddagger": "‡", "S": "§", "P": "¶", "clubsuit": "♣", "diamondsuit": "♢",
    "heartsuit": "♡", "spadesuit": "♠", "flat": "♭", "natural": "♮", "sharp": "♯", "backslash": "\\",
    "imath": "ı", "jmath": "ȷ", "complement": "∁", "mho": "℧", "surd": "√", "bigstar": "★",
    "square": "□", "blacksquare": "■", "Box": "□", "lozenge": "◊", "vert": "|", "Vert": "‖", "|": "‖",
    "%": "%", "$": "$", "&": "&", "#": "#", "_": "_", "ast": "∗", "circledR": "®",
    "copyright": "©", "pounds": "£", "euro": "€", "AA": "Å", "textdegree": "°", "varpropto": "∝",
    "Diamond": "◇", "diagup": "╱", "diagdown": "╲", "eth": "ð", "Finv": "Ⅎ", "Game": "⅁",
  ]

  static let binary: [String: String] = [
    "pm": "±", "mp": "∓", "times": "×", "div": "÷", "cdot": "·", "star": "⋆", "circ": "∘",
    "bullet": "•", "oplus": "⊕", "ominus": "⊖", "otimes": "⊗", "oslash": "⊘", "odot": "⊙", "cup": "∪",
    "cap": "∩", "sqcup": "⊔", "sqcap": "⊓", "vee": "∨", "lor": "∨", "wedge": "∧", "land": "∧",
    "setminus": "∖", "smallsetminus": "∖", "wr": "≀", "uplus": "⊎", "amalg": "⨿", "diamond": "⋄",
    "bigtriangleup": "△", "bigtriangledown": "▽", "triangleleft": "◁", "triangleright": "▷", "lhd": "⊲",
    "rhd": "⊳", "unlhd": "⊴", "unrhd": "⊵", "dotplus": "∔", "ltimes": "⋉", "rtimes": "⋊", "cdotp": "·",
    "centerdot": "·", "boxplus": "⊞", "boxtimes": "⊠", "barwedge": "⊼", "veebar": "⊻", "divideontimes": "⋇",
    "bmod": "mod",
  ]

  static let relation: [String: String] = [
    "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠", "equiv": "≡", "approx": "≈",
    "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "ll": "≪", "gg": "≫", "subset": "⊂",
    "supset": "⊃", "subseteq": "⊆", "supseteq": "⊇", "subsetneq": "⊊", "supsetneq": "⊋", "nsubseteq": "⊈",
    "nsupseteq": "⊉", "in": "∈", "ni": "∋", "notin": "∉", "mid": "∣", "nmid": "∤", "parallel": "∥",
    "nparallel": "∦", "perp": "⊥", "models": "⊨", "vdash": "⊢", "dashv": "⊣", "vDash": "⊨", "Vdash": "⊩",
    "nvdash": "⊬", "nvDash": "⊭", "asymp": "≍", "doteq": "≐", "prec": "≺", "succ": "≻", "preceq": "⪯",
    "succeq": "⪰", "leqslant": "⩽", "geqslant": "⩾", "lesssim": "≲", "gtrsim": "≳", "triangleq": "≜",
    "coloneqq": "≔", "eqqcolon": "≕", "sqsubseteq": "⊑", "sqsupseteq": "⊒", "sqsubset": "⊏", "sqsupset": "⊐",
    "bowtie": "⋈", "smile": "⌣", "frown": "⌢", "approxeq": "≊", "nleq": "≰", "ngeq": "≱", "nless": "≮",
    "ngtr": "≯", "nsim": "≁", "ncong": "≇", "lt": "<", "gt": ">", "leqq": "≦", "geqq": "≧", "lessgtr": "≶",
    "iff": "⟺", "implies": "⟹", "impliedby": "⟸", "to": "→", "gets": "←", "rightarrow": "→",
    "leftarrow": "←", "Rightarrow": "⇒", "Leftarrow": "⇐", "leftrightarrow": "↔", "Leftrightarrow": "⇔",
    "longrightarrow": "⟶", "longleftarrow": "⟵", "Longrightarrow": "⟹", "Longleftarrow": "⟸",
    "longleftrightarrow": "⟷", "Longleftrightarrow": "⟺", "mapsto": "↦", "longmapsto": "⟼", "uparrow": "↑",
    "downarrow": "↓", "updownarrow": "↕", "Uparrow": "⇑", "Downarrow": "⇓", "Updownarrow": "⇕",
    "nearrow": "↗", "searrow": "↘", "swarrow": "↙", "nwarrow": "↖", "hookrightarrow": "↪",
    "hookleftarrow": "↩", "rightleftharpoons": "⇌", "leftrightharpoons": "⇋", "rightharpoonup": "⇀",
    "leftharpoonup": "↼", "rightharpoondown": "⇁", "leftharpoondown": "↽", "rightleftarrows": "⇄",
    "leftrightarrows": "⇆", "leadsto": "⇝", "rightsquigarrow": "⇝", "twoheadrightarrow": "↠",
    "rightarrowtail": "↣", "circlearrowleft": "↺", "circlearrowright": "↻", "nrightarrow": "↛",
    "nleftarrow": "↚", "nRightarrow": "⇏", "nLeftrightarrow": "⇎", "therefore": "∴", "because": "∵",
    "Join": "⨝", "owns": "∋", "sqsubsetneq": "⊏", "multimap": "⊸", "dashrightarrow": "⇢",
    "dashleftarrow": "⇠", "thicksim": "∼", "thickapprox": "≈", "eqsim": "≂",
  ]

  static let opening: [String: String] = [
    "langle": "⟨", "lceil": "⌈", "lfloor": "⌊", "lvert": "|", "lVert": "‖", "lbrace": "{", "lbrack": "[",
    "{": "{", "ulcorner": "⌜", "llcorner": "⌞", "lgroup": "⟮",
  ]

  static let closing: [String: String] = [
    "rangle": "⟩", "rceil": "⌉", "rfloor": "⌋", "rvert": "|", "rVert": "‖", "rbrace": "}", "rbrack": "]",
    "}": "}", "urcorner": "⌝", "lrcorner": "⌟", "rgroup": "⟯",
  ]

  /// Big operators whose limits go above and below in display math.
  static let largeOperators: [String: String] = [
    "sum": "∑", "prod": "∏", "coprod": "∐", "bigcup": "⋃", "bigcap": "⋂", "bigoplus": "⨁",
    "bigotimes": "⨂", "bigodot": "⨀", "biguplus": "⨄", "bigvee": "⋁", "bigwedge": "⋀", "bigsqcup": "⨆",
  ]

  /// Integrals: their limits stay beside them, as scripts.
  static let integrals: [String: String] = [
    "int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮", "oiint": "∯", "smallint": "∫", "intop": "∫",
  ]

  /// Function names set upright (`\sin x` is "sin x").
  static let functions: Set<String> = [
    "arccos", "arcsin", "arctan", "arg", "cos", "cosh", "cot", "coth", "csc", "deg", "det", "dim", "exp",
    "gcd", "hom", "inf", "ker", "lg", "lim", "liminf", "limsup", "ln", "log", "max", "min", "Pr", "sec",
    "sin", "sinh", "sup", "tan", "tanh", "sech", "csch", "arccot", "injlim", "projlim", "argmax", "argmin",
  ]

  /// Function names whose subscript goes below them in display math (`\lim_{x \to 0}`).
  static let functionsWithLimits: Set<String> = [
    "lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "gcd", "Pr", "injlim", "projlim",
    "argmax", "argmin",
  ]

  /// Horizontal space commands and the columns each takes (0: a negative or tiny space).
  static let spaces: [String: Int] = [
    ",": 1, ":": 1, ">": 1, ";": 1, " ": 1, "quad": 2, "qquad": 4, "!": 0, "enspace": 1, "thinspace": 1,
    "medspace": 1, "thickspace": 1, "negthinspace": 0, "negmedspace": 0, "negthickspace": 0, "space": 1,
    "nobreakspace": 1, "enskip": 1,
  ]

  /// Commands that change only how TeX sets the formula, not what it says: they draw nothing.
  static let ignored: Set<String> = [
    "displaystyle", "textstyle", "scriptstyle", "scriptscriptstyle", "nonumber",
    "notag", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr", "Biggl",
    "Biggr", "bigm", "Bigm", "biggm", "Biggm", "mathstrut", "strut", "rm", "bf", "it", "sf", "tt", "cal",
    "hline", "allowbreak", "relax", "nobreak", "hfill", "centering", "mathord", "mathop", "mathbin", "mathrel",
    "mathopen", "mathclose", "mathpunct", "mathinner",
  ]

  /// A command that is one symbol, with its class.
  static func symbol(_ name: String) -> (String, MathClass)? {
    if let s = greek[name] ?? ordinary[name] { return (s, .ord) }
    if let s = binary[name] { return (s, .bin) }
    if let s = relation[name] { return (s, .rel) }
    if let s = opening[name] { return (s, .open) }
    if let s = closing[name] { return (s, .close) }
    if name == "colon" { return (":", .punct) }
    return nil
  }

  /// A plain character's class in math: `+` is binary, `=` a relation, `(` opens.
  static func characterClass(_ c: Character) -> MathClass {
    switch c {
    case "+", "-", "*", "±", "×", "÷", "·", "∓", "∪", "∩", "∧", "∨": return .bin
    case "=", "<", ">", "≤", "≥", "≠", "≈", "≡", "→", "←", "⇒", "⇔", "∈", "⊂", "⊆": return .rel
    case "(", "[": return .open
    case ")", "]": return .close
    case ",", ";", ":": return .punct
    default: return .ord
    }
  }

  /// Delimiters after `\left`, `\right`, `\big` and friends.
  static func delimiter(_ token: MathToken.Kind) -> String? {
    switch token {
    case .char(let c) where "()[]|/.<>".contains(c): return c == "." ? "" : c == "<" ? "⟨" : c == ">" ? "⟩" : String(c)
    case .command(let name):
      if name == "{" || name == "lbrace" { return "{" }
      if name == "}" || name == "rbrace" { return "}" }
      if name == "|" || name == "Vert" || name == "lVert" || name == "rVert" { return "‖" }
      if name == "vert" || name == "lvert" || name == "rvert" || name == "mid" { return "|" }
      return opening[name] ?? closing[name]
        ?? (["uparrow", "downarrow", "Uparrow", "Downarrow", "backslash"].contains(name) ? relation[name] ?? "\\" : nil)
    default: return nil
    }
  }
}
