extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)` gives them. The
    /// standard library's is generic and compiled into it: its first call makes a type from its
    /// mangled name, which has the runtime check the type's requirements by scanning every
    /// conformance record in the binary (200,000 instructions, 4 % of a `uvctl status`). This one
    /// is compiled here, for arrays of strings; used on the way of `uvctl`'s every answer.
    public func joinedText(separator: String) -> String {
        guard let first else { return "" }
        var text = first
        for element in dropFirst() {
            text += separator
            text += element
        }
        return text
    }
}
