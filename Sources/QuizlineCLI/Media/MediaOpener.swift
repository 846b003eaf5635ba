import Foundation
import QuizlineCore

/// `open`: shows files in the system's viewer, each through `xdg-open` (Linux) or `open` (macOS)
/// started in the background and reaped by a thread; quizline never waits for the viewer, and the
/// viewer stays open after quizline leaves. Without a graphical display on Linux (over ssh, on a
/// console) or without the opener, nothing is started and the outcome lists the files' paths, for
/// the learner to copy.
struct MediaOpener {
  var variables: [String: String]
  var system: HostSystem = .current

  /// The opener's name on this system.
  var openerName: String { system == .macOS ? "open" : "xdg-open" }

  /// Opens the files at `paths` (named `names` in messages), or says why not and lists the paths.
  func open(_ paths: [String], names: [String]) -> MediaOutcome {
    var outcome = MediaOutcome(command: "open")
    if system == .linux, (variables["DISPLAY"] ?? "").isEmpty, (variables["WAYLAND_DISPLAY"] ?? "").isEmpty {
      outcome.missingTool =
        "there is no graphical display here (DISPLAY and WAYLAND_DISPLAY are not set), so nothing was opened; the files are:"
      outcome.paths = paths
      return outcome
    }
    guard let opener = ProgramSearch(variables: variables).find(openerName) else {
      let install = system == .macOS ? "it comes with macOS: is /usr/bin on PATH?" : "sudo apt install xdg-utils"
      outcome.missingTool = "\(openerName) was not found on PATH (\(install)), so nothing was opened; the files are:"
      outcome.paths = paths
      return outcome
    }
    var opened: [String] = []
    for (path, name) in zip(paths, names) {
      switch SoundProcess.spawn([opener, path], environment: variables) {
      case .success(let pid):
        SoundProcess.reap(pid)
        opened.append(name)
      case .failure(let error):
        outcome.problems.append("cannot start \(openerName) for \(name): \(error.message)")
      }
    }
    if !opened.isEmpty { outcome.started = "Opened \(SoundEffects.list(opened)) with \(openerName)." }
    return outcome
  }
}
