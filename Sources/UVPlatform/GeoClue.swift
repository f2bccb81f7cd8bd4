internal import CGLib
import UVBus
import UVCore

/// GeoClue2, the desktop's location service, over the system bus.
///
/// The conversation is GeoClue's documented one: `GetClient` of the manager, the client's
/// `DesktopId` and `RequestedAccuracyLevel` set, `Start`, then the client's `LocationUpdated`
/// signal names the location object, whose `Latitude` and `Longitude` are read; `Stop` at the end.
/// The wait for the signal is one wait with a deadline on a main context of its own: nothing polls.
public enum GeoClue {
    /// GeoClue's accuracy level for a city: all uvd needs, and all it asks for.
    static let cityAccuracy: UInt32 = 4
    static let service = "org.freedesktop.GeoClue2"
    static let clientInterface = "org.freedesktop.GeoClue2.Client"

    /// Why no position came.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The position at city accuracy, already rounded to 0.1°. Blocks the calling thread for at
    /// most about `limit` (a bus without GeoClue answers at once): call it on a thread of its own.
    public static func locate(within limit: Duration = .seconds(2)) -> Result<Coordinate, Unavailable> {
        switch BusConnection.privateSystem() {
        case .success(let bus): locate(on: bus, within: limit)
        case .failure(let error): .failure(Unavailable(description: "system bus: \(error)"))
        }
    }

    /// The same, asked on `bus`: a connection of the caller's own, used by this thread only.
    static func locate(on bus: BusConnection, within limit: Duration) -> Result<Coordinate, Unavailable> {
        // The signal is delivered to the context that is this thread's default as it subscribes.
        guard let context = g_main_context_new() else { return .failure(Unavailable(description: "GLib has no main context")) }
        g_main_context_push_thread_default(context)
        defer {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        let getClient = BusCall(
            destination: service, path: "/org/freedesktop/GeoClue2/Manager", interface: "org.freedesktop.GeoClue2.Manager",
            method: "GetClient", reply: "(o)")
        let client: String
        switch bus.call(getClient, within: limit) {
        case .success(let reply):
            guard let path = reply[0]?.objectPath else { return .failure(Unavailable(description: "GeoClue GetClient: no client")) }
            client = path
        case .failure(let error): return .failure(Unavailable(description: "GeoClue GetClient: \(error)"))
        }
        let location = LocationWait(context: context)
        let subscription = bus.subscribe(SignalMatch(sender: service, interface: clientInterface, member: "LocationUpdated", path: client))
        {
            if let path = $0.arguments[1]?.objectPath, path != "/" { location.arrived(path) }
        }
        defer {
            bus.unsubscribe(subscription)
            _ = bus.call(BusCall(destination: service, path: client, interface: clientInterface, method: "Stop"), within: limit)
        }
        for call in [
            setProperty("DesktopId", .string("uvd"), of: client), setProperty("RequestedAccuracyLevel", .uint32(cityAccuracy), of: client),
            BusCall(destination: service, path: client, interface: clientInterface, method: "Start"),
        ] {
            if case .failure(let error) = bus.call(call, within: limit) {
                return .failure(Unavailable(description: "GeoClue client: \(error)"))
            }
        }
        // A client started before may already have a location: then no signal comes for it.
        if case .success(let reply) = bus.call(.property("Location", of: clientInterface, at: client, on: service), within: limit),
            let path = reply[0]?.unboxed.objectPath, path != "/"
        {
            location.arrived(path)
        }
        guard let path = location.wait(limit) else { return .failure(Unavailable(description: "GeoClue gave no position in time")) }
        let read = { (name: String) -> Double? in
            guard
                case .success(let reply) = bus.call(
                    .property(name, of: "org.freedesktop.GeoClue2.Location", at: path, on: service), within: limit)
            else { return nil }
            return reply[0]?.unboxed.double
        }
        guard let latitude = read("Latitude"), let longitude = read("Longitude") else {
            return .failure(Unavailable(description: "GeoClue position: its location could not be read"))
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else { return .failure(Unavailable(description: "GeoClue gave an impossible position")) }
        return .success(coordinate.approximate)
    }

    private static func setProperty(_ name: String, _ value: BusValue, of client: String) -> BusCall {
        BusCall(
            destination: service, path: client, interface: "org.freedesktop.DBus.Properties", method: "Set",
            arguments: [.string(clientInterface), .string(name), .variant(value)])
    }

    /// The location object's path once it is known, waited for on one context until a deadline.
    private final class LocationWait {
        private let context: OpaquePointer
        private var path: String?

        init(context: OpaquePointer) { self.context = context }

        func arrived(_ path: String) { self.path = path }

        /// Runs the context until the path arrived or `limit` passed; the path, or nil.
        func wait(_ limit: Duration) -> String? {
            guard path == nil, let timer = g_timeout_source_new(UInt32(clamping: limit.wholeMilliseconds)) else { return path }
            let expired = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
            expired.initialize(to: false)
            defer {
                g_source_destroy(timer)
                g_source_unref(timer)
                expired.deallocate()
            }
            g_source_set_callback(timer, Self.deadlinePassed, expired, nil)
            g_source_attach(timer, context)
            while path == nil, !expired.pointee { g_main_context_iteration(context, 1) }
            return path
        }

        private static let deadlinePassed: GSourceFunc = { flag in
            flag?.assumingMemoryBound(to: Bool.self).pointee = true
            return 0
        }
    }
}
