import CSpawn
import FoundationEssentials
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// One GET request handed to a fetch process (`uvd --fetch`), and what it hands back: the wire
/// between `ChildProcessHTTPClient` and the child.
///
/// The parent writes a `FetchOrder` as JSON on the child's standard input and closes it; the
/// child writes one JSON line (`FetchAnswerLine`) and then, for an answer, the body's raw bytes to
/// its standard output, and exits.
public struct FetchOrder: Codable, Sendable, Equatable {
    /// The daemon's pid: the child dies with it (it is not left fetching for nobody).
    public var parent: Int32
    public var url: String
    public var headers: [String: String]
    public var deadlineMilliseconds: Int
    public var stallSeconds: Int
    public var maximumBytes: Int
}

/// The first line a fetch process writes: the answer's status and headers, or why there is none.
public struct FetchAnswerLine: Codable, Sendable, Equatable {
    public var status: Int?
    public var headers: [String: String]?
    /// "transport" or "tooLarge" when there is no answer.
    public var failure: String?
    public var detail: String?

    init(_ result: Result<HTTPResponse, HTTPError>) {
        switch result {
        case .success(let response):
            status = response.status
            headers = response.headers
        case .failure(.transport(let reason)):
            failure = "transport"
            detail = reason
        case .failure(.tooLarge(let bytes)):
            failure = "tooLarge"
            detail = String(bytes)
        }
    }

    /// The result it stands for with `body`; nil when the line is not one a fetch process writes.
    func result(body: Data) -> Result<HTTPResponse, HTTPError>? {
        switch (status, failure) {
        case (.some(let status), nil) where (100...999).contains(status):
            return .success(HTTPResponse(status: status, headers: headers ?? [:], body: body))
        case (nil, "transport"?):
            return .failure(.transport(detail ?? ""))
        case (nil, "tooLarge"?):
            return Int(detail ?? "").map { .failure(.tooLarge($0)) }
        default:
            return nil
        }
    }
}

/// The child's side: `uvd --fetch` reads an order, fetches with libcurl under the order's
/// limits, and writes the outcome. Only this short-lived process ever loads libcurl and its TLS
/// libraries, so the daemon never carries them (about 6 MB resident after its first fetch) and a
/// hostile answer meets them in a process that exits right after.
public enum ChildFetch {
    /// An order is a few hundred bytes; more is not one.
    static let maximumOrderBytes = 64 << 10

    /// What the child writes for the bytes it read on standard input.
    public static func serve(order input: Data) async -> Data {
        let result: Result<HTTPResponse, HTTPError>
        if input.count <= maximumOrderBytes, let order = try? JSONDecoder().decode(FetchOrder.self, from: input),
            let url = URL(string: order.url)
        {
            uvd_die_with_parent(order.parent)
            let client = CurlHTTPClient(
                deadline: .milliseconds(max(0, order.deadlineMilliseconds)), stallSeconds: max(1, order.stallSeconds),
                maximumBytes: max(0, order.maximumBytes))
            do {
                result = .success(try await client.get(HTTPRequest(url: url, headers: order.headers)))
            } catch {
                result = .failure(error)
            }
        } else {
            result = .failure(.transport("the fetch process was given no order it could read"))
        }
        let line = (try? JSONEncoder().encode(FetchAnswerLine(result))) ?? Data(#"{"failure":"transport","detail":"unencodable"}"#.utf8)
        return line + Data("\n".utf8) + ((try? result.get().body) ?? Data())
    }

    /// The whole of `uvd --fetch`: the order from standard input, the outcome to standard output.
    /// A reader that has gone (EPIPE: SIGPIPE is ignored here, so that it is an error and not a
    /// death by signal) or an input that fails ends the child with `ioError`, never a trap.
    public static func run() async -> ExitStatus {
        signal(SIGPIPE, SIG_IGN)
        guard let order = readOrder() else { return .ioError }
        let output = await serve(order: order)
        return StandardStream.output.write([UInt8](output)) ? .success : .ioError
    }

    /// Standard input up to one byte past `maximumOrderBytes` (enough to see it is too long),
    /// read with read(2); nil when reading fails.
    static func readOrder() -> Data? {
        var input = Data()
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while input.count <= maximumOrderBytes {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            input.append(contentsOf: buffer[..<count])
        }
        return input
    }

    /// The child's output read back: the outcome line, then the body; nil when it is not what a
    /// fetch process writes.
    public static func read(_ output: Data) -> Result<HTTPResponse, HTTPError>? {
        guard let newline = output.firstIndex(of: UInt8(ascii: "\n")),
            let outcome = try? JSONDecoder().decode(FetchAnswerLine.self, from: output[output.startIndex..<newline])
        else { return nil }
        return outcome.result(body: Data(output[output.index(after: newline)...]))
    }
}
