import UVCore
import UVEngine
import UVPlatform

/// The network as uvd sees it: the default route as last reported (with NetworkManager's word),
/// that route classified with the configuration in force, and the home Wi-Fi, if one is marked.
struct NetworkSight {
    private(set) var reported: (route: DefaultRoute, primary: NetworkManager.Primary?) = (.none, nil)
    private(set) var current = Connection.none
    /// The home Wi-Fi's network id (`uvctl home set`), if marked.
    private(set) var home: String?

    init(home: String?) { self.home = home }

    /// `uvctl home set` / `home clear`: `id` is home now (nil: none is marked).
    mutating func markHome(_ id: String?) { home = id }

    /// A new report, classified once; says whether a connection came up where there was none.
    mutating func observe(_ route: DefaultRoute, primary: NetworkManager.Primary?, classifier: InterfaceClassifier) -> (
        Connection, cameUp: Bool
    ) {
        reported = (route, primary)
        let previous = current
        current = Connection(route: route, classifier: classifier, networkManager: primary)
        return (current, previous.interface == nil && current.interface != nil)
    }

    /// Whether `classifier` would classify the reported route differently.
    func differs(under classifier: InterfaceClassifier) -> Bool {
        Connection(route: reported.route, classifier: classifier, networkManager: reported.primary) != current
    }

    /// What the engine is told about the connection in use.
    var state: NetworkState {
        NetworkState(kind: current.kind, isHomeWifi: current.kind == .wifi && current.networkID != nil && current.networkID == home)
    }
}
