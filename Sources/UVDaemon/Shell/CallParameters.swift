import UVCore
import UVEngine
import UVProtocol

/// What a call's parameters say, read into uvd's types at the edge (`ControlService`), so that
/// the core takes a `Rule`, `QuietHours` or a `FamilyMember`, never their written forms; a parameter that is
/// none of them is refused, naming what it was and what it may be.
enum CallParameters {
    /// `SetQuiet`'s spans (each read as the parameters were decoded), or nil with `reset` (back
    /// to the configuration's).
    static func quietHours(spans: [QuietSpan]?, reset: Bool) throws(Refusal) -> QuietHours? {
        if reset { return nil }
        guard let spans else { throw Refusal(.invalidValue, tr("give spans (an empty list for none) or reset")) }
        return QuietHours(spans)
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
        return FamilyMember(name: name, skinType: skinType.value, born: call.born?.value, spf: call.spf?.value)
    }

    /// `SetFamilyMember`'s changes: each field given, "" (`Settable.forget`) forgetting `born` or
    /// `spf` (each checked as it was decoded).
    static func memberChange(_ call: FamilyMemberParameters) -> MemberChange {
        MemberChange(skinType: call.skinType?.value, born: call.born.map(\.value), spf: call.spf.map(\.value))
    }
}
