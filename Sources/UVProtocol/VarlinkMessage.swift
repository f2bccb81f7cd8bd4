import FoundationEssentials

/// A varlink call: `{"method": "io.uvd.GetStatus", "parameters": {…}, "more": true}`
/// (https://varlink.org/Method-Call). Parameters are decoded per method by `decodeParameters`.
public struct VarlinkCall: Sendable {
    public var method: String
    public var more: Bool
    public var oneway: Bool
    /// The raw message, kept so each method can decode its own parameters.
    let message: Data

    /// Decodes one message body (without its NUL terminator).
    public init(decoding message: Data) throws(VarlinkError) {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: message)
        } catch {
            throw .invalidMessage("a call must be a JSON object with a string \"method\"")
        }
        method = header.method
        more = header.more ?? false
        oneway = header.oneway ?? false
        self.message = message
    }

    /// The call's `parameters` as `T`; a missing `parameters` decodes from `{}`.
    public func decodeParameters<T: Decodable>(_ type: T.Type) throws(VarlinkError) -> T {
        do {
            let body = try JSONDecoder().decode(Body<T>.self, from: message)
            if let parameters = body.parameters { return parameters }
            return try JSONDecoder().decode(T.self, from: Data("{}".utf8))
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

    private static func parameterName(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): key.stringValue
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath.filter { $0.stringValue != "parameters" }.map(\.stringValue).joined(separator: ".")
        @unknown default: "parameters"
        }
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
