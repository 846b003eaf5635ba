import QuizlineCore
import QuizlineStorage

/// Which layout a command uses for the profile. Writing always uses per-device logs
/// (`devices/<id>/`): the first open of a single-journal profile by this release moves its journal
/// and archive into this device's folder, so a folder copied by a sync tool is never written by
/// two devices at once. The single journal stays only where no device identity can be kept
/// (neither `XDG_STATE_HOME` nor `HOME` set). Reading uses per-device logs when this device has a
/// name (`--device`, `QUIZLINE_DEVICE`) or the profile has devices: a profile not yet migrated is
/// read as it is, without changing a file.
enum DeviceProfiles {
  static func usesDevices(_ env: CommandEnvironment, profile: String? = nil, writing: Bool = false) -> Bool {
    if writing && DeviceIdentity.stateDirectory(variables: env.variables) != nil { return true }
    return env.settings.device != nil
      || DeviceProfileOpener.hasDevices(
        ProfileLayout(progressDirectory: env.settings.progressDirectory, profile: profile ?? env.settings.profile))
  }

  /// This machine's device identity (created on first use, outside the progress folder).
  static func identity(_ env: CommandEnvironment) throws(ProfileError) -> DeviceIdentity {
    guard let state = DeviceIdentity.stateDirectory(variables: env.variables) else {
      throw ProfileError(
        "cannot keep this device's identity: neither XDG_STATE_HOME nor HOME is set", exitCode: .usage)
    }
    return try DeviceIdentity.load(stateDirectory: state, name: env.settings.device)
  }

  /// The profile's layout for this device (`forceDevices`: per-device even for a profile that has
  /// none yet, as `sync` needs).
  static func layout(
    _ env: CommandEnvironment, profile: String? = nil, forceDevices: Bool = false, writing: Bool = false
  ) throws(ProfileError) -> (ProfileLayout, DeviceIdentity?) {
    let name = profile ?? env.settings.profile
    guard forceDevices || usesDevices(env, profile: name, writing: writing) else {
      return (ProfileLayout(progressDirectory: env.settings.progressDirectory, profile: name), nil)
    }
    let me = try identity(env)
    return (ProfileLayout(progressDirectory: env.settings.progressDirectory, profile: name, device: me.id), me)
  }

  /// Opens the profile for writing (locked), per device when it applies.
  static func open(_ env: CommandEnvironment, now: Timestamp, forceDevices: Bool = false) throws(ProfileError)
    -> OpenedProfile
  {
    let every = env.variables["QUIZLINE_SNAPSHOT_EVERY"].flatMap(Int.init) ?? ProfileOpener.defaultSnapshotEvery
    let layout: ProfileLayout
    let me: DeviceIdentity?
    var notices: [String] = []
    do {
      (layout, me) = try self.layout(env, forceDevices: forceDevices, writing: true)
    } catch  where !forceDevices && !usesDevices(env) {
      // No identity can be kept here (a full disk, a read-only state folder): a profile without
      // devices goes on in the single journal, as before per-device logs existed.
      (layout, me) = (
        ProfileLayout(progressDirectory: env.settings.progressDirectory, profile: env.settings.profile), nil
      )
      let lead = "cannot keep this device's identity: "
      let reason = error.message.hasPrefix(lead) ? String(error.message.dropFirst(lead.count)) : error.message
      notices.append(
        "\(lead)\(reason); this profile goes on in its single journal, without a device log (set XDG_STATE_HOME to a folder quizline can write)"
      )
    }
    guard let me else {
      var opened = try ProfileOpener.open(layout, profile: env.settings.profile, now: now, snapshotEvery: every)
      opened.notices = notices + opened.notices
      return opened
    }
    return try DeviceProfileOpener.open(
      layout, name: me.name, profile: env.settings.profile, now: now, snapshotEvery: every)
  }

  /// The layout for reading the profile (`status`, `list`, `report`, `--read-only`, `export-anki
  /// --with-history`): as ``layout(_:profile:forceDevices:writing:)``, except that an identity that
  /// cannot be read (a damaged `device.json` in the state folder) does not stop a command that
  /// changes nothing. The profile is then read as no device sees it (every device's log, no
  /// unfinished quiz or undo of this one), and the notice names the problem.
  static func readingLayout(_ env: CommandEnvironment, profile: String? = nil) throws(ProfileError)
    -> (layout: ProfileLayout, notice: String?)
  {
    do {
      return (try layout(env, profile: profile).0, nil)
    } catch  where error.exitCode == .dataError || error.exitCode == .ioError {
      let layout = ProfileLayout(
        progressDirectory: env.settings.progressDirectory, profile: profile ?? env.settings.profile)
      return (
        layout,
        "\(error.message). Read-only until then: the profile is shown without this device's unfinished quiz and undo, and nothing can be recorded."
      )
    }
  }

  /// Reads the profile without changing it, as this device sees it.
  static func view(_ env: CommandEnvironment, profile: String? = nil, now: Timestamp) throws(ProfileError)
    -> OpenedProfile
  {
    let (layout, notice) = try readingLayout(env, profile: profile)
    var opened = try ProfileOpener.view(layout, now: now)
    if let notice { opened.notices.insert(notice, at: 0) }
    return opened
  }
}
