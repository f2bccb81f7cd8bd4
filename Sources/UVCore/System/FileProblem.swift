#if canImport(Glibc)
    import Glibc
#endif

/// What an errno from opening or creating a file means for the user, in words.
public enum FileProblem {
    public static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: tr("permission denied (check the file's and its folders' owner and mode)")
        case ENOENT: tr("a folder above it is missing")
        case ENOTDIR: tr("a part of the path is not a directory")
        case ELOOP: tr("too many symbolic links (or a loop) in the path")
        case EISDIR: tr("it is a directory; expected a file")
        case EROFS: tr("it is on a read-only file system")
        default: String(cString: strerror(code))
        }
    }
}
