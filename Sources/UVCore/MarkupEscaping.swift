/// Text made safe inside XML markup (a notification body with markup, an SVG's text).
extension String {
    /// With `&`, `<`, `>` and `"` written as entities. The scalars are replaced one by one, not
    /// the characters: a `<` followed by a combining mark is one `Character` in Swift, yet still a
    /// `<` to an XML reader, so comparing characters would let it through.
    public var escapingMarkup: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
