/// Path arithmetic on strings. Foundation's `NSString.deletingLastPathComponent` traps on a
/// one-character relative path (`"x"`) in this toolchain, so quizline does its own.
public enum PathText {
  /// The folder part of `path` (`"."` when there is none): `a/b.json` → `a`, `b.json` → `.`, `/x` → `/`.
  public static func directory(of path: String) -> String {
    var p = Substring(path)
    while p.count > 1, p.last == "/" { p = p.dropLast() }
    guard let slash = p.lastIndex(of: "/") else { return "." }
    let dir = p[..<slash]
    return dir.isEmpty ? "/" : String(dir)
  }

  /// The last component of `path`: `a/b.json` → `b.json`.
  public static func lastComponent(of path: String) -> String {
    var p = Substring(path)
    while p.count > 1, p.last == "/" { p = p.dropLast() }
    guard let slash = p.lastIndex(of: "/") else { return String(p) }
    return String(p[p.index(after: slash)...])
  }
}
