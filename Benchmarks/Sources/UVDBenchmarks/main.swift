import Benchmark
import Foundation
import UVCore

// The numbers uvd is held to: answers from memory in well under a millisecond, start to READY
// well under a second, and the science cheap enough to run on every status.

/// Keeps a result alive so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

let sydney = Coordinate(latitude: -33.87, longitude: 151.21)
let zone = TimeZone(identifier: "Australia/Sydney")!
let day = LocalDay.interval(year: 2026, month: 1, day: 15, in: zone)!

benchmark("core: a modelled day (24 h of UV, windows, sun times)") {
    let series = DayOutlook.modelledSeries(day: day, coordinate: sydney)
    blackHole(DayOutlook(series: series, day: day, coordinate: sydney, skinType: .II, threshold: .uvi3))
}

let series = DayOutlook.modelledSeries(day: day, coordinate: sydney)
let applied = day.start.addingTimeInterval(10 * 3600)
let application = SunscreenApplication(spf: .spf30, quantity: .medium, activity: .active, appliedAt: applied)

benchmark("core: burn time integrated over changing UV and wearing-off SPF") {
    blackHole(BurnTime(skinType: .I, from: applied, uvi: series.uvi(at:), effectiveSPF: application.effectiveSPF(at:)))
}

benchmark("core: reapply time") {
    blackHole(ReapplyTime(application: application, skinType: .II, uvi: series.uvi(at:)))
}

let daemon = try RunningDaemon()

benchmark("uvd: GetStatus round trip over the socket") {
    blackHole(try daemon.call(#"{"method":"io.uvd.GetStatus","parameters":{}}"#))
}

benchmark("uvd: start to READY=1 with a warm cache", settings: Iterations(10)) { state in
    let start = try daemon.prepareStart()
    try state.measure { start.launchAndAwaitReady() }
    try start.stop()
}

Benchmark.main()
