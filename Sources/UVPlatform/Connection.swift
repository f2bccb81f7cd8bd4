import UVCore

/// The default route, classified: which kind of connection carries it, why, and which network it
/// is (for marking home). Made once per route change, from the kernel's route, the
/// configuration's patterns and, where it runs, NetworkManager.
public struct Connection: Sendable, Equatable {
    public var interface: String?
    public var kind: NetworkKind
    /// Why the interface is that kind, shown by `uvctl doctor` and `uvctl home`.
    public var reason: String
    public var networkID: String?

    public static let none = Connection(interface: nil, kind: .none, reason: tr("no default route"), networkID: nil)

    /// The interface's configured pattern wins; then NetworkManager's connection type, which knows
    /// what sysfs cannot (a phone tethered over Bluetooth); then sysfs and the interface's name.
    /// NetworkManager also names a Wi-Fi network better than its gateway's address can.
    public init(route: DefaultRoute, classifier: InterfaceClassifier, networkManager primary: NetworkManager.Primary?) {
        guard let interface = route.interface else {
            self = .none
            return
        }
        let classification = classifier.classify(interface)
        self.init(interface: interface, kind: classification.kind, reason: classification.reason, networkID: route.networkID)
        guard let primary, !classification.isConfigured else { return }
        if let kind = primary.kind {
            self.kind = kind
            reason = tr("NetworkManager: %1$@", primary.type)
        }
        if primary.kind == .wifi, !primary.name.isEmpty { networkID = "Wi-Fi \"\(primary.name)\"" }
    }

    public init(interface: String?, kind: NetworkKind, reason: String, networkID: String?) {
        self.interface = interface
        self.kind = kind
        self.reason = reason
        self.networkID = networkID
    }
}
