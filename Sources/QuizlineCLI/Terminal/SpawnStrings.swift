import Foundation

/// The argument and environment arrays `posix_spawn` takes: NULL-terminated arrays of C strings,
/// alive for the call and freed after it. The one place the pager, the editor and the sound
/// players make them.
enum SpawnStrings {
  /// Calls `body` with `argv` and `environment` (`KEY=value` each) as C string arrays.
  static func with<Result>(
    _ argv: [String], environment: [String: String],
    _ body: (_ argv: [UnsafeMutablePointer<CChar>?], _ envp: [UnsafeMutablePointer<CChar>?]) -> Result
  ) -> Result {
    let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in cArgs { free(p) }
      for p in cEnv { free(p) }
    }
    return body(cArgs, cEnv)
  }
}
