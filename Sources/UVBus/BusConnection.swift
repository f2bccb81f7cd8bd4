internal import CGLib
import FoundationEssentials
import UVCore

/// Why a bus call got no answer: the bus's or the peer's error name where there is one
/// (`org.freedesktop.DBus.Error.ServiceUnknown`), and its words.
public struct BusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The D-Bus error name the peer or the bus answered with; nil when the failure was local (no
    /// bus, a time-out, a closed connection).
    public var name: String?
    public var message: String
    /// No answer came within the call's time limit.
    public var timedOut: Bool

    public init(name: String? = nil, message: String, timedOut: Bool = false) {
        self.name = name
        self.message = message
        self.timedOut = timedOut
    }

    public var description: String { message }

    /// Takes (and frees) a GError GLib set.
    init(taking error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            self.init(message: tr("no reason given"))
            return
        }
        defer { g_error_free(error) }
        let remote = g_dbus_error_get_remote_error(error)
        defer { g_free(remote) }
        g_dbus_error_strip_remote_error(error)
        self.init(
            name: remote.map { String(cString: $0) }, message: String(cString: error.pointee.message),
            timedOut: error.pointee.domain == g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue))
    }
}

/// One method call: to whom, what, with which arguments, and the reply's expected type.
public struct BusCall: Sendable, Equatable {
    public var destination: String
    public var path: String
    public var interface: String
    public var method: String
    public var arguments: [BusValue]
    /// The reply's type; a reply of another type is an error (GDBus checks it). Nil: any.
    public var reply: BusSignature?
    /// Whether the bus may start the destination's service for the call (D-Bus activation).
    public var startsService: Bool

    public init(
        destination: String, path: String, interface: String, method: String, arguments: [BusValue] = [], reply: BusSignature? = nil,
        startsService: Bool = false
    ) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.method = method
        self.arguments = arguments
        self.reply = reply
        self.startsService = startsService
    }

    /// `org.freedesktop.DBus.Properties.Get` of one property; the reply is `(v)`.
    public static func property(_ name: String, of interface: String, at path: String, on destination: String, startsService: Bool = false)
        -> BusCall
    {
        BusCall(
            destination: destination, path: path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string(interface), .string(name)], reply: "(v)", startsService: startsService)
    }

    /// A call to the message bus itself (`org.freedesktop.DBus`).
    public static func messageBus(_ method: String, _ arguments: [BusValue], reply: BusSignature?) -> BusCall {
        BusCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", method: method,
            arguments: arguments, reply: reply)
    }
}

/// A signal as it arrived.
public struct BusSignal: Sendable, Equatable {
    public var sender: String
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: BusValue
}

/// Which signals a subscription receives: each field nil matches anything.
public struct SignalMatch: Sendable, Equatable {
    public var sender: String?
    public var interface: String?
    public var member: String?
    public var path: String?
    /// The first argument, when it is a string (a name, a channel).
    public var firstArgument: String?

    public init(sender: String? = nil, interface: String? = nil, member: String? = nil, path: String? = nil, firstArgument: String? = nil) {
        self.sender = sender
        self.interface = interface
        self.member = member
        self.path = path
        self.firstArgument = firstArgument
    }
}

/// A connection to a message bus through GDBus.
///
/// Blocking calls (`call`) are for threads that serve nothing on the bus; a thread that does
/// (the tray's, the notifications') sends with `send`, whose reply comes back through its own main
/// loop. Signals, replies and name events are delivered in the main context that was the
/// calling thread's default when they were asked for.
public final class BusConnection: @unchecked Sendable {
    /// The GDBusConnection, referenced for this object's life.
    let handle: OpaquePointer
    /// A connection of its own, closed when let go (the shared session connection is never closed).
    private let isPrivate: Bool

    private init(handle: OpaquePointer, isPrivate: Bool) {
        self.handle = handle
        self.isPrivate = isPrivate
        // GLib would otherwise raise SIGTERM in uvd when the bus goes away: uvd keeps running and
        // connects again at its next need.
        g_dbus_connection_set_exit_on_close(handle, 0)
    }

    deinit {
        if isPrivate { g_dbus_connection_close_sync(handle, nil, nil) }
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The user's session bus, shared by the process (libnotify uses it too). Never started: with
    /// no session bus (`SessionBus.address`), an error at once.
    public static func session() -> Result<BusConnection, BusError> {
        // GLib finds the same bus by the same rule (`SessionBus.address`); the environment is
        // never written (setenv races every thread that reads it).
        guard SessionBus.address() != nil else { return .failure(BusError(message: tr("there is no session bus"))) }
        if let problem = DesktopLibraries.problem { return .failure(BusError(message: problem)) }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { return .failure(BusError(taking: error)) }
        return .success(BusConnection(handle: handle, isPrivate: false))
    }

    /// A connection of uvd's own to the session bus, closed when let go: for questions whose
    /// answers must not wait behind the shared connection's traffic.
    public static func privateSession() -> Result<BusConnection, BusError> {
        guard let address = SessionBus.address() else { return .failure(BusError(message: tr("there is no session bus"))) }
        return connect(to: address)
    }

    /// A connection of uvd's own to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard
    /// socket), closed when let go.
    public static func privateSystem() -> Result<BusConnection, BusError> {
        if let problem = DesktopLibraries.problem { return .failure(BusError(message: problem)) }
        var error: UnsafeMutablePointer<GError>?
        guard let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SYSTEM, nil, &error) else {
            return .failure(BusError(taking: error))
        }
        defer { g_free(address) }
        return connect(to: String(cString: address))
    }

    /// A connection of its own to the message bus at `address`, closed when let go.
    static func connect(to address: String) -> Result<BusConnection, BusError> {
        if let problem = DesktopLibraries.problem { return .failure(BusError(message: problem)) }
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let handle = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            return .failure(BusError(taking: error))
        }
        return .success(BusConnection(handle: handle, isPrivate: true))
    }

    /// The connection's own unique name on the bus (`:1.42`).
    public var uniqueName: String {
        g_dbus_connection_get_unique_name(handle).map { String(cString: $0) } ?? ""
    }

    private static func milliseconds(_ limit: Duration) -> Int32 {
        Int32(clamping: limit.wholeMilliseconds)
    }

    private static func flags(_ call: BusCall) -> GDBusCallFlags {
        call.startsService ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START
    }

    /// Calls and waits at most `limit` for the reply. Blocks the calling thread: never on one
    /// that serves the bus.
    public func call(_ call: BusCall, within limit: Duration) -> Result<BusValue, BusError> {
        var error: UnsafeMutablePointer<GError>?
        let reply = withReplyType(call.reply) { type in
            g_dbus_connection_call_sync(
                handle, call.destination, call.path, call.interface, call.method, BusValue.tuple(call.arguments).makeVariant(), type,
                Self.flags(call), Self.milliseconds(limit), nil, &error)
        }
        guard let value = BusValue.taking(reply) else { return .failure(BusError(taking: error)) }
        return .success(value)
    }

    /// Sends the call and returns at once; `reply` runs with the answer (or the failure) in the
    /// calling thread's default main context, within `limit`.
    public func send(_ call: BusCall, within limit: Duration, reply: @escaping (Result<BusValue, BusError>) -> Void) {
        let pending = Unmanaged.passRetained(Pending(reply)).toOpaque()
        withReplyType(call.reply) { type in
            g_dbus_connection_call(
                handle, call.destination, call.path, call.interface, call.method, BusValue.tuple(call.arguments).makeVariant(), type,
                Self.flags(call), Self.milliseconds(limit), nil, Self.replied, pending)
        }
    }

    /// Sends the call and forgets it: no reply is read.
    public func post(_ call: BusCall) {
        withReplyType(nil) { _ in
            g_dbus_connection_call(
                handle, call.destination, call.path, call.interface, call.method, BusValue.tuple(call.arguments).makeVariant(), nil,
                Self.flags(call), -1, nil, nil, nil)
        }
    }

    private func withReplyType<T>(_ signature: BusSignature?, _ body: (OpaquePointer?) -> T) -> T {
        guard let signature else { return body(nil) }
        return signature.description.withCString { body(OpaquePointer($0)) }
    }

    private final class Pending {
        let reply: (Result<BusValue, BusError>) -> Void
        init(_ reply: @escaping (Result<BusValue, BusError>) -> Void) { self.reply = reply }
    }

    // Static members, not closures in place: a C callback must not inherit an actor.
    private static let replied: GAsyncReadyCallback = { source, result, data in
        guard let data else { return }
        let pending = Unmanaged<Pending>.fromOpaque(data).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let answer = source.flatMap { g_dbus_connection_call_finish(OpaquePointer($0), result, &error) }
        pending.reply(BusValue.taking(answer).map { .success($0) } ?? .failure(BusError(taking: error)))
    }

    // MARK: Signals

    /// Calls `handler` with each signal that matches, in the calling thread's default main
    /// context, until `unsubscribe`; the subscription's id.
    @discardableResult
    public func subscribe(_ match: SignalMatch, _ handler: @escaping (BusSignal) -> Void) -> UInt32 {
        let box = Unmanaged.passRetained(SignalHandler(handler)).toOpaque()
        return g_dbus_connection_signal_subscribe(
            handle, match.sender, match.interface, match.member, match.path, match.firstArgument, G_DBUS_SIGNAL_FLAGS_NONE, Self.signalled,
            box, Self.releaseSignalHandler)
    }

    public func unsubscribe(_ id: UInt32) {
        g_dbus_connection_signal_unsubscribe(handle, id)
    }

    /// Sends a signal from one of uvd's objects to whoever listens.
    public func emit(path: String, interface: String, signal: String, arguments: [BusValue] = []) {
        g_dbus_connection_emit_signal(handle, nil, path, interface, signal, BusValue.tuple(arguments).makeVariant(), nil)
    }

    private final class SignalHandler {
        let handler: (BusSignal) -> Void
        init(_ handler: @escaping (BusSignal) -> Void) { self.handler = handler }
    }

    private static let signalled: GDBusSignalCallback = { _, sender, path, interface, member, parameters, data in
        guard let data else { return }
        let text = { (pointer: UnsafePointer<gchar>?) in pointer.map { String(cString: $0) } ?? "" }
        let signal = BusSignal(
            sender: text(sender), path: text(path), interface: text(interface), member: text(member),
            arguments: parameters.map { BusValue(reading: $0) } ?? .tuple([]))
        Unmanaged<SignalHandler>.fromOpaque(data).takeUnretainedValue().handler(signal)
    }

    private static let releaseSignalHandler: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<SignalHandler>.fromOpaque(data).release()
    }
}
