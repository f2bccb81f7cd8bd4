import UVPlatform

// Swift concurrency on uvd's own event loop from the first instruction (see `EventLoop`).
EventLoop.run {
    // Plain `uvd`, as systemd starts it, goes straight to the daemon: building the parser's
    // model of uvd's options (by reflection, with a protocol-conformance lookup for each) was a
    // tenth of the time from start to READY, and there is nothing to parse.
    guard CommandLine.arguments.count > 1 else {
        do {
            try await UVD.serve(paths: XDGPaths())
        } catch {
            UVD.exit(withError: error)
        }
        return 0
    }
    await UVD.main()
    return 0
}
