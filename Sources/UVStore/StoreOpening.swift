import FoundationEssentials
import Glibc

/// What opening the store checks before and after SQLite has its say.
extension Store {
    /// What SQLite's refusal means for the user, with the path's folder in mind.
    static func explain(_ error: SQLiteError, at path: URL) -> String {
        let folder = path.deletingLastPathComponent().path
        if access(folder, W_OK) != 0 {
            return "cannot be opened: its folder \(folder) is not writable (\(String(cString: strerror(errno))))"
        }
        switch error.primary {
        case SQLiteError.readOnly: return "cannot be written: the file or its file system is read-only"
        case SQLiteError.busy, SQLiteError.locked: return "is locked by another process (another uvd, or a tool holding it open)"
        case SQLiteError.permission, SQLiteError.authorization: return "cannot be opened: permission denied"
        case SQLiteError.full: return "cannot be written: the disk is full"
        default: return "cannot be opened: \(error.text)"
        }
    }

    /// The integrity check found problems; `reason` is its first line.
    struct Damage: Error {
        let reason: String
    }

    /// Something at the path that SQLite cannot use as a database file, said in words.
    static func unusableEntry(at path: URL) -> String? {
        var info = stat()
        guard lstat(path.path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // SQLite takes an empty file for a new, empty database. uvd's store is never empty
            // once made (its schema is written at once, and every write is checkpointed into the
            // file), so an empty one with no write-ahead log beside it is a file that lost what
            // it held: a truncation, a full disk, a restore gone wrong.
            var log = stat()
            let logHolds = lstat(path.path + "-wal", &log) == 0 && log.st_size > 0
            return info.st_size == 0 && !logHolds ? "is empty (0 bytes): what it held is lost" : nil
        case S_IFDIR: return "path is a directory, not a database file"
        case S_IFLNK:
            var target = stat()
            return stat(path.path, &target) == 0 && (target.st_mode & S_IFMT) == S_IFREG ? nil : "path is a symbolic link to nothing usable"
        default: return "path is not a regular file"
        }
    }
}
