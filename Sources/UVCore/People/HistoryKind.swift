/// What happened to a notification, as `uvctl history` lists it: shown, withdrawn (closed by
/// uvd), a button pressed, or gone by itself (expired) or by the user's hand (dismissed); or
/// held, kept from the screen by a rule (the reason is the entry's key). Kept in the store and
/// sent over io.uvd by its raw value.
public enum HistoryKind: String, Sendable, Codable, CaseIterable {
    case notified, withdrawn, pressed, expired, dismissed, held
}
