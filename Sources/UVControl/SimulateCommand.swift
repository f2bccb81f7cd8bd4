import ArgumentParser
import FoundationEssentials
import UVConfig
import UVCore
import UVEngine
import UVPlatform
import UVProtocol

/// `uvctl simulate`: a whole day through the rule engine, and what it would say when.
struct SimulateCommand: AsyncParsableCommand {
    /// The configuration's sections the simulation reads: each rule's, and quiet hours.
    static let ruleSections = (Rule.known.map(\.settingsSection) + ["quiet"]).map { "[\($0)]" }.joinedText(separator: ", ")

    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: tr("Play a day through the rules and list the notifications they would send."),
        discussion: tr(
            "The day's UV is the clear-sky model's for the place (the daemon's live data may be lower). The same engine decides as in uvd, with the rule settings of your config.toml (%1$@); --quiet replaces its quiet hours. The place and skin type are uvd's when it runs, unless --lat/--lon and --skin-type say otherwise; the first line says which were used.",
            SimulateCommand.ruleSections
        ))

    @OptionGroup var place: PlaceOptions
    @Option(
        help: ArgumentHelp(tr("A saved location (see uvctl location list) or a city instead of uvd's current place."), valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp(tr("The local day, YYYY-MM-DD (default: today)."), valueName: "date"))
    var date: String?

    /// The day given, read once; nil for today.
    var day: CalendarDate? { date.flatMap(CalendarDate.init(parsing:)) }

    @Option(help: ArgumentHelp(tr("Leave home then: Wi-Fi until this time, cellular after (HH:MM)."), valueName: "time"))
    var leave: String?

    @Option(
        help: ArgumentHelp(
            tr("Quiet hours instead of the configured ones, HH:MM-HH:MM (may cross midnight); repeat for more."), valueName: "span"))
    var quiet: [String] = []

    @Option(
        name: .customLong("skin-type"),
        help: ArgumentHelp(tr("Skin type I to VI (default: your profile's when uvd runs, else I, the most cautious).")))
    var skinType: SkinType?

    @Option(
        help: ArgumentHelp(
            tr(
                "Who is out with you: NAME:TYPE[:YYYY-MM], comma-separated, e.g. Mia:I:2019-06,Sam:IV (default: uvd's family when it runs and they are out)."
            ), valueName: "people"))
    var family: String?

    @Flag(help: ArgumentHelp(tr("Press \"Applied sunscreen\" on the leave-home notification.")))
    var apply = false

    @Option(
        help: ArgumentHelp(
            tr(
                "A file of the day's events, one per line: HH:MM EVENT (wifi, cellular, press leave-home applied, apply 50 lots, water, quiet 60, …)."
            ), valueName: "file"))
    var scenario: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let date {
            guard let day else { throw ValidationError(tr("--date '%1$@' is not a calendar date: use YYYY-MM-DD.", date)) }
            guard day.isComputed else { throw ValidationError(ComputedYears.refusal("--date", date)) }
        }
        if location != nil, place.lat != nil {
            throw ValidationError(tr("Give --location or --lat/--lon, not both."))
        }
        if let leave, WallClock.minuteOfDay(parsing: leave) == nil {
            throw ValidationError(tr("--leave '%1$@' is not a time of day: use HH:MM, e.g. 08:15.", leave))
        }
        if apply, leave == nil {
            throw ValidationError(tr("--apply presses a button of the notification --leave brings: give --leave HH:MM too."))
        }
        for span in quiet where QuietSpan(parsing: span) == nil {
            throw ValidationError(tr("--quiet '%1$@' is not a span: use HH:MM-HH:MM, e.g. 22:00-07:00.", span))
        }
        if let family, case .failure(let why) = FamilyList.members(family) { throw ValidationError(why.description) }
    }

    /// The people out with the user: `--family`, else uvd's family while it runs and they are out
    /// (`uvctl family off` leaves the user alone); and where they came from.
    private func party(daemonRuns: Bool) async -> (members: [FamilyMember], origin: String) {
        if let family, case .success(let members) = FamilyList.members(family) { return (members, tr("--family")) }
        guard daemonRuns, let reply = try? await DaemonClient.call(UVD.ListFamily.self, Empty()), reply.out else { return ([], "") }
        let members = reply.people.filter { !$0.you }.compactMap { person in
            person.skinType.map { FamilyMember(name: person.name, skinType: $0.value, born: person.born?.value) }
        }
        return (members, tr("uvd"))
    }

    /// A saved location or a city: the daemon's answer while it runs (it knows the saved ones),
    /// else the city list here, read as the daemon reads it.
    private static func place(named name: String, daemonRuns: Bool) async throws -> Place {
        guard !daemonRuns else {
            let saved = try await DaemonClient.call(UVD.GetStatus.self, LocationParameters(location: name)).status.location
            return Place(
                name: saved.name, coordinate: Coordinate(latitude: saved.latitude, longitude: saved.longitude),
                zone: saved.timeZone.value, source: .manual)
        }
        return LocationArgument.place(name) { tr("%1$@; saved locations are uvd's, and it is not running", $0) }
    }

    func run() async throws {
        let daemon = place.lat == nil || skinType == nil ? await DaemonClient.statusIfRunning() : nil
        var (target, placeOrigin) = Self.place(place, daemon: daemon)
        if let location {
            target = try await Self.place(named: location, daemonRuns: daemon != nil)
            if let tz = place.tz { target.zone = ZoneName(tz) }
            placeOrigin = tr("--location %1$@", location)
        }
        let (skinType, skinOrigin): (SkinType, String) =
            if let chosen = self.skinType {
                (chosen, tr("--skin-type"))
            } else if let daemon, !daemon.skinTypeIsDefault {
                (daemon.skinType.value, tr("your profile"))
            } else {
                (.I, tr("the most cautious default"))
            }
        let zone = target.timeZone
        let day = self.day?.interval(in: zone) ?? LocalDay.interval(containing: Date(), in: zone)
        var settings: EngineSettings
        do {
            settings = try ConfigLoader.load(file: XDGPaths().configFile).configuration.engine
        } catch {
            DaemonClient.fail("\(error)", status: .configuration)
        }
        if !quiet.isEmpty { settings.quietHours = QuietHours(quiet.compactMap(QuietSpan.init(parsing:))) }
        settings.uses12HourClock = DisplayLocale.current.uses12Hour

        let daemonRuns = daemon != nil ? true : family == nil ? await DaemonClient.statusIfRunning() != nil : false
        let party = await party(daemonRuns: daemonRuns)
        var simulator = Simulator(
            state: EngineState(settings: settings, zone: ZoneName(of: zone), skinType: skinType), start: day.start)
        let series = DayOutlook.modelledSeries(day: day, coordinate: target.coordinate)
        simulator.send(.forecast(series.samples), at: day.start)
        if !party.members.isEmpty { simulator.send(.family(party.members), at: day.start) }
        var events: [(Date, EngineEvent)] = []
        if let leave, let minute = WallClock.minuteOfDay(parsing: leave) {
            let leaving = Scenario.instant(minuteOfDay: minute, on: day, in: zone)
            events.append((max(day.start, leaving.addingTimeInterval(-3600)), .network(NetworkState(kind: .wifi))))
            events.append((leaving, .network(NetworkState(kind: .cellular))))
            if apply {
                events.append(
                    (
                        leaving.addingTimeInterval(settings[part: LeaveHomeSettings.self].debounce + 60),
                        .answer(subject: .rule(.leaveHome), .pressed(.applied))
                    ))
            }
        }
        var steps = events.map { event in (event.0, Simulator.Happening.event { _ in event.1 }) }
        if let scenario { steps += ScenarioFile.events(scenario, day: day, zone: zone) }
        simulator.run(until: day.end.addingTimeInterval(-1), steps: steps)

        let clock = ClockFormat(timeZone: zone)
        let presenter = Presenter(simulator.state)
        let shown = simulator.notified.map { (time: $0.time, alert: presenter.present($0.alert), whereabouts: $0.whereabouts) }
        if output.json {
            let iso = ISOTimestamp(timeZone: zone)
            try JSONOutput.print(
                shown.map {
                    SimulatedNotification(
                        time: iso.string($0.time), subject: $0.alert.subject.description, rule: $0.alert.rule.rawValue,
                        urgency: $0.alert.urgency.rawValue,
                        summary: $0.alert.summary, body: $0.alert.body, actions: $0.alert.buttons.map(\.label),
                        whereabouts: $0.whereabouts.word)
                })
            return
        }
        let terminal = Terminal.standardOutput()
        print(
            tr(
                "%1$@ · modelled clear-sky UV · skin type %2$@", terminal.bold(tr("%1$@ · %2$@", target.name, clock.day(day.start))),
                skinType.numeral))
        print(terminal.dim(tr("Place from %1$@; skin type from %2$@.", placeOrigin, skinOrigin)))
        if !party.members.isEmpty {
            let names = party.members.map { tr("%1$@ (%2$@)", $0.name, $0.skinType.numeral) }.joined(separator: ", ")
            print(terminal.dim(tr("Out with you: %1$@, from %2$@.", names, party.origin)))
        }
        if target.isDefault { print(terminal.dim(Place.defaultLocationNote)) }
        if shown.isEmpty, simulator.held.isEmpty { print(tr("No notifications.")) }
        let (inWord, outWord) = (tr("in"), tr("out"))
        let placeWidth = max(inWord.displayWidth, outWord.displayWidth)
        /// "   10:17  in   ": the time, and where the person was.
        func lead(_ time: Date, _ whereabouts: Whereabouts) -> String {
            "\(clock.time(time).leftPadded(to: 8))  \((whereabouts.isOut ? outWord : inWord).rightPadded(to: placeWidth))  "
        }
        // Each pop-up with where the person was; what the rules held, dimmed, beside them in time order.
        var lines: [(time: Date, text: String)] = shown.map { time, alert, whereabouts in
            let buttons = alert.buttons.isEmpty ? "" : terminal.dim("  [" + alert.buttons.map(\.label).joined(separator: "] [") + "]")
            let urgency = alert.urgency == .critical ? terminal.bold(tr(" (critical)")) : ""
            return (time, lead(time, whereabouts) + "\(alert.summary)\(urgency) — \(alert.body)\(buttons)")
        }
        lines += simulator.held.map { time, alert, reason, whereabouts in
            let held = tr("held: %1$@ (%2$@)", presenter.present(alert).summary, HoldReasonText.text(reason))
            return (time, terminal.dim(lead(time, whereabouts) + held))
        }
        for line in lines.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }) {
            print(line.element.text)
        }
        print(Self.countLine(simulator.notified.map { ($0.alert, $0.whereabouts) }))
        print(
            DoseText.lines(DoseInfo(simulator.dose(on: day, until: day.end), day: day, zone: zone))
                .joined(separator: "\n"))
        let vitaminD = VitaminDInfo(
            day: day, place: target, approximate: false, sky: .clearSky, you: skinType, family: party.members, exposure: .standard,
            now: day.start, uvi: series.uvi(at:))
        print(
            ([vitaminD.dayLine(now: day.start, time: clock.time, day: clock.day)] + vitaminD.familyLines(time: clock.time)).joined(
                separator: "\n"))
    }

    /// "4 pop-ups; none asked for the sun while you were in".
    static func countLine(_ popUps: [(alert: Alert, whereabouts: Whereabouts)]) -> String {
        let asked = popUps.filter { !$0.whereabouts.isOut && $0.alert.asksForTheSun }.count
        let count = trn("%1$@ pop-up", "%1$@ pop-ups", count: popUps.count, popUps.count)
        return asked == 0
            ? tr("%1$@; none asked for the sun while you were in", count)
            : tr("%1$@; %2$@ asked for the sun while you were in", count, asked)
    }

    /// --lat/--lon, else the running uvd's place, else the system time zone's; and where it came from.
    static func place(_ options: PlaceOptions, daemon: StatusInfo?) -> (Place, String) {
        if options.lat != nil { return (options.resolve(), tr("--lat/--lon")) }
        if let location = daemon?.location, !location.isDefault {
            let zone = options.tz ?? location.timeZone.value.name
            return (
                Place(
                    name: location.name, coordinate: Coordinate(latitude: location.latitude, longitude: location.longitude),
                    zone: ZoneName(zone), source: .manual), tr("uvd")
            )
        }
        return (options.resolve(), tr("the system time zone"))
    }

    /// The `--json` shape: the notifications in order (as before the dose was counted; the
    /// day's dose is in the text).
    struct SimulatedNotification: Encodable {
        let time: String
        let subject: String
        let rule: String
        let urgency: String
        let summary: String
        let body: String
        let actions: [String]
        /// Where the person was: `in` or `out`.
        let whereabouts: String
    }
}
