import FoundationEssentials
import UVNotify
import UVPlatform

/// The thin side of the notifications: it makes the calls the outbox decides (`ServerCall`) on
/// the notification server, one after another in the order given, and hands the core each
/// answer and each of the server's signals as a `CoreEvent`. It decides nothing; the one
/// exception is `uvctl notify-test` (`NotificationDriver+Test.swift`), a sample shown straight to
/// the server, not a subject of the rules.
actor NotificationDriver {
    let server: any NotificationServer
    /// The calls the core's effects hand over, in order.
    private let calls: AsyncStream<ServerCall>
    private let callsToMake: AsyncStream<ServerCall>.Continuation
    /// The test notification's id and who waits for its end (`NotificationDriver+Test.swift`).
    var testWaiter: (id: UInt32, continuation: CheckedContinuation<TestEnd, Never>)?
    /// A test notification whose wait ended with its call cancelled (uvd stopping): closed by
    /// `withdrawTest`, whose task is not cancelled, as the call's own cannot ask the server.
    var testToWithdraw: UInt32?

    init(server: any NotificationServer) {
        self.server = server
        (calls, callsToMake) = AsyncStream.makeStream(of: ServerCall.self)
    }

    /// How long a stop waits for the call under way: a server answers within milliseconds.
    static let stopWait = Duration.seconds(2)

    /// Hands a call over from anywhere, at once; calls are made in the order handed over.
    nonisolated func make(_ call: ServerCall) {
        callsToMake.yield(call)
    }

    /// Makes the calls and listens to the server, each a child of this task, handing `report`
    /// every answer and signal. At a graceful shutdown it makes no more calls and waits for the
    /// one under way (at most `stopWait`; a server that has not answered by then is left, its
    /// call abandoned), then returns.
    func run(reporting report: @escaping @Sendable (CoreEvent) async -> Void) async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.listen(reporting: report) }
            await withTaskGroup(of: Void.self) { making in
                making.addTask {
                    for await call in self.calls {
                        await report(.serverAnswered(call.number, await Self.answer(call.kind, on: self.server)))
                    }
                }
                making.addTask {
                    // At a stop the calls end (none handed over after it is made), and only then
                    // does the wait for the call under way count.
                    guard await GracefulShutdown.wait() else { return }
                    self.callsToMake.finish()
                    try? await EventLoop.sleep(for: Self.stopWait)
                }
                await making.next()
                making.cancelAll()
            }
            group.cancelAll()
        }
    }

    /// What `server` answers to `call`.
    static func answer(_ call: ServerCall.Kind, on server: any NotificationServer) async -> ServerAnswer {
        switch call {
        case .owner: return .owner(await server.owner())
        case .info: return .info(await server.info())
        case .doNotDisturb: return .doNotDisturb(await server.doNotDisturb())
        case .show(let notification, let replacing):
            do { return .shown(.success(try await server.show(notification, replacing: replacing))) } catch {
                return .shown(.failure(error))
            }
        case .close(let id):
            do {
                try await server.close(id: id)
                return .closed(nil)
            } catch {
                return .closed(error)
            }
        case .announces(.server): return .announces(await server.announcesServer())
        case .announces(.sessionBus): return .announces(await server.announcesSessionBus())
        }
    }

    /// Hands the server's presses, closes and news on until the task is cancelled; those of
    /// the test notification end its wait instead.
    private func listen(reporting report: @Sendable (CoreEvent) async -> Void) async {
        for await event in server.events {
            switch event {
            case .action(let id, let key) where endTest(id, .pressed(key: key)): continue
            case .closed(let id, let reason) where endTest(id, .closed(reason)): continue
            default: await report(.notificationServer(event))
            }
        }
    }

    /// The server as it is now, or why it could not be reached; for `uvctl doctor`.
    func serverState() async -> Result<NotificationServerInfo, NotificationFailure> { await server.info() }

    func doNotDisturb() async -> DoNotDisturb? { await server.doNotDisturb() }
}
