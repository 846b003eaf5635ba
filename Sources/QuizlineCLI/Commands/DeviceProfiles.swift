import QuizlineCore
import QuizlineStorage

/// Which layout a command uses for the profile: per-device logs (`devices/<id>/`) when this device
/// has a name (`--device`, `QUIZLINE_DEVICE`) or the profile already has devices; otherwise the
/// single journal, exactly as before per-device logs existed.
enum DeviceProfiles {
  static func usesDevices(_ env: CommandEnvironment, profile: String? = nil) -> Bool {
    env.settings.device != nil
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
  static func layout(_ env: CommandEnvironment, profile: String? = nil, forceDevices: Bool = false)
    throws(ProfileError) -> (ProfileLayout, DeviceIdentity?)
  {
    let name = profile ?? env.settings.profile
    guard forceDevices || usesDevices(env, profile: name) else {
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
    let (layout, me) = try layout(env, forceDevices: forceDevices)
    guard let me else {
      return try ProfileOpener.open(layout, profile: env.settings.profile, now: now, snapshotEvery: every)
    }
    return try DeviceProfileOpener.open(
      layout, name: me.name, profile: env.settings.profile, now: now, snapshotEvery: every)
  }

  /// Reads the profile without changing it, as this device sees it.
  static func view(_ env: CommandEnvironment, profile: String? = nil, now: Timestamp) throws(ProfileError)
    -> OpenedProfile
  {
    let (layout, _) = try layout(env, profile: profile)
    return try ProfileOpener.view(layout, now: now)
  }
}
