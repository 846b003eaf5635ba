import Foundation
import QuizlineCore

/// Opens a file in the learner's editor and waits until it is closed: the edge `edit` goes through
/// (tests give a fake one).
protocol EditorLauncher {
  /// Opens `path` at `line` (when known); nil once the editor has exited, or why it could not run.
  func open(_ path: String, line: Int?) -> EditorFailure?
}

/// Why the editor did not run as asked.
struct EditorFailure: Error, Equatable {
  var message: String
  var hint: String
}

/// The editor named by `$VISUAL`, else `$EDITOR`, else `vi`, run on quizline's terminal.
///
/// The variable is split into words as a shell splits a word list (`code --wait`, quotes and
/// backslashes kept together), and `+LINE` goes before the file, which vi, vim, nano, emacs,
/// micro, kak and `code --goto`-less editors read as "open at this line". The editor runs in
/// quizline's own process group, which holds the terminal's foreground (``ForegroundGroup``), so
/// it reads the keyboard; the line editor is between two reads and has put the terminal back in
/// its normal mode, and whatever mode the editor leaves it in is undone when it exits.
struct TerminalEditor: EditorLauncher {
  var variables: [String: String]

  /// The editor's command words and the variable they came from.
  static func command(_ variables: [String: String]) -> (words: [String], from: String) {
    for name in ["VISUAL", "EDITOR"] {
      if let value = variables[name] {
        let words = shellWords(value)
        if !words.isEmpty { return (words, "$" + name) }
      }
    }
    return (["vi"], "the default")
  }

  /// `value` split as a POSIX shell splits a word list, without expansions: blanks separate
  /// words, `'…'` keeps everything, `"…"` keeps all but `\"` and `\\`, a backslash keeps the next
  /// character.
  static func shellWords(_ value: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for ch in value {
      if escaped {
        current.append(ch)
        escaped = false
        continue
      }
      switch quote {
      case "'":
        if ch == "'" { quote = nil } else { current.append(ch) }
      case "\"":
        if ch == "\"" { quote = nil } else if ch == "\\" { escaped = true } else { current.append(ch) }
      default:
        if ch == "'" || ch == "\"" {
          quote = ch
          inWord = true
        } else if ch == "\\" {
          escaped = true
          inWord = true
        } else if ch == " " || ch == "\t" || ch == "\n" {
          if inWord { words.append(current) }
          current = ""
          inWord = false
        } else {
          current.append(ch)
          inWord = true
        }
      }
    }
    if inWord { words.append(current) }
    return words
  }

  func open(_ path: String, line: Int?) -> EditorFailure? {
    let (words, from) = Self.command(variables)
    let argv = words + (line.map { ["+\($0)"] } ?? []) + [path]
    var saved = termios()
    let isTerminal = isatty(0) == 1 && tcgetattr(0, &saved) == 0
    defer {
      if isTerminal {
        // A background group may not set the terminal's modes without SIGTTOU stopping it.
        let old = signal(SIGTTOU, SIG_IGN)
        tcsetattr(0, TCSANOW, &saved)
        signal(SIGTTOU, old)
      }
    }
    var pid: pid_t = 0
    let spawned = SpawnStrings.with(argv, environment: ProcessInfo.processInfo.environment) { cArgs, environment in
      posix_spawnp(&pid, words[0], nil, nil, cArgs, environment)
    }
    guard spawned == 0 else {
      return EditorFailure(
        message:
          "edit: cannot start the editor \(quotedArg(words[0])) (\(from)): \(String(cString: strerror(spawned)))",
        hint: "Set VISUAL or EDITOR to your editor's command, for example: export EDITOR=nano")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // A Ctrl-C typed in the editor also reached quizline, which shares its process group: it was
    // the editor's, not a Ctrl-C at the prompt.
    _ = Signals.takeInterrupt()
    // Whatever its status (vim's `:cq` ends with 1), the file is checked and read again: it is what
    // is on disk that counts.
    return nil
  }
}
