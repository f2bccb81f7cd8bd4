/// The rules that speak, by name: what the engine's rules are (`UVEngine`), what `uvctl snooze`,
/// `mute` and `unmute` and the socket name, and what the store keeps them under.
public enum Rule: String, Sendable, Codable, CaseIterable, CodingKeyRepresentable {
    case leaveHome = "leave-home"
    case uvAlert = "uv-alert"
    case reapply
    case morning
    /// Half and four fifths of the day's burn dose reached while outside.
    case dose

    /// Every rule's name, as uvctl and the socket take them: `leave-home, uv-alert, …`. What the
    /// help of `snooze`, `mute` and `unmute` says, so that a new rule is named there by itself.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
