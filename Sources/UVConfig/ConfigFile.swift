#if canImport(Glibc)
import Glibc
#endif
import UVCore

/// Reads a configuration file's bytes and, when it cannot, says why: missing, permission,
/// a directory or another kind of file, too large. Opened non-blocking, so a FIFO or a device at
/// the path cannot hang the reader.
enum ConfigFile {
    /// The largest configuration file read; a real one is a few kilobytes.
    static let maximumSize = 1 << 20

    enum Contents: Equatable {
        case missing
        case bytes([UInt8])
        case unreadable(String)
    }

    static func read(_ path: String) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            return code == ENOENT ? .missing : .unreadable(FileProblem.reason(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .unreadable(FileProblem.reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .unreadable(tr("it is a directory; expected a file"))
        default: return .unreadable(tr("it is not a regular file (a FIFO, socket or device); expected a file"))
        }
        guard info.st_size <= maximumSize else {
            return .unreadable(trn("it is larger than %1$@ byte; expected a configuration file of a few kilobytes", "it is larger than %1$@ bytes; expected a configuration file of a few kilobytes", count: maximumSize, maximumSize))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else {
                if errno == EINTR { continue }
                return .unreadable(FileProblem.reason(errno))
            }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= maximumSize else {
                return .unreadable(trn("it is larger than %1$@ byte; expected a configuration file of a few kilobytes", "it is larger than %1$@ bytes; expected a configuration file of a few kilobytes", count: maximumSize, maximumSize))
            }
        }
        return .bytes(bytes)
    }
}
