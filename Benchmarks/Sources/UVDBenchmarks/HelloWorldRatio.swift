import FoundationEssentials
import Glibc
import UVCore

/// uvctl's start as a whole process beside a static Swift hello-world's (`swiftc -O
/// -static-stdlib`, `print("hi")`) on the same machine, run in turn so that both see the same
/// load: the medians of `pairs` pairs, and their ratio. Each run starts `pause` after the one
/// before ended, as a person's command or a status bar's does, not in its wake: the kernel keeps
/// some of a run's work for a few milliseconds after it (a read of /proc/locks waits for an RCU
/// grace period unless another came just before), and back-to-back runs hid such costs.
enum HelloWorldRatio {
    struct Comparison {
        let name: String
        let helloMilliseconds: Double
        let milliseconds: Double
        /// The most the ratio may be.
        let target: Double
        var ratio: Double { milliseconds / helloMilliseconds }

        var line: String {
            "\(name): \(milliseconds.fixed(2)) ms, a hello-world \(helloMilliseconds.fixed(2)) ms: "
                + "\(ratio.fixed(2))× (at most \(target.fixed(1))×\(ratio <= target ? "" : ", over"))"
        }
    }

    /// The hello-world, built in `directory` with the toolchain on PATH.
    static func build(in directory: String) throws -> String {
        let source = directory + "/hello.swift"
        let binary = directory + "/hello"
        try Data("print(\"hi\")\n".utf8).write(to: URL(filePath: source))
        let status = try RunningDaemon.run(
            "/usr/bin/env", ["swiftc", "-O", "-static-stdlib", source, "-o", binary], environment: ["PATH": path])
        guard status == 0 else { throw RunningDaemon.Failure(description: "swiftc could not build the hello-world (\(status))") }
        return binary
    }

    /// `uvctl arguments` against `hello`, `pairs` times each in turn.
    static func compare(
        _ name: String, uvctl: String, _ arguments: [String], hello: String, environment: [String: String], target: Double,
        pairs: Int = 40, pause: useconds_t = 100_000
    ) throws -> Comparison {
        var helloTimes: [Double] = []
        var times: [Double] = []
        for _ in 0..<pairs {
            usleep(pause)
            helloTimes.append(try milliseconds { try RunningDaemon.run(hello, [], environment: environment) })
            usleep(pause)
            times.append(try milliseconds { try RunningDaemon.run(uvctl, arguments, environment: environment) })
        }
        return Comparison(name: name, helloMilliseconds: median(helloTimes), milliseconds: median(times), target: target)
    }

    private static var path: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

    private static func milliseconds(_ run: () throws -> Int32) throws -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let status = try run()
        clock_gettime(CLOCK_MONOTONIC, &end)
        guard status == 0 else { throw RunningDaemon.Failure(description: "a run for the hello-world comparison exited \(status)") }
        return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
