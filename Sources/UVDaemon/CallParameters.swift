import UVCore
import UVEngine

/// What a call's parameters say, read into uvd's types at the edge (`ControlService`), so that
/// the core takes a `Rule` and `QuietHours`, never their written forms; a parameter that is
/// none of them is refused, naming what it was and what it may be.
enum CallParameters {
    /// A rule's name (`uv-alert`).
    static func rule(_ name: String) throws(Refusal) -> Rule {
        guard let rule = Rule(rawValue: name) else {
            throw Refusal(.invalidValue, tr("no rule '%1$@'; rules: %2$@", name, Rule.names))
        }
        return rule
    }

    /// `SetQuiet`'s spans (`22:00-07:00`), or nil with `reset` (back to the configuration's).
    static func quietHours(spans: [String]?, reset: Bool) throws(Refusal) -> QuietHours? {
        if reset { return nil }
        guard let spans else { throw Refusal(.invalidValue, tr("give spans (an empty list for none) or reset")) }
        var parsed: [QuietSpan] = []
        for text in spans {
            guard let span = QuietSpan(parsing: text) else {
                throw Refusal(
                    .invalidValue, tr("'%1$@' is not a span: use HH:MM-HH:MM, e.g. 22:00-07:00 (it may cross midnight)", text))
            }
            parsed.append(span)
        }
        return QuietHours(parsed)
    }
}
