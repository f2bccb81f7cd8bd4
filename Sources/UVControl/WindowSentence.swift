import FoundationEssentials
import UVCore
import UVProtocol

/// The day's sunscreen window in one sentence, as `uvctl status` and the forecast's header both
/// say it: "Sunscreen window 10:30 – 12:26 · peak 5.2 at 11:00 (10:45 – 11:30)" while the window
/// is ahead or under way, "Safe tonight." once today's is over, or that there is none. One
/// wording and one rounding for both views, so that they cannot disagree.
struct WindowSentence {
    /// A peak below this is not worth pointing at.
    static let notablePeakIndex = 1.0

    let window: SpanInfo?
    let peak: PeakInfo?
    let terminal: Terminal
    let clock: ClockFormat

    /// The peak worth pointing at (its span, index and moment), if any.
    var notablePeak: (span: TimeSpan, uvi: Double, at: Date)? {
        guard let peak, peak.uvi >= Self.notablePeakIndex,
            let span = peak.timeSpan, let at = ISOInstant.parse(peak.at)
        else { return nil }
        return (span, peak.uvi, at)
    }

    /// The sentence at `now`, for a day that is today or not (only today's window can be over).
    func text(now: Date, today: Bool) -> String {
        var text: String
        switch (WindowPhase(window: window?.timeSpan, now: now), today) {
        case (.none, _): text = tr("No sunscreen window: UV stays low all day.")
        case (.over, true): text = tr("Safe tonight.")
        // One wording for the window in every view, as the morning notification says it.
        case (.takeCare, _), (.over, false): text = tr("Sunscreen window %1$@", window?.timeSpan.map(describe) ?? "")
        }
        if let peak = notablePeak {
            let level = UVLevel(uvi: peak.uvi)
            text = tr(
                "%1$@ · peak %2$@ at %3$@ (%4$@)", text, terminal.paint(clock.locale.decimal(peak.uvi, places: 1), level),
                clock.time(peak.at), describe(peak.span))
        }
        return text
    }

    private func describe(_ span: TimeSpan) -> String {
        "\(clock.time(span.start)) – \(clock.time(span.end))"
    }
}
