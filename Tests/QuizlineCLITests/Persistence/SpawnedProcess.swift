import Foundation

/// The real binary running in the background with piped standard input and collected output, so a
/// test can watch it, feed it, and kill it at any moment.
final class SpawnedProcess: @unchecked Sendable {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let lock = NSLock()
  private var collected = Data()
  private var collectedErrors = Data()
  private let done = DispatchGroup()

  init(_ arguments: [String], environment: [String: String] = [:], shell: String? = nil) throws {
    // A child that has already ended closes its standard input: writing to it must fail, not end
    // the test process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    var env = binaryEnvironment()
    for (k, v) in environment { env[k] = v }
    if let shell {
      // Run through sh so limits (ulimit -f) apply to quizline itself.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", shell + " exec \"$0\" \"$@\"", quizlineExecutable] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: quizlineExecutable)
      process.arguments = arguments
    }
    process.environment = env
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    read(output.fileHandleForReading, errors: false)
    read(errors.fileHandleForReading, errors: true)
  }

  private func read(_ handle: FileHandle, errors: Bool) {
    done.enter()
    Thread.detachNewThread { [self] in
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        lock.lock()
        if errors { collectedErrors.append(chunk) } else { collected.append(chunk) }
        lock.unlock()
      }
      done.leave()
    }
  }

  func send(_ text: String) {
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  func closeInput() { try? input.fileHandleForWriting.close() }

  var stdout: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: collected, as: UTF8.self)
  }

  var stderr: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: collectedErrors, as: UTF8.self)
  }

  /// Waits (polling, up to `timeout` seconds) until the output contains `text`.
  @discardableResult
  func waitFor(_ text: String, timeout: Double = 20) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if stdout.contains(text) { return true }
      if !process.isRunning { return stdout.contains(text) }
      usleep(2000)
    }
    return false
  }

  func kill9() { kill(process.processIdentifier, SIGKILL) }

  /// Waits for the process to end and for all its output; returns the exit status.
  @discardableResult
  func finish() -> Int32 {
    closeInput()
    process.waitUntilExit()
    done.wait()
    return process.terminationStatus
  }
}

/// A profile folder's log files: for the single-journal layout and then for each device folder
/// (`devices/<id>/`), its archive segments in order and then its journal.
func profileLogFiles(_ directory: String) -> [String] {
  func logFiles(_ folder: String) -> [String] {
    let segments = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/archive")) ?? [])
      .filter { $0.hasSuffix(".jsonl") }
      .sorted { (Int($0.prefix { $0 != "-" }) ?? 0) < (Int($1.prefix { $0 != "-" }) ?? 0) }
    return segments.map { folder + "/archive/" + $0 } + [folder + "/journal.jsonl"]
  }
  let devices = ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/devices")) ?? []).sorted()
  return (logFiles(directory) + devices.flatMap { logFiles(directory + "/devices/" + $0) }).filter {
    FileManager.default.fileExists(atPath: $0)
  }
}

/// The journal a profile's one device writes (`devices/<id>/journal.jsonl`), or the single
/// journal of a profile without devices.
func ownJournal(ofProfile directory: String) -> String {
  let devices = ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/devices")) ?? []).sorted()
  return devices.first.map { directory + "/devices/" + $0 + "/journal.jsonl" } ?? directory + "/journal.jsonl"
}

/// The highest sequence number in a profile folder's logs (0 when there is none).
func lastRecordedSequence(inProfile directory: String) throws -> Int {
  var last = 0
  for file in profileLogFiles(directory) {
    for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") {
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      if let seq = object?["seq"] as? Int { last = max(last, seq) }
    }
  }
  return last
}

/// All `answered` events in a profile folder (archive segments, then the journal, of the single
/// journal and of each device), in file order.
func recordedAnswers(inProfile directory: String) throws -> [(seq: Int, run: Int, question: String, response: String)] {
  let files = profileLogFiles(directory)
  var answers: [(Int, Int, String, String)] = []
  for file in files where FileManager.default.fileExists(atPath: file) {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    for line in text.split(separator: "\n") {
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
      if object["type"] as? String == "answered", let seq = object["seq"] as? Int, let run = object["run"] as? Int,
        let question = object["question"] as? String, let response = object["response"] as? String
      {
        answers.append((seq, run, question, response))
      }
    }
  }
  return answers
}

/// A quizzes folder with one free-text bank `big` of `count` questions whose accepted answer nobody
/// types, so every answer is recorded and echoed back (`You answered: …`).
func makeFreeTextCatalog(count: Int) throws -> String {
  let dir = try temporaryDirectory()
  let questions = (1...count).map {
    #"{"id": "q\#($0)", "type": "text", "prompt": "Say anything (\#($0)).", "accept": ["zzz-never-typed"], "explanation": "Any word is recorded."}"#
  }
  let bank =
    #"{"kind": "bank", "schemaVersion": 1, "id": "big", "title": "Big", "questions": [\#(questions.joined(separator: ",\n"))]}"#
  try Data(bank.utf8).write(to: URL(fileURLWithPath: dir + "/big.json"))
  return dir
}

/// A quizzes folder with one true/false bank of `count` questions, for long scripted sessions.
func makeTrueFalseCatalog(count: Int) throws -> String {
  let dir = try temporaryDirectory()
  let questions = (1...count).map {
    #"{"id": "q\#($0)", "type": "truefalse", "prompt": "Statement \#($0) is true.", "answer": true, "explanation": "It is."}"#
  }
  let bank =
    #"{"kind": "bank", "schemaVersion": 1, "id": "big", "title": "Big", "questions": [\#(questions.joined(separator: ",\n"))]}"#
  try Data(bank.utf8).write(to: URL(fileURLWithPath: dir + "/big.json"))
  return dir
}
