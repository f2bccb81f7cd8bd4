import UVPlatform

// Swift concurrency on uvd's own event loop from the first instruction (see `EventLoop`):
// `uvctl watch` then sleeps between the daemon's lines.
EventLoop.run {
    await UVCtl.main()
    return 0
}
