/// A program that plays sound files: the one home of which players `play` and autoplay use, in
/// which order, with which arguments, for which file types (the CLI looks them up on `PATH`;
/// `help play` lists them).
public struct SoundPlayerProgram: Sendable, Equatable {
  /// The executable's name, looked up on `PATH`.
  public var name: String
  /// The arguments before the file's path: no window, no terminal output.
  public var arguments: [String]
  /// The file types it plays, as lowercase extensions; nil: every type (it has its own decoders).
  public var types: [String]?
  /// Where it comes from, for `help play` (nil: any system).
  public var system: String?

  /// The players in the order they are tried.
  public static let all: [SoundPlayerProgram] = [
    SoundPlayerProgram(name: "mpv", arguments: ["--no-video", "--really-quiet", "--no-terminal"], types: nil),
    SoundPlayerProgram(name: "ffplay", arguments: ["-nodisp", "-autoexit", "-loglevel", "quiet"], types: nil),
    // PulseAudio's player reads what libsndfile reads: no MP3 or AAC on the systems it ships with.
    SoundPlayerProgram(name: "paplay", arguments: [], types: ["wav", "flac", "ogg", "oga", "aiff", "aif", "au"]),
    // ALSA's player reads raw PCM containers only.
    SoundPlayerProgram(name: "aplay", arguments: ["-q"], types: ["wav", "au"]),
    SoundPlayerProgram(
      name: "afplay", arguments: [], types: ["mp3", "m4a", "aac", "wav", "aiff", "aif", "caf", "flac"],
      system: "macOS"),
  ]

  /// Whether it plays a file named `fileName` (by its extension, case-insensitively).
  public func plays(_ fileName: String) -> Bool {
    guard let types else { return true }
    return types.contains(Self.type(of: fileName))
  }

  /// The lowercase extension of `fileName` ("" when it has none).
  public static func type(of fileName: String) -> String {
    let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }

  /// The players that play every type (what to install when none plays a file).
  public static var universal: [String] { all.filter { $0.types == nil }.map(\.name) }

  /// The lines of `help play` that list the players and their types.
  static var helpLines: [String] {
    let universal = all.filter { $0.types == nil }
    var lines = [
      "  " + TextWrap.pad(universal.map(\.name).joined(separator: ", "), to: 18)
        + "every type (.mp3 .ogg .opus .m4a .wav .flac ...)"
    ]
    for player in all where player.types != nil {
      let name = player.name + (player.system.map { " (\($0))" } ?? "")
      lines.append("  " + TextWrap.pad(name, to: 18) + (player.types ?? []).map { "." + $0 }.joined(separator: " "))
    }
    return lines
  }
}
