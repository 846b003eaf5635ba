import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This machine as a device of shared profiles: a random id created on first use and kept outside
/// the synced folder (`$XDG_STATE_HOME/quizline/device.json`, by default
/// `~/.local/state/quizline/device.json`), so copying a progress folder never copies an identity;
/// and a readable name (`--device NAME`, `QUIZLINE_DEVICE`, else the host name).
public struct DeviceIdentity: Sendable, Equatable {
  /// 32 lowercase hex digits (128 random bits).
  public var id: String
  public var name: String

  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }

  /// `$XDG_STATE_HOME/quizline`, or `$HOME/.local/state/quizline`; nil when neither is set.
  public static func stateDirectory(variables: [String: String]) -> String? {
    if let xdg = variables["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/quizline" }
    if let home = variables["HOME"], !home.isEmpty { return home + "/.local/state/quizline" }
    return nil
  }

  /// Why a device name is not accepted, or nil: 1 to 64 letters, digits, `-`, `_` or `.`.
  public static func nameProblem(_ name: String) -> String? {
    if name.isEmpty || name.utf8.count > 64 { return "a device name has 1 to 64 characters" }
    let allowed = name.unicodeScalars.allSatisfy {
      ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9")
        || "-_.".unicodeScalars
          .contains($0)
    }
    return allowed ? nil : "a device name uses letters, digits, '-', '_' and '.'"
  }

  /// This machine's identity, created (and kept) on first use. `name`, when given, becomes the
  /// stored name; without one the stored name, else the host name, is used.
  public static func load(stateDirectory: String, name: String?) throws(ProfileError) -> DeviceIdentity {
    let path = stateDirectory + "/device.json"
    var stored: DeviceIdentity?
    if let bytes = try FileOps.read(path) {
      guard let doc = try? JSONDocument.parse(bytes), let id = doc.root.member("id")?.string, isDeviceID(id),
        let storedName = doc.root.member("name")?.string
      else {
        throw ProfileError(
          "\(path) is not a quizline device identity; move it away to create a new one (this device then counts as a new device)",
          exitCode: .dataError)
      }
      stored = DeviceIdentity(id: id, name: storedName)
    }
    if let stored, name == nil || name == stored.name { return stored }
    let id: String
    if let stored { id = stored.id } else { id = try randomID() }
    let identity = DeviceIdentity(id: id, name: name ?? stored?.name ?? hostName())
    try FileOps.makeDirectories(stateDirectory)
    let written: Bool
    do {
      // A new identity only where none exists: two first starts at once must not each use their own.
      written = try FileOps.writeAtomically(Array(identity.json.utf8), to: path, onlyIfAbsent: stored == nil)
    } catch {
      throw ProfileError("cannot keep this device's identity: \(error.message)", exitCode: .ioError)
    }
    return written ? identity : try load(stateDirectory: stateDirectory, name: name)
  }

  var json: String {
    JSONText.object([("id", .string(id)), ("name", .string(name))]).rendered() + "\n"
  }

  /// Whether `text` looks like a device id (a folder name under `devices/`).
  public static func isDeviceID(_ text: String) -> Bool {
    text.utf8.count >= 8 && text.utf8.count <= 64
      && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
  }

  static func randomID() throws(ProfileError) -> String {
    var bytes = [UInt8](repeating: 0, count: 16)
    let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ProfileError("cannot read /dev/urandom: \(FileOps.lastError)", exitCode: .ioError) }
    defer { close(fd) }
    let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, 16) }
    guard n == 16 else { throw ProfileError("cannot read /dev/urandom", exitCode: .ioError) }
    return bytes.map { b in String(b >> 4, radix: 16) + String(b & 15, radix: 16) }.joined()
  }

  /// The host name reduced to the characters a device name allows ("device" when none is left).
  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, 255) == 0 else { return "device" }
    let raw = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let kept = String(raw.unicodeScalars.filter { nameProblem(String($0)) == nil }.prefix(64).map(Character.init))
    return kept.isEmpty ? "device" : kept
  }
}
