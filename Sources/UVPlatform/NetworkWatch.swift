import CSystemd
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Watches rtnetlink (links, addresses and routes, IPv4 and IPv6) and reports the default
/// route each time it settles on a different one. Netlink only says that something changed;
/// the state is then read whole (`RouteReader`), after a short quiet spell, since one change
/// of network is a burst of messages.
public final class NetworkWatch: Sendable {
    private let fd: Int32
    public let reader: RouteReader

    public init(reader: RouteReader) throws {
        self.reader = reader
        let fd = uvd_netlink_open()
        guard fd >= 0 else { throw POSIXError(.init(rawValue: -fd) ?? .EIO) }
        self.fd = fd
    }

    /// The default route now, then each change, until the task is cancelled.
    public func routes() -> AsyncStream<DefaultRoute> {
        AsyncStream { continuation in
            let task = Task {
                var last = reader.current()
                continuation.yield(last)
                while !Task.isCancelled {
                    do { try await Readiness.wait(fd, for: .read) } catch { break }
                    drain()
                    try? await EventLoop.sleep(for: .milliseconds(200))
                    drain()
                    let now = reader.current()
                    if now != last {
                        last = now
                        continuation.yield(now)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while recv(fd, &buffer, buffer.count, 0) > 0 {}
    }

    deinit { close(fd) }
}
