import UVCore

/// Why the clear-sky model answers instead of a provider, as facts rather than words, so that
/// each reader words it in its own language: the daemon for `note`, uvctl for its status.
public struct ModelReasonInfo: Codable, Sendable, Equatable {
    /// Whole hours since the last provider answer; nil when there has been none.
    @Null public var dataAgeHours: Int?
    /// The last provider failure, as the daemon words it; nil when there was none.
    @Null public var providerProblem: String?

    public init(dataAgeHours: Int?, providerProblem: String?) {
        self.dataAgeHours = dataAgeHours
        self.providerProblem = providerProblem
    }

    /// The one wording of the reason, in the reader's language.
    public var sentence: String {
        switch (dataAgeHours, providerProblem) {
        case (nil, let problem?): tr("no provider data yet (%1$@): showing the clear-sky model", problem)
        case (nil, nil): tr("no provider data yet: showing the clear-sky model")
        case (let hours?, let problem?): tr("provider data is %1$@ h old (%2$@): showing the clear-sky model", hours, problem)
        case (let hours?, nil): tr("provider data is %1$@ h old: showing the clear-sky model", hours)
        }
    }
}
