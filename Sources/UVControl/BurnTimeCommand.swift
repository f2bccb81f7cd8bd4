import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl burn-time`: minutes to sunburn for a skin type, a UV index and optional sunscreen.
struct BurnTimeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "burn-time",
        abstract: tr("Minutes until the skin starts to burn."),
        discussion: tr(
            "burn time = clamp(5, 240, 0.5 × MED × effective SPF ÷ UVI) minutes, where MED is the skin type's minimal erythemal dose and effective SPF = SPF^(dose ÷ 2) × (1 − wear), between 1 and SPF. What is not given comes from uvd when it runs: your profile's skin type, the UV now, the sunscreen on record."
        )
    )

    @Option(name: .customLong("skin-type"), help: ArgumentHelp(tr("Fitzpatrick skin type, I to VI (or 1 to 6); default: your profile's.")))
    var skinType: SkinType?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(tr("UV index, 0 or more; default: the UV now where uvd says you are."), valueName: "index"))
    var uvi: Double?

    @Option(help: ArgumentHelp(tr("Sunscreen SPF: %1$@ (50+); default: the sunscreen on record, else none.", SPF.choices)))
    var spf: SPF?

    @Option(help: ArgumentHelp(tr("How much went on: low (0.5 mg/cm²), medium (1) or lots (2, the tested amount).")))
    var quantity: SunscreenQuantity?

    @Option(name: .customLong("applied-minutes-ago"), help: ArgumentHelp(tr("Minutes since it was applied."), valueName: "minutes"))
    var appliedMinutesAgo: Double?

    @Option(help: ArgumentHelp(tr("What you are doing: indoors, normal or active (sport, water).")))
    var activity: SunscreenActivity?

    @Flag(help: ArgumentHelp(tr("Each member of uvd's family too, under the same UV and sunscreen.")))
    var family = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let uvi, !(uvi.isFinite && uvi >= 0 && uvi <= 25) {
            throw ValidationError(tr("--uvi must be a number from 0 to 25 (got %1$@).", uvi))
        }
        if let appliedMinutesAgo, !(appliedMinutesAgo.isFinite && appliedMinutesAgo >= 0) {
            throw ValidationError(tr("--applied-minutes-ago must be 0 or more minutes (got %1$@).", appliedMinutesAgo))
        }
    }

    /// uvd's family, with each one's burn time under the same UV and sunscreen (`BurnTime`, the
    /// user's own computation) and whether they are to be kept out of direct sun at that UV, as
    /// the status says (`Someone`); a baby under 6 months has no burn time.
    private func familyBurnTimes(uvi: Double, effectiveSPF: Double) async throws -> [PersonReport] {
        guard family else { return [] }
        // Without uvd, the client says it is not running (exit 69): the family is uvd's.
        let reply = try await DaemonClient.call(UVD.ListFamily.self, Empty())
        let now = Date()
        return reply.people.filter { !$0.you }.compactMap { person in
            guard let skinType = person.skinType?.value else { return nil }
            let who = Someone(FamilyMember(name: person.name, skinType: skinType, born: person.born?.value), at: now, in: .current)
            let time = BurnTime(skinType: skinType, uvi: uvi, effectiveSPF: effectiveSPF)
            return PersonReport(
                name: person.name, skinType: skinType.numeral, burnTimeMinutes: Nullable(who.isYoungBaby ? nil : time.wholeMinutes),
                keepOutOfSun: who.keepsOutOfSun(atUVI: uvi))
        }
    }

    func run() async throws {
        // What is not given, from uvd: the profile's skin type, the UV now, the sunscreen on record.
        let known = skinType == nil || uvi == nil || spf == nil ? await DaemonClient.statusIfRunning() : nil
        let onRecord = spf == nil ? known?.sunscreen : nil
        guard let skinType = skinType ?? known.flatMap({ $0.skinTypeIsDefault ? nil : $0.skinType.value }) else {
            throw ValidationError(
                known == nil
                    ? tr("Give --skin-type (uvd is not running to say your profile's).")
                    : tr("Give --skin-type, or save yours: uvctl profile set --skin-type, or uvctl skin quiz --save."))
        }
        guard let uvi = uvi ?? known?.uvi else { throw ValidationError(tr("Give --uvi (uvd is not running to say the UV now).")) }
        let spf = spf ?? onRecord?.spf.value ?? .none
        let quantity = quantity ?? onRecord?.quantity.value ?? .lots
        let activity = activity ?? onRecord?.activity.value ?? .normal
        let appliedMinutesAgo =
            appliedMinutesAgo ?? onRecord.flatMap { record in
                ISOInstant.parse(record.appliedAt).map { max(0, Date().timeIntervalSince($0) / 60) }
            } ?? 0
        var fromUvd: [String] = []
        if self.skinType == nil { fromUvd.append(tr("your profile's skin type")) }
        if self.uvi == nil, let known { fromUvd.append(tr("the UV now in %1$@", known.location.name)) }
        if onRecord != nil { fromUvd.append(tr("the sunscreen on record")) }

        let effective = SunscreenApplication.effectiveSPF(
            spf: spf, quantity: quantity, activity: activity, hoursSinceApplied: appliedMinutesAgo / 60)
        let burnTime = BurnTime(skinType: skinType, uvi: uvi, effectiveSPF: effective)
        let people = try await familyBurnTimes(uvi: uvi, effectiveSPF: effective)

        if output.json {
            try JSONOutput.print(
                Report(
                    skinType: skinType.numeral, uvi: uvi, level: UVLevel(uvi: uvi).rawValue,
                    spf: spf.argument, quantity: quantity.rawValue, activity: activity.rawValue,
                    appliedMinutesAgo: appliedMinutesAgo, effectiveSPF: effective.rounded(places: 2),
                    burnTimeMinutes: Nullable(burnTime.wholeMinutes), noBurnRisk: burnTime == .noRisk,
                    family: family ? people : nil))
            return
        }

        let terminal = Terminal.standardOutput()
        let level = UVLevel(uvi: uvi)
        switch burnTime {
        case .noRisk:
            print(tr("No burn risk: the UV index is 0."))
        case .minutes:
            let minutes = burnTime.wholeMinutes ?? 0
            let capped = minutes >= Int(BurnTime.limits.upperBound)
            print(terminal.bold(capped ? tr("Burn time about %1$@ min or more", minutes) : tr("Burn time about %1$@ min", minutes)))
        }
        print(
            tr(
                "Skin type %1$@ · UV %2$@ %3$@", skinType.numeral, DisplayLocale.current.decimal(uvi, places: 1),
                terminal.paint(level.name, level)))
        if spf != .none {
            print(
                tr(
                    "SPF %1$@ · %2$@ · applied %3$@ min ago · %4$@ → effective SPF %5$@", spf.argument, quantity.rawValue,
                    Int(appliedMinutesAgo), activity.rawValue, DisplayLocale.current.decimal(effective, places: 1)))
            if quantity.suggestsDoubleApplication {
                print(tr("Tip: %1$@ is less than the tested 2 mg/cm²; a second layer brings you closer to the label.", quantity.rawValue))
            }
        }
        for person in people {
            if person.keepOutOfSun {
                print(tr("%1$@ (skin type %2$@): keep out of direct sun", person.name, person.skinType))
            } else if let minutes = person.burnTimeMinutes.value {
                print(tr("%1$@ (skin type %2$@): about %3$@ min", person.name, person.skinType, minutes))
            } else {
                print(tr("%1$@: no burn risk", person.name))
            }
        }
        if !fromUvd.isEmpty { print(terminal.dim(tr("From uvd: %1$@.", fromUvd.joined(separator: ", ")))) }
        print(terminal.dim(tr("An estimate, not medical advice.")))
    }

    /// The `--json` shape.
    struct Report: Encodable {
        let skinType: String
        let uvi: Double
        let level: String
        let spf: String
        let quantity: String
        let activity: String
        let appliedMinutesAgo: Double
        let effectiveSPF: Double
        /// Null when there is no burn risk.
        let burnTimeMinutes: Nullable<Int>
        let noBurnRisk: Bool
        /// With `--family`: each member's.
        let family: [PersonReport]?
    }

    /// One member's burn time in `--json`.
    struct PersonReport: Encodable {
        let name: String
        let skinType: String
        /// Null with no burn risk, and for a baby under 6 months (`keepOutOfSun`).
        let burnTimeMinutes: Nullable<Int>
        let keepOutOfSun: Bool
    }
}
