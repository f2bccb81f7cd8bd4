import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// inotify on the `/etc/localtime` link itself (`IN_DONT_FOLLOW`), so that writes elsewhere in
/// /etc wake nothing. The tools that change the zone replace the link (a new link renamed over
/// it, or unlink and create): the old link's inode reports its lost name (`IN_ATTRIB`,
/// `IN_DELETE_SELF`) and `rearm` moves the watch to the new one. While there is no link at all,
/// the directory is watched instead, only until a link appears.
///
/// Unchecked `Sendable`: made by `SystemTimeZone.changes` and from then on used by the one task
/// that waits on it, never by two at once.
final class ZoneLinkWatch: @unchecked Sendable {
    let descriptor: Int32
    private let link: String
    private let directory: String
    private var directoryWatch: Int32?

    private static let linkEvents = UInt32(IN_DONT_FOLLOW | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_CLOSE_WRITE)
    private static let directoryEvents = UInt32(IN_CREATE | IN_MOVED_TO)

    init(localtime: URL) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        link = localtime.path
        directory = localtime.deletingLastPathComponent().path
        do {
            try rearm()
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// Reads every pending event (they are only a signal) and watches the link in place now.
    func next() throws {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        try rearm()
    }

    /// Watches the link at the path now (the same inode keeps its watch); the directory only
    /// while there is no link.
    private func rearm() throws {
        if inotify_add_watch(descriptor, link, Self.linkEvents) >= 0 {
            if let directoryWatch {
                inotify_rm_watch(descriptor, directoryWatch)
                self.directoryWatch = nil
            }
            return
        }
        guard directoryWatch == nil else { return }
        let watch = inotify_add_watch(descriptor, directory, Self.directoryEvents)
        guard watch >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        directoryWatch = watch
        // The link may have appeared between the two calls.
        if inotify_add_watch(descriptor, link, Self.linkEvents) >= 0 {
            inotify_rm_watch(descriptor, watch)
            directoryWatch = nil
        }
    }
}
