import UVCore
import UVProtocol

/// How asking one provider ended, as the core holds it: the source as a type. It becomes the
/// socket's `ProviderOutcome` (the source by its name) only at the edge, in `ControlService`.
struct SourceOutcome: Sendable, Equatable {
    let source: UVSource
    var result: ProviderOutcome.Result
    var message: String

    /// As `uvctl refresh` is told it.
    var wire: ProviderOutcome { ProviderOutcome(provider: source.rawValue, result: result, message: message) }
}
