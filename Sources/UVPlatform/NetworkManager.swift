import UVCore

/// NetworkManager's view of the primary connection, where it runs (read over the system bus by
/// `NetworkManager.primary()` in UVBus).
public enum NetworkManager {
    public struct Primary: Sendable, Equatable {
        /// NetworkManager's connection type, e.g. `802-11-wireless`, `gsm`, `bluetooth`.
        public var type: String
        /// The connection's name: for Wi-Fi, the network's name.
        public var name: String

        public init(type: String, name: String) {
            self.type = type
            self.name = name
        }

        /// The kind, where NetworkManager's type says it: Wi-Fi, or a phone or modem (GSM/CDMA,
        /// Bluetooth tethering).
        public var kind: NetworkKind? {
            switch type {
            case "802-11-wireless": .wifi
            case "gsm", "cdma", "bluetooth", "wwan": .cellular
            case "802-3-ethernet": .wired
            default: nil
            }
        }
    }
}
