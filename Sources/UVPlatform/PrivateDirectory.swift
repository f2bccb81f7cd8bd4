import FoundationEssentials
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// A directory only its owner may use: uvd's runtime, state and configuration directories.
///
/// The check is made on the directory opened with `O_NOFOLLOW | O_DIRECTORY`, then `fstat` and
/// `fchmod` on that descriptor, so a link swapped in between cannot redirect it.
public enum PrivateDirectory {
    /// Why a directory cannot be used, naming it and saying what to do.
    public struct Refused: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var problem: String
        /// The errno behind it, when one is (EROFS: a sandbox that left it read-only).
        public var code: Int32? = nil
        public var description: String { "\(path): \(problem)" }

        public init(path: String, problem: String, code: Int32? = nil) {
            self.path = path
            self.problem = problem
            self.code = code
        }
    }

    /// Creates `path` with mode 0700 (its parents as needed), or checks the one there: a real
    /// directory, owned by the user. A looser mode is tightened to 0700, unless `strict`, when
    /// it is refused (a directory in a shared place such as /tmp that uvd did not make).
    public static func prepare(_ path: String, strict: Bool = false, advice: String? = nil) throws(Refused) {
        let parent = URL(filePath: path).deletingLastPathComponent().path
        if !strict { try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        let created = mkdir(path, 0o700) == 0
        if !created, errno != EEXIST {
            let code = errno
            throw refused(path, FileProblem.reason(code), advice, code: code)
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw refused(
                path,
                code == ELOOP || code == ENOTDIR
                    ? tr("is a symbolic link or not a directory; expected a directory of your own") : FileProblem.reason(code), advice)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw refused(path, FileProblem.reason(errno), advice) }
        guard info.st_uid == getuid() else {
            throw refused(path, tr("belongs to user %1$@, not to you (%2$@)", info.st_uid, getuid()), advice)
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return }
        if strict && !created {
            throw refused(path, tr("can be used by others (mode %1$@); expected mode 0700", String(mode, radix: 8)), advice)
        }
        guard fchmod(descriptor, 0o700) == 0 else { throw refused(path, FileProblem.reason(errno), advice) }
    }

    private static func refused(_ path: String, _ problem: String, _ advice: String?, code: Int32? = nil) -> Refused {
        Refused(path: path, problem: advice.map { "\(problem); \($0)" } ?? problem, code: code)
    }
}
