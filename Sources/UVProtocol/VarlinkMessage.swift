import FoundationEssentials

/// A varlink call: `{"method": "io.uvd.GetStatus", "parameters": {…}, "more": true}`
/// (https://varlink.org/Method-Call). Parameters are decoded per method by `decodeParameters`.
public struct VarlinkCall: Sendable {
    public var method: String
    public var more: Bool
    public var oneway: Bool
    /// The call's `parameters` member as parsed, kept so each method can decode its own.
    private let parameters: WireJSON?

    /// Decodes one message body (without its NUL terminator).
    public init(decoding message: Data) throws(VarlinkError) {
        let header: Header
        let value: WireJSON
        do {
            value = try WireJSON(parsing: [UInt8](message))
            header = try WireDecoder.decode(Header.self, from: value)
        } catch {
            throw .invalidMessage("a call must be a JSON object with a string \"method\"")
        }
        method = header.method
        more = header.more ?? false
        oneway = header.oneway ?? false
        if case .object(let members) = value { parameters = members["parameters"] } else { parameters = nil }
    }

    /// The call's `parameters` as `T`; a missing or null `parameters` decodes from `{}`.
    public func decodeParameters<T: Decodable>(_ type: T.Type) throws(VarlinkError) -> T {
        do {
            let given = parameters.flatMap { $0 == .null ? nil : $0 } ?? .object([:])
            return try WireDecoder.decode(T.self, from: given)
        } catch let error as DecodingError {
            throw .invalidParameter(Self.parameterName(error))
        } catch let refused as ValueRefused {
            throw .uvd(name: "InvalidValue", message: refused.message)
        } catch {
            throw .invalidParameter("parameters")
        }
    }

    /// Encodes a call, for clients: `{"method":"…","parameters":{…}}`, `"more":true` when asked.
    ///
    /// The envelope is written here and only the parameters go through `JSONEncoder`, and
    /// `Empty` not even they: each keyed container `JSONEncoder` opens makes its
    /// `KeyedEncodingContainer<Keys>` from a mangled name, and the runtime checks `Keys:
    /// CodingKey` by scanning every conformance record in the binary (90,000 instructions each;
    /// the envelopes of `uvctl status`'s two calls were 13 % of its instructions). A method name
    /// is written as it is: the varlink grammar (https://varlink.org/Interface-Definition) allows
    /// only letters, digits, `.` and `-` in one, none of which JSON escapes; any other is refused.
    public static func encode<P: Encodable>(method: String, parameters: P, more: Bool = false) throws -> Data {
        guard !method.isEmpty, method.utf8.allSatisfy(isMethodNameByte) else {
            throw EncodingError.invalidValue(
                method, EncodingError.Context(codingPath: [], debugDescription: "\"\(method)\" is not a varlink method name"))
        }
        var message = "{\"method\":\"" + method + "\",\"parameters\":"
        message += P.self == Empty.self ? "{}" : String(decoding: try JSONEncoder().encode(parameters), as: UTF8.self)
        message += more ? ",\"more\":true}\0" : "}\0"
        return Data(Array(message.utf8))
    }

    private static func isMethodNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// The parameter `error` is about, as a dotted path (`location.latitude`); `parameters` when
    /// it is about them all.
    private static func parameterName(_ error: DecodingError) -> String {
        let path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, _): return key.stringValue
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): path = context.codingPath
        @unknown default: path = []
        }
        return path.isEmpty ? "parameters" : path.map(\.stringValue).joined(separator: ".")
    }

    private struct Header: Decodable {
        let method: String
        let more: Bool?
        let oneway: Bool?
    }

    private struct Body<T: Decodable>: Decodable {
        let parameters: T?
    }
}

/// Encodes replies: `{"parameters": {…}, "continues": true}` or `{"error": "…", "parameters": {…}}`.
public enum VarlinkReply {
    public static func encode<P: Encodable>(_ parameters: P, continues: Bool = false) throws -> Data {
        var data = try JSONEncoder.varlink.encode(Reply(parameters: parameters, continues: continues ? true : nil))
        data.append(0)
        return data
    }

    public static func encode(_ error: VarlinkError) -> Data {
        var data = (try? JSONEncoder.varlink.encode(ErrorReply(error: error.name, parameters: error.parameters))) ?? Data()
        data.append(0)
        return data
    }

    private struct Reply<P: Encodable>: Encodable {
        let parameters: P
        let continues: Bool?
    }

    private struct ErrorReply: Encodable {
        let error: String
        let parameters: [String: String]
    }
}

extension JSONEncoder {
    /// Sorted keys, no escaped slashes: stable, readable messages.
    static var varlink: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// An empty parameter or reply object, `{}`.
public struct Empty: Codable, Sendable, Equatable {
    public init() {}
}
