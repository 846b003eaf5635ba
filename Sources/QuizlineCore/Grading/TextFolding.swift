/// Text folded for duplicate detection and answer matching: lower-cased, spaces collapsed and trimmed.
public func normalizedForComparison(_ text: String, ignoringPunctuation: Bool = false) -> String {
  asciiNormalizedForComparison(text, ignoringPunctuation: ignoringPunctuation)
    ?? unicodeNormalizedForComparison(text, ignoringPunctuation: ignoringPunctuation)
}

/// Folded text without a leading English article (`a `, `an `, `the `), when something follows it.
func withoutLeadingArticle(_ folded: String) -> String {
  for article in ["a ", "an ", "the "] where folded.hasPrefix(article) && folded.utf8.count > article.utf8.count {
    return String(folded.dropFirst(article.count))
  }
  return folded
}

/// A 64-bit FNV-1a hash of ``normalizedForComparison(_:ignoringPunctuation:)``, computed without
/// building the folded string for ASCII text: what duplicate checks while loading compare (two
/// different folded texts sharing a hash would be one warning too many, at odds of 2^-64).
public func comparisonKey(_ text: String, ignoringPunctuation: Bool = false) -> UInt64 {
  var hash = FNVSink()
  if asciiFold(text, ignoringPunctuation: ignoringPunctuation, into: &hash) { return hash.value }
  if !ignoringPunctuation {
    // Kana, CJK, accented Latin-1 and emoji without the Unicode tables (ScriptFolding.swift).
    var scripts = FNVSink()
    if scriptFold(text, into: &scripts) { return scripts.value }
  }
  return fnv1a(unicodeNormalizedForComparison(text, ignoringPunctuation: ignoringPunctuation).utf8)
}

/// ``comparisonKey(_:ignoringPunctuation:)`` of the text whose UTF-8 bytes are `utf8`, straight
/// from the bytes when they are ASCII (a decoder hashing a literal in its file, without the
/// string's view); nil for any other text, whose key the string gives.
public func comparisonKey(utf8: UnsafeBufferPointer<UInt8>) -> UInt64? {
  var hash = FNVSink()
  return asciiFold(utf8, ignoringPunctuation: false, into: &hash) ? hash.value : nil
}

/// The same folding for printable ASCII text (with tab and line ends) without Unicode property
/// look-ups, which made them most of loading a bank; nil for any other byte. Tested equal to the
/// Unicode path.
func asciiNormalizedForComparison(_ text: String, ignoringPunctuation: Bool) -> String? {
  var out: [UInt8] = []
  out.reserveCapacity(text.utf8.count)
  guard asciiFold(text, ignoringPunctuation: ignoringPunctuation, into: &out) else { return nil }
  return String(decoding: out, as: UTF8.self)
}

/// Where folded bytes go: a buffer, or a running hash.
protocol FoldSink {
  mutating func append(_ byte: UInt8)
}

extension Array: FoldSink where Element == UInt8 {}

struct FNVSink: FoldSink {
  var value: UInt64 = 0xcbf2_9ce4_8422_2325
  mutating func append(_ byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
}

/// Folds ASCII `text` into `sink`; false (with a partial sink) at the first byte outside printable
/// ASCII, tab and line ends.
func asciiFold<Sink: FoldSink>(_ text: String, ignoringPunctuation: Bool, into sink: inout Sink) -> Bool {
  // A native string's bytes are contiguous: read them through a pointer rather than the view's
  // iterator (which checks the string's representation at every byte).
  if let folded = text.utf8.withContiguousStorageIfAvailable({
    asciiFold($0, ignoringPunctuation: ignoringPunctuation, into: &sink)
  }) {
    return folded
  }
  return asciiFold(text.utf8, ignoringPunctuation: ignoringPunctuation, into: &sink)
}

/// ``asciiFold(_:ignoringPunctuation:into:)`` on the text's bytes.
@inline(__always)
private func asciiFold<Bytes: Sequence<UInt8>, Sink: FoldSink>(
  _ bytes: Bytes, ignoringPunctuation: Bool, into sink: inout Sink
) -> Bool {
  var pendingSpace = false
  var started = false
  if !ignoringPunctuation {
    // The same steps with the punctuation test left out (every duplicate check while loading).
    for b in bytes {
      if b > 0x20 && b < 0x7F {
        if pendingSpace {
          sink.append(0x20)
          pendingSpace = false
        }
        sink.append(b &- 0x41 < 26 ? b + 0x20 : b)
        started = true
      } else if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
        pendingSpace = started
      } else {
        return false
      }
    }
    return true
  }
  for b in bytes {
    if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
      pendingSpace = started
      continue
    }
    guard b > 0x20 && b < 0x7F else { return false }
    let isLetterOrDigit = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    // Every other printable ASCII character is punctuation or a symbol.
    if ignoringPunctuation && !isLetterOrDigit && b != UInt8(ascii: "@") && b != UInt8(ascii: "#")
      && b != UInt8(ascii: "$")
    {
      pendingSpace = pendingSpace || started
      continue
    }
    if pendingSpace {
      sink.append(0x20)
      pendingSpace = false
    }
    sink.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
    started = true
  }
  return true
}

func unicodeNormalizedForComparison(_ text: String, ignoringPunctuation: Bool) -> String {
  var out = ""
  var pendingSpace = false
  for ch in text.lowercased() {
    if ch.isWhitespace {
      pendingSpace = !out.isEmpty
      continue
    }
    if ignoringPunctuation && (ch.isPunctuation || ch.isSymbol) && ch != "@" && ch != "#" && ch != "$" {
      pendingSpace = pendingSpace || !out.isEmpty
      continue
    }
    if pendingSpace {
      out.append(" ")
      pendingSpace = false
    }
    out.append(ch)
  }
  return out
}
