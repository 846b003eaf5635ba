import Foundation
import QuizlineCore

/// Carries out `play`, autoplay and `open` for the REPL (``Effect/playMedia(_:automatic:)``,
/// ``Effect/openMedia(_:)``): finds each file beside its bank's file (``MediaPaths``), chooses for
/// each sound the first player on `PATH` that plays its type (``SoundPlayerProgram/all``), and
/// starts the players or the opener in the background. A file that cannot be used is one line of
/// the outcome; the others still play.
struct SoundEffects {
  /// The declaring file of each bank and session of the catalog in use (``CatalogLoadResult/sources``).
  var sources: () -> [String: String]
  /// The environment: `PATH` to find players on, `DISPLAY` for `open`; the children get it too.
  var variables: [String: String]
  var system: HostSystem = .current
  let player = SoundPlayer()

  /// The outcome of a media effect; nil for any other effect.
  func perform(_ effect: Effect) -> EffectOutcome? {
    switch effect {
    case .playMedia(let files, let automatic): .media(play(files, automatic: automatic))
    case .openMedia(let files): .media(open(files))
    default: nil
    }
  }

  /// Stops the sounds still playing, and reaps their player (quizline is leaving).
  func stop() { player.stop(waiting: true) }

  private func play(_ files: [MediaFile], automatic: Bool) -> MediaOutcome {
    var outcome = MediaOutcome(command: "play", automatic: automatic)
    let (found, problems) = resolve(files)
    outcome.problems = problems
    let search = ProgramSearch(variables: variables)
    let players = SoundPlayerProgram.all.compactMap { program in search.find(program.name).map { (program, $0) } }
    guard !players.isEmpty else {
      if !found.isEmpty {
        outcome.missingTool =
          "no sound player was found on PATH (quizline plays sounds with "
          + Self.list(SoundPlayerProgram.all.map(\.name), or: true) + ")"
        outcome.hint =
          system == .macOS
          ? "afplay comes with macOS (is /usr/bin on PATH?); brew install mpv plays every type."
          : "Install mpv, which plays every type: sudo apt install mpv"
      }
      return outcome
    }
    var commands: [[String]] = []
    var playing: [(name: String, player: String)] = []
    for (file, path) in found {
      guard let (program, executable) = players.first(where: { $0.0.plays(file.fileName) }) else {
        let type = SoundPlayerProgram.type(of: file.fileName)
        outcome.problems.append(
          "cannot play \(file.source): " + Self.list(players.map(\.0.name)) + " "
            + (players.count == 1 ? "does" : "do") + " not play " + (type.isEmpty ? "files without a type" : "." + type)
            + " files; install " + Self.list(SoundPlayerProgram.universal, or: true) + " ("
            + (system == .macOS ? "brew install mpv" : "sudo apt install mpv") + ")")
        continue
      }
      commands.append([executable] + program.arguments + [path])
      playing.append((file.fileName, program.name))
    }
    guard !commands.isEmpty else { return outcome }
    if let error = player.play(commands, environment: variables) {
      outcome.problems.append("cannot start \(playing[0].player): \(error.message)")
      return outcome
    }
    let tools = Set(playing.map(\.player))
    let named =
      tools.count == 1
      ? Self.list(playing.map(\.name)) + " with " + playing[0].player
      : Self.list(playing.map { "\($0.name) (\($0.player))" })
    outcome.started = "Playing \(named)" + (playing.count > 1 ? ", one after another." : ".")
    return outcome
  }

  private func open(_ files: [MediaFile]) -> MediaOutcome {
    let (found, problems) = resolve(files)
    var outcome = MediaOpener(variables: variables, system: system).open(
      found.map(\.path), names: found.map(\.file.fileName))
    outcome.problems = problems + outcome.problems
    if found.isEmpty { outcome.missingTool = nil }
    return outcome
  }

  /// The files found, with their paths, and a line for each that was not.
  private func resolve(_ files: [MediaFile]) -> (found: [(file: MediaFile, path: String)], problems: [String]) {
    let sources = sources()
    var found: [(MediaFile, String)] = []
    var problems: [String] = []
    for file in files {
      switch MediaPaths.resolve(base: file.base, source: file.source, sources: sources) {
      case .success(let path): found.append((file, path))
      case .failure(let problem):
        var line = problem.reason
        if case .missing = problem, let declaring = sources[file.base] {
          line += " beside " + declaring
        }
        problems.append(line)
      }
    }
    return (found, problems)
  }

  /// `a`, `a and b`, `a, b and c` (`or` instead of `and` when asked).
  static func list(_ words: [String], or: Bool = false) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + words[words.count - 1]
  }
}
