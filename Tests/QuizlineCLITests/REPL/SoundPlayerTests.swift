import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats

/// `play`, autoplay and `open` at the edge: fake players and a fake `xdg-open` (shell scripts this
/// test writes into a folder it puts on `PATH`) record how they were started. Whether the prompt
/// waits is shown by order, never by time: the player cannot have finished when the REPL has
/// already answered the next line.
@Suite struct SoundPlayerTests {
  static let start = Timestamp(iso8601: "2026-03-01T09:00:00Z")!

  /// A quizzes folder with a bank whose cards name sounds and an image, a folder for fake
  /// programs, and the log they write.
  struct Setup {
    let root: String
    var quizzes: String { root + "/q" }
    var bin: String { root + "/bin" }
    var log: String { root + "/log" }

    init() throws {
      root = try temporaryDirectory()
      try FileManager.default.createDirectory(atPath: root + "/q/lang-media", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
      let bank = """
        {"kind": "bank", "schemaVersion": 1, "id": "lang", "title": "Words", "description": "d", "version": "1",
         "tags": [], "questions": [
          {"id": "hello", "type": "flashcard", "prompt": "Bonjour [sound:lang-media/bonjour.mp3]",
           "back": "Hello [sound:lang-media/hello.ogg]", "explanation": ""},
          {"id": "cat", "type": "text", "prompt": "Le chat ![a cat](lang-media/cat.png)", "accept": ["cat"],
           "explanation": "A cat [sound:lang-media/cat.wav]"},
          {"id": "gone", "type": "text", "prompt": "[sound:lang-media/gone.mp3] [sound:lang-media/bonjour.mp3]",
           "accept": ["x"], "explanation": ""}
        ]}
        """
      try bank.write(toFile: root + "/q/lang.json", atomically: true, encoding: .utf8)
      for name in ["bonjour.mp3", "hello.ogg", "cat.wav", "cat.png"] {
        try "not really \(name)".write(toFile: root + "/q/lang-media/" + name, atomically: true, encoding: .utf8)
      }
    }

    /// A fake program `name` that logs `start PID NAME ARGS`, sleeps `$FAKE_SLEEP` seconds (2 unless
    /// set), then logs `end PID`; `ignoringTerm`: it (and its sleep) ignore SIGTERM.
    func fake(_ name: String, ignoringTerm: Bool = false) throws {
      let script = """
        #!/bin/sh
        \(ignoringTerm ? "trap '' TERM" : "")
        echo "start $$ \(name) $*" >> '\(log)'
        /bin/sleep "${FAKE_SLEEP:-2}"
        echo "end $$" >> '\(log)'

        """
      let path = bin + "/" + name
      try script.write(toFile: path, atomically: true, encoding: .utf8)
      chmod(path, 0o755)
    }

    var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// The ids of the fake programs started, in order.
    var startedPIDs: [pid_t] {
      logText.split(separator: "\n").filter { $0.hasPrefix("start ") }.compactMap {
        pid_t($0.split(separator: " ")[1])
      }
    }

    /// Waits (up to a generous bound, for a loaded machine) until `condition` holds; whether it did.
    @discardableResult
    func waitUntil(_ condition: () -> Bool) -> Bool {
      for _ in 0..<600 {
        if condition() { return true }
        usleep(50_000)
      }
      return condition()
    }

    /// A REPL run in process on the quizzes folder, media effects on, with `variables` (PATH is
    /// the fake programs' folder unless given).
    func session(
      _ script: [StepLineReader.Step], variables: [String: String] = [:], system: HostSystem = .linux
    ) -> String {
      let loaded = CatalogLoader().load(paths: [quizzes])
      let out = BufferSink()
      let ticks = Counter()
      var runtime = REPLRuntime(
        store: Store(state: AppState(catalog: loaded.catalog), journal: MemoryJournal()),
        reader: StepLineReader(script, echoTo: out), output: out,
        clock: { SoundPlayerTests.start.adding(seconds: 5 * Int64(ticks.next())) }, entropy: { 7 },
        context: { RenderContext(width: 1000, style: .plain, now: SoundPlayerTests.start) })
      runtime.terminationRequested = { false }
      var environment = ["PATH": bin]
      for (k, v) in variables { environment[k] = v }
      runtime.media = SoundEffects(sources: { loaded.sources }, variables: environment, system: system)
      _ = runtime.run()
      return out.text
    }
  }

  /// Whether process `pid` is gone: exited and reaped (a zombie still has its `/proc` entry).
  static func isGone(_ pid: pid_t) -> Bool { !FileManager.default.fileExists(atPath: "/proc/\(pid)") }

  @Test func playingNeverHoldsThePromptAndLeavingStopsThePlayer() throws {
    let s = try Setup()
    try s.fake("mpv")
    var startedBeforeNextLine = false
    var endedBeforeNextLine = true
    let text = s.session([
      .line("play lang/cat"),
      .run {
        // The REPL asks for the next line: the player has started, and it has not ended.
        startedBeforeNextLine = s.waitUntil { s.logText.contains("start ") }
        endedBeforeNextLine = s.logText.contains("end ")
      },
      .line("status"), .line("quit"),
    ])
    #expect(text.contains("Playing cat.wav with mpv."), "\(text)")
    #expect(text.contains("Status |"), "the next command was answered")
    #expect(startedBeforeNextLine)
    #expect(!endedBeforeNextLine, "the prompt came back while the player was still playing")
    let pid = try #require(s.startedPIDs.first)
    #expect(s.logText.contains("mpv --no-video --really-quiet --no-terminal \(s.quizzes)/lang-media/cat.wav"))
    #expect(s.waitUntil { Self.isGone(pid) }, "leaving stopped the player, and it was reaped")
    #expect(!s.logText.contains("end \(pid)"), "stopped before its end")
  }

  @Test func aPlayerThatIgnoresTerminationIsKilledWhenQuizlineLeaves() throws {
    let s = try Setup()
    try s.fake("mpv", ignoringTerm: true)
    _ = s.session(
      [.line("play lang/cat"), .run { s.waitUntil { s.logText.contains("start ") } }, .line("quit")],
      variables: ["FAKE_SLEEP": "30"])
    // run() has returned: leaving did not wait for the sound's end, 30 seconds on.
    #expect(!s.logText.contains("end "), "\(s.logText)")
    let pid = try #require(s.startedPIDs.first)
    #expect(Self.isGone(pid), "killed and reaped before quizline left")
  }

  @Test func aCardsSoundsPlayOneAfterAnotherAndEachPlayerIsReaped() throws {
    let s = try Setup()
    try s.fake("mpv")
    let text = s.session(
      [
        .line("play lang/hello"),
        .run { s.waitUntil { s.logText.components(separatedBy: "end ").count == 3 } },
        .line("quit"),
      ], variables: ["FAKE_SLEEP": "0"])
    #expect(text.contains("Playing bonjour.mp3 and hello.ogg with mpv, one after another."), "\(text)")
    let lines = s.logText.split(separator: "\n").map { String($0.split(separator: " ").prefix(1).joined()) }
    #expect(lines == ["start", "end", "start", "end"], "\(s.logText)")
    #expect(s.logText.contains("bonjour.mp3") && s.logText.contains("hello.ogg"))
    for pid in s.startedPIDs {
      #expect(s.waitUntil { Self.isGone(pid) }, "player \(pid) left a zombie")
    }
  }

  @Test func aNewCardsSoundsStopTheOnesStillPlaying() throws {
    let s = try Setup()
    try s.fake("mpv")
    _ = s.session([
      .line("play lang/hello"),
      .run { s.waitUntil { s.logText.contains("start ") } },
      .line("play lang/cat"),
      .run { s.waitUntil { s.startedPIDs.count == 2 } },
      .line("quit"),
    ])
    let pids = s.startedPIDs
    #expect(pids.count == 2, "bonjour.mp3, then cat.wav; hello.ogg never started: \(s.logText)")
    #expect(s.logText.contains("cat.wav") && !s.logText.contains("hello.ogg"))
    for pid in pids { #expect(s.waitUntil { Self.isGone(pid) }) }
    #expect(!s.logText.contains("end "), "each was stopped, the first by the second card")
  }

  @Test func withNoPlayerOnPathItSaysWhichToInstall() throws {
    let s = try Setup()
    let text = s.session([.line("play lang/cat"), .line("quit")])
    #expect(
      text.contains(
        "error: play: no sound player was found on PATH (quizline plays sounds with mpv, ffplay, paplay, aplay or afplay)"
      ), "\(text)")
    #expect(text.contains("Install mpv, which plays every type: sudo apt install mpv"))
    let mac = s.session([.line("play lang/cat"), .line("quit")], system: .macOS)
    #expect(mac.contains("afplay comes with macOS (is /usr/bin on PATH?); brew install mpv plays every type."))
  }

  @Test func aMissingFileIsOneLineAndTheOthersStillPlay() throws {
    let s = try Setup()
    try s.fake("mpv")
    let text = s.session([
      .line("play lang/gone"), .run { s.waitUntil { s.logText.contains("start ") } }, .line("quit"),
    ])
    #expect(text.contains("error: play: lang-media/gone.mp3 was not found beside \(s.quizzes)/lang.json"), "\(text)")
    #expect(text.contains("Playing bonjour.mp3 with mpv."))
    #expect(s.logText.contains("bonjour.mp3") && !s.logText.contains("gone.mp3"))
  }

  @Test func eachSoundGoesToTheFirstPlayerThatPlaysItsType() throws {
    let s = try Setup()
    try s.fake("paplay")
    try s.fake("afplay")
    let text = s.session(
      [
        .line("play lang/hello"),
        .run { s.waitUntil { s.logText.components(separatedBy: "end ").count == 3 } },
        .line("quit"),
      ], variables: ["FAKE_SLEEP": "0"])
    #expect(text.contains("Playing bonjour.mp3 (afplay) and hello.ogg (paplay), one after another."), "\(text)")
    #expect(s.logText.contains("afplay \(s.quizzes)/lang-media/bonjour.mp3"), "\(s.logText)")
    #expect(s.logText.contains("paplay \(s.quizzes)/lang-media/hello.ogg"))
    try FileManager.default.removeItem(atPath: s.bin + "/afplay")
    let alone = s.session([.line("play lang/hello"), .line("quit")], variables: ["FAKE_SLEEP": "0"])
    #expect(
      alone.contains(
        "error: play: cannot play lang-media/bonjour.mp3: paplay does not play .mp3 files; install mpv or ffplay (sudo apt install mpv)"
      ), "\(alone)")
    #expect(alone.contains("Playing hello.ogg with paplay."))
  }

  @Test func autoplayPlaysTheFrontWhenACardIsShown() throws {
    let s = try Setup()
    try s.fake("mpv")
    let text = s.session([
      .line("config autoplay on"), .line("start lang"),
      .run { s.waitUntil { s.logText.contains("start ") } },
      .line("quit"),
    ])
    #expect(!text.contains("Playing"), "autoplay says nothing when all is well: \(text)")
    #expect(s.logText.contains("bonjour.mp3"), "\(s.logText)")
  }

  @Test func openStartsTheOpenerForEachFileWithoutWaiting() throws {
    let s = try Setup()
    try s.fake("xdg-open")
    var endedBeforeNextLine = true
    let text = s.session(
      [
        .line("open lang/cat"),
        .run {
          s.waitUntil { s.startedPIDs.count == 2 }
          endedBeforeNextLine = s.logText.contains("end ")
        },
        .line("quit"),
      ], variables: ["DISPLAY": ":0"])
    #expect(text.contains("Opened cat.png and cat.wav with xdg-open."), "\(text)")
    #expect(!endedBeforeNextLine)
    #expect(s.logText.contains("xdg-open \(s.quizzes)/lang-media/cat.png"))
    #expect(s.logText.contains("xdg-open \(s.quizzes)/lang-media/cat.wav"))
    for pid in s.startedPIDs {
      #expect(s.waitUntil { Self.isGone(pid) }, "the opener ran to its end and was reaped")
    }
    #expect(s.logText.components(separatedBy: "end ").count == 3, "leaving does not close what was opened")
  }

  @Test func openWithoutADisplayPrintsThePathsToCopy() throws {
    let s = try Setup()
    try s.fake("xdg-open")
    let text = s.session([.line("open lang/cat"), .line("quit")])
    #expect(
      text.contains(
        "error: open: there is no graphical display here (DISPLAY and WAYLAND_DISPLAY are not set), so nothing was opened; the files are:"
      ), "\(text)")
    #expect(text.contains("\n  \(s.quizzes)/lang-media/cat.png\n  \(s.quizzes)/lang-media/cat.wav\n"))
    #expect(s.logText.isEmpty)
    let noOpener = s.session([.line("open lang/cat"), .line("quit")], variables: ["DISPLAY": ":0", "PATH": s.root])
    #expect(noOpener.contains("xdg-open was not found on PATH (sudo apt install xdg-utils)"), "\(noOpener)")
  }

  @Test func theRealBinaryAnswersTheNextCommandWhileThePlayerPlays() throws {
    let s = try Setup()
    try s.fake("mpv")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: quizlineExecutable)
    process.arguments = ["--quizzes", s.quizzes, "--progress", s.root + "/progress"]
    var environment = binaryEnvironment()
    environment["PATH"] = s.bin + ":/usr/bin:/bin"
    environment["FAKE_SLEEP"] = "30"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    input.fileHandleForWriting.write(Data("play lang/cat\n".utf8))
    #expect(s.waitUntil { s.logText.contains("start ") }, "the player started")
    // Only now the next command: if `play` waited for the player, it would not be answered until
    // the player's end, 30 seconds on.
    input.fileHandleForWriting.write(Data("status\nquit\n".utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains("Playing cat.wav with mpv."), "\(text)")
    #expect(text.contains("Status |"))
    #expect(!s.logText.contains("end "), "quizline left while the player played")
    let pid = try #require(s.startedPIDs.first)
    #expect(s.waitUntil { Self.isGone(pid) }, "leaving stopped the player")
  }
}
