import UVCore

/// How long before now sunscreen went on, in whole minutes: 0 to 720 (half a day; an
/// application older than that has run out under any sunscreen). The range is said here alone:
/// uvctl refuses `--minutes-ago` with it, the daemon a call's `minutesAgo` as it decodes it
/// (`ValueRefused`, answered `io.uvd.InvalidValue`). On the wire it is the number, as before.
public struct MinutesAgo: Codable, Sendable, Equatable {
    public static let range = 0...720
    public let minutes: Int

    /// Nil when `minutes` is outside `range`.
    public init?(_ minutes: Int) {
        guard Self.range.contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// "--minutes-ago must be 0 to 720 (got 900)": `parameter` as the caller named it.
    public static func refusal(of minutes: Int, for parameter: String) -> String {
        tr("%1$@ must be 0 to 720 (got %2$@)", parameter, minutes)
    }

    public init(from decoder: any Decoder) throws {
        let minutes = try decoder.singleValueContainer().decode(Int.self)
        guard let checked = Self(minutes) else {
            throw ValueRefused(message: Self.refusal(of: minutes, for: decoder.codingPath.last?.stringValue ?? "parameters"))
        }
        self = checked
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(minutes)
    }
}
