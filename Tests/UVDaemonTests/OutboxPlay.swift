import Foundation
import Logging
import UVCore
import UVEngine
import UVNotify
import UVStore

@testable import UVDaemon

/// An outbox (the value the core holds) played against a recording server on a virtual clock:
/// each call it decides is made on the server (`NotificationDriver.answer`) and its answer handed
/// back, and time moves only when the test says (`advance(by:)`). No timer, no sleep.
struct OutboxPlay {
    var outbox = Outbox(saved: NotificationIDs(owner: RecordingServer.firstOwner))
    let server: RecordingServer
    /// The virtual clock.
    private(set) var now = Date(timeIntervalSince1970: 1_780_000_000)
    /// What the rules heard, in order.
    private(set) var answers: [(subject: Subject, answer: AlertAnswer)] = []
    /// What the history keeps, in order.
    private(set) var delivered: [OutboxStep.Delivered] = []
    /// The calls made, in order.
    private(set) var calls: [ServerCall.Kind] = []
    private let log: Logger = {
        var log = Logger(label: "outbox-play")
        log.logLevel = .critical
        return log
    }()

    init(server: RecordingServer = RecordingServer()) { self.server = server }

    static func alert(_ subject: Subject, _ summary: String, urgency: Urgency = .normal, buttons: [AlertAction] = []) -> PresentedAlert {
        PresentedAlert(
            subject: subject, rule: .reapply, summary: summary, body: "", urgency: urgency, buttons: buttons.map { ($0, $0.key) })
    }

    /// The rules post `alert`; returns the step without making its call (`run` makes it).
    mutating func posting(_ alert: PresentedAlert, picture: DesktopNotification.Image? = nil) -> OutboxStep {
        outbox.show(alert, at: now, zone: ZoneName("UTC"), picture: picture, log: log)
    }

    /// The rules post `alert`, and the delivery runs until no call is out.
    mutating func show(_ alert: PresentedAlert, picture: DesktopNotification.Image? = nil) async {
        await run(posting(alert, picture: picture))
    }

    mutating func withdraw(_ subject: Subject) async {
        await run(outbox.withdraw(subject, at: now, zone: ZoneName("UTC"), log: log))
    }

    /// The server says `event`.
    mutating func hear(_ event: NotificationEvent) async {
        await run(outbox.heard(event, now: now, log: log))
    }

    /// The clock moves on by `seconds`; what is due on the outbox's deadlines comes.
    mutating func advance(by seconds: TimeInterval) async {
        now = now.addingTimeInterval(seconds)
        guard let wake = outbox.wake, wake <= now else { return }
        await run(outbox.due(now: now, log: log))
    }

    /// Makes the call `step` holds, if any, and returns the outbox's next step.
    mutating func answer(_ step: OutboxStep) async -> OutboxStep {
        take(step)
        var next = OutboxStep()
        for call in step.calls {
            calls.append(call.kind)
            let answer = await NotificationDriver.answer(call.kind, on: server)
            let after = outbox.answered(call.number, answer, now: now, log: log)
            next.calls += after.calls
            take(OutboxStep(answers: after.answers, delivered: after.delivered))
        }
        return next
    }

    /// Answers every call until none is out.
    mutating func run(_ step: OutboxStep) async {
        var step = step
        while !step.calls.isEmpty { step = await answer(step) }
        take(step)
    }

    private mutating func take(_ step: OutboxStep) {
        answers += step.answers
        delivered += step.delivered
    }
}
