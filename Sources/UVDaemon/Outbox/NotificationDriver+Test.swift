import FoundationEssentials
import UVCore
import UVEngine
import UVNotify
import UVPlatform
import UVProtocol

/// `uvctl notify-test`: a sample notification with uvd's buttons, shown straight to the server
/// (not as a subject of the rules), and what the server did with it within a bounded time.
extension NotificationDriver {
    /// How a test notification ended.
    enum TestEnd: Sendable, Equatable {
        case pressed(key: String)
        case closed(CloseReason)
        case unanswered
    }

    static let testButtons: [AlertAction] = [.applied, .remind, .notToday]

    var testRunning: Bool { testWaiter != nil }

    /// Waits for the test notification `id` to be pressed or closed, at most `seconds`.
    func waitForTest(_ id: UInt32, seconds: Int) async -> TestEnd {
        await withTaskGroup(of: Void.self) { group in
            // The wait ends unanswered when its time is up, or when uvd stops (this task
            // cancelled with the call): a stop must not wait out a test's whole wait.
            group.addTask {
                try? await EventLoop.sleep(for: .seconds(seconds))
                await self.endTest(id, .unanswered)
            }
            let end = await withCheckedContinuation {
                testWaiter = (id, $0)
                // Cancelled before the wait began: the task above found no waiter to end.
                if Task.isCancelled { endTest(id, .unanswered) }
            }
            group.cancelAll()
            return end
        }
    }

    /// What the server said about notification `id`: true when it is the test's, whose wait
    /// it ends.
    @discardableResult
    func endTest(_ id: UInt32, _ end: TestEnd) -> Bool {
        guard let waiter = testWaiter, waiter.id == id else { return false }
        testWaiter = nil
        waiter.continuation.resume(returning: end)
        return true
    }

    /// A test notification still waiting as uvd stops: its buttons would answer no one once uvd
    /// is gone, so it is closed, and its caller told it went unanswered.
    func withdrawTest() async {
        if let id = testToWithdraw {
            testToWithdraw = nil
            try? await server.close(id: id)
        }
        guard let waiter = testWaiter else { return }
        testWaiter = nil
        try? await server.close(id: waiter.id)
        waiter.continuation.resume(returning: .unanswered)
    }

    /// `picture`: the day's mini-wheel, as the core drew it.
    func test(within seconds: Int, picture: DesktopNotification.Image?) async -> NotifyTestReply {
        guard !testRunning else { return NotifyTestReply(server: "", outcome: .failed, button: tr("another test notification is waiting")) }
        let serverName: String
        let serverInfo: NotificationServerInfo
        switch await serverState() {
        case .success(let info): (serverName, serverInfo) = ("\(info.name) \(info.version)", info)
        case .failure(let failure): return NotifyTestReply(server: failure.description, outcome: .failed, button: nil)
        }
        let presenter = Presenter(zone: .utc, twelveHour: false)
        let sample = PresentedAlert(
            subject: .test, rule: .leaveHome, summary: tr("uvd: a test notification"),
            body: tr("Press a button: uvctl notify-test says which one uvd heard."), urgency: .normal,
            buttons: Self.testButtons.map { ($0, presenter.label($0)) })
        var notification = Outbox.presentation(sample, on: serverInfo)
        notification.staysUntilAnswered = false
        notification.image = picture
        let id: UInt32
        do { id = try await server.show(notification, replacing: nil) } catch {
            return NotifyTestReply(server: serverName, outcome: .failed, button: "\(error)")
        }
        let end = await waitForTest(id, seconds: seconds)
        switch end {
        case .pressed(DesktopNotification.defaultActionKey):
            return NotifyTestReply(server: serverName, outcome: .clicked, button: nil)
        case .pressed(let key):
            try? await server.close(id: id)
            let label = sample.buttons.first { $0.action.key == key }?.label ?? key
            return NotifyTestReply(server: serverName, outcome: .pressed, button: label)
        case .closed(let reason):
            let outcome: NotifyTestOutcome =
                switch AlertClosing(reason) {
                case .expired: .expired
                case .dismissed: .dismissed
                case .unexplained, nil: .closed
                }
            return NotifyTestReply(server: serverName, outcome: outcome, button: nil)
        case .unanswered:
            if Task.isCancelled { testToWithdraw = id } else { try? await server.close(id: id) }
            return NotifyTestReply(server: serverName, outcome: .unanswered, button: nil)
        }
    }
}
