import FoundationEssentials
import UVConfig
import UVCore
import UVPlatform
import UVProtocol
import UVVarlink

/// `io.uvd` over varlink: finds the method a call names, decodes its parameters, has it answered
/// (`Answered`) and encodes the reply. `Subscribe` alone answers more than once.
struct ControlService: VarlinkService {
    let core: CoreShell

    /// Every method answered once, by its qualified name (`AnsweredTests` holds that every
    /// method in `UVD.calls` is here or is `Subscribe`).
    static let answered: [String: any Answered.Type] = Dictionary(
        UVD.calls.compactMap { $0 as? any Answered.Type }.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })

    func handle(_ call: VarlinkCall, replies: VarlinkReplies) async throws(VarlinkError) {
        let now = core.now
        do {
            if call.method == UVD.Subscribe.qualifiedName {
                guard call.more else { throw VarlinkError.expectedMore }
                for await status in await core.subscribe(now: now) {
                    try await replies.send(UVD.Subscribe.Reply(status: status), continues: true)
                }
                return
            }
            guard let method = Self.answered[call.method] else { throw VarlinkError.methodNotFound(call.method) }
            try await answer(method, call: call, replies: replies, now: now)
        } catch let refusal as Refusal {
            throw refusal.varlinkError
        } catch let error as VarlinkError {
            throw error
        } catch {
            // The client went away while we answered: nothing to tell it.
            throw VarlinkError.uvd(name: "Disconnected", message: "\(error)")
        }
    }

    /// Answers with the types the method declares: the parameters it decodes and the reply it
    /// sends cannot be other than the method's.
    private func answer<Method: Answered>(_: Method.Type, call: VarlinkCall, replies: VarlinkReplies, now: Date) async throws {
        let parameters = try call.decodeParameters(Method.Parameters.self)
        try await replies.send(try await Method.answer(parameters, shell: core, now: now))
    }
}

/// The methods the shell answers itself: each needs what only the shell has (the store, the
/// configuration file, the route, the notification server, the providers' round).
extension UVD.Refresh: Answered {
    static func answer(_: Empty, shell: CoreShell, now: Date) async throws -> RefreshReply {
        RefreshReply(outcomes: try await shell.requestRefresh(now: now).map(\.wire))
    }
}

extension UVD.Reload: Answered {
    static func answer(_: Empty, shell: CoreShell, now: Date) async throws -> MessageReply {
        MessageReply(message: try await shell.reload())
    }
}

extension UVD.GetConfig: Answered {
    static func answer(_: Empty, shell: CoreShell, now: Date) async throws -> ConfigReply {
        let loaded = await shell.loaded
        return ConfigReply(
            file: await shell.configFilePath, entries: loaded.entries.map { ConfigEntry(key: $0.key, value: $0.value, origin: $0.origin) })
    }
}

extension UVD.SetHome: Answered {
    static func answer(_: Empty, shell: CoreShell, now: Date) async throws -> MessageReply {
        MessageReply(message: try await shell.markHome(now: now))
    }
}

extension UVD.GetHistory: Answered {
    static func answer(_ parameters: LimitParameters, shell: CoreShell, now: Date) async throws -> HistoryReply {
        HistoryReply(entries: try await shell.history(limit: parameters.limit ?? 50, days: parameters.days, now: now))
    }
}

extension UVD.Diagnose: Answered {
    static func answer(_: Empty, shell: CoreShell, now: Date) async throws -> DiagnoseReply {
        DiagnoseReply(checks: await shell.diagnose(now: now))
    }
}

extension UVD.NotifyTest: Answered {
    /// Straight to the server: the core does not wait for a person.
    static func answer(_ parameters: NotifyTestParameters, shell: CoreShell, now: Date) async throws -> NotifyTestReply {
        let seconds = parameters.seconds ?? 30
        guard (5...60).contains(seconds) else {
            throw Refusal(.invalidValue, tr("seconds must be 5 to 60 (got %1$@)", seconds))
        }
        return await shell.driver.test(within: seconds, picture: await shell.read { $0.miniWheel(now: now) })
    }
}
