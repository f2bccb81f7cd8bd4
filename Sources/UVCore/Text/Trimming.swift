/// Spaces cut from the ends of a text, by Unicode's `White_Space` property (what Foundation's
/// `CharacterSet.whitespaces` and `.whitespacesAndNewlines` name), without Foundation.
extension StringProtocol {
    /// Without the spaces and tabs at either end; line breaks stay.
    public func trimmingSpaces() -> String {
        trimming { $0.isWhitespace && !$0.isNewline }
    }

    /// Without the spaces, tabs and line breaks at either end.
    public func trimmingWhitespace() -> String {
        trimming(\.isWhitespace)
    }

    private func trimming(_ cut: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !cut($0) }), let last = lastIndex(where: { !cut($0) }) else { return "" }
        return String(self[first...last])
    }
}
