import FoundationEssentials
import Glibc
import UVCore

/// What a process costs while it waits: wakeups, counted as the voluntary and involuntary
/// context switches of its threads (`/proc/PID/task/*/status`, sampled each second per thread:
/// a thread that starts meanwhile counts from zero, one that ends keeps what was last read), and
/// its memory as the user's systemd sees it: what its cgroup is charged (page cache included),
/// its anonymous memory (RssAnon: what no other process shares and no file backs) and its
/// proportional share (Pss); VmRSS only for reference (it counts shared libraries' pages whole).
struct IdleCost {
    let name: String
    let pid: pid_t
    /// The cgroup the process was started in, when the bench could make one.
    let cgroup: MemoryCgroup?
    /// Per thread: the count when first seen (0 for threads started after the start) and the last.
    private var threads: [String: (first: Int, last: Int)] = [:]
    private(set) var peakKilobytes = 0

    init(name: String, pid: pid_t, cgroup: MemoryCgroup?) {
        self.name = name
        self.pid = pid
        self.cgroup = cgroup
        for (task, count) in Self.switches(of: pid) { threads[task] = (count, count) }
    }

    /// Each thread's context switches now.
    static func switches(of pid: pid_t) -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var counts: [String: Int] = [:]
        for task in tasks {
            let status = text("/proc/\(pid)/task/\(task)/status") ?? ""
            counts[task] = status.split(separator: "\n")
                .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
                .compactMap { $0.split(separator: "\t").last.flatMap { Int($0.trimmingSpaces()) } }
                .reduce(0, +)
        }
        return counts
    }

    /// Context switches since the start, over every thread seen.
    var wakeups: Int { threads.values.reduce(0) { $0 + $1.last - $1.first } }

    func residentKilobytes() -> Int { kilobytes("VmRSS:", in: "status") }

    /// A `NAME:  N kB` line of /proc/PID/FILE.
    private func kilobytes(_ field: String, in file: String) -> Int {
        let lines = text("/proc/\(pid)/\(file)")?.split(separator: "\n") ?? []
        let line = lines.first { $0.hasPrefix(field) }
        return line.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
    }

    mutating func sample() {
        peakKilobytes = max(peakKilobytes, residentKilobytes())
        for (task, count) in Self.switches(of: pid) { threads[task] = (threads[task]?.first ?? 0, count) }
    }

    /// `uvd  idle 120 s: 0.0 wakeups/min; charged 9.8 MB (anon 2.1, page cache 7.7); RssAnon 2.0 MB,
    /// Pss 4.1 MB; VmRSS 9.0 MB (peak 9.1 MB)`.
    func report(seconds: Int) -> String {
        let perMinute = Double(wakeups) * 60 / Double(seconds)
        let charged = cgroup.map { group in
            let bytes = group.charged
            return "charged \(megabytes(bytes.total)) MB (anon \(megabytes(bytes.anonymous)), page cache \(megabytes(bytes.pageCache))); "
        }
        return name + String(repeating: " ", count: max(0, 50 - name.count)) + " idle \(seconds) s: \(perMinute.fixed(1)) wakeups/min; "
            + (charged ?? "no cgroup; ") + "RssAnon \(megabytes(kilobytes("RssAnon:", in: "status") * 1024)) MB, "
            + "Pss \(megabytes(kilobytes("Pss:", in: "smaps_rollup") * 1024)) MB; "
            + "VmRSS \(megabytes(residentKilobytes() * 1024)) MB (peak \(megabytes(peakKilobytes * 1024)) MB)"
    }

    private func megabytes(_ bytes: Int) -> String { (Double(bytes) / 1_048_576).fixed(1) }

    /// Samples every process once a second for `seconds`, then reports each.
    static func measure(_ processes: [(name: String, pid: pid_t, cgroup: MemoryCgroup?)], seconds: Int) -> [String] {
        var costs = processes.map { IdleCost(name: $0.name, pid: $0.pid, cgroup: $0.cgroup) }
        for _ in 0..<seconds {
            sleep(1)
            for index in costs.indices { costs[index].sample() }
        }
        return costs.map { $0.report(seconds: seconds) }
    }
}
