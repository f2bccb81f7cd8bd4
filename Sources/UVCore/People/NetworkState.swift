import FoundationEssentials

/// What kind of connection carries the default route.
public enum NetworkKind: String, Sendable, Codable, CaseIterable {
    case wifi, cellular, wired, none
}

/// The default route's connection, as the network watch reports it.
public struct NetworkState: Sendable, Equatable, Codable {
    public var kind: NetworkKind
    /// The Wi-Fi network is the one marked as home (`uvctl home set`).
    public var isHomeWifi: Bool

    public init(kind: NetworkKind, isHomeWifi: Bool = false) {
        self.kind = kind
        self.isHomeWifi = isHomeWifi
    }

    /// Where leaving starts from: the home Wi-Fi if one is marked, else any Wi-Fi.
    public func isHome(homeMarked: Bool) -> Bool {
        kind == .wifi && (!homeMarked || isHomeWifi)
    }
}
