/// "Did you mean …?" for a mistyped command (swift-argument-parser suggests options itself).
enum CommandSuggestion {
    /// The closest of `known` to `word`, if it is within two edits (or a prefix of one).
    static func closest(to word: String, among known: [String]) -> String? {
        let word = word.lowercased()
        let scored = known.map { ($0, distance(word, $0)) }.filter { $0.1 <= 2 || $0.0.hasPrefix(word) }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance (insertions, deletions, substitutions; a swap counts as two).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
