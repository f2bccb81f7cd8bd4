import FoundationEssentials
import UVCore
import UVProtocol

/// The text of `uvctl guide`, one section per topic.
enum Guide {
    static func levels(_ terminal: Terminal) -> String {
        var text = tr("%1$@ (WHO)", terminal.bold(tr("UV index levels"))) + "\n"
        text +=
            terminal.wrap(tr("The UV index measures the sunburning strength of sunlight. From 3 up, protect your skin."), indent: 0)
            + "\n\n"
        let nameWidth = UVLevel.allCases.map(\.name).columnWidth
        let colourWidth = UVLevel.allCases.map(\.colorName).columnWidth
        for level in UVLevel.allCases {
            let name = terminal.paint("\(level.range.leftPadded(to: 5))  \(level.name.rightPadded(to: nameWidth))", level)
            text +=
                terminal.wrap(
                    "\(name)  \(level.colorName.rightPadded(to: colourWidth))  \(level.advice)",
                    indent: 5 + 2 + nameWidth + 2 + colourWidth + 2) + "\n"
        }
        text +=
            "\n"
            + terminal.wrap(
                tr(
                    "UV is strongest in the 4 hours around solar noon, is higher at altitude and near snow, water and sand, and passes through light cloud: up to 80 % on an overcast day."
                ), indent: 0) + "\n"
        return text
    }

    static func skin(_ terminal: Terminal) -> String {
        var text = tr("%1$@ (Fitzpatrick)", terminal.bold(tr("Skin types"))) + "\n"
        text +=
            terminal.wrap(tr("How fast skin burns sets every burn time uvd shows. Not sure? Run `uvctl skin quiz`."), indent: 0) + "\n\n"
        let summaryWidth = SkinType.allCases.map(\.summary).columnWidth
        for type in SkinType.allCases {
            let at8 = BurnTime(skinType: type, uvi: 8).wholeMinutes ?? 0
            text +=
                terminal.wrap(
                    "\(type.numeral.rightPadded(to: 4)) \(type.summary.rightPadded(to: summaryWidth + 1)) \(tr("burns in ~%1$@ min at UV 8", at8))",
                    indent: 5) + "\n"
        }
        text +=
            "\n"
            + terminal.wrap(
                tr("All skin types can burn and all need protection at high UV; darker skin still takes eye and DNA damage."), indent: 0)
            + "\n"
        return text
    }

    static func sunscreen(_ terminal: Terminal) -> String {
        let advice = [
            tr(
                "Slip on clothing, slop on SPF 30 or higher broad-spectrum water-resistant sunscreen, slap on a hat, seek shade, slide on sunglasses. Sunscreen is the last line of defence, not the first."
            ),
            tr("Put it on 20 minutes before going out, on clean dry skin."),
            tr(
                "Use enough: about a teaspoon (5 ml) for each arm, each leg, the front, the back and the face (with neck and ears): some 35 ml for an adult. Most people put on a quarter to half of that, which gives a fraction of the SPF on the label: uvd's \"low\" and \"medium\" amounts."
            ),
            tr("Reapply every 2 hours, and after swimming, sweating or towelling, whatever the label says."),
            tr("Water resistance (40 or 80 minutes) is how long the SPF lasts in water, not out of it."),
        ]
        var text = tr("%1$@ (Cancer Council Australia)", terminal.bold(tr("Using sunscreen"))) + "\n"
        for paragraph in advice { text += terminal.wrap("• " + paragraph, indent: 2) + "\n" }
        return text
    }

    /// Children and babies, as uvd's family readings follow it (`Party`): a baby under 6 months is
    /// never timed, and under 12 months is kept out of direct sun from UV 3.
    static let childrenAdvice = [
        tr(
            "Under 6 months: keep babies out of direct sun altogether, in shade, with clothing and a hat. Sunscreen is not advised at this age; uvd gives them no burn time, only \"keep out of direct sun\"."
        ),
        tr("Under 12 months: when the UV index is 3 or more, keep babies out of direct sun."),
        tr(
            "Older children: shade, clothing, a hat and sunglasses first, then SPF 30 or higher on what stays bare, reapplied every 2 hours and after swimming."
        ),
        tr(
            "A child's burn time in uvd comes from the same Fitzpatrick skin types as an adult's: a model, not a measurement of the child's skin. Fair-skinned children burn first; uvd names whoever of the family burns first."
        ),
    ]

    static func children(_ terminal: Terminal) -> String {
        bulleted(
            tr("%1$@ (Cancer Council Australia; American Academy of Pediatrics)", terminal.bold(tr("Children and babies"))),
            childrenAdvice, terminal) + "\n"
    }

    /// A title and its paragraphs, one bullet each; long titles wrap like the rest on a narrow
    /// terminal.
    private static func bulleted(_ title: String, _ paragraphs: [String], _ terminal: Terminal) -> String {
        var text = terminal.wrap(title, indent: 0) + "\n"
        for paragraph in paragraphs { text += terminal.wrap("• " + paragraph, indent: 2) + "\n" }
        return text
    }

    /// How uvd weighs the sun for vitamin D (`StandardVitaminDDose`, `VitaminDWeighting`), and
    /// what its figure is not.
    static let vitaminDExplained = [
        tr(
            "A standard dose is the UV that makes as much vitamin D as 1000 IU taken by mouth: a quarter of your burn dose on a quarter of the body (face, arms and hands), counted in vitamin-D UV (Webb & Engelsen 2006). More bare skin takes less time; darker skin takes longer, as it burns later."
        ),
        tr(
            "Vitamin D is made by shorter UV than burning is (the CIE 174 action spectrum). uvd works out that share of the UV from the Sun's height and 300 DU of ozone with a clear-sky model: steady with the Sun high, as Fioletov 2009 measured above UV index 5.5, and falling as the Sun sinks and the air takes the shortest UV out."
        ),
        tr(
            "Below a threshold no vitamin D is made at all (Engelsen 2005): under a clear sky, none for part of the winter from about 51° of latitude, and for five months at 70°. uvd says so, and names the next day that can."
        ),
        tr(
            "The best hour is where a dose takes the least share of your burn time; of hours about as good, the one with the gentlest UV. Never stay out past your burn time for vitamin D: where a dose would take longer, uvd says so."
        ),
        tr(
            "Limits: clear-sky physics, with the day's forecast UV where uvd has one; shade, glass, clouds and clothes cut it. Sunscreen is taken to block vitamin-D UV as it blocks burning UV. Age is left out: older skin makes less (MacLaughlin & Holick 1985), but no published factor fits this model. An estimate for a healthy adult, not medical advice; babies under 12 months are kept in the shade."
        ),
        VitaminDInfo.positionStatement,
    ]

    static func vitaminD(_ terminal: Terminal) -> String {
        bulleted(
            tr("%1$@ (Webb & Engelsen 2006; Fioletov 2009; Engelsen 2005)", terminal.bold(tr("Vitamin D from the sun"))),
            vitaminDExplained, terminal)
    }
}
