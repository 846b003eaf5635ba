/// One option of the command line, declared once: the parser, the help text and the shell
/// completion scripts are all generated from these declarations.
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes (`quizzes` for `--quizzes`).
  public var name: String
  /// Optional one-letter alias (`h` for `-h`).
  public var short: Character?
  /// The placeholder of the value (`DIR`); nil for a flag without a value.
  public var valueName: String?
  public var help: String
  /// An environment variable that supplies the value when the option is not given.
  public var environment: String?
  /// Values offered by completion (and checked by the parser when not empty).
  public var choices: [String]
  /// Whether the option may be given more than once, each value kept (``ParsedArguments/allValues(_:)``).
  public var repeatable: Bool

  public init(
    _ name: String, short: Character? = nil, value: String? = nil, help: String, environment: String? = nil,
    choices: [String] = [], repeatable: Bool = false
  ) {
    self.name = name
    self.short = short
    self.valueName = value
    self.help = help
    self.environment = environment
    self.choices = choices
    self.repeatable = repeatable
  }

  public var takesValue: Bool { valueName != nil }

  /// `--quizzes DIR` / `-h, --help`, as shown in help.
  public var synopsis: String {
    var s = short.map { "-\($0), " } ?? ""
    s += "--\(name)"
    if let valueName { s += " \(valueName)" }
    return s
  }
}

/// The result of parsing a command line against the option and command tables.
public struct ParsedArguments: Sendable, Equatable {
  public var command: String?
  public var positionals: [String] = []
  /// Option values by long name; flags map to `""`. Later occurrences win.
  public var values: [String: String] = [:]
  /// Every value of a repeatable option, in the order given.
  var repeatedValues: [String: [String]] = [:]

  public init(command: String? = nil, positionals: [String] = [], values: [String: String] = [:]) {
    self.command = command
    self.positionals = positionals
    self.values = values
  }

  public func flag(_ name: String) -> Bool { values[name] != nil }
  public func value(_ name: String) -> String? { values[name] }
  /// Every value given for `name` (repeatable options), in order; one value for other options.
  public func allValues(_ name: String) -> [String] { repeatedValues[name] ?? values[name].map { [$0] } ?? [] }
}

/// A command-line mistake, with a suggestion when one is close.
public struct UsageError: Error, Sendable, Equatable {
  public var message: String
  /// The command whose usage should be shown (nil: the general usage).
  public var command: String?

  public init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }
}

/// What the generic parser needs to know about a command: the CLI's subcommands and the REPL's
/// commands both conform, so one parser (and one set of error messages) serves both.
public protocol CommandDescribing: Sendable {
  var name: String { get }
  /// Other names that select the command (`exit` for `quit`).
  var aliases: [String] { get }
  /// Positional arguments as shown in usage (`[PATH...]`, `BANK`).
  var arguments: String { get }
  var options: [OptionSpec] { get }
  var minPositionals: Int { get }
  /// nil means unlimited.
  var maxPositionals: Int? { get }
  /// Whether a word starting with one `-` that is not one of its short options is a positional
  /// (a negated search term: `cards -tag:easy`).
  var takesDashedWords: Bool { get }
}

extension CommandDescribing {
  public var takesDashedWords: Bool { false }
}

/// A small table-driven parser: global options anywhere, `--name value`, `--name=value`, `-h`,
/// `--` to end options, one subcommand, positionals checked against the command's declared count.
public struct ArgumentParser<Command: CommandDescribing>: Sendable {
  public var globalOptions: [OptionSpec]
  public var commands: [Command]
  /// Added to "unknown command" messages (`see 'quizline --help'`); nil when the caller shows its own hint.
  var helpHint: String?

  public init(globalOptions: [OptionSpec], commands: [Command], helpHint: String? = "see 'quizline --help'") {
    self.helpHint = helpHint
    self.globalOptions = globalOptions
    self.commands = commands
  }

  public func command(named name: String) -> Command? {
    commands.first { $0.name == name || $0.aliases.contains(name) }
  }

  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var commandSpec: Command?
    var k = 0
    var optionsEnded = false
    while k < arguments.count {
      let arg = arguments[k]
      k += 1
      if !optionsEnded && arg == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded && arg.hasPrefix("-") && arg != "-" && !isDashedWord(arg, of: commandSpec) {
        let known = globalOptions + (commandSpec?.options ?? [])
        let (spec, inlineValue) = try lookup(arg, in: known, command: commandSpec)
        if spec.takesValue {
          var value = inlineValue
          if value == nil {
            guard k < arguments.count else {
              throw UsageError(
                "option --\(spec.name) needs a value (\(spec.valueName ?? "VALUE"))", command: commandSpec?.name)
            }
            value = arguments[k]
            k += 1
          }
          let v = value ?? ""
          if !spec.choices.isEmpty && !spec.choices.contains(v) {
            throw UsageError(
              "option --\(spec.name) does not accept \(quotedArg(v)); use one of: \(spec.choices.joined(separator: ", "))",
              command: commandSpec?.name)
          }
          result.values[spec.name] = v
          if spec.repeatable { result.repeatedValues[spec.name, default: []].append(v) }
        } else {
          if inlineValue != nil {
            throw UsageError("option --\(spec.name) does not take a value", command: commandSpec?.name)
          }
          result.values[spec.name] = ""
        }
        continue
      }
      if commandSpec == nil && result.command == nil {
        guard let spec = command(named: arg) else {
          var message = "unknown command \(quotedArg(arg))"
          if let m = closestName(arg, in: commands.map(\.name)) { message += "; did you mean '\(m)'?" }
          throw UsageError(message + (helpHint.map { " (\($0))" } ?? ""))
        }
        commandSpec = spec
        result.command = spec.name
        continue
      }
      result.positionals.append(arg)
    }
    if let spec = commandSpec, !result.flag("help") {
      if result.positionals.count < spec.minPositionals {
        throw UsageError("'\(spec.name)' needs \(spec.arguments)", command: spec.name)
      }
      if let max = spec.maxPositionals, result.positionals.count > max {
        let extra = result.positionals[max]
        throw UsageError("unexpected argument \(quotedArg(extra)) for '\(spec.name)'", command: spec.name)
      }
    } else if commandSpec == nil, let first = result.positionals.first {
      throw UsageError("unexpected argument \(quotedArg(first))")
    }
    return result
  }

  private func lookup(_ arg: String, in options: [OptionSpec], command: Command?) throws(UsageError) -> (
    OptionSpec, String?
  ) {
    if arg.hasPrefix("--") {
      let body = arg.dropFirst(2)
      let name: String
      var value: String?
      if let eq = body.firstIndex(of: "=") {
        name = String(body[..<eq])
        value = String(body[body.index(after: eq)...])
      } else {
        name = String(body)
      }
      if let spec = options.first(where: { $0.name == name }) { return (spec, value) }
      var message = "unknown option '--\(name)'"
      if let m = closestName(name, in: options.map(\.name)) { message += "; did you mean '--\(m)'?" }
      throw UsageError(message, command: command?.name)
    }
    let letters = Array(arg.dropFirst())
    if letters.count == 1, let spec = options.first(where: { $0.short == letters[0] }) { return (spec, nil) }
    throw UsageError("unknown option \(quotedArg(arg))", command: command?.name)
  }

  /// A word with one leading `-` given to a command that takes such words, and not one of the
  /// short options known there (`-h`).
  private func isDashedWord(_ arg: String, of command: Command?) -> Bool {
    guard let command, command.takesDashedWords, !arg.hasPrefix("--") else { return false }
    let letters = Array(arg.dropFirst())
    return !(letters.count == 1 && (globalOptions + command.options).contains { $0.short == letters[0] })
  }

  private func closestName(_ word: String, in names: [String]) -> String? {
    closestMatch(to: word, in: names)
  }
}

/// An argument quoted for an error message, with control characters made visible.
public func quotedArg(_ s: String) -> String {
  "'" + escapingControlCharacters(s, keepNewlines: false) + "'"
}
