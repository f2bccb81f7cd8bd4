#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and standard error, written with write(2): a reader that has gone (EPIPE,
/// with SIGPIPE ignored) or a full disk is an answer (`false`), never a crash, as Foundation's
/// `FileHandle.write(_:)` would make it.
public enum StandardStream: Int32, Sendable {
    case output = 1
    case error = 2

    /// Writes all of `text`, retrying after a signal; false when the stream refuses.
    @discardableResult
    public func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    /// Writes all of `bytes`, retrying after a signal; false when the stream refuses.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        Self.write(bytes, to: rawValue)
    }

    /// Writes all of `bytes` to `descriptor` (a standard stream, a pipe to a child) with
    /// write(2), retrying after a signal; false when the descriptor refuses (EPIPE with SIGPIPE
    /// ignored, a full disk).
    @discardableResult
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            rest = rest.dropFirst(written)
        }
        return true
    }
}
