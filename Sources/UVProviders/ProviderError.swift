import UVCore

/// Why a provider answer could not be used. Every case names the provider.
public enum ProviderError: Error, Equatable, CustomStringConvertible {
    /// Not the shape the provider documents (not JSON/XML, missing fields, unequal arrays).
    case malformed(UVSource, String)
    /// The provider answered with its own error message.
    case refused(UVSource, String)
    /// Well-formed but not believable (values out of range, timestamps far from now).
    case implausible(UVSource, String)

    public var description: String {
        switch self {
        case .malformed(let source, let detail): tr("%1$@: malformed answer: %2$@", source.rawValue, detail)
        case .refused(let source, let detail): tr("%1$@: refused: %2$@", source.rawValue, detail)
        case .implausible(let source, let detail): tr("%1$@: implausible data: %2$@", source.rawValue, detail)
        }
    }
}
