/// The one wording of a recorded application, "Applied SPF 30 • Medium at 10:05 — reapply by
/// 12:05", shown by the reminder notification, `uvctl status` and `uvctl sunscreen`; each passes
/// the times on its clock (the place's, 12- or 24-hour as the locale says).
public enum AppliedSentence {
    public static func text(spf: SPF, quantity: SunscreenQuantity, appliedAt: String, reapplyAt: String) -> String {
        let name = quantity.rawValue.prefix(1).uppercased() + quantity.rawValue.dropFirst()
        return tr("Applied SPF %1$@ • %2$@ at %3$@ — reapply by %4$@", spf.argument, name, appliedAt, reapplyAt)
    }
}
