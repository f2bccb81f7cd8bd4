import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// A file uvctl writes for the user (`wheel -o FILE`), or the exit with why it could not:
/// status 73 (EX_CANTCREAT) and the reason in words (a missing folder, permission, a full disk).
enum OutputFile {
    static func write(_ text: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o644)
        guard descriptor >= 0 else { fail(path, errno) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let code = errno
                close(descriptor)
                fail(path, code)
            }
            bytes = bytes.dropFirst(written)
        }
        guard close(descriptor) == 0 else { fail(path, errno) }
    }

    static func fail(_ path: String, _ code: Int32) -> Never {
        DaemonClient.fail(tr("cannot write %1$@: %2$@", path, FileProblem.reason(code)), status: .cannotCreate)
    }
}
