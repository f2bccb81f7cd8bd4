import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl sunscreen`: record, clear and wet the sunscreen you have on.
struct SunscreenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sunscreen",
        abstract: tr("Record sunscreen you put on, took off, or swam in."),
        subcommands: [Apply.self, Remove.self, Water.self])

    struct Apply: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "apply", abstract: tr("Record sunscreen put on now (or --minutes-ago); the profile fills in the rest."))
        @Option(help: ArgumentHelp(tr("%1$@ (none is no sunscreen: uvctl sunscreen remove clears what is on record).", AppliedSPF.choices)))
        var spf: SPF?
        @Option(help: ArgumentHelp(tr("low, medium or lots."))) var quantity: SunscreenQuantity?
        @Option(help: ArgumentHelp(tr("indoors, normal or active."))) var activity: SunscreenActivity?
        @Option(
            name: .customLong("minutes-ago"), parsing: .unconditional, help: ArgumentHelp(tr("When, in minutes before now (0 to 720).")))
        var minutesAgo: Int = 0
        @Option(
            name: .customLong("for"),
            help: ArgumentHelp(
                tr("Put on one person alone: a family member's name, or `you`; their own SPF unless --spf."), valueName: "name"))
        var person: String?
        @Flag(help: ArgumentHelp(tr("Put on everyone out (the default).")))
        var all = false
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if spf != nil, applied == nil { throw ValidationError(AppliedSPF.noneRefusal + ".") }
            guard MinutesAgo(minutesAgo) != nil else {
                throw ValidationError(MinutesAgo.refusal(of: minutesAgo, for: "--minutes-ago") + ".")
            }
            guard !(all && person != nil) else {
                throw ValidationError(tr("--for names one person and --all means everyone: give one of them."))
            }
        }

        /// The SPF given, as put on (`none` is refused in `validate`).
        private var applied: AppliedSPF? { spf.flatMap(AppliedSPF.init) }

        func run() async throws {
            let info = try await DaemonClient.call(
                UVD.ApplySunscreen.self,
                SunscreenParameters(
                    spf: applied, quantity: quantity, activity: activity, minutesAgo: MinutesAgo(minutesAgo), person: person)
            ).sunscreen
            try SunscreenCommand.show(info, json: output.json)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: tr("Clear the sunscreen on record."))
        @OptionGroup var output: OutputOptions

        func run() async throws {
            _ = try await DaemonClient.call(UVD.RemoveSunscreen.self, Empty())
            try output.say(MessageReply(message: tr("Sunscreen cleared. Burn-time estimates updated.")))
        }
    }

    struct Water: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "water", abstract: tr("You swam or towelled off: reapply by the water resistance."))
        @OptionGroup var output: OutputOptions
        func run() async throws {
            let info = try await DaemonClient.call(UVD.RecordWater.self, Empty()).sunscreen
            try SunscreenCommand.show(info, json: output.json)
        }
    }

    /// "Applied SPF 30 • Medium at 10:05 am — reapply by 12:05 pm."
    static func show(_ info: SunscreenInfo, json: Bool) throws {
        if json {
            try JSONOutput.print(info)
            return
        }
        guard let applied = ISOInstant.parse(info.appliedAt), let reapply = ISOInstant.parse(info.reapplyAt) else { return }
        let clock = ClockFormat(writtenIn: info.reapplyAt) ?? ClockFormat(timeZone: .current)
        print(
            AppliedSentence.text(
                spf: info.spf.value, quantity: info.quantity.value, appliedAt: clock.time(applied), reapplyAt: clock.time(reapply))
                + ".")
        if let firstOut = info.firstOut {
            print(tr("%1$@'s protection runs out first.", firstOut))
        }
        if info.quantity.value.suggestsDoubleApplication, info.spf.value != SPF.none {
            print(tr("Tip: %1$@ is less than the tested 2 mg/cm²; a second layer brings you closer to the label.", info.quantity))
        }
    }
}
