/// A sentence a person reads — a notification, a line of uvctl output, an error, a `--help` text —
/// in the source language, English, with its arguments filled in.
///
/// Every such sentence goes through `tr`, gettext-style: the English template is the message id.
/// It must be a literal (`StaticString`), so `scripts/update-catalog` finds every one in the sources
/// and writes them all to the one catalog, `po/uvd.pot`, the file translators start from.
/// Arguments are positional (`%1$@`, `%2$@`) so that a translation may reorder them; numbers are
/// formatted by the caller (`DisplayLocale.decimal`). A test fails when the catalog is out of date.
/// At run time the template is looked up in the user's language (`Localization`); English is the
/// fallback.
public func tr(_ template: StaticString, _ arguments: any CustomStringConvertible...) -> String {
    let english = template.description
    return fill(Localization.catalog?.translations[english] ?? english, arguments)
}

/// A sentence whose wording follows a count (`1 hour`, `3 hours`), gettext's `ngettext`: the
/// catalog's plural rule picks the translation's form for `count`; in English, `singular` for 1
/// and `plural` otherwise. `count` is usually also one of the arguments.
public func trn(_ singular: StaticString, _ plural: StaticString, count: Int, _ arguments: any CustomStringConvertible...) -> String {
    let english = singular.description
    let text = Localization.catalog?.plural(english, for: count) ?? (count == 1 ? english : plural.description)
    return fill(text, arguments)
}

/// The template with each `%N$@` replaced by argument N, in one pass: an argument's own text
/// (a city, a provider's error) is never read as a placeholder. Substrings are added with
/// `append(contentsOf:)`, whose overload for `Substring` is concrete: `+=` picks the generic one,
/// whose first use makes a type from its mangled name and scans every conformance record in the
/// binary to check it (200,000 instructions in each `uvctl` that prints a sentence).
private func fill(_ template: String, _ arguments: [any CustomStringConvertible]) -> String {
    guard !arguments.isEmpty else { return template }
    var text = ""
    var rest = template[...]
    while let percent = rest.firstIndex(of: "%") {
        text.append(contentsOf: rest[..<percent])
        let digits = rest[rest.index(after: percent)...].prefix { $0.isASCII && $0.isNumber }
        let suffix = rest[digits.endIndex...]
        if let number = Int(digits), (1...arguments.count).contains(number), suffix.hasPrefix("$@") {
            text += arguments[number - 1].description
            rest = suffix.dropFirst(2)
        } else {
            text.append("%")
            rest = rest[rest.index(after: percent)...]
        }
    }
    text.append(contentsOf: rest)
    return text
}
