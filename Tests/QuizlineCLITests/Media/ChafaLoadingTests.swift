import CChafa
import Foundation
import Testing

@testable import QuizlineCLI

/// libchafa is opened when the first picture is drawn, not at start: a start that draws nothing
/// loads neither it nor the glib and pcre2 it brings (about 25 page faults and 420,000 instructions
/// a start), and a machine without it still runs everything but pictures, which then
/// say why they are missing.
@Suite struct ChafaLoadingTests {
  @Test func aStartThatDrawsNoPictureDoesNotLoadChafaOrGlib() throws {
    // The dynamic loader names every library it opens on stderr with LD_DEBUG=files.
    let run = try runBinary(["--version"], environment: ["LD_DEBUG": "files"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("file=libc.so.6"), "LD_DEBUG names the libraries loaded")
    for library in ["libchafa", "libglib", "libpcre2"] {
      #expect(!run.stderr.contains(library), "\(library) loaded at start")
    }
  }

  @Test func theLibraryLoadsAndEveryFunctionDrawingNeedsIsThere() {
    var error = [CChar](repeating: 0, count: 512)
    #expect(quizline_chafa_try_load(QUIZLINE_CHAFA_LIBRARY, &error, error.count) == 0)
    #expect(quizline_chafa_load_error() == nil)
  }

  @Test func aMissingLibraryIsNamedWithThePackageToInstall() {
    var error = [CChar](repeating: 0, count: 512)
    #expect(quizline_chafa_try_load("libquizline-no-such-chafa.so.0", &error, error.count) == -1)
    let message = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    #expect(message.hasPrefix("cannot load libquizline-no-such-chafa.so.0 ("))
    #expect(message.hasSuffix("); on Debian or Ubuntu: apt-get install libchafa0"))
  }

  @Test func aPictureChafaCouldNotLoadSaysWhyOnItsLine() {
    #expect(TerminalGraphics.chafaMissing("cannot load x") == "[picture not drawn: cannot load x]")
    #expect(TerminalGraphics.chafaMissing(nil) == "")
  }
}
