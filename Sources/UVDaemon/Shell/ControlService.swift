import FoundationEssentials
import UVConfig
import UVCore
import UVPlatform
import UVProtocol
import UVVarlink

/// `io.uvd` over varlink: decodes each call's parameters, asks the core, encodes the reply.
struct ControlService: VarlinkService {
    let core: CoreShell

    func handle(_ call: VarlinkCall, replies: VarlinkReplies) async throws(VarlinkError) {
        let now = core.now
        do {
            guard let method = UVDMethod(qualifiedName: call.method) else { throw VarlinkError.methodNotFound(call.method) }
            let answer = Answer(call: call, replies: replies)
            switch method {
            case .getStatus:
                try await answer(UVD.GetStatus.self) { call in
                    StatusReply(status: try await core.read { try $0.status(now: now, location: call.location) })
                }
            case .getForecast:
                try await answer(UVD.GetForecast.self) { call in
                    ForecastReply(
                        forecast: try await core.read { try $0.forecast(now: now, location: call.location, date: call.date?.value) })
                }
            case .listStations:
                try await answer(UVD.ListStations.self) { _ in
                    let list = await core.read { $0.stationList(now: now) }
                    return StationsReply(stations: list.stations, updatedAt: list.updatedAt, attribution: UVSource.arpansa.attribution)
                }
            case .setLocation:
                try await answer(UVD.SetLocation.self) {
                    LocationReply(location: try await core.command(.setLocation(query: $0.place), now: now))
                }
            case .clearLocation:
                try await answer(UVD.ClearLocation.self) { _ in LocationReply(location: try await core.command(.clearLocation, now: now)) }
            case .addLocation:
                try await answer(UVD.AddLocation.self) {
                    LocationReply(location: try await core.command(.addLocation(name: $0.name, query: $0.place), now: now))
                }
            case .listLocations:
                try await answer(UVD.ListLocations.self) { _ in
                    let list = await core.read { $0.listLocations() }
                    return LocationsReply(current: list.current, saved: list.saved)
                }
            case .removeLocation:
                try await answer(UVD.RemoveLocation.self) {
                    try await core.run(.removeLocation(name: $0.name), now: now)
                    return Empty()
                }
            case .getProfile:
                try await answer(UVD.GetProfile.self) { _ in ProfileReply(profile: Self.info(await core.getProfile())) }
            case .setProfile:
                try await answer(UVD.SetProfile.self) { parameters in
                    ProfileReply(profile: Self.info(try await core.command(.profile(try Self.change(parameters)), now: now)))
                }
            case .applySunscreen:
                try await answer(UVD.ApplySunscreen.self) { SunscreenReply(sunscreen: try await applySunscreen($0, now: now)) }
            case .removeSunscreen:
                try await answer(UVD.RemoveSunscreen.self) { _ in
                    try await core.run(.removeSunscreen, now: now)
                    return Empty()
                }
            case .recordWater:
                try await answer(UVD.RecordWater.self) { _ in SunscreenReply(sunscreen: try await core.command(.recordWater, now: now)) }
            case .refresh:
                try await answer(UVD.Refresh.self) { _ in RefreshReply(outcomes: try await core.requestRefresh(now: now).map(\.wire)) }
            case .reload:
                try await answer(UVD.Reload.self) { _ in MessageReply(message: try await core.reload()) }
            case .getConfig:
                try await answer(UVD.GetConfig.self) { _ in
                    let loaded = await core.loaded
                    return ConfigReply(
                        file: await core.configFilePath,
                        entries: loaded.entries.map { ConfigEntry(key: $0.key, value: $0.value, origin: $0.origin) })
                }
            case .getQuiet:
                try await answer(UVD.GetQuiet.self) { _ in QuietReply(quiet: await core.read { $0.quietInfo(now: now) }) }
            case .setQuiet:
                try await answer(UVD.SetQuiet.self) {
                    QuietReply(
                        quiet: try await core.command(
                            .quiet(CallParameters.quietHours(spans: $0.spans?.map(\.value), reset: $0.reset ?? false)), now: now))
                }
            case .quietNow:
                try await answer(UVD.QuietNow.self) { QuietReply(quiet: try await core.command(.quietFor(minutes: $0.minutes), now: now)) }
            case .quietOff:
                try await answer(UVD.QuietOff.self) { _ in QuietReply(quiet: try await core.command(.quietOff, now: now)) }
            case .snooze:
                try await answer(UVD.Snooze.self) {
                    MessageReply(message: try await core.command(.snooze($0.rule.value, minutes: $0.minutes), now: now))
                }
            case .mute:
                try await answer(UVD.Mute.self) {
                    MessageReply(message: try await core.command(.mute($0.rule.value, today: $0.today ?? false), now: now))
                }
            case .unmute:
                try await answer(UVD.Unmute.self) { MessageReply(message: try await core.command(.unmute($0.rule.value), now: now)) }
            case .getHome:
                try await answer(UVD.GetHome.self) { _ in HomeReply(home: await core.read { $0.homeInfo() }) }
            case .setHome:
                try await answer(UVD.SetHome.self) { _ in MessageReply(message: try await core.markHome(now: now)) }
            case .getDose:
                try await answer(UVD.GetDose.self) { call in
                    try await core.read { try $0.doseReply(now: now, date: call.date?.value, days: call.days) }
                }
            case .outside:
                try await answer(UVD.Outside.self) { MessageReply(message: try await core.command(.outside($0), now: now)) }
            case .listFamily:
                try await answer(UVD.ListFamily.self) { _ in await core.read { $0.familyReply(now: now) } }
            case .addFamilyMember:
                try await answer(UVD.AddFamilyMember.self) { call in
                    try await core.command(.addMember(try CallParameters.newMember(call)), now: now)
                }
            case .setFamilyMember:
                try await answer(UVD.SetFamilyMember.self) { call in
                    try await core.command(.setMember(name: call.name, CallParameters.memberChange(call)), now: now)
                }
            case .setFamilyOut:
                try await answer(UVD.SetFamilyOut.self) { call in
                    try await core.command(.familyOut(call.out, today: call.today ?? false), now: now)
                }
            case .removeFamilyMember:
                try await answer(UVD.RemoveFamilyMember.self) { try await core.command(.removeMember(name: $0.name), now: now) }
            case .clearHome:
                try await answer(UVD.ClearHome.self) { _ in MessageReply(message: try await core.command(.clearHome, now: now)) }
            case .getHistory:
                try await answer(UVD.GetHistory.self) { call in
                    HistoryReply(entries: try await core.history(limit: call.limit ?? 50, days: call.days, now: now))
                }
            case .diagnose:
                try await answer(UVD.Diagnose.self) { _ in DiagnoseReply(checks: await core.diagnose(now: now)) }
            case .notifyTest:
                // Straight to the server: the core does not wait for a person.
                try await answer(UVD.NotifyTest.self) { parameters in
                    let seconds = parameters.seconds ?? 30
                    guard (5...60).contains(seconds) else {
                        throw Refusal(.invalidValue, tr("seconds must be 5 to 60 (got %1$@)", seconds))
                    }
                    return await core.driver.test(within: seconds, picture: await core.read { $0.miniWheel(now: now) })
                }
            case .subscribe:
                guard call.more else { throw VarlinkError.expectedMore }
                for await status in await core.subscribe(now: now) {
                    try await answer.send(UVD.Subscribe.self, StatusReply(status: status), continues: true)
                }
            }
        } catch let refusal as Refusal {
            throw refusal.varlinkError
        } catch let error as VarlinkError {
            throw error
        } catch {
            // The client went away while we answered: nothing to tell it.
            throw VarlinkError.uvd(name: "Disconnected", message: "\(error)")
        }
    }

    private func applySunscreen(_ parameters: SunscreenParameters, now: Date) async throws -> SunscreenInfo {
        let minutesAgo = parameters.minutesAgo?.minutes ?? 0
        return try await core.command(
            .applySunscreen(
                spf: parameters.spf?.value.spf, quantity: parameters.quantity?.value, activity: parameters.activity?.value,
                at: now.addingTimeInterval(-Double(minutesAgo) * 60), for: parameters.person), now: now)
    }

    static func info(_ profile: Profile) -> ProfileInfo {
        ProfileInfo(
            skinType: profile.skinType, spf: profile.defaultSPF, quantity: profile.defaultQuantity, activity: profile.defaultActivity,
            waterResistanceMinutes: profile.waterResistance)
    }

    /// What `SetProfile` changes: only the fields it gives, the rest the core's profile keeps.
    static func change(_ parameters: ProfileParameters) throws(Refusal) -> ProfileChange {
        ProfileChange(
            skinType: parameters.skinType?.value, spf: parameters.spf?.value, quantity: parameters.quantity?.value,
            activity: parameters.activity?.value,
            waterResistance: parameters.waterResistanceMinutes?.value)
    }
}

/// Answers one call with the types its `UVD` declaration names: the parameters it decodes and the
/// reply it sends cannot be other than the method's.
private struct Answer {
    let call: VarlinkCall
    let replies: VarlinkReplies

    func callAsFunction<Call: UVDCall>(_: Call.Type, _ body: (Call.Parameters) async throws -> Call.Reply) async throws {
        try await send(Call.self, try await body(call.decodeParameters(Call.Parameters.self)))
    }

    func send<Call: UVDCall>(_: Call.Type, _ reply: Call.Reply, continues: Bool = false) async throws {
        try await replies.send(reply, continues: continues)
    }
}
