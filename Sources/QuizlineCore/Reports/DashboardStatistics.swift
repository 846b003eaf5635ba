/// The class report's test statistics on the terminal: per test, Moodle's "Quiz information"
/// figures, its "Quiz structure analysis" as a table of figures per question, the flags in words,
/// and the response analysis of each question by group. Undefined figures show `–` (`-` in ASCII)
/// with a numbered note that gives the reason.
extension Dashboard {
  mutating func testStatistics(_ stats: ClassStatistics) {
    heading("Test statistics (Moodle's quiz statistics)")
    wrapped(
      "Attempts counted: \(StatisticsText.choice(stats.choice)) (--attempts first|last|best|all).", first: "  ",
      indent: "  ")
    if stats.tests.isEmpty {
      add("  No quiz drawn from a bank or checkpoint was finished yet.")
      return
    }
    for (k, test) in stats.tests.enumerated() { self.test(test, number: k + 1) }
  }

  private var undefinedMark: String { style.unicode ? StatisticsText.undefinedMark : "-" }

  mutating func test(_ t: TestStatistics, number: Int) {
    heading("\(StatisticsText.kind(t.kind)): \(escapingControlCharacters(t.title, keepNewlines: false)) (\(t.id))")
    var notes = StatisticsNotes()
    let partial = t.partialAttempts > 0 ? ", \(t.partialAttempts) of them partial" : ", none partial"
    wrapped("\(t.attempts)\(partial)", first: "  " + TextWrap.pad("Attempts", to: 37) + " ", indent: "    ")
    for row in StatisticsText.information(t) {
      let value =
        row.figure.value.map(row.format)
        ?? "\(undefinedMark) (\(StatisticsText.reason(row.figure.reason ?? "")))"
      wrapped(value, first: "  " + TextWrap.pad(row.label, to: 37) + " ", indent: String(repeating: " ", count: 40))
    }
    add("")
    let names = ["Facility", "SD", "Guess", "DI", "DE"]
    let header = "  " + right("Q#", 3) + right("Att.", 6) + names.map { right($0, 9) }.joined()
    let fits = TextWrap.displayWidth(header + "  Question") <= width
    if fits {
      add(style.paint(header + "  Question", .bold))
    } else {
      narrowQuestions(t, names, &notes)
    }
    for (k, q) in t.questions.enumerated() where fits {
      let bad = StatisticsText.negativeDiscrimination(q)
      let cells = StatisticsText.figures(q).map {
        right(notes.cell($0, StatisticsText.percent, mark: undefinedMark), 9)
      }
      let mark = bad ? style.paint("!", .bad) : " "
      let row = mark + " " + right("\(k + 1)", 3) + right("\(q.attempts)", 6) + cells.joined()
      // A bank's own questions by their id; a checkpoint's (from any bank) by bank/id.
      let ref = escapingControlCharacters(
        t.kind == .bank && q.ref.bank == t.id ? q.ref.question : q.ref.description, keepNewlines: false)
      if TextWrap.displayWidth(header) + 2 + TextWrap.displayWidth(ref) <= width {
        add(row + "  " + ref)
      } else {
        add(row)
        add("        " + ref)
      }
    }
    if t.questions.contains(where: StatisticsText.negativeDiscrimination) {
      wrapped(
        "marks a negative discrimination index: stronger attempts scored lower on the question.", first: "  ! ",
        indent: "    ")
    }
    for line in notes.lines { wrapped(line, first: "  ", indent: "      ") }
    let flagged = t.questions.enumerated().filter { !$0.element.flags.isEmpty }
    if !flagged.isEmpty {
      add("")
      add("  Questions to review (\(flagged.count)):")
      for (k, q) in flagged {
        wrapped(
          q.flags.joined(separator: "; "), first: "  \(style.paint("!", .bad)) Q\(k + 1) \(q.ref): ", indent: "      ")
      }
    }
    responses(t)
  }

  /// The question table on a terminal too narrow for its columns: one block per question, its
  /// figures named.
  mutating func narrowQuestions(_ t: TestStatistics, _ names: [String], _ notes: inout StatisticsNotes) {
    for (k, q) in t.questions.enumerated() {
      let mark = StatisticsText.negativeDiscrimination(q) ? style.paint("!", .bad) + " " : ""
      let figures = zip(names, StatisticsText.figures(q)).map { name, f in
        "\(name) \(notes.cell(f, StatisticsText.percent, mark: undefinedMark))"
      }
      wrapped(
        "\(q.ref) (\(q.attempts) attempts): " + figures.joined(separator: style.dot), first: "  \(mark)Q\(k + 1) ",
        indent: "      ")
    }
  }

  /// Each question's response analysis: per option how many attempts chose it, in all and by
  /// group; for typed answers the most frequent ones with their mean mark.
  mutating func responses(_ t: TestStatistics) {
    let analysed = t.questions.enumerated().filter {
      !$0.element.responses.choices.isEmpty || !$0.element.responses.answers.isEmpty
    }
    guard !analysed.isEmpty else { return }
    add("")
    add(style.paint("  Response analysis", .bold))
    for (k, q) in analysed {
      let r = q.responses
      wrapped(
        "\(q.type)\(style.dot)\(Dashboard.shortTitle(q.title))", first: "  Q\(k + 1) \(q.ref): ", indent: "      ")
      if !r.choices.isEmpty {
        wrapped(StatisticsText.groups(r), first: "      ", indent: "      ")
        let narrow = width < 60
        if !narrow {
          add(
            "      " + "Option".padded(12) + right("Count", 6) + right("Upper", 7) + right("Middle", 7)
              + right("Lower", 7))
        }
        for c in r.choices where narrow {
          let flags = StatisticsText.optionFlags(q, option: c.option)
          let label = (flags.isEmpty ? "" : style.paint("!", .bad) + " ") + (c.correct ? style.correctMark + " " : "")
          let words = [c.text == c.option ? "" : Dashboard.shortTitle(c.text)].filter { !$0.isEmpty } + flags
          wrapped(
            "\(c.count) (upper \(c.upper), middle \(c.middle), lower \(c.lower))"
              + (words.isEmpty ? "" : "; " + words.joined(separator: "; ")),
            first: "      \(label)\(escapingControlCharacters(c.option, keepNewlines: false)): ", indent: "        ")
        }
        for c in r.choices where !narrow {
          let flags = StatisticsText.optionFlags(q, option: c.option)
          let label = (c.correct ? style.correctMark + " " : "") + c.option
          var line = "    " + (flags.isEmpty ? "  " : style.paint("!", .bad) + " ")
          line += TextWrap.pad(escapingControlCharacters(label, keepNewlines: false), to: 12) + right("\(c.count)", 6)
          line += right("\(c.upper)", 7) + right("\(c.middle)", 7) + right("\(c.lower)", 7)
          let text = c.text == c.option ? "" : c.text
          let words = ([Dashboard.shortTitle(text)].filter { !$0.isEmpty } + flags).joined(separator: "; ")
          wrapped(words, first: line + "  ", indent: "        ")
        }
      } else {
        for a in r.answers {
          wrapped(
            "\(a.count) \(style.dot)mean mark \(StatisticsText.mark(a.mark))",
            first: "      \(quote(a.response)): ", indent: "        ")
        }
      }
    }
  }

  private func right(_ s: String, _ n: Int) -> String {
    let w = TextWrap.displayWidth(s)
    return w >= n ? " " + s : String(repeating: " ", count: n - w) + s
  }
}

extension String {
  fileprivate func padded(_ n: Int) -> String { TextWrap.pad(self, to: n) }
}
