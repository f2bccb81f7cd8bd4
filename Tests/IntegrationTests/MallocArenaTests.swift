import Foundation
import TestSupport
import Testing

/// uvd's threads allocate from glibc's one main arena (`uvd_share_one_malloc_arena`): a thread
/// arena is a heap of its own, mapped 64 MiB-aligned and reserved 64 MiB at a time (glibc's
/// HEAP_MAX_SIZE on 64-bit), its unused part `---p`; the running daemon has none.
@Suite struct MallocArenaTests {
    /// The thread arenas' heaps in `/proc/PID/maps`: a 64 MiB-aligned mapping that, with the
    /// `---p` reservation right after it, spans 64 MiB.
    static func threadArenas(of pid: pid_t) throws -> Int {
        let heapSize: UInt64 = 64 << 20
        let mappings = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8).split(separator: "\n").compactMap {
            line -> (start: UInt64, end: UInt64, permissions: Substring)? in
            let fields = line.split(separator: " ")
            let range = fields.first?.split(separator: "-") ?? []
            guard fields.count >= 2, range.count == 2, let start = UInt64(range[0], radix: 16), let end = UInt64(range[1], radix: 16)
            else { return nil }
            return (start, end, fields[1])
        }
        return mappings.indices.filter { index in
            let mapping = mappings[index]
            guard mapping.start % heapSize == 0, mapping.permissions == "rw-p" else { return false }
            let end =
                index + 1 < mappings.count && mappings[index + 1].start == mapping.end && mappings[index + 1].permissions == "---p"
                ? mappings[index + 1].end : mapping.end
            return end - mapping.start == heapSize
        }.count
    }

    @Test func theDaemonsThreadsShareOneArena() throws {
        let uvd = try DaemonHarness()
        try uvd.start()
        defer { uvd.kill(SIGTERM) }
        let pid = try #require(uvd.process?.pid)
        // Its threads at work: a status asked, a forecast fetched and stored.
        #expect(try uvd.uvctl(["status"]).status == 0)
        #expect(try uvd.uvctl(["refresh"]).status == 0)
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count
        #expect(threads > 1, "uvd runs \(threads) thread")
        #expect(try Self.threadArenas(of: pid) == 0)
    }
}
