import Foundation

/// What `quizline new bank NAME` and `quizline new session NAME` write: a Markdown file in the
/// syntax of docs/markdown-format.md, with one example of each question type (or each block of a
/// session), each saying how it is written. `ID` and `TITLE` are replaced by the name.
enum Templates {
  static let bank = """
    ---
    kind: bank
    id: ID
    title: TITLE
    tags: mine
    ---

    # TITLE

    This text before the first question is a note: quizline ignores it. Each question is a level-2
    heading (`## `), the heading is the question, and the shape of its answer gives its type. Replace
    these ten examples with your own cards, then type `reload` (or just go back to the prompt) in
    quizline. The whole syntax: docs/markdown-format.md.

    ## Which planet is closest to the Sun?

    - [x] Mercury
    - [ ] Venus
      > Venus is second.
    - [ ] Mars

    Hint: A single-choice question is a task list with exactly one checked item.
    Explanation: Mercury orbits at about 0.39 AU. A `> quote` under a choice is its feedback.
    Difficulty: easy

    ## Which of these are prime numbers?

    - [x] 2
    - [x] 7
    - [ ] 9

    Explanation: A multiple-choice question checks two or more items. 9 is 3 × 3.

    ## Water boils at 100 °C at sea level.

    = true

    Explanation: A true/false question is answered by `= true` or `= false`.

    ## What is the capital of France?

    = Paris
    = Paris, France

    Explanation: A text question accepts every `= answer` line.

    ## How many degrees are there in a right angle?

    = 90 ± 0.5

    Unit: degrees
    Explanation: A numeric question: a number, with a tolerance (`± 0.5`) or a range (`= 89..91`).

    ## Match each country with its capital.

    - Italy -> Rome
    - Spain -> Madrid
    - -> Lisbon

    Explanation: A matching question lists `left -> right` pairs; `-> right` alone is a distractor.

    ## Put these steps of the water cycle in order.

    1. Evaporation
    2. Condensation
    3. Precipitation

    Explanation: An ordering question is a numbered list in the right order; quizline shuffles it.

    ## Complete the sentence.

    The {{c1::Pacific}} is the largest ocean, and the {{c2::Atlantic}} the second.

    Explanation: A cloze question marks its gaps with `{{c1::answer}}`, `{{c2::another}}`.

    ## Photosynthesis

    ---

    The process by which plants turn light, water and carbon dioxide into sugar and oxygen.

    ## Why do we have seasons?

    Model answer: The Earth's axis is tilted, so each hemisphere gets more direct sunlight for part
    of the year.

    Key points:

    - The axis is tilted (about 23.4°)
    - Not the distance to the Sun

    Explanation: An open question is graded by you against its model answer and key points.

    """

  static let session = """
    ---
    kind: session
    id: ID
    title: TITLE
    minutes: 10
    objectives:
      - Say what this session teaches.
      - Keep each objective to one line.
    ---

    ## Headings start sections

    Each level-2 heading starts a section: `read ID 2` shows the second one. A paragraph is
    written as in any Markdown, with *emphasis* and `inline code`.

    ## Lists, tables and quotes

    - A bullet list
    - keeps its items.

    1. A numbered list
    2. keeps its numbers.

    | Column | Meaning |
    | --- | --- |
    | A table | becomes a table in the terminal |

    > A block quote is shown as a quote.

    ## Code

    ```swift
    let greeting = "Fenced code keeps its language"
    print(greeting)
    ```

    ## Key terms

    - **Section**: the text under one level-2 heading.
    - **Checkpoint**: a quiz that completes the session; name its questions in the front matter
      (`completion: checkpoint`, `checkpoint: BANK/QUESTION, …`, `pass: 80`).

    """

  /// The template of `kind` (`bank` or `session`) for the id `name`.
  static func text(kind: String, name: String) -> String {
    let title = CardMarkdown.title(fromID: name)
    let template = kind == "bank" ? bank : session
    return template.replacingOccurrences(of: "TITLE", with: title).replacingOccurrences(of: "ID", with: name)
  }
}
