import FoundationEssentials

/// How far data can be trusted by its age: fresh up to 90 minutes, stale (shown, marked) up to
/// 6 hours, then expired (not used for alerts; the model answers instead).
public enum Freshness: String, Sendable, Codable {
    case fresh, stale, expired

    public static let staleAfter: TimeInterval = 90 * 60
    public static let expiredAfter: TimeInterval = 6 * 3600

    public init(updatedAt: Date, now: Date) {
        let age = now.timeIntervalSince(updatedAt)
        self = age > Self.expiredAfter ? .expired : age > Self.staleAfter ? .stale : .fresh
    }
}
