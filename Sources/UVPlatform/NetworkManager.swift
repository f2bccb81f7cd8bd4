import CSystemd
import UVCore

/// NetworkManager's view of the primary connection, where it runs (system bus, 500 ms at most).
public enum NetworkManager {
    public struct Primary: Sendable, Equatable {
        /// NetworkManager's connection type, e.g. `802-11-wireless`, `gsm`, `bluetooth`.
        public var type: String
        /// The connection's name: for Wi-Fi, the network's name.
        public var name: String

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

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The primary connection, or nil (no NetworkManager, or nothing connected).
    public static func primary() -> Primary? {
        var type = [CChar](repeating: 0, count: 64)
        var name = [CChar](repeating: 0, count: 256)
        guard uvd_networkmanager_primary(&type, UInt(type.count), &name, UInt(name.count)) == 1 else { return nil }
        return Primary(type: text(type), name: text(name))
    }
}
