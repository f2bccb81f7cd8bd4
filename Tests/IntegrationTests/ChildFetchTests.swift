import Foundation
import TestSupport
import Testing
import UVCore
import UVProviders

#if canImport(Glibc)
    import Glibc
#endif

/// Fetching in a child process (`uvd --fetch`): answers arrive whole, the child's limits hold,
/// a child that misbehaves (says nothing, floods, hangs, is missing) cannot hold the daemon, a
/// cancelled fetch leaves no process behind, and the daemon itself never loads libcurl.
@Suite("Fetching in a child process", .serialized)
struct ChildFetchTests {
    static let uvd = ToolRunner.uvd.executable.path

    private func get(_ client: ChildProcessHTTPClient, _ url: URL) async -> Result<HTTPResponse, HTTPError> {
        do {
            return .success(try await client.get(HTTPRequest(url: url, headers: ["Accept": "application/json"])))
        } catch {
            return .failure(error)
        }
    }

    /// A shell script standing in for uvd, in a directory removed afterwards.
    private func script(_ body: String, _ test: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("uvd").path
        // Written through a close-on-exec descriptor: one that a process spawned meanwhile by a
        // test running beside this one inherited would make executing the script fail with
        // ETXTBSY ("Text file busy"), as it once did under load.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        #expect(descriptor >= 0)
        let text = Array("#!/bin/sh\n\(body)\n".utf8)
        #expect(text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == text.count)
        close(descriptor)
        try await test(path)
    }

    @Test func anAnswerArrivesWholeThroughTheChild() async throws {
        let server = try FixtureServer(routes: ["/v1/forecast": "openmeteo-forecast-hourly-uv-2025-04-14-tidbyt-cyclecast.json"])
        let child = try await get(ChildProcessHTTPClient(executable: Self.uvd), server.url("/v1/forecast")).get()
        let direct = try await CurlHTTPClient().get(HTTPRequest(url: server.url("/v1/forecast")))
        #expect(child.status == 200 && child.body == direct.body && !child.body.isEmpty)
        #expect(child.headers["etag"] != nil && child.headers["etag"] == direct.headers["etag"])
    }

    @Test func theChildsLimitsHold() async throws {
        let server = try FixtureServer.hostile()
        let bomb = await get(ChildProcessHTTPClient(executable: Self.uvd), server.url("/bomb"))
        #expect(throws: HTTPError.tooLarge(2 << 20)) { try bomb.get() }
        let slow = await get(
            ChildProcessHTTPClient(executable: Self.uvd, limits: CurlHTTPClient(deadline: .seconds(2), stallSeconds: 10)),
            server.url("/slow"))
        #expect(throws: HTTPError.transport("no complete answer within 2 s")) { try slow.get() }
        let busy = try await get(ChildProcessHTTPClient(executable: Self.uvd), server.url("/busy")).get()
        #expect(busy.status == 429 && busy.headers["retry-after"] == "3600")
    }

    @Test func aChildThatSaysNothingFloodsOrHangsCannotHoldTheDaemon() async throws {
        let url = URL(fileURLWithPath: "/unused")
        try await script("exit 3") { path in
            let silent = await get(ChildProcessHTTPClient(executable: path), url)
            #expect(throws: HTTPError.transport("the fetch process ended without an answer (exit status 3)")) { try silent.get() }
        }
        try await script("exec yes 'not an answer'") { path in
            let flood = await get(ChildProcessHTTPClient(executable: path, limits: CurlHTTPClient(maximumBytes: 1000)), url)
            #expect(throws: HTTPError.tooLarge(1000)) { try flood.get() }
        }
        try await script("exec sleep 60") { path in
            let clock = ContinuousClock()
            let start = clock.now
            let hung = await get(
                ChildProcessHTTPClient(executable: path, limits: CurlHTTPClient(deadline: .seconds(1)), grace: .seconds(1)), url)
            #expect(throws: HTTPError.transport("the fetch process gave no answer within 2 s")) { try hung.get() }
            // Well short of the child's 60 s: not waited out (with room for a machine busy with
            // the other suites, where 10 s was seen to pass).
            #expect(clock.now - start < .seconds(30))
        }
        try await script("exec 0<&- 1>&-; exit 0") { path in
            let gone = await get(ChildProcessHTTPClient(executable: path), url)
            #expect(throws: HTTPError.self) { try gone.get() }
        }
        let missing = await get(ChildProcessHTTPClient(executable: "/nonexistent/uvd"), url)
        #expect(throws: HTTPError.self) { try missing.get() }
    }

    @Test func cancellingKillsAndReapsTheChild() async throws {
        let server = try FixtureServer.hostile()
        // Other tests of this process run fetch children of their own meanwhile: this request's
        // is told by its name, uvd started through bash's `exec -a` (the same process: each
        // exec keeps the pid, and only argv[0] differs).
        let marker = "uvd-cancel-\(UUID().uuidString.prefix(8))"
        try await script("exec /bin/bash -c 'exec -a \(marker) \"$0\" \"$@\"' '\(Self.uvd)' \"$@\"") { path in
            let task = Task {
                try await ChildProcessHTTPClient(executable: path, limits: CurlHTTPClient(deadline: .seconds(50), stallSeconds: 50)).get(
                    HTTPRequest(url: server.url("/silent")))
            }
            var started: [pid_t] = []
            _ = await eventually {
                started = Self.fetchChildren().filter { Self.commandLine($0).hasPrefix(marker) && Self.statFields($0)?.first != "Z" }
                return !started.isEmpty
            }
            #expect(started.count == 1, "the fetch runs in a child")
            task.cancel()
            let result = await task.result
            #expect(throws: HTTPError.transport("cancelled")) { try result.get() }
            #expect(started.allSatisfy { Self.statFields($0) == nil }, "killed and reaped, not left a zombie")
        }
    }

    /// `/proc/PID/cmdline`, its arguments joined by spaces; empty when the process is gone.
    static func commandLine(_ pid: pid_t) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").replacingOccurrences(of: "\0", with: " ")
    }

    @Test func theDaemonNeverLoadsLibcurlNorDiesOfABrokenPipe() throws {
        let uvd = try DaemonHarness()
        try uvd.start()
        try uvd.waitFor("a forecast") { try uvd.uvctl(["status", "--json"]).json()["source"] as? String ?? "model" != "model" }
        let pid = try #require(uvd.process?.pid)
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        #expect(!maps.contains("libcurl") && !maps.contains("libssl") && !maps.contains("libgnutls"), "uvd mapped a TLS or HTTP library")
        // Writing an order to a child already gone must be EPIPE, not SIGPIPE's default (the end of uvd).
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.flatMap {
            UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16)
        }
        #expect((ignored ?? 0) & (1 << (UInt64(SIGPIPE) - 1)) != 0, "uvd does not ignore SIGPIPE")
    }

    /// A fetch process whose reader has gone (EPIPE on its standard output, SIGPIPE ignored as
    /// the daemon leaves it) ends with `ioError`: no trap, no death by a signal.
    @Test func aFetchWhoseReaderHasGoneEndsCleanly() throws {
        let run = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c",
                """
                import os, signal, subprocess, sys
                signal.signal(signal.SIGPIPE, signal.SIG_IGN)
                read, write = os.pipe()
                os.close(read)
                child = subprocess.run([sys.argv[1], "--fetch"], input=b"not an order", stdout=write, restore_signals=False)
                print(child.returncode)
                """, ToolRunner.uvd.executable.path,
            ], environment: ["PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"])
        #expect(
            run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(ExitStatus.ioError.rawValue), "\(run.stdout) \(run.stderr)"
        )
    }

    @Test func aFetchDiesWithItsDaemon() throws {
        let server = try FixtureServer.hostile()
        let uvd = try DaemonHarness(providers: false)
        try """
        [providers.open-meteo]
        url = "\(server.url("/silent"))"
        [providers.arpansa]
        enabled = false
        """.write(to: uvd.configFile, atomically: true, encoding: .utf8)
        try uvd.start()
        let daemon = try #require(uvd.process?.pid)
        try uvd.waitFor("a fetch in progress") { !Self.fetchChildren(of: daemon).isEmpty }
        let children = Self.fetchChildren(of: daemon)
        uvd.kill(SIGKILL)
        try uvd.waitFor("the fetch to die with uvd", timeout: 5) { children.allSatisfy(Self.hasEnded) }
    }

    /// Whether a process has died: gone, or a zombie. An orphan's zombie waits for whoever reaps
    /// orphans (PID 1 or a subreaper), and where that is slow or never reaps — as PID 1 in some
    /// containers — the process still exists though it ended long ago.
    static func hasEnded(_ pid: pid_t) -> Bool {
        statFields(pid).map { $0.first == "Z" } ?? true
    }

    /// This process's children running `uvd --fetch`, zombies included.
    static func fetchChildren(of own: pid_t = getpid()) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let fields = statFields(pid), fields.count > 1, pid_t(fields[1]) == own else { return false }
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return command.contains("--fetch") || fields[0] == "Z"
        }
    }

    /// `/proc/PID/stat` after the command name (state, parent, …); nil when the process is gone.
    static func statFields(_ pid: pid_t) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }
}
