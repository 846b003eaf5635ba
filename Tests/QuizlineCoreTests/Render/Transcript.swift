import QuizlineTestSupport

@testable import QuizlineCore

/// Records a transcript the way the piped REPL prints it: the prompt and the typed line, then the screen.
struct Transcript {
  private(set) var text = ""

  mutating func start(_ driver: inout StoreDriver) {
    driver.start()
    text += driver.screen().text
  }

  mutating func type(_ line: String, _ driver: inout StoreDriver) {
    let prompt = driver.screen().prompt
    driver.type(line)
    text += prompt + line + "\n" + driver.screen().text
  }

  mutating func type(_ lines: [String], _ driver: inout StoreDriver) {
    for line in lines { type(line, &driver) }
  }
}
