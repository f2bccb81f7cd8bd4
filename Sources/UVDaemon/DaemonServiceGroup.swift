import Logging

/// One long-running part of the daemon (the control socket, the core loop, a watch): it runs
/// until its task is cancelled, or ends by itself.
protocol DaemonService: Sendable {
    func run() async throws
}

/// The daemon's services, each on a task of its own, after swift-service-lifecycle's
/// `ServiceGroup` (one job, one way to end): a service that ends or throws ends the group, every
/// other one cancelled and awaited, unless it is a one-shot (`mayEnd`). uvd used ServiceGroup
/// itself until its dependencies (swift-async-algorithms and swift-collections) were measured at
/// 26 s of a first release build of 111 s, for what these few lines do.
struct DaemonServiceGroup {
    struct Entry: Sendable {
        let name: String
        let service: any DaemonService
        /// Ending is its job done (asking GeoClue once), not a reason to stop.
        let mayEnd: Bool

        init(_ service: any DaemonService, named name: String, mayEnd: Bool = false) {
            self.service = service
            self.name = name
            self.mayEnd = mayEnd
        }
    }

    let entries: [Entry]
    let log: Logger

    /// Runs every service until one ends the group; returns once all have ended.
    func run() async {
        await withTaskGroup(of: (name: String, error: (any Error)?, mayEnd: Bool).self) { group in
            for entry in entries {
                group.addTask {
                    do {
                        try await entry.service.run()
                        return (entry.name, nil, entry.mayEnd)
                    } catch {
                        return (entry.name, error, false)
                    }
                }
            }
            var stopping = false
            while let ended = await group.next() {
                guard !stopping else { continue }
                if let error = ended.error {
                    log.error("\(ended.name): \(error); stopping")
                } else if ended.mayEnd {
                    continue
                }
                stopping = true
                group.cancelAll()
            }
        }
    }
}
