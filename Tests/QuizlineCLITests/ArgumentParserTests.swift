import QuizlineCore
import QuizlineFormats
import Testing

@testable import QuizlineCLI

@Suite struct ArgumentParserTests {
  static let parser = ArgumentParser<CommandSpec>(
    globalOptions: [OptionSpec("quizzes", value: "DIR", help: "q"), OptionSpec("help", short: "h", help: "h")],
    commands: [
      CommandSpec(name: "list", abstract: "l", options: [OptionSpec("json", help: "j")]) { _, _ in .ok },
      CommandSpec(
        name: "check", arguments: "[PATH...]", abstract: "c", positionals: 0...0, unlimited: true
      ) { _, _ in .ok },
      CommandSpec(
        name: "report", abstract: "r",
        options: [OptionSpec("format", value: "FORMAT", help: "f", choices: ["md", "json"])]
      ) { _, _ in .ok },
      CommandSpec(name: "read", arguments: "SESSION", abstract: "r", positionals: 1...1) { _, _ in .ok },
    ])

  struct Case: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var expected: ParsedArguments
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    Case(arguments: [], expected: ParsedArguments()),
    Case(arguments: ["list", "--json"], expected: ParsedArguments(command: "list", values: ["json": ""])),
    Case(arguments: ["--quizzes", "Q", "list"], expected: ParsedArguments(command: "list", values: ["quizzes": "Q"])),
    Case(arguments: ["list", "--quizzes=Q"], expected: ParsedArguments(command: "list", values: ["quizzes": "Q"])),
    Case(
      arguments: ["check", "a", "--", "-b"], expected: ParsedArguments(command: "check", positionals: ["a", "-b"])),
    Case(arguments: ["-h"], expected: ParsedArguments(values: ["help": ""])),
    Case(
      arguments: ["report", "--format", "md"], expected: ParsedArguments(command: "report", values: ["format": "md"])),
    Case(arguments: ["read", "--help"], expected: ParsedArguments(command: "read", values: ["help": ""])),
  ])
  func parsesValidCommandLines(_ c: Case) throws {
    #expect(try Self.parser.parse(c.arguments) == c.expected)
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    Failure(arguments: ["lst"], message: "unknown command 'lst'; did you mean 'list'? (see 'quizline --help')"),
    Failure(arguments: ["list", "--jsno"], message: "unknown option '--jsno'; did you mean '--json'?"),
    Failure(arguments: ["--json"], message: "unknown option '--json'"),
    Failure(arguments: ["list", "--quizzes"], message: "option --quizzes needs a value (DIR)"),
    Failure(arguments: ["list", "--json=yes"], message: "option --json does not take a value"),
    Failure(arguments: ["list", "extra"], message: "unexpected argument 'extra' for 'list'"),
    Failure(arguments: ["read"], message: "'read' needs SESSION"),
    Failure(
      arguments: ["report", "--format", "pdf"], message: "option --format does not accept 'pdf'; use one of: md, json"),
    Failure(arguments: ["-x"], message: "unknown option '-x'"),
  ])
  func rejectsMistakesWithOneClearLine(_ c: Failure) {
    #expect(throws: UsageError.self) { try Self.parser.parse(c.arguments) }
    do {
      _ = try Self.parser.parse(c.arguments)
    } catch {
      #expect(error.message == c.message)
    }
  }
}
