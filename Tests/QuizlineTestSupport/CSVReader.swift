/// A test-side reader of the reports' CSV, written independently of the product's writer.
///
/// Parses RFC 4180 CSV (CRLF rows, quoted fields with doubled quotes) back into rows.
public func parseCSV(_ text: String) -> [[String]]? {
  var rows: [[String]] = []
  var row: [String] = []
  var field = ""
  var quoted = false
  var chars = Array(text.unicodeScalars)[...]
  while let c = chars.first {
    chars = chars.dropFirst()
    if quoted {
      if c == "\"" {
        if chars.first == "\"" {
          field.unicodeScalars.append("\"")
          chars = chars.dropFirst()
        } else {
          quoted = false
        }
      } else {
        field.unicodeScalars.append(c)
      }
    } else if c == "\"" {
      guard field.isEmpty else { return nil }
      quoted = true
    } else if c == "," {
      row.append(field)
      field = ""
    } else if c == "\r" {
      guard chars.first == "\n" else { return nil }
      chars = chars.dropFirst()
      row.append(field)
      rows.append(row)
      row = []
      field = ""
    } else if c == "\n" {
      return nil
    } else {
      field.unicodeScalars.append(c)
    }
  }
  guard !quoted, field.isEmpty, row.isEmpty else { return nil }
  return rows
}
