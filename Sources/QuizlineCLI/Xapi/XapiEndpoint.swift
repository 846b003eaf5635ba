import QuizlineCore
import QuizlineStorage

/// The LRS a push goes to and the credentials it uses. No message here ever quotes a password, a
/// credentials option's value or an auth file's content: only what is wrong with them.
enum XapiEndpoint {
  /// Why credentials could not be read, with the exit code.
  struct Failure: Error, Equatable {
    var message: String
    var code: ExitCode
  }

  /// `URL/statements` for an xAPI endpoint URL (kept when it already ends in `/statements`), or
  /// what is wrong with it. A URL holding a user name or password is refused without repeating it.
  static func statementsURL(_ text: String) -> Result<String, Failure> {
    let lower = text.lowercased()
    guard let schemeEnd = lower.range(of: "://"), ["http", "https"].contains(String(lower[..<schemeEnd.lowerBound]))
    else {
      // A text with `@` may hold a password: it is not repeated.
      let shown = text.contains("@") ? "" : " (got \(quotedArg(text)))"
      return .failure(usage("the LRS URL must start with http:// or https://\(shown)"))
    }
    let rest = text[schemeEnd.upperBound...]
    let authority = rest.prefix { $0 != "/" }
    if authority.contains("@") {
      return .failure(
        usage(
          "the LRS URL holds a user name or password; give the URL without them and the credentials with --auth or --auth-file"
        ))
    }
    if authority.isEmpty { return .failure(usage("the LRS URL \(quotedArg(text)) has no host")) }
    if text.contains("?") || text.contains("#") {
      return .failure(usage("the LRS URL \(quotedArg(text)) must be the xAPI endpoint, without ?query or #fragment"))
    }
    if text.unicodeScalars.contains(where: { isControl($0) || $0 == " " }) {
      return .failure(usage("the LRS URL \(quotedArg(text)) has a space or a control character"))
    }
    var url = text
    while url.hasSuffix("/") { url.removeLast() }
    return .success(url.hasSuffix("/statements") ? url : url + "/statements")
  }

  /// The credentials of `--auth` (`basic:USER:PASSWORD`) or `--auth-file` (a file whose first line
  /// is `USER:PASSWORD`, optionally after `basic:`); nil when neither is given.
  static func credentials(
    auth: String?, file: String?, files: any FileSource = LocalFileSource(), origin: String = "--auth"
  ) -> Result<
    BasicCredentials?, Failure
  > {
    if auth != nil, file != nil {
      return .failure(Failure(message: "give --auth or --auth-file, not both", code: .usage))
    }
    if let auth {
      guard auth.hasPrefix("basic:"), let credentials = parse(String(auth.dropFirst(6))) else {
        return .failure(
          Failure(
            message: "\(origin) must be basic:USER:PASSWORD (a user name without ':', then the password)", code: .usage)
        )
      }
      return .success(credentials)
    }
    guard let file else { return .success(nil) }
    let bytes: [UInt8]
    do {
      bytes = try files.read(file, limit: 64 << 10)
    } catch .missing {
      return .failure(Failure(message: "no auth file \(quotedArg(file))", code: .noInput))
    } catch {
      return .failure(Failure(message: "auth file \(quotedArg(file)): \(error.message)", code: .ioError))
    }
    var line =
      String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .first.map(String.init) ?? ""
    if line.hasSuffix("\r") { line.removeLast() }
    if line.hasPrefix("basic:") { line.removeFirst(6) }
    guard let credentials = parse(line) else {
      return .failure(
        Failure(
          message: "auth file \(quotedArg(file)): its first line must be USER:PASSWORD (or basic:USER:PASSWORD)",
          code: .dataError))
    }
    return .success(credentials)
  }

  static func usage(_ message: String) -> Failure { Failure(message: message, code: .usage) }

  /// `USER:PASSWORD`: the user name is everything before the first `:` and must not be empty.
  static func parse(_ text: String) -> BasicCredentials? {
    guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return nil }
    return BasicCredentials(user: String(text[..<colon]), password: String(text[text.index(after: colon)...]))
  }
}
