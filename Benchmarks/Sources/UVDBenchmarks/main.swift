import Benchmark
import FoundationEssentials
import Glibc
import UVCore
import UVEngine
import UVPlaces
import UVWheel

// The numbers uvd is held to: answers from memory in well under a millisecond, start to READY
// well under a second, and the science cheap enough to run on every status.

/// Keeps a result alive so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

let sydney = Coordinate(latitude: -33.87, longitude: 151.21)
let zone = Zone(identifier: "Australia/Sydney")!
let day = LocalDay.interval(year: 2026, month: 1, day: 15, in: zone)!

benchmark("core: a modelled day (24 h of UV, windows, sun times)") {
    let series = DayOutlook.modelledSeries(day: day, coordinate: sydney)
    blackHole(DayOutlook(series: series, day: day, coordinate: sydney, skinType: .II, threshold: .uvi3))
}

let series = DayOutlook.modelledSeries(day: day, coordinate: sydney)

/// The tray's icon, drawn again when what it shows changes: the day's wheel at the five sizes
/// panels ask for (uvd's `CoreShell.trayIconSizes`); held to under 2 ms.
let wheelNow = day.start.addingTimeInterval(10 * 3600)
let wheel = WheelModel(
    dayStart: day.start,
    hours: (0..<24).map {
        WheelModel.Hour(
            start: day.start.addingTimeInterval(Double($0) * 3600),
            uvi: series.uvi(at: day.start.addingTimeInterval((Double($0) + 0.5) * 3600)))
    },
    now: wheelNow, window: nil, peak: nil, centre: .init(time: "10:00", uvi: series.uvi(at: wheelNow), caption: ""), theme: .light)
benchmark("tray: the icon drawn at 16, 22, 24, 32 and 48 px") {
    for size in [16, 22, 24, 32, 48] { blackHole(WheelRaster.render(wheel, size: size, samples: 2)) }
}

let applied = day.start.addingTimeInterval(10 * 3600)
let application = SunscreenApplication(spf: .spf30, quantity: .medium, activity: .active, appliedAt: applied)

benchmark("core: burn time integrated over changing UV and wearing-off SPF") {
    blackHole(BurnTime(skinType: .I, from: applied, uvi: series.uvi(at:), effectiveSPF: application.effectiveSPF(at:)))
}

benchmark("core: reapply time") {
    blackHole(ReapplyTime(application: application, skinType: .II, uvi: series.uvi(at:)))
}

/// The year's modelled days, computed once: the benchmark measures the engine, not the model.
let year: [[UVSample]] = (0..<365).map { index in
    let noon = day.start.addingTimeInterval(Double(index - 14) * 86_400 + 12 * 3600)
    return DayOutlook.modelledSeries(day: LocalDay.interval(containing: noon, in: zone), coordinate: sydney).samples
}

/// A year of engine steps, one a minute, with the modelled days fed in each morning.
func simulateYear(_ settings: EngineSettings) -> EngineState {
    var state = EngineState(settings: settings, zone: ZoneName(of: zone), skinType: .II)
    var now = day.start.addingTimeInterval(-14 * 86_400)
    for samples in year {
        (state, _) = Engine.reduce(state, .forecast(samples), now: now)
        for _ in 0..<1440 {
            now = now.addingTimeInterval(60)
            (state, _) = Engine.reduce(state, .tick, now: now)
        }
    }
    return state
}

benchmark("engine: a year at one-minute steps (525,600 reductions)", settings: Iterations(1)) {
    blackHole(simulateYear(EngineSettings()))
}

benchmark("engine: the same year with quiet hours 22:00-07:00", settings: Iterations(1)) {
    var settings = EngineSettings()
    settings.quietHours = QuietHours([QuietSpan(start: 22 * 60, end: 7 * 60)])
    blackHole(simulateYear(settings))
}

benchmark("places: a city by name (Sydney), nothing kept after") {
    blackHole(CityIndex.embedded.search("Sydney"))
}

benchmark("places: a name that is no city (the whole list scanned)") {
    blackHole(CityIndex.embedded.search("Xyzzyville"))
}

benchmark("places: naming a coordinate (the biggest city within 25 km)") {
    blackHole(CityIndex.embedded.placeName(near: sydney))
}

// The zero-configuration place, worked out at each start: the zone's line in the system's
// zone1970.tab; a zone that names no place (UTC) reads the whole table.
let zoneTable = (try? String(contentsOfFile: Place.zoneTablePath, encoding: .utf8)) ?? ""
benchmark("places: the place a time zone names (UTC: all of zone1970.tab read)") {
    blackHole(ZoneLocation.resolve(zone: "Etc/UTC", zoneTable: zoneTable))
}

// The binary as it is installed (`make install` strips it), and as built.
let strippedCopy = FileManager.default.temporaryDirectory.path + "/uvd-bench-\(getpid())-stripped"
try RunningDaemon.run("/usr/bin/strip", ["--strip-all", "-o", strippedCopy, RunningDaemon.release], environment: [:])
let builtSize = (try? FileManager.default.attributesOfItem(atPath: RunningDaemon.release)[.size] as? Int) ?? 0
let strippedSize = (try? FileManager.default.attributesOfItem(atPath: strippedCopy)[.size] as? Int) ?? 0
unlink(strippedCopy)
print(
    "The binary (uvd; uvctl is a link to it): \((Double(strippedSize) / 1_000_000).fixed(1)) MB stripped, as installed "
        + "(\((Double(builtSize) / 1_000_000).fixed(1)) MB as built)")

for line in BinarySize.report(
    try BinarySize.symbols(of: RunningDaemon.release, scratch: FileManager.default.temporaryDirectory.path + "/uvd-bench-\(getpid())-nm"))
{
    print(line)
}

SharedLibraries.warm(for: RunningDaemon.release)
let provider = try ProviderStandIn()
let daemon = try RunningDaemon(provider: provider)
if let problem = daemon.cgroupProblem { print("No memory cgroup, so no charged figures: \(problem)") }
print("uvd started from a copy of which \(daemon.cachedAtStart / 1024) KB were in the page cache (a cold start: its cgroup reads the rest)")
print(
    "The disk's readahead: " + (ColdBinary.readaheadKilobytes(daemon.binary).map { "\($0) KB" } ?? "unknown")
        + " (a page fault in the binary reads up to that much around it: the page cache charged follows it)")
let uvctl = URL(fileURLWithPath: daemon.binary).deletingLastPathComponent().appendingPathComponent("uvctl").path

/// What is running or made besides `daemon`, newest last: stopped or removed by
/// `stoppingOnFailure`, or in turn as the bench ends.
var started: [() -> Void] = []

/// `body`, stopping uvd and everything in `started` first when it throws: an error at the top
/// level ends the process without reaching the stops at the end, which left uvd (and a loop
/// device, a mount) behind.
@MainActor func stoppingOnFailure<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        for stop in started.reversed() { stop() }
        daemon.stop()
        throw error
    }
}

/// The everyday desktop: a second uvd with a nearby station (Sydney's, on the stand-in) on a
/// private session bus with a notification server, once it has shown the test notification (with
/// the day's mini-wheel); nil where no bus can be made. `binaryDirectory`: where its cold copy
/// goes (a disk of the bench's own; by default beside its other files).
func startOnABus(name: String = "desktop", binaryDirectory: String? = nil) throws -> (bus: SessionBus, daemon: RunningDaemon)? {
    if let missing = SessionBus.missing {
        print("No uvd on a session bus: \(missing)")
        return nil
    }
    let bus = try SessionBus(in: FileManager.default.temporaryDirectory.path + "/uvd-bench-\(getpid())-bus-\(name)")
    do {
        let onBus = try RunningDaemon(
            provider: provider, name: name, station: true, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address],
            binaryDirectory: binaryDirectory)
        try RunningDaemon.run(uvctl, ["notify-test", "--seconds", "5"], environment: onBus.environment)
        guard bus.notificationsShown > 0 else {
            onBus.stop()
            throw RunningDaemon.Failure(description: "uvd showed no notification on the session bus")
        }
        guard bus.trayRegistered else {
            onBus.stop()
            throw RunningDaemon.Failure(description: "uvd registered no tray item with the watcher")
        }
        return (bus, onBus)
    } catch {
        bus.stop()
        throw error
    }
}

/// Goes out as a user does, with `uvctl outside start` (its connection then ends): the day's dose
/// is counted at every step.
func goOutside(_ desktop: (bus: SessionBus, daemon: RunningDaemon)?) throws {
    guard let desktop else { return }
    let status = try RunningDaemon.run(uvctl, ["outside", "start"], environment: desktop.daemon.environment)
    guard status == 0 else { throw RunningDaemon.Failure(description: "uvctl outside start failed (\(status))") }
}

let desktop = try stoppingOnFailure { try startOnABus() }
if let desktop {
    started.append {
        desktop.daemon.stop()
        desktop.bus.stop()
    }
}
let daemons = 1 + (desktop == nil ? 0 : 1)
for _ in 0..<100 where provider.requestCount < daemons { usleep(100_000) }
try stoppingOnFailure {
    guard provider.requestCount >= daemons else { throw RunningDaemon.Failure(description: "uvd did not ask the provider stand-in") }
}

// Idle cost, measured first while nothing else runs: uvd after its first fetch (from the local
// stand-in), the same on a session bus after a notification and outside by the user's word (the
// day's dose counted at every step), and a `uvctl watch` following the first, for IDLE_SECONDS
// (default 120).
try stoppingOnFailure { try goOutside(desktop) }
let idleSeconds = ProcessInfo.processInfo.environment["IDLE_SECONDS"].flatMap(Int.init) ?? 120
// uvd alone once more, started cold from a disk with the kernel's default readahead (128 KB).
let disk = ReadaheadDisk.make()
if case .success(let disk) = disk { started.append(disk.remove) }
let onDefaultDisk = try stoppingOnFailure { () -> RunningDaemon? in
    guard case .success(let disk) = disk else { return nil }
    return try RunningDaemon(provider: provider, name: "uvd-128k", binaryDirectory: disk.mountPoint + "/bin")
}
if let onDefaultDisk { started.append(onDefaultDisk.stop) }
if case .failure(let problem) = disk { print("No disk with 128 KB readahead: \(problem)") }
// The desktop case too, from a copy of its own on that disk.
let desktopOnDefaultDisk = try stoppingOnFailure { () -> (bus: SessionBus, daemon: RunningDaemon)? in
    guard case .success(let disk) = disk, desktop != nil else { return nil }
    return try startOnABus(name: "desktop-128k", binaryDirectory: disk.mountPoint + "/bin-desktop")
}
if let desktopOnDefaultDisk {
    started.append {
        desktopOnDefaultDisk.daemon.stop()
        desktopOnDefaultDisk.bus.stop()
    }
}
try stoppingOnFailure { try goOutside(desktopOnDefaultDisk) }
let coldDaemons = daemons + (onDefaultDisk == nil ? 0 : 1) + (desktopOnDefaultDisk == nil ? 0 : 1)
for _ in 0..<100 where provider.requestCount < coldDaemons { usleep(100_000) }

// `uvctl watch` from a cold copy of its own, in a cgroup of its own, as a bar would start it.
let watchCgroup = try? MemoryCgroup.make("watch").get()
if let watchCgroup { started.append(watchCgroup.remove) }
let watchBinary = try stoppingOnFailure {
    _ = try ColdBinary.copy(RunningDaemon.release, into: daemon.root + "/watch-bin")
    return daemon.root + "/watch-bin/uvctl"
}
/// `uvctl watch --format waybar` from `binary`, in `cgroup` where there is one.
func startWatch(_ binary: String, in cgroup: MemoryCgroup?) throws -> pid_t {
    try cgroup?.spawn(binary, ["watch", "--format", "waybar"], environment: daemon.environment)
        ?? RunningDaemon.spawn(binary, ["watch", "--format", "waybar"], environment: daemon.environment)
}
let watch = try stoppingOnFailure { try startWatch(watchBinary, in: watchCgroup) }
// And once more from a cold copy on the 128 KB-readahead disk.
let watchOnDefaultDisk = try stoppingOnFailure { () -> (pid: pid_t, cgroup: MemoryCgroup?)? in
    guard case .success(let disk) = disk else { return nil }
    let cgroup = try? MemoryCgroup.make("watch-128k").get()
    if let cgroup { started.append(cgroup.remove) }
    _ = try ColdBinary.copy(RunningDaemon.release, into: disk.mountPoint + "/watch-bin")
    return (try startWatch(disk.mountPoint + "/watch-bin/uvctl", in: cgroup), cgroup)
}
sleep(3)
print("Idle (wakeups = context switches of the process's threads; charged = what its memory cgroup is charged after a cold start):")
let idle: [(name: String, pid: pid_t, cgroup: MemoryCgroup?)] =
    [("uvd", daemon.pid, daemon.cgroup)]
    + (desktop.map { [("uvd, station + bus + notification + tray, outside", $0.daemon.pid, $0.daemon.cgroup)] } ?? [])
    + (onDefaultDisk.map { [("uvd, its binary on a disk with 128 KB readahead", $0.pid, $0.cgroup)] } ?? [])
    + (desktopOnDefaultDisk.map { [("the desktop case, on the 128 KB disk", $0.daemon.pid, $0.daemon.cgroup)] } ?? [])
    + [("uvctl watch --format waybar", watch, watchCgroup)]
    + (watchOnDefaultDisk.map { [("uvctl watch, on the 128 KB disk", $0.pid, $0.cgroup)] } ?? [])
for line in IdleCost.measure(idle, seconds: idleSeconds) {
    print("  " + line)
}
var watchStatus: Int32 = 0
for pid in [watch] + (watchOnDefaultDisk.map { [$0.pid] } ?? []) {
    kill(pid, SIGTERM)
    waitpid(pid, &watchStatus, 0)
}
for stop in started.reversed() { stop() }
started = []

benchmark("uvd: GetStatus round trip over the socket") {
    blackHole(try daemon.call(#"{"method":"io.uvd.GetStatus","parameters":{}}"#))
}

// The same with time outside today (an hour given, and outside since), so that the status also
// counts the day's dose: the difference is what the dose costs a status.
let hourAgo = Date().addingTimeInterval(-3900)
// On the daemon's clock (its TZ, and so its place's).
if LocalDay.key(hourAgo, in: zone) == LocalDay.key(Date(), in: zone) {
    let span =
        WallClock.format(hourAgo, in: zone, twelveHour: false) + "-"
        + WallClock.format(hourAgo.addingTimeInterval(3600), in: zone, twelveHour: false)
    _ = try daemon.call(#"{"method":"io.uvd.Outside","parameters":{"action":"add","span":"\#(span)"}}"#)
}
_ = try daemon.call(#"{"method":"io.uvd.Outside","parameters":{"action":"start"}}"#)
benchmark("uvd: GetStatus round trip with time outside today (the dose counted)") {
    blackHole(try daemon.call(#"{"method":"io.uvd.GetStatus","parameters":{}}"#))
}

// uvctl beside a static hello-world, in turn: the ratios the start is held to.
let helloDirectory = FileManager.default.temporaryDirectory.path + "/uvd-bench-hello-\(getpid())"
try FileManager.default.createDirectory(atPath: helloDirectory, withIntermediateDirectories: true)
let hello = try stoppingOnFailure { try HelloWorldRatio.build(in: helloDirectory) }
for comparison in try stoppingOnFailure({
    [
        try HelloWorldRatio.compare(
            "uvctl status (start, ask uvd, print, exit)", uvctl: uvctl, ["status"], hello: hello, environment: daemon.environment,
            target: 2.0),
        try HelloWorldRatio.compare(
            "uvctl --version", uvctl: uvctl, ["--version"], hello: hello, environment: daemon.environment, target: 1.5),
    ]
}) {
    print(comparison.line)
}
try? FileManager.default.removeItem(atPath: helloDirectory)

benchmark("uvctl status as a whole process (start, ask uvd, print, exit)", settings: Iterations(50)) {
    let status = try RunningDaemon.run(uvctl, ["status"], environment: daemon.environment)
    guard status == 0 else { throw RunningDaemon.Failure(description: "uvctl status exited \(status)") }
}

let shapesDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-bench-config-\(getpid())").path
try FileManager.default.createDirectory(atPath: shapesDirectory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: shapesDirectory) }
for shape in try ConfigShapes.write(into: shapesDirectory) {
    benchmark("uvd --check-config: \(shape.name), just under 1 MiB", settings: Iterations(3)) {
        try RunningDaemon.run(daemon.binary, ["--check-config", shape.path], environment: daemon.environment)
    }
}

benchmark("uvd: start to READY=1 with a warm cache", settings: Iterations(10)) { state in
    let start = try daemon.prepareStart()
    try state.measure { start.launchAndAwaitReady() }
    try start.stop()
}

Benchmark.main()
daemon.stop()
