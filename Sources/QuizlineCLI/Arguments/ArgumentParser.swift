import QuizlineCore

/// The result of parsing a command line against the option and command tables.
public struct ParsedArguments: Sendable, Equatable {
  public var command: String?
  public var positionals: [String] = []
  /// Option values by long name; flags map to `""`. Later occurrences win.
  public var values: [String: String] = [:]

  public init(command: String? = nil, positionals: [String] = [], values: [String: String] = [:]) {
    self.command = command
    self.positionals = positionals
    self.values = values
  }

  public func flag(_ name: String) -> Bool { values[name] != nil }
  public func value(_ name: String) -> String? { values[name] }
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

/// A small table-driven parser: global options anywhere, `--name value`, `--name=value`, `-h`,
/// `--` to end options, one subcommand, positionals checked against the command's declared count.
public struct ArgumentParser: Sendable {
  public var globalOptions: [OptionSpec]
  public var commands: [CommandSpec]

  public init(globalOptions: [OptionSpec], commands: [CommandSpec]) {
    self.globalOptions = globalOptions
    self.commands = commands
  }

  public func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }

  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var commandSpec: CommandSpec?
    var k = 0
    var optionsEnded = false
    while k < arguments.count {
      let arg = arguments[k]
      k += 1
      if !optionsEnded && arg == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded && arg.hasPrefix("-") && arg != "-" {
        let known = globalOptions + (commandSpec?.options ?? [])
        let (spec, inlineValue) = try lookup(arg, in: known, command: commandSpec)
        if spec.takesValue {
          var value = inlineValue
          if value == nil {
            guard k < arguments.count else {
              throw UsageError("option --\(spec.name) needs a value (\(spec.valueName ?? "VALUE"))", command: commandSpec?.name)
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
          throw UsageError(message + " (see 'quizline --help')")
        }
        commandSpec = spec
        result.command = arg
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

  private func lookup(_ arg: String, in options: [OptionSpec], command: CommandSpec?) throws(UsageError) -> (OptionSpec, String?) {
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

  private func closestName(_ word: String, in names: [String]) -> String? {
    closestMatch(to: word, in: names)
  }
}

/// An argument quoted for an error message, with control characters made visible.
func quotedArg(_ s: String) -> String {
  "'" + escapingControlCharacters(s, keepNewlines: false) + "'"
}
