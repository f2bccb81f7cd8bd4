import Benchmark
import Foundation
import UVCore
import UVEngine
import UVPlaces
import UVWheel

#if canImport(Glibc)
    import Glibc
#endif

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
/// panels ask for (uvd's `DaemonCore.trayIconSizes`); held to under 2 ms.
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
    var state = EngineState(settings: settings, timeZoneIdentifier: zone.identifier, skinType: .II)
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

let provider = try ProviderStandIn()
let daemon = try RunningDaemon(provider: provider)
let uvctl = URL(fileURLWithPath: daemon.binary).deletingLastPathComponent().appendingPathComponent("uvctl").path

/// `body`, stopping uvd first when it throws: an error at the top level ends the process without
/// reaching the `daemon.stop()` at the end, which left uvd running.
func stoppingOnFailure<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        daemon.stop()
        throw error
    }
}

/// The everyday desktop: a second uvd with a nearby station (Sydney's, on the stand-in) on a
/// private session bus with a notification server, once it has shown the test notification (with
/// the day's mini-wheel); nil where no bus can be made.
func startOnABus() throws -> (bus: SessionBus, daemon: RunningDaemon)? {
    if let missing = SessionBus.missing {
        print("No uvd on a session bus: \(missing)")
        return nil
    }
    let bus = try SessionBus(in: NSTemporaryDirectory() + "uvd-bench-\(getpid())-bus")
    do {
        let onBus = try RunningDaemon(
            provider: provider, name: "desktop", station: true, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        var status: Int32 = 0
        waitpid(try RunningDaemon.spawn(uvctl, ["notify-test", "--seconds", "5"], environment: onBus.environment), &status, 0)
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

let desktop = try stoppingOnFailure { try startOnABus() }
let daemons = 1 + (desktop == nil ? 0 : 1)
for _ in 0..<100 where provider.requestCount < daemons { usleep(100_000) }
try stoppingOnFailure {
    guard provider.requestCount >= daemons else { throw RunningDaemon.Failure(description: "uvd did not ask the provider stand-in") }
}

// Idle cost, measured first while nothing else runs: uvd after its first fetch (from the local
// stand-in), the same on a session bus after a notification and outside by the user's word (the
// day's dose counted at every step), and a `uvctl watch` following the first, for IDLE_SECONDS
// (default 120).
// Outside is started as a user starts it, with `uvctl outside start` (its connection then ends).
try stoppingOnFailure {
    guard let desktop else { return }
    var status: Int32 = 0
    waitpid(try RunningDaemon.spawn(uvctl, ["outside", "start"], environment: desktop.daemon.environment), &status, 0)
    guard status == 0 else { throw RunningDaemon.Failure(description: "uvctl outside start failed (\(status))") }
}
let idleSeconds = ProcessInfo.processInfo.environment["IDLE_SECONDS"].flatMap(Int.init) ?? 120
let watch = try stoppingOnFailure { try RunningDaemon.spawn(uvctl, ["watch", "--format", "waybar"], environment: daemon.environment) }
sleep(3)
print("Idle (wakeups = context switches of the process's threads):")
let idle =
    [("uvd", daemon.pid)] + (desktop.map { [("uvd, station + bus + notification + tray, outside", $0.daemon.pid)] } ?? []) + [
        ("uvctl watch --format waybar", watch)
    ]
for line in IdleCost.measure(idle, seconds: idleSeconds) {
    print("  " + line)
}
kill(watch, SIGTERM)
var watchStatus: Int32 = 0
waitpid(watch, &watchStatus, 0)
desktop?.daemon.stop()
desktop?.bus.stop()

benchmark("uvd: GetStatus round trip over the socket") {
    blackHole(try daemon.call(#"{"method":"io.uvd.GetStatus","parameters":{}}"#))
}

// The same with time outside today (an hour given, and outside since), so that the status also
// counts the day's dose: the difference is what the dose costs a status.
let hourAgo = Date().addingTimeInterval(-3900)
// On the daemon's clock (its TZ, and so its place's).
let daemonZone = TimeZone(identifier: "Australia/Sydney") ?? .current
let clock = DateFormatter()
clock.dateFormat = "HH:mm"
clock.timeZone = daemonZone
var sydneyCalendar = Calendar(identifier: .gregorian)
sydneyCalendar.timeZone = daemonZone
if sydneyCalendar.isDate(hourAgo, inSameDayAs: Date()) {
    let span = "\(clock.string(from: hourAgo))-\(clock.string(from: hourAgo.addingTimeInterval(3600)))"
    _ = try daemon.call(#"{"method":"io.uvd.Outside","parameters":{"action":"add","span":"\#(span)"}}"#)
}
_ = try daemon.call(#"{"method":"io.uvd.Outside","parameters":{"action":"start"}}"#)
benchmark("uvd: GetStatus round trip with time outside today (the dose counted)") {
    blackHole(try daemon.call(#"{"method":"io.uvd.GetStatus","parameters":{}}"#))
}

benchmark("uvctl status as a whole process (start, ask uvd, print, exit)", settings: Iterations(50)) {
    var status: Int32 = 0
    waitpid(try RunningDaemon.spawn(uvctl, ["status"], environment: daemon.environment), &status, 0)
    guard status == 0 else { throw RunningDaemon.Failure(description: "uvctl status exited \(status)") }
}

let shapesDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-bench-config-\(getpid())").path
try FileManager.default.createDirectory(atPath: shapesDirectory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: shapesDirectory) }
for shape in try ConfigShapes.write(into: shapesDirectory) {
    benchmark("uvd --check-config: \(shape.name), just under 1 MiB", settings: Iterations(3)) {
        var status: Int32 = 0
        waitpid(try RunningDaemon.spawn(daemon.binary, ["--check-config", shape.path], environment: daemon.environment), &status, 0)
    }
}

benchmark("uvd: start to READY=1 with a warm cache", settings: Iterations(10)) { state in
    let start = try daemon.prepareStart()
    try state.measure { start.launchAndAwaitReady() }
    try start.stop()
}

Benchmark.main()
daemon.stop()
