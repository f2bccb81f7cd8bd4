import CSystemd
import FoundationEssentials
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// Why a socket operation failed, with the call and errno's text.
public struct SocketError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let code: Int32

    init(_ call: String, _ code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// A listening Unix stream socket.
public final class UnixListener: Sendable {
    public let fd: Int32
    /// The path it was bound to, removed on close (nil for an inherited socket).
    let path: String?

    /// Binds `path`: its directory is created 0700, a stale socket file is replaced, the socket
    /// is made 0600. Fails if another process is already listening there.
    public init(path: String, backlog: Int32 = 64) throws {
        let directory = URL(filePath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard chmod(directory, 0o700) == 0 else { throw SocketError("chmod \(directory)") }
        if Self.someoneListens(at: path) { throw SocketError(tr("bind %1$@: another process is listening there", path), EADDRINUSE) }
        var existing = stat()
        if lstat(path, &existing) == 0, existing.st_mode & S_IFMT != S_IFSOCK {
            throw SocketError(tr("bind %1$@: something other than a socket is there (remove it)", path), EEXIST)
        }
        unlink(path)

        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SocketError("socket") }
        var address = try Self.address(path)
        // No umask dance: umask is the whole process's, and another thread creating a directory
        // meanwhile would get it (a 0600 directory nobody can enter). The socket is made 0600
        // just after; until then it sits in its 0700 directory, which no one else can enter.
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let error = SocketError("bind \(path)")
            Glibc.close(fd)
            throw error
        }
        guard chmod(path, 0o600) == 0, listen(fd, backlog) == 0 else {
            let error = SocketError("listen \(path)")
            Glibc.close(fd)
            throw error
        }
        do {
            try Self.makeNonBlocking(fd)
        } catch {
            Glibc.close(fd)
            throw error
        }
        self.fd = fd
        self.path = path
    }

    /// Adopts a socket passed by the service manager (socket activation): one that listens for
    /// stream connections, else `SocketError` (a LISTEN_FDS left in the environment by
    /// something else names a descriptor that is no such socket).
    public init(inheriting fd: Int32) throws(SocketError) {
        var listening: Int32 = 0
        var type: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0 else { throw SocketError("inherited descriptor \(fd)") }
        size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &size) == 0, listening == 1, type == Int32(bitPattern: SOCK_STREAM.rawValue) else {
            throw SocketError("inherited descriptor \(fd) is not a listening stream socket", EINVAL)
        }
        try Self.makeNonBlocking(fd)
        self.fd = fd
        path = nil
    }

    /// Waits for and accepts the next connection.
    public func accept() async throws -> UnixConnection {
        while true {
            let client = Glibc.accept(fd, nil, nil)
            if client >= 0 {
                guard fcntl(client, F_SETFD, FD_CLOEXEC) == 0 else {
                    let error = SocketError("accept: close-on-exec")
                    Glibc.close(client)
                    throw error
                }
                do {
                    try Self.makeNonBlocking(client)
                } catch {
                    Glibc.close(client)
                    throw error
                }
                return UnixConnection(fd: client)
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw SocketError("accept") }
            try await Readiness.wait(fd, for: .read)
        }
    }

    public func close() {
        _ = Glibc.close(fd)
        if let path { unlink(path) }
    }

    static func makeNonBlocking(_ fd: Int32) throws(SocketError) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw SocketError("non-blocking mode") }
    }

    static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw SocketError("socket path too long (\(bytes.count) bytes, at most \(capacity - 1))", ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return address
    }

    /// Whether a process accepts connections at `path` right now.
    static func someoneListens(at path: String) -> Bool {
        guard let connection = try? UnixConnection.connectBlocking(path: path) else { return false }
        connection.close()
        return true
    }
}

/// One end of a Unix stream connection, used by one task at a time.
public final class UnixConnection: Sendable {
    public let fd: Int32

    init(fd: Int32) {
        self.fd = fd
    }

    /// The uid of the process at the other end (SO_PEERCRED).
    public func peerUID() throws -> uid_t {
        let uid = uvd_peer_uid(fd)
        guard uid >= 0 else { throw SocketError("SO_PEERCRED") }
        return uid_t(uid)
    }

    /// Connects to a listening socket (for clients).
    public static func connect(path: String) async throws -> UnixConnection {
        let connection = try connectBlocking(path: path)
        try UnixListener.makeNonBlocking(connection.fd)
        return connection
    }

    static func connectBlocking(path: String) throws -> UnixConnection {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SocketError("socket") }
        var address = try UnixListener.address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let error = SocketError("connect \(path)")
            Glibc.close(fd)
            throw error
        }
        return UnixConnection(fd: fd)
    }

    /// The next bytes; empty at end of stream.
    public func read(maximum: Int = 16 * 1024) async throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, maximum) }
            if count >= 0 { return Array(buffer[..<count]) }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw SocketError("read") }
            try await Readiness.wait(fd, for: .read)
        }
    }

    /// Writes all of `bytes`, waiting while the peer's buffer is full.
    public func write(_ bytes: some Collection<UInt8>) async throws {
        var remaining = Array(bytes)[...]
        while !remaining.isEmpty {
            let count = remaining.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count >= 0 {
                remaining = remaining.dropFirst(count)
                continue
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw SocketError("write") }
            try await Readiness.wait(fd, for: .write)
        }
    }

    public func close() {
        _ = Glibc.close(fd)
    }
}
