/// A media file one card names, with where its path is relative to: `base` is the catalog source
/// key of the card's bank (`bank/ID`, ``CatalogLoadResult``'s `sourceKey`), `source` the path as
/// written in the text. What ``Effect/playMedia(_:automatic:)`` and ``Effect/openMedia(_:)`` carry.
public struct MediaFile: Sendable, Equatable, Hashable {
  public var base: String
  public var source: String
  public var kind: MediaReference.Kind

  public init(base: String, source: String, kind: MediaReference.Kind) {
    self.base = base
    self.source = source
    self.kind = kind
  }

  /// The file's name (the last part of its path).
  public var fileName: String { MediaReference(kind: kind, source: source).fileName }
}

/// The two sides of a card, as media go: what is shown while it is asked, and what is shown once it
/// is answered or turned.
public enum CardSide: Sendable, Equatable {
  /// The prompt and what the question offers to answer with: choices, a cloze's text, the items
  /// to pair or order.
  case front
  /// A flashcard's back, an open question's model answer and key points, and the explanation.
  case back
}

extension Question {
  /// The texts shown on `side` of this card.
  func texts(on side: CardSide) -> [String] {
    switch side {
    case .front:
      var texts = [prompt]
      switch body {
      case .single(let choices, _), .multiple(let choices, _): texts += choices.map(\.text)
      case .cloze(let text, _): texts.append(text)
      case .matching(let pairs, let distractors): texts += pairs.flatMap { [$0.left, $0.right] } + distractors
      case .ordering(let items): texts += items
      case .truefalse, .text, .numeric, .flashcard, .openEnded: break
      }
      return texts
    case .back:
      var texts: [String] = []
      switch body {
      case .flashcard(let back): texts.append(back)
      case .openEnded(let model, let keyPoints): texts += [model] + keyPoints
      default: break
      }
      return texts + [explanation]
    }
  }

  /// The images and sounds named on `sides` of this card of bank `bank`, in order, each once.
  public func media(on sides: [CardSide], bank: String) -> [MediaFile] {
    var seen = Set<MediaFile>()
    var files: [MediaFile] = []
    for side in sides {
      for text in texts(on: side) {
        for reference in InlineMarkup.mediaReferences(text) {
          let file = MediaFile(base: "bank/" + bank, source: reference.source, kind: reference.kind)
          if seen.insert(file).inserted { files.append(file) }
        }
      }
    }
    return files
  }
}

/// What came of ``Effect/playMedia(_:automatic:)`` or ``Effect/openMedia(_:)``, in the runtime's
/// words (it knows the players, the system and the files).
public struct MediaOutcome: Sendable, Equatable {
  /// `play` or `open`: the command the lines start with.
  public var command: String
  /// Autoplay: only what went wrong is shown, and a missing player only once.
  public var automatic: Bool
  /// What started (`Playing hello.mp3 with mpv.`); nil when nothing did.
  public var started: String?
  /// One line per file that could not be used, and why; the others still play.
  public var problems: [String]
  /// No program to play or open the files: why, and what to install.
  public var missingTool: String?
  public var hint: String?
  /// Files to show by their full path, for the learner to copy (no display to open them on).
  public var paths: [String]

  public init(
    command: String, automatic: Bool = false, started: String? = nil, problems: [String] = [],
    missingTool: String? = nil, hint: String? = nil, paths: [String] = []
  ) {
    self.command = command
    self.automatic = automatic
    self.started = started
    self.problems = problems
    self.missingTool = missingTool
    self.hint = hint
    self.paths = paths
  }
}
