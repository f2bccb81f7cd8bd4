/// A varlink error reply: a fully qualified name and parameters that say what was wrong.
public enum VarlinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not JSON, not an object, or over the size limit: the connection is closed after replying.
    case invalidMessage(String)
    case methodNotFound(String)
    case interfaceNotFound(String)
    case invalidParameter(String)
    case permissionDenied
    /// A method that streams was called without `more: true`.
    case expectedMore
    /// An `io.uvd` error: `name` without the interface prefix, and a human message.
    case uvd(name: String, message: String)

    public var name: String {
        switch self {
        case .invalidMessage: "org.varlink.service.InvalidParameter"
        case .methodNotFound: "org.varlink.service.MethodNotFound"
        case .interfaceNotFound: "org.varlink.service.InterfaceNotFound"
        case .invalidParameter: "org.varlink.service.InvalidParameter"
        case .permissionDenied: "org.varlink.service.PermissionDenied"
        case .expectedMore: "org.varlink.service.ExpectedMore"
        case .uvd(let name, _): "io.uvd.\(name)"
        }
    }

    public var parameters: [String: String] {
        switch self {
        case .invalidMessage(let message): ["parameter": "message", "message": message]
        case .methodNotFound(let method): ["method": method]
        case .interfaceNotFound(let interface): ["interface": interface]
        case .invalidParameter(let parameter): ["parameter": parameter]
        case .permissionDenied, .expectedMore: [:]
        case .uvd(_, let message): ["message": message]
        }
    }

    public var description: String {
        switch self {
        case .invalidMessage(let message): "invalid message: \(message)"
        case .methodNotFound(let method): "no method \(method)"
        case .interfaceNotFound(let interface): "no interface \(interface)"
        case .invalidParameter(let parameter): "invalid parameter '\(parameter)'"
        case .permissionDenied: "permission denied"
        case .expectedMore: "this method streams: call it with more: true"
        case .uvd(_, let message): message
        }
    }
}
