import Foundation
import QuizlineCore

/// The `quizline` command line: parses arguments and runs the chosen command.
public enum QuizlineCommand {
  /// Runs quizline with the given arguments (without the program name) and returns the exit status.
  public static func main(arguments: [String]) -> Int32 {
    0
  }
}

/// Ends the process with `status` after flushing standard output.
public func exitProcess(_ status: Int32) -> Never {
  fflush(nil)
  exit(status)
}
