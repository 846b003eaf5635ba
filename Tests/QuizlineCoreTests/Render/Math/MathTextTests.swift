import Testing

@testable import QuizlineCore

/// Formulas drawn as Unicode: each rule of `MathText` (README, "Formulas"), inline and displayed.
@Suite struct MathTextTests {
  @Test func greekLettersAndSymbolsAreTheirUnicodeCharacters() {
    #expect(MathText.inline("\\alpha + \\beta \\leq \\Gamma") == "α + β ≤ Γ")
    #expect(MathText.inline("\\infty \\cdot \\partial") == "∞ · ∂")
    #expect(MathText.inline("\\nabla \\times \\vec{B}") == "∇ × B\u{20D7}")
    #expect(MathText.inline("x \\in A \\subseteq B \\cup C") == "x ∈ A ⊆ B ∪ C")
    #expect(MathText.inline("\\forall x \\exists y: p \\land \\neg q") == "∀x∃y: p ∧ ¬q")
    #expect(MathText.inline("a \\to b \\Rightarrow c \\iff d") == "a → b ⇒ c ⟺ d")
    #expect(MathText.inline("\\pm 1") == "±1")
  }

  @Test func operatorsAndRelationsAreSpacedAndASignIsNot() {
    #expect(MathText.inline("a+b=c") == "a + b = c")
    #expect(MathText.inline("-x^2") == "-x²")
    #expect(MathText.inline("f(x,y) = -1") == "f(x, y) = -1")
    #expect(MathText.inline("\\sin x + \\sin(y)") == "sin x + sin(y)")
    #expect(MathText.inline("\\mathrm{pH} = -\\log_{10}[\\mathrm{H^+}]") == "pH = -log₁₀[H⁺]")
  }

  @Test func scriptsUseUnicodesRaisedAndLoweredCharactersWhenEveryCharacterHasOne() {
    #expect(MathText.inline("x_2 + y^2") == "x₂ + y²")
    #expect(MathText.inline("x^{n+1}") == "xⁿ⁺¹")
    #expect(MathText.inline("a_{ij}") == "aᵢⱼ")
    #expect(MathText.inline("10^{-19}") == "10⁻¹⁹")
    #expect(MathText.inline("^{14}_{6}C") == "¹⁴₆C")
    #expect(MathText.inline("90^\\circ") == "90°")
  }

  @Test func scriptsWithoutUnicodeFormsAreMarkedAndParenthesised() {
    #expect(MathText.inline("x_q") == "x_q")
    #expect(MathText.inline("R_{eq}") == "R_(eq)")
    #expect(MathText.inline("e^{i\\pi}") == "e^(iπ)")
    #expect(MathText.inline("e^{-x^2}") == "e^(-x²)")
  }

  @Test func primesAreUnicodePrimes() {
    #expect(MathText.inline("f'(x)") == "f′(x)")
    #expect(MathText.inline("f''(x)") == "f″(x)")
  }

  @Test func inlineFractionsAreSlashedWithSeveralTermSidesInParentheses() {
    #expect(MathText.inline("\\frac{a}{b}") == "a/b")
    #expect(MathText.inline("\\frac{a+b}{c}") == "(a + b)/c")
    #expect(MathText.inline("\\frac{x}{y - 1}") == "x/(y - 1)")
    #expect(MathText.inline("\\frac{n(n+1)}{2}") == "n(n + 1)/2")
    #expect(MathText.inline("\\frac{\\sin x}{x}") == "(sin x)/x")
    #expect(MathText.inline("\\frac{1}{2}mv^2") == "½mv²")
    #expect(MathText.inline("\\frac{\\frac{a}{b}}{c}") == "(a/b)/c")
  }

  @Test func aDisplayedFractionTakesThreeLines() {
    #expect(MathText.display("\\frac{a+b}{c}") == ["a + b", "─────", "  c"])
    #expect(MathText.display("E = \\frac{1}{2}mv^2") == ["    1", "E = ─ mv²", "    2"])
  }

  @Test func aFractionInsideADisplayedFractionHasTheShorterRule() {
    #expect(MathText.display("\\frac{\\frac{a}{b}}{c}") == [" a", " ─", " b", "───", " c"])
  }

  @Test func rootsAreRadicalSigns() {
    #expect(MathText.inline("\\sqrt{x}") == "√x")
    #expect(MathText.inline("\\sqrt{27}") == "√27")
    #expect(MathText.inline("\\sqrt{x+1}") == "√(x + 1)")
    #expect(MathText.inline("\\sqrt{2\\pi}") == "√(2π)")
    #expect(MathText.inline("\\sqrt[3]{x}") == "∛x")
    #expect(MathText.inline("\\sqrt[4]{x}") == "∜x")
    #expect(MathText.inline("\\sqrt[n]{x}") == "ⁿ√x")
  }

  @Test func sumsHaveTheirLimitsAsScriptsInlineAndAboveAndBelowInDisplay() {
    #expect(MathText.inline("\\sum_{i=1}^{n} i^2") == "∑ᵢ₌₁ⁿ i²")
    #expect(MathText.display("\\sum_{i=1}^{n} i^2") == [" n", " ∑  i²", "i=1"])
    #expect(MathText.display("\\lim_{x \\to 0} f(x)") == ["lim f(x)", "x→0"])
  }

  @Test func integralsKeepTheirLimitsBesideThemEvenInDisplay() {
    #expect(MathText.inline("\\int_0^1 f(x)\\,dx") == "∫₀¹ f(x) dx")
    #expect(MathText.display("\\int_0^1 f(x)\\,dx") == ["∫₀¹ f(x) dx"])
  }

  @Test func mathAlphabetsAndTextAreDrawn() {
    #expect(MathText.inline("\\mathbb{R} \\mathbb{N} \\mathbb{Z} \\mathbb{Q} \\mathbb{C}") == "ℝℕℤℚℂ")
    #expect(MathText.inline("\\mathbb{E}[X]") == "𝔼[X]")
    #expect(MathText.inline("\\mathbf{v}") == "𝐯")
    #expect(MathText.inline("\\mathcal{L}") == "ℒ")
    #expect(MathText.inline("\\mathrm{d}x") == "dx")
    #expect(MathText.inline("x \\text{ if } x > 0") == "x if x > 0")
    #expect(MathText.inline("\\operatorname{Var}(X)") == "Var(X)")
  }

  @Test func accentsAreCombiningMarks() {
    #expect(MathText.inline("\\hat{x}") == "x\u{302}")
    #expect(MathText.inline("\\bar{x}") == "x\u{304}")
    #expect(MathText.inline("\\vec{v}") == "v\u{20D7}")
    #expect(MathText.inline("\\dot{x}") == "x\u{307}")
    #expect(MathText.inline("\\hat{\\beta}_1") == "β\u{302}₁")
    #expect(MathText.inline("\\overline{AB}") == "A\u{305}B\u{305}")
    // No combining arrow spans two letters: kept as written, its inside drawn.
    #expect(MathText.inline("\\vec{AB}") == "\\vec{AB}")
  }

  @Test func leftRightDelimitersGrowWithADisplayedFraction() {
    #expect(MathText.inline("\\left( \\frac{a}{b} \\right)^2") == "(a/b)²")
    #expect(MathText.display("\\left( \\frac{a}{b} \\right)^2") == ["⎛a⎞²", "⎜─⎟", "⎝b⎠"])
    #expect(MathText.inline("\\left\\{ x \\right.") == "{x")
  }

  @Test func matricesAreAlignedRowsInDisplayAndSemicolonSeparatedRowsInline() {
    let m = "\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}"
    #expect(MathText.inline(m) == "(a, b; c, d)")
    #expect(MathText.display(m) == ["⎛a  b⎞", "⎝c  d⎠"])
    let identity = "I = \\begin{bmatrix} 1 & 0 & 0 \\\\ 0 & 1 & 0 \\\\ 0 & 0 & 1 \\end{bmatrix}"
    #expect(MathText.display(identity) == ["    ⎡1  0  0⎤", "I = ⎢0  1  0⎥", "    ⎣0  0  1⎦"])
    #expect(MathText.inline("\\begin{matrix} x & y \\\\ z & w \\end{matrix}") == "x, y; z, w")
    #expect(MathText.display("\\begin{vmatrix} a & -b \\\\ c & d \\end{vmatrix}") == ["│a  -b│", "│c  d │"])
  }

  @Test func casesAndAlignedEquationsLineUpTheirColumns() {
    let cases = "|x| = \\begin{cases} x & x \\geq 0 \\\\ -x & x < 0 \\end{cases}"
    #expect(MathText.inline(cases) == "|x| = {x, x ≥ 0; -x, x < 0}")
    #expect(MathText.display(cases) == ["|x| = ⎧x   x ≥ 0", "      ⎩-x  x < 0"])
    let aligned = "\\begin{aligned} a &= b + c \\\\ &= d \\end{aligned}"
    #expect(MathText.inline(aligned) == "a = b + c; = d")
    #expect(MathText.display(aligned) == ["a = b + c", "  = d"])
  }

  @Test func binomialsAreChooseInlineAndStackedInDisplay() {
    #expect(MathText.inline("\\binom{n}{k}") == "C(n, k)")
    #expect(MathText.display("\\binom{n}{k}") == ["⎛n⎞", "⎝k⎠"])
  }

  @Test func negationsAndModuloAreDrawn() {
    #expect(MathText.inline("x \\not\\in A") == "x ∉ A")
    #expect(MathText.inline("a \\not= b") == "a ≠ b")
    #expect(MathText.inline("a \\equiv b \\pmod{n}") == "a ≡ b (mod n)")
  }

  @Test func whatCannotBeDrawnStaysAsItsSource() {
    #expect(MathText.inline("\\ce{H2O}") == "\\ce{H2O}")
    #expect(MathText.inline("\\ce{2H2 + O2 -> 2H2O}") == "\\ce{2H2 + O2 -> 2H2O}")
    #expect(MathText.inline("\\foo{x}") == "\\foo{x}")
    #expect(MathText.inline("\\foo x") == "\\foo x")
    #expect(MathText.inline("\\begin{tikzcd} A \\to B \\end{tikzcd}") == "\\begin{tikzcd} A \\to B \\end{tikzcd}")
    #expect(MathText.display("\\ce{H2O}") == ["\\ce{H2O}"])
  }

  @Test func aFormulaThatDoesNotReadIsShownAsWritten() {
    #expect(MathText.inline("\\frac{a}{b") == "\\frac{a}{b")
    #expect(MathText.inline("a}b") == "a}b")
    #expect(MathText.inline("\\left( x") == "\\left( x")
    #expect(MathText.inline("\\frac{a}") == "\\frac{a}")
    #expect(MathText.inline("\\begin{pmatrix} a \\end{bmatrix}") == "\\begin{pmatrix} a \\end{bmatrix}")
    #expect(MathText.display("\\frac{a}{b") == ["\\frac{a}{b"])
  }

  @Test func theReadmeExamplesAreWhatQuizlineDraws() {
    #expect(MathText.inline("x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}") == "x = (-b ± √(b² - 4ac))/2a")
    #expect(
      MathText.display("\\bar{x} = \\frac{1}{n}\\sum_{i=1}^{n} x_i") == [
        "    1  n", "x\u{304} = ─  ∑  xᵢ", "    n i=1",
      ])
  }

  @Test func limitsAndNolimitsMoveAnOperatorsScripts() {
    #expect(MathText.display("\\int\\limits_0^1 x") == ["1", "∫ x", "0"])
    #expect(MathText.display("\\sum\\nolimits_{i} x") == ["∑ᵢ x"])
    #expect(MathText.display("\\operatorname*{argmax}_x f(x)") == ["argmax f(x)", "  x"])
    #expect(MathText.inline("\\operatorname*{argmax}_x f(x)") == "argmaxₓ f(x)")
  }

  @Test func htmlEntitiesOfAnAnkiFieldAreTheirCharacters() {
    #expect(MathText.inline("a &lt; b &gt; c") == "a < b > c")
    #expect(MathText.display("\\begin{aligned} a &amp;= b \\\\ &amp;= c \\end{aligned}") == ["a = b", "  = c"])
  }

  @Test func anEmptyScriptDrawsNothing() {
    #expect(MathText.inline("x^{} + y_{}") == "x + y")
  }
}
