import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl outside`: time outside by your word, which wins over what the network says.
struct OutsideCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outside", abstract: tr("Time outside, for today's dose: start, stop, add or remove a span, or clear a day."),
        discussion: tr("Away from home (a phone or modem connection) counts as outside until you say otherwise."),
        subcommands: [Start.self, Stop.self, Add.self, Remove.self, Clear.self])

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: tr("You are outside from now."))
        @OptionGroup var output: OutputOptions
        func run() async throws {
            try output.say(try await DaemonClient.call(UVD.Outside.self, OutsideParameters(action: .start, date: nil)))
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stop", abstract: tr("You are inside from now."))
        @OptionGroup var output: OutputOptions
        func run() async throws {
            try output.say(try await DaemonClient.call(UVD.Outside.self, OutsideParameters(action: .stop, date: nil)))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: tr("You were outside then: HH:MM-HH:MM."))
        @OptionGroup var span: SpanArgument
        @OptionGroup var date: DayOption
        @OptionGroup var output: OutputOptions
        func run() async throws {
            try output.say(
                try await DaemonClient.call(UVD.Outside.self, OutsideParameters(action: .add, date: date.day, span: span.clockSpan)))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: tr("Take back a span you added: HH:MM-HH:MM."))
        @OptionGroup var span: SpanArgument
        @OptionGroup var date: DayOption
        @OptionGroup var output: OutputOptions
        func run() async throws {
            try output.say(
                try await DaemonClient.call(UVD.Outside.self, OutsideParameters(action: .remove, date: date.day, span: span.clockSpan)))
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: tr("Forget a day's time outside (today by default)."))
        @OptionGroup var date: DayOption
        @OptionGroup var output: OutputOptions
        func run() async throws {
            try output.say(try await DaemonClient.call(UVD.Outside.self, OutsideParameters(action: .clear, date: date.day)))
        }
    }
}

/// `uvctl dose`: what the sun gave today (or on a day), interval by interval.
struct DoseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dose", abstract: tr("Today's dose of sun: time outside, in standard erythemal doses and as a share of a burn."))
    @OptionGroup var date: DayOption
    @Option(help: ArgumentHelp(tr("Also a bar for each of this many days ending with it (1 to 90)."), valueName: "n"))
    var days: Int?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let days, !(1...90).contains(days) { throw ValidationError(tr("--days must be 1 to 90 (got %1$@)", days)) }
    }

    func run() async throws {
        let reply = try await DaemonClient.call(UVD.GetDose.self, DoseParameters(date: date.day, days: days))
        if output.json { return try JSONOutput.print(reply.days ?? [reply.dose]) }
        if let days = reply.days {
            print(DoseText.bars(days).joined(separator: "\n"))
            print()
        }
        print(DoseText.lines(reply.dose).joined(separator: "\n"))
    }
}

/// The dose in words, for `uvctl dose` and the line `uvctl status` adds.
enum DoseText {
    static func lines(_ dose: DoseInfo) -> [String] {
        let locale = DisplayLocale.current
        guard !dose.intervals.isEmpty else { return [tr("No time outside on %1$@.", dose.date)] }
        var lines = dose.intervals.map { interval in
            tr(
                "%1$@–%2$@ %3$@: %4$@ SED, %5$@ % of your burn dose", clock(interval.start), clock(interval.end),
                interval.source.value == .network ? tr("away from home") : tr("outside"), locale.decimal(interval.sed, places: 1),
                Int(interval.burnDosePercent.rounded()))
        }
        lines.append(summary(dose))
        if let people = dose.people {
            lines.append(
                people.map { tr("%1$@: %2$@ % of a burn dose", $0.you ? tr("you") : $0.name, Int($0.burnDosePercent.rounded())) }
                    .joined(separator: DisplayLocale.current.clauseSeparator))
        }
        if dose.intervals.contains(where: { $0.source.value == .network }) {
            lines.append(tr("Time away from home is counted as outside: correct it with `uvctl outside`."))
        }
        lines.append(tr("1 SED = 100 J/m² of erythemally weighted UV (CIE); the share of a burn is for skin type %1$@.", dose.skinType))
        return lines
    }

    /// "Outside 1 h 40 min today: 3.1 SED, 48 % of your burn dose with sunscreen (unprotected 160 %)".
    static func summary(_ dose: DoseInfo) -> String {
        let locale = DisplayLocale.current
        return tr(
            "Outside %1$@ h %2$@ min: %3$@ SED, %4$@ % of your burn dose with sunscreen (unprotected %5$@ %)", dose.minutesOutside / 60,
            dose.minutesOutside % 60, locale.decimal(dose.sed, places: 1), Int(dose.burnDosePercent.rounded()),
            Int(dose.unprotectedBurnDosePercent.rounded()))
    }

    /// Burn dose per bar cell: 20 cells are a whole burn dose.
    static let percentPerCell = 5.0
    /// The longest bar, in cells (150 %); a longer dose ends its bar with "+".
    static let longestBar = 30

    /// One line a day: the date, a bar of the burn dose with sunscreen (eighths of a cell), the
    /// share and the SED; a day without time outside says so.
    static func bars(_ days: [DoseInfo]) -> [String] {
        let locale = DisplayLocale.current
        return days.map { day in
            guard !day.intervals.isEmpty else { return "\(day.date)  " + tr("no time outside") }
            let eighths = Int((min(day.burnDosePercent, Double(longestBar) * percentPerCell) / percentPerCell * 8).rounded())
            let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
            var bar = String(repeating: "█", count: eighths / 8) + partial
            if day.burnDosePercent > Double(longestBar) * percentPerCell { bar += "+" }
            return "\(day.date)  \(bar.rightPadded(to: longestBar + 1))  "
                + tr("%1$@ % of your burn dose, %2$@ SED", Int(day.burnDosePercent.rounded()), locale.decimal(day.sed, places: 1))
        }
    }

    private static func clock(_ iso: String) -> String { String(iso.dropFirst(11).prefix(5)) }
}
