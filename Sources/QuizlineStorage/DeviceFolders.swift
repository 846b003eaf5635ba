import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The device folders of a per-device profile, as every reader takes them (the fold, reports,
/// reviews, restore, sync). quizline follows no symbolic link below the progress folder, and each
/// device's log is counted once, so a folder is read only when:
///
/// - it is a real folder, not a link, and its `device.json`, `journal.jsonl`, `archive/` and the
///   segments in it are no links, devices or named pipes either;
/// - its `device.json`, when it can be read, names the folder's own id (a folder copied under
///   another name holds events the original folder already holds).
///
/// Any other folder is left out with its reason (``LeftOut``): for another device, quizline says
/// so at start, in `status` and in `report`; for this device's own folder, the profile is refused
/// (``refuseLinkedFolders(_:)``) before anything is read or written.
public struct DeviceFolders: Sendable {
  /// The folders that are read, sorted by id, with each one's record when it can be read.
  public var devices: [(id: String, record: DeviceRecord?)] = []
  /// The folders that are not read, sorted by id.
  public var leftOut: [LeftOut] = []

  /// A device folder that is not read, and why.
  public struct LeftOut: Sendable, Equatable {
    public var id: String
    /// The folder's path.
    public var path: String
    /// `'desktop'` when its record could be read safely, else the id's first 8 digits.
    public var label: String
    /// What is wrong, e.g. `folder is a symbolic link`.
    public var problem: String
    /// What happens to its answers, and what to do.
    public var advice: String

    /// The word said at start, in `status` and in `report`.
    public var notice: String { "device \(label): \(problem), not read (\(path)); \(advice)" }
  }

  static let linkAdvice = "its answers are left out of every figure until the link is replaced by the folder itself"

  /// The device folders of the profile at `layout` (whatever its `device`).
  public static func scan(_ layout: ProfileLayout) -> DeviceFolders {
    var folders = DeviceFolders()
    let names = ((try? LocalFileSource().entries(of: layout.devices)) ?? []).filter(DeviceIdentity.isDeviceID).sorted()
    let present = Set(names)
    for id in names {
      let path = layout.devices + "/" + id
      if let problem = linkProblem(layout.forDevice(id)) {
        folders.leftOut.append(
          LeftOut(
            id: id, path: path, label: String(id.prefix(8)), problem: describe(problem, in: layout.forDevice(id)),
            advice: linkAdvice))
        continue
      }
      let record = DeviceRecord.read(path + "/device.json")
      if let record, record.id != id {
        let copy = present.contains(record.id)
        folders.leftOut.append(
          LeftOut(
            id: id, path: path, label: "'\(record.shownName)'",
            problem: "its device.json names device \(record.id)"
              + (copy ? " (whose own folder \(layout.devices)/\(record.id) is read)" : "") + ", not this folder's id",
            advice: copy
              ? "its answers are not counted a second time: move this copy out of \(layout.devices)"
              : "its answers are left out until the folder is named \(record.id) again"))
        continue
      }
      folders.devices.append((id, record))
    }
    return folders
  }

  /// What makes the device folder of `device` unsafe to read: the first of the folder, its
  /// `archive/` and its files that is a link or not what it should be, and what it is; or nil.
  static func linkProblem(_ device: ProfileLayout) -> (path: String, kind: String)? {
    for folder in [device.ownFolder, device.archive] {
      if let kind = folderKind(folder) { return (folder, kind) }
    }
    for path in [device.ownFolder + "/device.json", device.journal] + device.archivedSegments() {
      if let kind = FileOps.irregularKind(path) { return (path, kind) }
    }
    return nil
  }

  /// `folder is a symbolic link`, `archive/0000000001-0000000500.jsonl is a named pipe`.
  static func describe(_ problem: (path: String, kind: String), in device: ProfileLayout) -> String {
    let name = problem.path == device.ownFolder ? "folder" : String(problem.path.dropFirst(device.ownFolder.count + 1))
    return "\(name)\(problem.path == device.archive ? "/" : "") is \(problem.kind)"
  }

  /// What `path` is when it exists and is not a real folder ("a symbolic link", "a regular file", …).
  static func folderKind(_ path: String) -> String? {
    var st = stat()
    guard lstat(path, &st) == 0, st.st_mode & S_IFMT != S_IFDIR else { return nil }
    return FileOps.describe(st.st_mode) ?? "a regular file"
  }

  /// Refuses a profile whose folder, `devices/` or this device's own folder (or a file in it) is a
  /// link or not a folder (exit 74), or whose own `device.json` names another device (exit 65):
  /// before anything of the profile is read or written. The progress folder itself (the one named
  /// with `--progress`) may be a link; nothing below it is followed.
  public static func refuseLinkedFolders(_ layout: ProfileLayout) throws(ProfileError) {
    for path in [layout.directory, layout.devices] {
      if let kind = folderKind(path) {
        let instead =
          path == layout.directory
          ? "name the folder that holds the real profile folder with --progress instead"
          : "replace the link with the folder it points to"
        throw ProfileError(
          "\(path): is \(kind), not a folder; quizline follows no link below the progress folder (\(instead)). Nothing was read or written.",
          exitCode: .ioError)
      }
    }
    guard let id = layout.device else { return }
    if let problem = linkProblem(layout) {
      let what =
        problem.path == layout.ownFolder
        ? "this device's folder is \(problem.kind)" : "is \(problem.kind), in this device's folder"
      throw ProfileError(
        "\(problem.path): \(what); quizline follows no link below the progress folder, so nothing was read or written. Replace it with the folder or file it points to, then start again.",
        exitCode: .ioError)
    }
    if let record = DeviceRecord.read(layout.ownFolder + "/device.json"), record.id != id {
      throw ProfileError(
        "\(layout.ownFolder)/device.json names device \(record.id), not this device (\(id)): the folder was copied or renamed by hand. Move it out of \(layout.devices); nothing was read or written.",
        exitCode: .dataError)
    }
  }
}
