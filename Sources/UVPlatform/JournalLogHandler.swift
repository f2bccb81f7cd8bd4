import CSystemd
import FoundationEssentials
import Logging

/// swift-log to the systemd journal with structured fields: MESSAGE, PRIORITY, SYSLOG_IDENTIFIER,
/// CODE_FILE/CODE_LINE/CODE_FUNC, and each metadata key upper-cased as its own field.
public struct JournalLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let identifier: String

    public init(identifier: String) {
        self.identifier = identifier
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = [
            "MESSAGE=\(event.message)",
            "PRIORITY=\(Self.priority(event.level))",
            "SYSLOG_IDENTIFIER=\(identifier)",
            "CODE_FILE=\(event.file)",
            "CODE_LINE=\(event.line)",
            "CODE_FUNC=\(event.function)",
        ]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { _, new in new }) {
            let name = key.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
            fields.append("UVD_\(String(name))=\(value)")
        }
        let buffers = fields.map { Array($0.utf8) }
        buffers.withIOVectors { vectors in _ = uvd_journal_sendv(vectors.baseAddress, Int32(vectors.count)) }
    }

    /// syslog priorities (sd-daemon(3)).
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}

extension Array where Element == [UInt8] {
    /// Calls `body` with an iovec per buffer, valid for the call.
    func withIOVectors<R>(_ body: (UnsafeBufferPointer<iovec>) -> R) -> R {
        var vectors: [iovec] = []
        func collect(_ index: Int) -> R {
            guard index < count else { return vectors.withUnsafeBufferPointer(body) }
            return self[index].withUnsafeBytes { bytes in
                vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: bytes.count))
                return collect(index + 1)
            }
        }
        return collect(0)
    }
}
