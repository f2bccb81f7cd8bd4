internal import CGLib

/// A method call to one of uvd's objects, as GDBus delivered it: the arguments were already
/// checked against the interface's description (a call with others is refused before it gets here).
public struct BusMethodCall: Sendable, Equatable {
    public var sender: String
    public var interface: String
    public var member: String
    public var arguments: [BusValue]

    public init(sender: String, interface: String, member: String, arguments: [BusValue]) {
        self.sender = sender
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}

/// The answer to a method call.
public enum BusReply: Sendable, Equatable {
    /// The reply's values (none for a method that returns nothing).
    case values([BusValue])
    /// A D-Bus error: its name and words.
    case error(name: String, message: String)
}

/// The interfaces of an object, from their D-Bus introspection XML (the specification's format).
public final class BusInterfaces: @unchecked Sendable {
    /// The parsed description, kept for the process's life: GDBus refers to it while an object is
    /// registered.
    private let node: UnsafeMutablePointer<GDBusNodeInfo>

    /// Nil when the XML is not a valid description (uvd's own literals: a test reads each).
    public init?(xml: String) {
        guard let node = g_dbus_node_info_new_for_xml(xml, nil) else { return nil }
        self.node = node
    }

    func interface(_ name: String) -> UnsafeMutablePointer<GDBusInterfaceInfo>? {
        g_dbus_node_info_lookup_interface(node, name)
    }
}

/// How an object uvd serves answers: its methods and its properties (nil: no such property).
public struct BusObjectHandlers {
    public var call: (BusMethodCall) -> BusReply
    public var property: (_ interface: String, _ name: String) -> BusValue?

    public init(call: @escaping (BusMethodCall) -> BusReply, property: @escaping (_ interface: String, _ name: String) -> BusValue?) {
        self.call = call
        self.property = property
    }
}

extension BusConnection {
    /// Serves `interface` (described in `interfaces`) at `path`, its calls and property reads
    /// answered by `handlers` in the calling thread's default main context; the registration's id
    /// (for `unexport`), or nil when the path already serves that interface or it is not described.
    public func export(_ interface: String, of interfaces: BusInterfaces, at path: String, handlers: BusObjectHandlers) -> UInt32? {
        guard let info = interfaces.interface(interface) else { return nil }
        var table = GDBusInterfaceVTable()
        table.method_call = Self.methodCalled
        table.get_property = Self.propertyRead
        let box = Unmanaged.passRetained(ObjectBox(handlers)).toOpaque()
        // GDBus copies the table; the box goes with the registration.
        let id = g_dbus_connection_register_object(handle, path, info, &table, box, Self.releaseObject, nil)
        return id == 0 ? nil : id
    }

    public func unexport(_ id: UInt32) {
        g_dbus_connection_unregister_object(handle, id)
    }

    /// Asks for the well-known `name`; `acquired` and `lost` say how it went, in the calling
    /// thread's default main context. The request's id, for `disown`.
    public func own(_ name: String, acquired: @escaping () -> Void, lost: @escaping () -> Void) -> UInt32 {
        let box = Unmanaged.passRetained(NameOwning(acquired: acquired, lost: lost)).toOpaque()
        return g_bus_own_name_on_connection(
            handle, name, G_BUS_NAME_OWNER_FLAGS_NONE, Self.nameAcquired, Self.nameLost, box, Self.releaseNameOwning)
    }

    public func disown(_ id: UInt32) {
        g_bus_unown_name(id)
    }

    /// Follows who owns `name`: `changed` with the owner's unique name when one appears (and at
    /// once if one is there), nil when it goes. The watch's id, for `unwatch`.
    public func watch(_ name: String, changed: @escaping (String?) -> Void) -> UInt32 {
        let box = Unmanaged.passRetained(NameWatching(changed)).toOpaque()
        return g_bus_watch_name_on_connection(
            handle, name, G_BUS_NAME_WATCHER_FLAGS_NONE, Self.nameAppeared, Self.nameVanished, box, Self.releaseNameWatching)
    }

    public func unwatch(_ id: UInt32) {
        g_bus_unwatch_name(id)
    }

    // MARK: The C callbacks (static members: a C callback must not inherit an actor)

    private final class ObjectBox {
        let handlers: BusObjectHandlers
        init(_ handlers: BusObjectHandlers) { self.handlers = handlers }
    }

    private final class NameOwning {
        let acquired: () -> Void
        let lost: () -> Void
        init(acquired: @escaping () -> Void, lost: @escaping () -> Void) {
            self.acquired = acquired
            self.lost = lost
        }
    }

    private final class NameWatching {
        let changed: (String?) -> Void
        init(_ changed: @escaping (String?) -> Void) { self.changed = changed }
    }

    private static func text(_ pointer: UnsafePointer<gchar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static let methodCalled: GDBusInterfaceMethodCallFunc = { _, sender, _, interface, member, parameters, invocation, data in
        guard let data, let invocation else { return }
        let handlers = Unmanaged<ObjectBox>.fromOpaque(data).takeUnretainedValue().handlers
        let arguments = parameters.map { BusValue(reading: $0) }?.items ?? []
        let call = BusMethodCall(sender: text(sender), interface: text(interface), member: text(member), arguments: arguments)
        switch handlers.call(call) {
        case .values(let values):
            g_dbus_method_invocation_return_value(invocation, BusValue.tuple(values).makeVariant())
        case .error(let name, let message):
            g_dbus_method_invocation_return_dbus_error(invocation, name, message)
        }
    }

    private static let propertyRead: GDBusInterfaceGetPropertyFunc = { _, _, _, interface, name, error, data in
        guard let data else { return nil }
        let handlers = Unmanaged<ObjectBox>.fromOpaque(data).takeUnretainedValue().handlers
        guard let value = handlers.property(text(interface), text(name)) else {
            g_set_error_literal(error, g_dbus_error_quark(), Int32(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue), "no property " + text(name))
            return nil
        }
        return value.makeVariant()
    }

    private static let releaseObject: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<ObjectBox>.fromOpaque(data).release()
    }

    private static let nameAcquired: GBusNameAcquiredCallback = { _, _, data in
        guard let data else { return }
        Unmanaged<NameOwning>.fromOpaque(data).takeUnretainedValue().acquired()
    }

    private static let nameLost: GBusNameLostCallback = { _, _, data in
        guard let data else { return }
        Unmanaged<NameOwning>.fromOpaque(data).takeUnretainedValue().lost()
    }

    private static let releaseNameOwning: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<NameOwning>.fromOpaque(data).release()
    }

    private static let nameAppeared: GBusNameAppearedCallback = { _, _, owner, data in
        guard let data else { return }
        Unmanaged<NameWatching>.fromOpaque(data).takeUnretainedValue().changed(text(owner))
    }

    private static let nameVanished: GBusNameVanishedCallback = { _, _, data in
        guard let data else { return }
        Unmanaged<NameWatching>.fromOpaque(data).takeUnretainedValue().changed(nil)
    }

    private static let releaseNameWatching: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<NameWatching>.fromOpaque(data).release()
    }
}
