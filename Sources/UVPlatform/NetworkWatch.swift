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
    fileprivate let fd: Int32
    public let reader: RouteReader

    public init(reader: RouteReader) throws {
        self.reader = reader
        let fd = uvd_netlink_open()
        guard fd >= 0 else { throw POSIXError(.init(rawValue: -fd) ?? .EIO) }
        self.fd = fd
    }

    /// The default route now, then each change, until the task that reads them is cancelled:
    /// the watching runs in that task, as it asks for the next.
    public func routes() -> Routes { Routes(watch: self) }

    /// The default routes as they change (`routes()`).
    public struct Routes: AsyncSequence, Sendable {
        let watch: NetworkWatch

        public func makeAsyncIterator() -> Iterator { Iterator(watch: watch) }

        public struct Iterator: AsyncIteratorProtocol {
            let watch: NetworkWatch
            var last: DefaultRoute?

            public mutating func next() async -> DefaultRoute? {
                guard let previous = last else {
                    let first = watch.reader.current()
                    last = first
                    return first
                }
                while !Task.isCancelled {
                    do { try await Readiness.wait(watch.fd, for: .read) } catch { return nil }
                    watch.drain()
                    try? await EventLoop.sleep(for: .milliseconds(200))
                    watch.drain()
                    let now = watch.reader.current()
                    if now != previous {
                        last = now
                        return now
                    }
                }
                return nil
            }
        }
    }

    fileprivate func drain() {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while recv(fd, &buffer, buffer.count, 0) > 0 {}
    }

    deinit { close(fd) }
}
