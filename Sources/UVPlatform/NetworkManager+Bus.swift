import UVBus

extension NetworkManager {
    private static let service = "org.freedesktop.NetworkManager"

    /// The primary connection, or nil (no NetworkManager, or nothing connected): its
    /// `PrimaryConnection`, then that active connection's `Type` and `Id`, each read within
    /// 500 ms on a connection of its own. NetworkManager is never started by asking: only a
    /// running one answers. Blocks the calling thread: call it on a thread of its own.
    public static func primary() -> Primary? {
        guard case .success(let bus) = BusConnection.privateSystem() else { return nil }
        let read = { (name: String, interface: String, path: String) -> BusValue? in
            guard case .success(let reply) = bus.call(.property(name, of: interface, at: path, on: service), within: .milliseconds(500))
            else { return nil }
            return reply[0]?.unboxed
        }
        guard let connection = read("PrimaryConnection", service, "/org/freedesktop/NetworkManager")?.objectPath, connection != "/",
            let type = read("Type", service + ".Connection.Active", connection)?.string,
            let name = read("Id", service + ".Connection.Active", connection)?.string
        else { return nil }
        return Primary(type: type, name: name)
    }
}
