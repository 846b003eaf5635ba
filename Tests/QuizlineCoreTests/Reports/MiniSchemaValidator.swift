import Foundation

@testable import QuizlineCore

/// A JSON Schema 2020-12 validator for the keywords `schemas/report.schema.json` uses: `type`,
/// `properties`, `required`, `additionalProperties: false`, `items`, `$ref` into `$defs`, `oneOf`,
/// `enum`, `const`, `minimum`, `maximum` and `pattern`. Any other keyword fails validation, so the
/// schema cannot grow a rule this check silently ignores. It also checks that object keys come in
/// the order the schema lists them (the report's stable key order).
struct MiniSchemaValidator {
  let schema: JSONDocument
  static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
  static let known: Set<String> = [
    "type", "properties", "required", "additionalProperties", "items", "$ref", "oneOf", "enum", "const", "minimum",
    "maximum", "pattern",
  ]

  init(schemaPath: String) throws {
    schema = try JSONDocument.parse(Array(try Data(contentsOf: URL(fileURLWithPath: schemaPath))))
  }

  /// Problems of `text` against the schema, as `path: message` (empty when valid).
  func validate(_ text: String) throws -> [String] {
    let doc = try JSONDocument.parse(Array(text.utf8))
    var problems: [String] = []
    check(doc.root, against: schema.root, at: "", into: &problems)
    return problems
  }

  private func member(_ object: JSONValue, _ key: String) -> JSONValue? {
    object.members.first { $0.key.string == key }?.value
  }

  private func resolve(_ ref: String) -> JSONValue {
    member(member(schema.root, "$defs")!, String(ref.dropFirst("#/$defs/".count)))!
  }

  private func check(_ value: JSONValue, against rules: JSONValue, at path: String, into problems: inout [String]) {
    for (k, _) in rules.members {
      let key = k.string ?? ""
      if !Self.known.contains(key) && !Self.annotations.contains(key) {
        problems.append("\(path): keyword \(key) is not supported here")
      }
    }
    if let ref = member(rules, "$ref")?.string { check(value, against: resolve(ref), at: path, into: &problems) }
    if let options = member(rules, "oneOf") {
      let matches = options.elements.filter { option in
        var inner: [String] = []
        check(value, against: option, at: path, into: &inner)
        return inner.isEmpty
      }.count
      if matches != 1 { problems.append("\(path): matches \(matches) oneOf alternatives, not one") }
    }
    if let t = member(rules, "type") {
      let allowed = t.kind == .array ? t.elements.compactMap(\.string) : [t.string ?? ""]
      if !allowed.contains(where: { Self.isType(value, $0) }) {
        problems.append("\(path): not \(allowed.joined(separator: "|"))")
      }
    }
    if let c = member(rules, "const"), !Self.equal(c, value) {
      problems.append("\(path): must be \(c.numberText ?? c.string ?? "")")
    }
    if let e = member(rules, "enum"), !e.elements.contains(where: { Self.equal($0, value) }) {
      problems.append("\(path): not in enum")
    }
    if value.kind == .number, let x = value.double {
      if let m = member(rules, "minimum")?.double, x < m { problems.append("\(path): \(x) < \(m)") }
      if let m = member(rules, "maximum")?.double, x > m { problems.append("\(path): \(x) > \(m)") }
    }
    if let s = value.string, let pattern = member(rules, "pattern")?.string {
      let regex = try! NSRegularExpression(pattern: pattern)
      if regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil {
        problems.append("\(path): \(s) does not match \(pattern)")
      }
    }
    if value.kind == .object {
      let properties = member(rules, "properties")
      let required = member(rules, "required")?.elements.compactMap(\.string) ?? []
      let keys = value.members.compactMap { $0.key.string }
      for key in required where !keys.contains(key) { problems.append("\(path): missing \(key)") }
      if member(rules, "additionalProperties")?.kind == .false {
        for key in keys where properties.flatMap({ member($0, key) }) == nil {
          problems.append("\(path): unexpected key \(key)")
        }
      }
      // The order the schema lists the properties in (optional ones, such as `undefined`, too).
      let order = properties?.members.compactMap { $0.key.string } ?? required
      if !required.isEmpty, keys != order.filter({ keys.contains($0) }) {
        problems.append("\(path): keys in order \(keys), not \(order)")
      }
      for (k, v) in value.members {
        guard let key = k.string, let sub = properties.flatMap({ member($0, key) }) else { continue }
        check(v, against: sub, at: path + "/" + key, into: &problems)
      }
    }
    if value.kind == .array, let items = member(rules, "items") {
      for (k, element) in value.elements.enumerated() {
        check(element, against: items, at: "\(path)/\(k)", into: &problems)
      }
    }
  }

  static func isType(_ value: JSONValue, _ type: String) -> Bool {
    switch type {
    case "null": value.kind == .null
    case "boolean": value.kind == .true || value.kind == .false
    case "integer": value.kind == .number && value.int != nil
    case "number": value.kind == .number
    case "string": value.kind == .string
    case "array": value.kind == .array
    case "object": value.kind == .object
    default: false
    }
  }

  static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
    if a.kind == .string, b.kind == .string { return a.string == b.string }
    if a.kind == .number, b.kind == .number { return a.double == b.double }
    return a.kind == b.kind && (a.kind == .null || a.kind == .true || a.kind == .false)
  }
}
