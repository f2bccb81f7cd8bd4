/// Finding and replacing text by plain comparison, with the standard library alone. `String`'s
/// `replacing(_:with:)`, `firstRange(of:)` and `contains(_:)` for text come from the regex
/// module (`_StringProcessing`): generic searchers, and the first call of any of them reads the
/// module's 400 KB of code from disk, at every start of uvd and of uvctl.
extension StringProtocol {
    /// With each `character` replaced by `replacement`.
    public func replacing(every character: Character, with replacement: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for each in self {
            if each == character { result += replacement } else { result.append(each) }
        }
        return result
    }

    /// Where `text` first stands in it, compared character by character; nil where it does not
    /// (or is empty).
    public func firstRange(ofText text: some StringProtocol) -> Range<Index>? {
        guard !text.isEmpty else { return nil }
        var start = startIndex
        while start < endIndex {
            if self[start...].starts(with: text) { return start..<index(start, offsetBy: text.count) }
            start = index(after: start)
        }
        return nil
    }

    /// Whether `text` stands in it.
    public func contains(text: some StringProtocol) -> Bool {
        firstRange(ofText: text) != nil
    }
}
