/// Levenshtein distance between two strings (by Unicode scalar), for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
  let x = Array(a.unicodeScalars)
  let y = Array(b.unicodeScalars)
  if x.isEmpty { return y.count }
  if y.isEmpty { return x.count }
  var previous = Array(0...y.count)
  var current = [Int](repeating: 0, count: y.count + 1)
  for i in 1...x.count {
    current[0] = i
    for j in 1...y.count {
      let cost = x[i - 1] == y[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[y.count]
}

/// The candidate closest to `word`, when it is close enough to be a plausible typo
/// (distance at most a third of the word's length, and at least 1 edit allowed).
public func closestMatch(to word: String, in candidates: [String]) -> String? {
  let lowered = word.lowercased()
  var best: (String, Int)?
  for c in candidates.sorted() {
    let d = editDistance(lowered, c.lowercased())
    if d < (best?.1 ?? Int.max) { best = (c, d) }
  }
  guard let (candidate, distance) = best else { return nil }
  let allowed = max(1, min(3, (max(word.count, candidate.count) + 2) / 3))
  if lowered.hasPrefix(candidate.lowercased()) || candidate.lowercased().hasPrefix(lowered) { return candidate }
  return distance <= allowed ? candidate : nil
}
