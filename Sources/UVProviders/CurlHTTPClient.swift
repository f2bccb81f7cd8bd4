import CCurl
import FoundationEssentials
import Glibc
import UVCore
import UVPlatform

/// GET requests through libcurl's easy API (the C shim `CCurl`), with the daemon's limits:
/// the decoded body is capped while it arrives (a compression bomb stops at the cap), one
/// deadline covers the whole request, a body that stalls is aborted sooner, only http and https
/// (redirects too, at most three), TLS verification on, `User-Agent: uvd/VERSION`.
///
/// libcurl directly rather than URLSession: URLSession applies no cap until the whole body is
/// downloaded and decoded, and its resource timeout did not fire on a body trickled byte by
/// byte. Each request runs on a thread of its own (libcurl's easy API blocks); cancelling the
/// task stops the transfer at its next progress callback.
public struct CurlHTTPClient: HTTPClient {
    public static let userAgent = "uvd/\(UVDVersion.string)"
    /// libcurl opened and `curl_global_init` run, once, at the first transfer; or why not.
    private static let ready: Result<Void, HTTPError> = {
        let started = CErrorText.written(size: 256) { uvd_http_global_init($0, $1) }
        return started.result == 0 ? .success(()) : .failure(.transport(started.text))
    }()

    public var deadline: Duration
    public var stallSeconds: Int
    public var maximumBytes: Int

    public init(deadline: Duration = .seconds(30), stallSeconds: Int = 10, maximumBytes: Int = 2 << 20) {
        self.deadline = deadline
        self.stallSeconds = stallSeconds
        self.maximumBytes = maximumBytes
    }

    public func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        try Self.ready.get()
        guard let transfer = uvd_http_transfer_new() else { throw .transport("libcurl could not start a transfer") }
        let handle = TransferHandle(transfer)
        let limits = self
        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            await OffThread.run(named: "uvd-curl") { limits.perform(request, on: handle) }
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }

    private func perform(_ request: HTTPRequest, on handle: TransferHandle) -> Result<HTTPResponse, HTTPError> {
        let lines = request.headers.map { "\($0.key): \($0.value)" }
        var response = uvd_http_response()
        let code = withCStrings(lines) { headers in
            request.url.absoluteString.withCString { url in
                Self.userAgent.withCString { agent in
                    var call = uvd_http_request(
                        url: url, headers: headers.baseAddress, header_count: headers.count, user_agent: agent,
                        deadline_ms: deadline.wholeMilliseconds, stall_seconds: stallSeconds, maximum_bytes: maximumBytes)
                    return uvd_http_transfer_perform(handle.transfer, &call, &response)
                }
            }
        }
        defer { uvd_http_response_free(&response) }
        guard code == CurlCode.ok else {
            let message = withUnsafeBytes(of: response.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failure(failure(code: code, message: message, overLimit: response.over_limit != 0))
        }
        let body = response.body.map { Data(bytes: $0, count: response.body_length) } ?? Data()
        let headerText = response.headers.map { String(decoding: Data(bytes: $0, count: response.headers_length), as: UTF8.self) } ?? ""
        return .success(HTTPResponse(status: response.status, headers: Self.headers(headerText), body: body))
    }

    /// libcurl's codes that uvd tells apart (curl/curl.h's `CURLcode`, whose numbers libcurl keeps
    /// stable across releases).
    enum CurlCode {
        static let ok: Int32 = 0
        /// CURLE_OPERATION_TIMEDOUT: the whole deadline, or the low-speed limit ("too slow").
        static let timedOut: Int32 = 28
        /// CURLE_ABORTED_BY_CALLBACK: the progress callback saw the transfer cancelled.
        static let abortedByCallback: Int32 = 42
        /// CURLE_FILESIZE_EXCEEDED: the announced size passed CURLOPT_MAXFILESIZE.
        static let fileSizeExceeded: Int32 = 63
    }

    /// What a transfer that ended with libcurl's `code` and `message` came to, in uvd's words.
    /// The whole deadline and the low-speed limit both end with CURLE_OPERATION_TIMEDOUT; only
    /// the message tells them apart (libcurl writes "Operation too slow" for the second).
    func failure(code: Int32, message: String, overLimit: Bool) -> HTTPError {
        if overLimit || code == CurlCode.fileSizeExceeded { return .tooLarge(maximumBytes) }
        switch code {
        case CurlCode.abortedByCallback: return .transport("cancelled")
        case CurlCode.timedOut where !message.contains(text: "too slow"):
            return .transport("no complete answer within \(deadline.wholeMilliseconds / 1000) s")
        case CurlCode.timedOut: return .transport("the answer stalled (nothing for \(stallSeconds) s)")
        default: return .transport(message)
        }
    }

    /// `Name: value` lines after the status line; a repeated name keeps its first value.
    static func headers(_ text: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces().lowercased()
            if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingSpaces() }
        }
        return headers
    }
}

/// The C transfer, freed with its last reference; `cancel` is safe from any thread.
private final class TransferHandle: @unchecked Sendable {
    let transfer: OpaquePointer

    init(_ transfer: OpaquePointer) {
        self.transfer = transfer
    }

    func cancel() { uvd_http_transfer_cancel(transfer) }

    deinit { uvd_http_transfer_free(transfer) }
}

/// Calls `body` with the strings as a C array of `const char *`, alive for the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
}
