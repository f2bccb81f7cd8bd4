/// A sentence a person reads — a notification, a line of uvctl output, an error, a `--help` text —
/// in the source language, English, with its arguments filled in.
///
/// Every such sentence goes through `tr`, gettext-style: the English template is the message id.
/// It must be a literal (`StaticString`), so `scripts/update-catalog` finds every one in the sources
/// and writes them all to the one catalog, `po/uvd.pot`, the file translators start from.
/// Arguments are positional (`%1$@`, `%2$@`) so that a translation may reorder them; numbers are
/// formatted by the caller. A test fails when the catalog is out of date. At run time the
/// template is looked up in the user's language (`Localization`); English is the fallback.
public func tr(_ template: StaticString, _ arguments: any CustomStringConvertible...) -> String {
    let english = template.description
    var text = Localization.catalog?.translations[english] ?? english
    for (index, argument) in arguments.enumerated() {
        text = text.replacingOccurrences(of: "%\(index + 1)$@", with: argument.description)
    }
    return text
}
