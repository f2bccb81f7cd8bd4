import FoundationEssentials
import UVCore

/// Health of every provider and the day's request count.
public struct ProviderState: Sendable, Equatable, Codable {
    public var health: [String: ProviderHealth] = [:]
    public var budget = RequestBudget(day: "")
    public var lastManualRefresh: Date?

    public init() {}

    public subscript(source: UVSource) -> ProviderHealth {
        get { health[source.rawValue] ?? ProviderHealth() }
        set { health[source.rawValue] = newValue }
    }
}
