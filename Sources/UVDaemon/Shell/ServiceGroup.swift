/// One of the daemon's long-running jobs (the core's loop, the control socket, the notifications,
/// a watch): it runs until its work ends or its graceful shutdown (`GracefulShutdown`) stops it.
protocol Service: Sendable {
    func run() async throws
}

/// The daemon's services, started together and stopped in order. The group stops when a service
/// it was told to stop on ends, or when any service fails: then each service still running is
/// shut down gracefully in the reverse of the order given, and the next one's shutdown begins only
/// once the one before has ended, so that a service can rely on those given after it while it
/// stops (the control socket stops taking calls before the core's loop ends).
struct ServiceGroup {
    /// A service and what its end means.
    struct Member: Sendable {
        let name: String
        let service: any Service
        /// Whether its returning stops the group; a failure always does.
        var endStopsGroup = true
    }

    /// A service's failure: which one, and what it threw.
    struct Failure: Error, CustomStringConvertible {
        let service: String
        let error: any Error
        var description: String { "\(service): \(error)" }
    }

    let members: [Member]

    /// Runs the services until the group stops and every one has ended; the first failure, if
    /// any, is returned once all have.
    func run() async -> Failure? {
        let shutdowns = members.map { _ in GracefulShutdown() }
        return await withTaskGroup(of: (index: Int, failure: Failure?).self) { group in
            for (index, member) in members.enumerated() {
                group.addTask {
                    await GracefulShutdown.$current.withValue(shutdowns[index]) {
                        do {
                            try await member.service.run()
                            return (index, nil)
                        } catch {
                            return (index, Failure(service: member.name, error: error))
                        }
                    }
                }
            }
            var running = Set(members.indices)
            var firstFailure: Failure?
            /// Takes the next service to end; whether it stops the group.
            func takeNextEnd() async -> Bool {
                guard let ended = await group.next() else { return false }
                running.remove(ended.index)
                firstFailure = firstFailure ?? ended.failure
                return ended.failure != nil || members[ended.index].endStopsGroup
            }
            while !running.isEmpty, await !takeNextEnd() {}
            for index in members.indices.reversed() where running.contains(index) {
                shutdowns[index].begin()
                while running.contains(index) { _ = await takeNextEnd() }
            }
            return firstFailure
        }
    }
}
