import UVCore

/// A status bar's JSON object on one line (waybar's module, i3blocks' block), written as
/// `JSONEncoder` with sorted keys and unescaped slashes writes it, byte for byte.
///
/// Not `JSONEncoder` itself: its keyed container makes a type from its mangled name inside the
/// prebuilt library, and the runtime checks that type's requirements by reading every one of
/// the binary's 6,000 conformance records, 400 KB of the binary read from disk by a status bar's
/// `uvctl watch`, which stays resident all session.
enum BarJSON {
    /// A member's value: the kinds a bar's object holds.
    enum Value {
        case string(String)
        case strings([String])
        case integer(Int)
        case bool(Bool)
    }

    /// `{"key":value,…}`, the members in the order given: callers give them in the order of
    /// their keys, as `.sortedKeys` orders them (`BarJSONTests` compares with `JSONEncoder`).
    static func object(_ members: [(key: String, value: Value)]) -> String {
        var text = "{"
        for (index, member) in members.enumerated() {
            if index > 0 { text += "," }
            text += quoted(member.key) + ":"
            switch member.value {
            case .string(let string): text += quoted(string)
            case .strings(let strings): text += "[" + strings.map(quoted).joinedText(separator: ",") + "]"
            case .integer(let integer): text += String(integer)
            case .bool(let bool): text += bool ? "true" : "false"
            }
        }
        return text + "}"
    }

    /// `text` as a JSON string (RFC 8259, section 7): the quotation mark, the backslash and the
    /// control characters escaped, `\b \t \n \f \r` by their short forms and the rest as
    /// `\u00XX` in lowercase hex; everything else, `/` and non-ASCII included, as it is.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += Array(#"\b"#.utf8)
            case 0x09: bytes += Array(#"\t"#.utf8)
            case 0x0A: bytes += Array(#"\n"#.utf8)
            case 0x0C: bytes += Array(#"\f"#.utf8)
            case 0x0D: bytes += Array(#"\r"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
