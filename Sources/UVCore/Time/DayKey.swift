import FoundationEssentials

/// A local calendar day, by its date on the place's clock (`2026-01-15`): what the rules remember
/// "done today" by. Encoded as that text, as the rules' saved state has always kept it, so state
/// saved before the type existed reads back unchanged.
public struct DayKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `YYYY-MM-DD`.
    public let text: String

    /// The day `date` falls on in `zone`.
    public init(_ date: Date, in zone: Zone) {
        text = LocalDay.key(date, in: zone)
    }

    /// A day as written (`2026-01-15`); the caller vouches for its form (saved state, a test).
    public init(text: String) {
        self.text = text
    }

    public init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }
}
