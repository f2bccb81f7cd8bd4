import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import UVCore

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
        case .tooLarge(let bytes): "answer too large (\(bytes) bytes)"
        }
    }
}

/// Something that performs GET requests: URLSession in the daemon, a stand-in in tests.
public protocol HTTPClient: Sendable {
    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}

/// `URLSession` with the daemon's rules: a timeout, a cap on the answer's size, TLS verification
/// left on, no cookies or cache of its own, and `User-Agent: uvd/VERSION`.
public final class URLSessionHTTPClient: HTTPClient {
    public static let userAgent = "uvd/\(UVDVersion.string)"
    private let session: URLSession
    private let maximumBytes: Int

    public init(timeout: TimeInterval = 20, maximumBytes: Int = 2 << 20) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.httpCookieAcceptPolicy = .never
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        self.maximumBytes = maximumBytes
    }

    public func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw .transport((error as NSError).localizedDescription)
        }
        guard data.count <= maximumBytes else { throw .tooLarge(data.count) }
        guard let http = response as? HTTPURLResponse else { throw .transport("not an HTTP answer") }
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields { headers[name] = value }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}
