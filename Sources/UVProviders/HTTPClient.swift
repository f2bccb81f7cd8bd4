import FoundationEssentials

/// A GET request to a provider.
public struct HTTPRequest: Sendable, Equatable {
    public var url: URL
    public var headers: [String: String]

    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// A provider's answer. Header names are lower-cased.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }
}

/// Why a request got no answer at all.
public enum HTTPError: Error, Equatable, CustomStringConvertible {
    case transport(String)
    case tooLarge(Int)

    public var description: String {
        switch self {
        case .transport(let detail): "no answer: \(detail)"
        case .tooLarge(let bytes): "answer too large (over \(bytes) bytes)"
        }
    }
}

/// Something that performs GET requests: libcurl in the daemon, a stand-in in tests.
public protocol HTTPClient: Sendable {
    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
