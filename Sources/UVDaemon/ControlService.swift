import Foundation
import UVCore
import UVPlatform
import UVProtocol

/// `io.uvd` over varlink: decodes each call's parameters, asks the core, encodes the reply.
struct ControlService: VarlinkService {
    let core: DaemonCore

    func handle(_ call: VarlinkCall, replies: VarlinkReplies) async throws(VarlinkError) {
        let now = Date()
        do {
            guard let method = UVDMethod(qualifiedName: call.method) else { throw VarlinkError.methodNotFound(call.method) }
            switch method {
            case .getStatus:
                let location = try call.decodeParameters(LocationParameters.self).location
                try await replies.send(["status": try await core.status(now: now, location: location)])
            case .getForecast:
                let parameters = try call.decodeParameters(ForecastParameters.self)
                try await replies.send(["forecast": try await core.forecast(now: now, location: parameters.location, date: parameters.date)])
            case .listStations:
                let list = await core.stationList(now: now)
                try await replies.send(StationsReply(stations: list.stations, updatedAt: list.updatedAt, attribution: UVSource.arpansa.attribution))
            case .setLocation:
                try await replies.send(["location": try await core.setLocation(call.decodeParameters(PlaceParameters.self).place)])
            case .clearLocation:
                try await replies.send(["location": try await core.clearLocation()])
            case .addLocation:
                let parameters = try call.decodeParameters(AddLocationParameters.self)
                try await replies.send(["location": try await core.addLocation(name: parameters.name, query: parameters.place)])
            case .listLocations:
                let list = await core.listLocations()
                try await replies.send(LocationsReply(current: list.current, saved: list.saved))
            case .removeLocation:
                try await core.removeLocation(name: call.decodeParameters(NameParameters.self).name)
                try await replies.send(Empty())
            case .getProfile:
                try await replies.send(["profile": Self.info(await core.getProfile())])
            case .setProfile:
                let parameters = try call.decodeParameters(ProfileParameters.self)
                let profile = try await core.setProfile { (profile: inout Profile) throws(VarlinkError) in try Self.apply(parameters, to: &profile) }
                try await replies.send(["profile": Self.info(profile)])
            case .applySunscreen:
                let parameters = try call.decodeParameters(SunscreenParameters.self)
                let minutesAgo = parameters.minutesAgo ?? 0
                guard (0...720).contains(minutesAgo) else {
                    throw VarlinkError.uvd(name: "InvalidValue", message: tr("minutesAgo must be 0 to 720 (got %1$@)", minutesAgo))
                }
                let info = try await core.applySunscreen(
                    spf: try parameters.spf.map { try Self.parse($0, "spf", SPF.init(parsing:), allowed: tr("none, 15, 30 or 50")) },
                    quantity: try parameters.quantity.map { try Self.parse($0, "quantity", SunscreenQuantity.init(rawValue:), allowed: tr("low, medium or lots")) },
                    activity: try parameters.activity.map { try Self.parse($0, "activity", SunscreenActivity.init(rawValue:), allowed: tr("indoors, normal or active")) },
                    at: now.addingTimeInterval(-Double(minutesAgo) * 60), now: now)
                try await replies.send(["sunscreen": info])
            case .removeSunscreen:
                try await core.removeSunscreen(now: now)
                try await replies.send(Empty())
            case .recordWater:
                try await replies.send(["sunscreen": try await core.recordWater(now: now)])
            case .refresh:
                try await replies.send(RefreshReply(outcomes: try await core.requestRefresh(now: now)))
            case .reload:
                try await replies.send(["message": try await core.reload()])
            case .getConfig:
                let loaded = await core.loaded
                try await replies.send(ConfigReply(
                    file: await core.configFilePath,
                    entries: loaded.entries.map { ConfigEntry(key: $0.key, value: $0.value, origin: $0.origin) }))
            case .getQuiet:
                try await replies.send(["quiet": await core.quietInfo(now: now)])
            case .setQuiet:
                let parameters = try call.decodeParameters(SetQuietParameters.self)
                try await replies.send(["quiet": try await core.setQuiet(spans: parameters.spans, reset: parameters.reset ?? false, now: now)])
            case .quietNow:
                try await replies.send(["quiet": try await core.quietNow(minutes: call.decodeParameters(MinutesParameters.self).minutes, now: now)])
            case .quietOff:
                try await replies.send(["quiet": await core.quietOff(now: now)])
            case .snooze:
                let parameters = try call.decodeParameters(RuleParameters.self)
                guard let minutes = parameters.minutes else { throw VarlinkError.uvd(name: "InvalidValue", message: tr("Snooze needs minutes")) }
                try await replies.send(["message": try await core.snooze(rule: parameters.rule, minutes: minutes, now: now)])
            case .mute:
                let parameters = try call.decodeParameters(RuleParameters.self)
                try await replies.send(["message": try await core.mute(rule: parameters.rule, today: parameters.today ?? false, now: now)])
            case .unmute:
                try await replies.send(["message": try await core.unmute(rule: call.decodeParameters(RuleParameters.self).rule, now: now)])
            case .getHome:
                try await replies.send(["home": await core.homeInfo()])
            case .setHome:
                try await replies.send(["message": try await core.markHome(now: now)])
            case .clearHome:
                try await replies.send(["message": try await core.clearHome(now: now)])
            case .getHistory:
                let limit = try call.decodeParameters(LimitParameters.self).limit ?? 50
                try await replies.send(HistoryReply(entries: try await core.history(limit: limit)))
            case .diagnose:
                try await replies.send(DiagnoseReply(checks: await core.diagnose(now: now)))
            case .subscribe:
                guard call.more else { throw VarlinkError.expectedMore }
                for await status in await core.subscribe(now: now) {
                    try await replies.send(["status": status], continues: true)
                }
            }
        } catch let error as VarlinkError {
            throw error
        } catch {
            // The client went away while we answered: nothing to tell it.
            throw VarlinkError.uvd(name: "Disconnected", message: "\(error)")
        }
    }

    static func info(_ profile: Profile) -> ProfileInfo {
        ProfileInfo(
            skinType: profile.skinType?.numeral, spf: profile.defaultSPF.argument, quantity: profile.defaultQuantity.rawValue,
            activity: profile.defaultActivity.rawValue, waterResistanceMinutes: profile.waterResistance.rawValue)
    }

    static func parse<T>(_ text: String, _ name: String, _ make: (String) -> T?, allowed: String) throws(VarlinkError) -> T {
        guard let value = make(text) else { throw .uvd(name: "InvalidValue", message: tr("%1$@ '%2$@' is not allowed; use %3$@", name, text, allowed)) }
        return value
    }

    static func apply(_ parameters: ProfileParameters, to profile: inout Profile) throws(VarlinkError) {
        if let skinType = parameters.skinType { profile.skinType = try parse(skinType, "skinType", SkinType.init(parsing:), allowed: tr("I, II, III, IV, V or VI")) }
        if let spf = parameters.spf { profile.defaultSPF = try parse(spf, "spf", SPF.init(parsing:), allowed: tr("none, 15, 30 or 50")) }
        if let quantity = parameters.quantity { profile.defaultQuantity = try parse(quantity, "quantity", SunscreenQuantity.init(rawValue:), allowed: tr("low, medium or lots")) }
        if let activity = parameters.activity { profile.defaultActivity = try parse(activity, "activity", SunscreenActivity.init(rawValue:), allowed: tr("indoors, normal or active")) }
        if let minutes = parameters.waterResistanceMinutes {
            profile.waterResistance = try parse(String(minutes), "waterResistanceMinutes", { Int($0).flatMap(WaterResistance.init(rawValue:)) }, allowed: tr("0, 40 or 80"))
        }
    }
}
