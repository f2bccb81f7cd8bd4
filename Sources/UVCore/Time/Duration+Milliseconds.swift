extension Duration {
    /// Whole milliseconds, as libcurl's, poll's, GLib's and D-Bus's timeouts take them; saturating at
    /// Int's bounds rather than trapping on a huge duration.
    public var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, past) = milliseconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return past ? (milliseconds < 0 ? .min : .max) : Int(total)
    }
}
