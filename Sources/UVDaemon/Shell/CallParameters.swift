import UVCore
import UVEngine
import UVProtocol

/// What a call's parameters say, read into uvd's types at the edge (`ControlService`), so that
/// the core takes a `Rule`, `QuietHours` or a `FamilyMember`, never their written forms; a parameter that is
/// none of them is refused, naming what it was and what it may be.
enum CallParameters {
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

    /// `AddFamilyMember`'s person: a name checked (`FamilyMember.checkedName`), a skin type.
    static func newMember(_ call: FamilyMemberParameters) throws(Refusal) -> FamilyMember {
        let name: String
        switch FamilyMember.checkedName(call.name) {
        case .success(let checked): name = checked
        case .failure(let problem): throw Refusal(.invalidValue, problem.description)
        }
        guard let skinType = call.skinType else {
            throw Refusal(.invalidValue, tr("give %1$@'s skin type (I to VI; uvctl skin quiz --for NAME finds it)", name))
        }
        let change = try memberChange(FamilyMemberParameters(name: name, skinType: skinType.value, born: call.born, spf: call.spf))
        return FamilyMember(name: name, skinType: change.skinType ?? .I, born: change.born ?? nil, spf: change.spf ?? nil)
    }

    /// `SetFamilyMember`'s changes: each field given is read, "" forgetting `born` or `spf`.
    static func memberChange(_ call: FamilyMemberParameters) throws(Refusal) -> MemberChange {
        var change = MemberChange()
        change.skinType = call.skinType?.value
        if let text = call.born {
            guard text.isEmpty || BirthMonth(parsing: text) != nil else {
                throw Refusal(.invalidValue, tr("born '%1$@' is not a month: use YYYY-MM, e.g. 2024-03", text))
            }
            change.born = .some(BirthMonth(parsing: text))
        }
        if let text = call.spf {
            guard text.isEmpty || SPF(parsing: text) != nil else { throw Refusal(.invalidValue, SPF.refusal(of: text, for: "spf")) }
            change.spf = .some(SPF(parsing: text))
        }
        return change
    }
}
