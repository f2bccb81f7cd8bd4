#if canImport(Glibc)
    import Glibc
#endif

/// Reads a small file the user names (the configuration, a scenario) and, when it cannot, says
/// why: missing, permission, a directory or another kind of file, too large. Opened
/// non-blocking and only when regular, so a FIFO or a device at the path (`/dev/zero`) can
/// neither hang the reader nor fill its memory.
public enum SmallFile {
    /// What is at the path.
    public enum Contents: Equatable, Sendable {
        case missing
        case bytes([UInt8])
        /// Larger than the reader's limit; each reader says what size it expects.
        case tooLarge
        case unreadable(String)
    }

    public static func read(_ path: String, maximumSize: Int) -> Contents {
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
        guard info.st_size <= maximumSize else { return .tooLarge }
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
            guard bytes.count <= maximumSize else { return .tooLarge }
        }
        return .bytes(bytes)
    }
}
