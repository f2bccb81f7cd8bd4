import UVCore

/// The credit line in the reader's language: uvd sends it in its own, and a known source's
/// credit is the same sentence `tr` gives here, so uvctl says it in uvctl's language. An unknown
/// source (a newer uvd) keeps the daemon's words.
public protocol Attributed {
    var source: Word<UVSource> { get }
    var attribution: String { get }
}

extension Attributed {
    public var readerAttribution: String {
        source.value?.attribution ?? attribution
    }
}

extension StatusInfo: Attributed {}
extension ForecastInfo: Attributed {}
