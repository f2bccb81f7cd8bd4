import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a process costs while it waits: wakeups, counted as the voluntary and involuntary
/// context switches of its threads (`/proc/PID/task/*/status`, sampled each second per thread:
/// a thread that starts meanwhile counts from zero, one that ends keeps what was last read), and
/// its resident memory (VmRSS).
struct IdleCost {
    let name: String
    let pid: pid_t
    /// Per thread: the count when first seen (0 for threads started after the start) and the last.
    private var threads: [String: (first: Int, last: Int)] = [:]
    private(set) var peakKilobytes = 0

    init(name: String, pid: pid_t) {
        self.name = name
        self.pid = pid
        for (task, count) in Self.switches(of: pid) { threads[task] = (count, count) }
    }

    /// Each thread's context switches now.
    static func switches(of pid: pid_t) -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var counts: [String: Int] = [:]
        for task in tasks {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            counts[task] = status.split(separator: "\n")
                .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
                .compactMap { $0.split(separator: "\t").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
                .reduce(0, +)
        }
        return counts
    }

    /// Context switches since the start, over every thread seen.
    var wakeups: Int { threads.values.reduce(0) { $0 + $1.last - $1.first } }

    func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
    }

    mutating func sample() {
        peakKilobytes = max(peakKilobytes, residentKilobytes())
        for (task, count) in Self.switches(of: pid) { threads[task] = (threads[task]?.first ?? 0, count) }
    }

    /// `uvd   idle 120 s: 60.0 wakeups/min, VmRSS 45.2 MB (peak 45.3 MB)`.
    func report(seconds: Int) -> String {
        let perMinute = Double(wakeups) * 60 / Double(seconds)
        return String(
            format: "%@ idle %d s: %.1f wakeups/min, VmRSS %.1f MB (peak %.1f MB)",
            name.padding(toLength: 28, withPad: " ", startingAt: 0), seconds, perMinute,
            Double(residentKilobytes()) / 1024, Double(peakKilobytes) / 1024)
    }

    /// Samples every process once a second for `seconds`, then reports each.
    static func measure(_ processes: [(name: String, pid: pid_t)], seconds: Int) -> [String] {
        var costs = processes.map { IdleCost(name: $0.name, pid: $0.pid) }
        for _ in 0..<seconds {
            sleep(1)
            for index in costs.indices { costs[index].sample() }
        }
        return costs.map { $0.report(seconds: seconds) }
    }
}
