/// Text made safe inside XML or Pango markup (a notification body with markup, an SVG's text,
/// waybar's `text` and `tooltip`).
extension String {
    /// With `&`, `<`, `>` and `"` written as entities, and `'` too with `apostrophe` (Pango's
    /// attribute values may be in single quotes). The scalars are replaced one by one, not the
    /// characters: a `<` followed by a combining mark is one `Character` in Swift, yet still a `<`
    /// to a markup reader, so comparing characters would let it through.
    public func escapingMarkup(apostrophe: Bool = false) -> String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'" where apostrophe: escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
