import FoundationEssentials
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// The system's time zone, read afresh each time (Foundation's `TimeZone.current` is read once per
/// process), and its changes: `timedatectl set-timezone`, or a desktop that sets the zone as the
/// laptop travels, swaps the `/etc/localtime` link.
///
/// `TZ` wins, as in libc. Otherwise the zone is the name after `zoneinfo/` in the link's target,
/// else the first line of `timezone` beside it (Debian's `/etc/timezone`), else UTC.
public struct SystemTimeZone: Sendable {
    public var localtime: URL
    public var environment: [String: String]

    public init(
        localtime: URL = URL(fileURLWithPath: "/etc/localtime"), environment: [String: String] = ProcessEnvironment.atStart
    ) {
        self.localtime = localtime
        self.environment = environment
    }

    /// The IANA name of the zone in force now.
    public func identifier() -> String {
        Zone.systemIdentifier(environment: environment, localtime: localtime.path)
    }

    /// Each new zone, until the task that reads them is cancelled: the watching runs in that
    /// task, as it asks for the next. An event on the link (`ZoneLinkWatch`) is only the signal:
    /// the zone is read again and said if it differs.
    public func changes() throws -> Changes {
        Changes(watch: try ZoneLinkWatch(localtime: localtime), zone: self, initial: identifier())
    }

    /// The system's zone as it changes (`changes()`).
    public struct Changes: AsyncSequence, Sendable {
        let watch: ZoneLinkWatch
        let zone: SystemTimeZone
        let initial: String

        public func makeAsyncIterator() -> Iterator { Iterator(watch: watch, zone: zone, last: initial) }

        public struct Iterator: AsyncIteratorProtocol {
            let watch: ZoneLinkWatch
            let zone: SystemTimeZone
            var last: String

            public mutating func next() async -> String? {
                while !Task.isCancelled {
                    do {
                        try await Readiness.wait(watch.descriptor, for: .read)
                        try watch.next()
                    } catch { return nil }
                    let now = zone.identifier()
                    if now != last {
                        last = now
                        return now
                    }
                }
                return nil
            }
        }
    }
}
