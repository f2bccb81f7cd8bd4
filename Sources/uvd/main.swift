import ArgumentParser
import CProcessMemory
import Glibc
import UVControl
import UVCore
import UVPlatform

/// Which program this is, by the name it was started by (the base name of argv[0]): `uvctl` is
/// a link to `uvd`, so one binary serves both. Anything else (`uvd`, `/proc/self/exe` when the
/// binary was replaced under a running daemon, a fetch child) is the daemon.
let startedAsUVCtl = ProcessArguments.atStart.first.map { $0.split(separator: "/").last == "uvctl" } ?? false

// `--version` alone, of either program, is answered before anything starts: the one answer that
// needs neither the parser (its model of the commands and the completion check) nor the event
// loop; what ArgumentParser prints for it, the same line.
if ProcessArguments.atStart.count == 2, ProcessArguments.atStart[1] == "--version" {
    print(UVDVersion.string)
    exit(0)
}

// One malloc arena for all threads, set before any thread starts (an arena a thread held about
// 190 KB that one shared arena does not): only advice to glibc; where refused, uvd runs as before.
// (The binary's data is read a page at a time from before the runtime starts: CProcessMemory.)
_ = uvd_share_one_malloc_arena()

// Swift concurrency on uvd's own event loop from the first instruction (see `EventLoop`);
// `uvctl watch` then sleeps between the daemon's lines. uvctl's main thread serves its jobs
// alone: a command is one client's calls in turn, and starting and ending a second thread was
// 0.15 ms of each (3 % of `uvctl status`).
EventLoop.run(secondThread: !startedAsUVCtl) {
    if startedAsUVCtl {
        await UVCtl.main()
        return 0
    }
    // Plain `uvd`, as systemd starts it, goes straight to the daemon: building the parser's
    // model of uvd's options (by reflection, with a protocol-conformance lookup for each) was a
    // tenth of the time from start to READY, and there is nothing to parse.
    guard ProcessArguments.atStart.count > 1 else {
        do {
            try await UVD.serve(paths: XDGPaths())
        } catch {
            UVD.exit(withError: error)
        }
        return 0
    }
    await UVD.main(Array(ProcessArguments.atStart.dropFirst()))
    return 0
}
