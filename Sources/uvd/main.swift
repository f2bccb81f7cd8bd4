import UVPlatform

// Swift concurrency on uvd's own event loop from the first instruction (see `EventLoop`).
EventLoop.run {
    await UVD.main()
    return 0
}
