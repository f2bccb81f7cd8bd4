/// Splits a byte stream into NUL-terminated varlink messages, refusing any over `limit` bytes.
public struct VarlinkFraming: Sendable {
    public static let defaultLimit = 64 * 1024
    public let limit: Int
    private var buffer: [UInt8] = []

    public init(limit: Int = VarlinkFraming.defaultLimit) {
        self.limit = limit
    }

    /// A message too long to be one of ours.
    public struct Oversized: Error, Equatable {}

    /// Adds received bytes; returns every message completed by them. An array, not any sequence:
    /// `append(contentsOf:)` left generic makes its iterator's type from a mangled name, and the
    /// runtime checks that type's requirements by scanning every conformance record in the binary
    /// (200,000 instructions, at each program's first reply).
    public mutating func append(_ bytes: [UInt8]) throws(Oversized) -> [[UInt8]] {
        buffer.append(contentsOf: bytes)
        var messages: [[UInt8]] = []
        while let end = buffer.firstIndex(of: 0) {
            guard end <= limit else { throw Oversized() }
            messages.append(Array(buffer[..<end]))
            buffer.removeSubrange(...end)
        }
        guard buffer.count <= limit else { throw Oversized() }
        return messages
    }
}
