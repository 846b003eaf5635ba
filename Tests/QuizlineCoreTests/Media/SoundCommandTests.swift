import QuizlineTestSupport
import Testing

@testable import QuizlineCore

/// `play`, `open` and autoplay in the pure core: which card, which of its sides, and the effect the
/// reducer hands to the runtime (the CLI's players are tested in QuizlineCLITests).
@Suite struct SoundCommandTests {
  /// A flashcard with a sound on each side, a text question with an image in front and a sound in
  /// its explanation, and a question with no media at all.
  static let catalog = Catalog(banks: [
    Bank(
      id: "lang", title: "Words",
      questions: [
        Question(
          id: "hello", prompt: "Bonjour [sound:m/bonjour.mp3]", explanation: "",
          body: .flashcard(back: "Hello [sound:m/hello.ogg]")),
        Question(
          id: "cat", prompt: "Le chat ![a cat](m/cat.png)", explanation: "A cat [sound:m/cat.wav]",
          body: .text(accept: [TextAnswer(text: "cat")], ignorePunctuation: false, otherFeedback: nil)),
        Question(
          id: "plain", prompt: "Say yes", explanation: "",
          body: .text(accept: [TextAnswer(text: "yes")], ignorePunctuation: false, otherFeedback: nil)),
      ])
  ])

  static func sound(_ source: String) -> MediaFile { MediaFile(base: "bank/lang", source: source, kind: .sound) }
  static func image(_ source: String) -> MediaFile { MediaFile(base: "bank/lang", source: source, kind: .image) }

  @Test func playOnAFlashcardsFrontPlaysItsFrontAndOnceTurnedBothSides() {
    var d = StoreDriver(catalog: Self.catalog)
    d.type("start lang")
    d.type("play")
    #expect(d.store.effects == [.playMedia([Self.sound("m/bonjour.mp3")], automatic: false)])
    d.type("")
    d.type("play")
    #expect(
      d.store.effects == [.playMedia([Self.sound("m/bonjour.mp3"), Self.sound("m/hello.ogg")], automatic: false)])
    #expect(d.progress.activeRun?.position == 0, "play is a command, not a grade")
  }

  @Test func playAtTheHomePromptPlaysTheCardAnsweredLastBothSides() {
    var d = StoreDriver(catalog: Self.catalog)
    d.type(["start lang", "", "good", "cat", "end"])
    d.type("play")
    #expect(d.store.effects == [.playMedia([Self.sound("m/cat.wav")], automatic: false)])
    d.type("play lang/hello")
    #expect(
      d.store.effects == [.playMedia([Self.sound("m/bonjour.mp3"), Self.sound("m/hello.ogg")], automatic: false)])
  }

  @Test func playWithNoCardOnScreenAndNoneAnsweredAsksWhichCard() {
    var d = StoreDriver(catalog: Self.catalog)
    d.type("play")
    #expect(d.store.effects.isEmpty)
    #expect(d.screen().text.contains("error: play: which card?"), "\(d.screen().text)")
    #expect(d.screen().text.contains("usage: play BANK/QUESTION"))
  }

  @Test func aCardWithoutSoundSaysSoAndAHiddenBackSaysWhenItPlays() {
    var d = StoreDriver(catalog: Self.catalog)
    d.type("play lang/plain")
    #expect(d.store.effects.isEmpty)
    #expect(d.screen().text.contains("error: play: lang/plain has no sound"), "\(d.screen().text)")
    #expect(d.screen().text.contains("Sounds are written `[sound:FILE]`"))
    d.type(["start lang", "", "good", "play"])
    #expect(d.store.effects.isEmpty)
    #expect(d.screen().text.contains("error: play: the front of lang/cat has no sound"), "\(d.screen().text)")
    #expect(d.screen().text.contains("Its back has 1 sound: type play once the back is shown."))
  }

  @Test func openTakesTheImagesAndSoundsOfTheSidesShown() {
    var d = StoreDriver(catalog: Self.catalog)
    d.type(["start lang", "", "good", "open"])
    #expect(d.store.effects == [.openMedia([Self.image("m/cat.png")])])
    d.type("open lang/cat")
    #expect(d.state.quiz != nil, "in a quiz, open with words is an answer")
    #expect(d.progress.activeRun?.position == 2)
    d.type("end")
    d.type("open lang/cat")
    #expect(d.store.effects == [.openMedia([Self.image("m/cat.png"), Self.sound("m/cat.wav")])])
    d.type("open lang/plain")
    #expect(d.screen().text.contains("error: open: lang/plain has no image or sound"), "\(d.screen().text)")
  }

  @Test func openNamingAStudySessionSaysReadReadsIt() {
    var d = StoreDriver()
    d.type("open intro")
    #expect(d.store.effects.isEmpty)
    #expect(d.screen().text.contains("open shows a card's images and sounds, and 'intro' is a study session"))
    #expect(d.screen().text.contains("Type read intro to read it."))
  }

  @Test func playAloneIsACommandInAQuizAndWithWordsAnAnswer() {
    var d = StoreDriver(catalog: Self.catalog)
    d.type(["start lang", "", "good", "play the cat"])
    #expect(d.store.effects.isEmpty)
    #expect(d.progress.activeRun?.position == 2, "\"play the cat\" was answered")
    d.type("=play")
    #expect(d.progress.activeRun == nil || d.progress.activeRun?.position == 3, "=play answers with the word")
  }

  @Test func autoplayIsOffByDefault() {
    var d = StoreDriver(catalog: Self.catalog)
    d.type("start lang")
    #expect(d.store.effects.isEmpty)
    d.type("")
    #expect(d.store.effects.isEmpty)
  }

  @Test func autoplayPlaysTheFrontWhenShownAndTheBackWhenRevealed() {
    var d = StoreDriver(catalog: Self.catalog)
    d.type("config autoplay on")
    #expect(d.store.effects.isEmpty)
    d.type("start lang")
    #expect(d.store.effects == [.playMedia([Self.sound("m/bonjour.mp3")], automatic: true)])
    d.type("again")
    #expect(d.store.effects.isEmpty, "the same card shown again does not play again")
    d.type("status")
    #expect(d.store.effects.isEmpty)
    d.type("")
    #expect(d.store.effects == [.playMedia([Self.sound("m/hello.ogg")], automatic: true)], "the back, revealed")
    d.type("good")
    #expect(d.store.effects.isEmpty, "a self-graded back played when turned; the next card has no sound in front")
    d.type("cat")
    #expect(
      d.store.effects == [.playMedia([Self.sound("m/cat.wav")], automatic: true)],
      "the explanation shown with the feedback")
  }

  @Test func autoplayPlaysTheNextCardsFrontAfterTheExplanationInOneList() {
    let bank = Bank(
      id: "lang", title: "Words",
      questions: [
        Question(
          id: "one", prompt: "One", explanation: "Un [sound:m/un.mp3]",
          body: .text(accept: [TextAnswer(text: "un")], ignorePunctuation: false, otherFeedback: nil)),
        Question(
          id: "two", prompt: "Two [sound:m/deux.mp3]", explanation: "",
          body: .text(accept: [TextAnswer(text: "deux")], ignorePunctuation: false, otherFeedback: nil)),
      ])
    var d = StoreDriver(catalog: Catalog(banks: [bank]))
    d.type(["config autoplay on", "start lang", "un"])
    #expect(d.store.effects == [.playMedia([Self.sound("m/un.mp3"), Self.sound("m/deux.mp3")], automatic: true)])
  }

  @Test func aMissingPlayerUnderAutoplayIsSaidOnceAndEveryTimeForPlay() {
    var d = StoreDriver(catalog: Self.catalog)
    let missing = MediaOutcome(
      command: "play", automatic: true, missingTool: "no sound player was found on PATH", hint: "Install mpv")
    d.send { .effectFinished(.media(missing), at: $0) }
    #expect(d.screen().text == "error: play: no sound player was found on PATH\n  Install mpv\n")
    d.send { .effectFinished(.media(missing), at: $0) }
    #expect(d.screen().text.isEmpty)
    var asked = missing
    asked.automatic = false
    d.send { .effectFinished(.media(asked), at: $0) }
    #expect(d.screen().text.contains("no sound player"))
    let played = MediaOutcome(
      command: "play", automatic: true, started: "Playing a.mp3 with mpv.", problems: ["b.mp3 was not found"])
    d.send { .effectFinished(.media(played), at: $0) }
    #expect(d.screen().text == "error: play: b.mp3 was not found\n", "autoplay says only what went wrong")
  }

  @Test func helpPlayListsThePlayersAndTheTypesEachPlays() {
    var d = StoreDriver()
    d.type("help play")
    Snapshot.check(d.screen().text, named: "help-play")
  }
}
