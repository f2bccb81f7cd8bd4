import UVCore

/// Why a document is not TOML, and where: what was found and what was expected there.
public struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public var position: TOMLPosition
    public var message: String

    public init(_ message: String, at position: TOMLPosition) {
        self.message = message
        self.position = position
    }

    /// `line:column: message`; a caller puts the file's path before it.
    public var description: String { "\(position): \(message)" }

    /// "found X, expected Y".
    static func unexpected(_ found: String, expected: String, at position: TOMLPosition) -> TOMLError {
        TOMLError(tr("found %1$@, expected %2$@", found, expected), at: position)
    }
}

/// How a byte is named in a message: the character itself when printable, else its code.
enum FoundByte {
    static func describe(_ bytes: ArraySlice<UInt8>) -> String {
        guard let first = bytes.first else { return tr("the end of the file") }
        switch first {
        case 0x0A: return tr("the end of the line")
        case 0x0D: return tr("a carriage return (U+000D)")
        case 0x09: return tr("a tab")
        case 0x20: return tr("a space")
        case 0x00..<0x20, 0x7F: return tr("the control character U+%1$@", hex(UInt32(first)))
        default:
            let length = min(bytes.count, first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1)
            let text = String(decoding: bytes.prefix(length), as: UTF8.self)
            return "'\(text)'"
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
