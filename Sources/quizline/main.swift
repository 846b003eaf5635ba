import QuizlineCLI

// The whole program lives in QuizlineCLI; this file only hands over the arguments and exits.
let status = QuizlineCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
exitProcess(status)
