import CThread
import Glibc

/// A POSIX thread of its own for work that blocks (a transfer, a child's wait, a GLib main loop),
/// so that it holds none of the executor's threads. Foundation's `Thread` does the same, at the
/// price of linking Foundation whole.
public enum DetachedThread {
    /// Starts `body` on a new detached thread named `name` (at most 15 bytes are kept: the
    /// kernel's limit, seen in `ps -L` and gdb); false when the system refuses a thread (then
    /// `body` never runs, and the caller says so).
    @discardableResult
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, CInt(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        guard pthread_create(&thread, &attributes, entry, box) == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return false
        }
        return true
    }

    private final class Body: Sendable {
        let name: String
        let run: @Sendable () -> Void
        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }

    /// The thread's start routine: a plain function, so that it carries no actor.
    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        guard let context else { return nil }
        let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
        _ = uvd_thread_set_name(body.name)
        body.run()
        return nil
    }
}
