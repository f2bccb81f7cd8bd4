import Foundation
import Testing
import UVCore
import UVEngine

@Suite("Leaving home")
struct LeaveHomeTests {
    let t0 = Date(timeIntervalSince1970: 1_768_430_000)
    func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    @Test func wifiToCellularStableForTheDebounce() {
        var detector = LeaveHomeDetector(debounce: 60)
        #expect(detector.observe(NetworkState(kind: .wifi), at: at(0)) == nil)
        #expect(detector.observe(NetworkState(kind: .cellular), at: at(100)) == at(160))
        #expect(detector.confirm(at: at(159)) == false)
        #expect(detector.confirm(at: at(160)) == true)
        #expect(detector.confirm(at: at(400)) == false)
    }

    @Test func aBriefHopIsNotLeaving() {
        var detector = LeaveHomeDetector(debounce: 60)
        _ = detector.observe(NetworkState(kind: .wifi), at: at(0))
        _ = detector.observe(NetworkState(kind: .cellular), at: at(10))
        _ = detector.observe(NetworkState(kind: .wifi), at: at(40))
        #expect(detector.confirm(at: at(70)) == false)
    }

    @Test func aDroppedLinkOnTheWayStillCounts() {
        var detector = LeaveHomeDetector(debounce: 60)
        _ = detector.observe(NetworkState(kind: .wifi), at: at(0))
        _ = detector.observe(NetworkState(kind: .none), at: at(5))
        #expect(detector.observe(NetworkState(kind: .cellular), at: at(20)) == at(80))
        _ = detector.observe(NetworkState(kind: .none), at: at(30))
        #expect(detector.confirm(at: at(80)) == true)
    }

    @Test func cellularWithoutHavingBeenHomeIsNotLeaving() {
        var detector = LeaveHomeDetector(debounce: 60)
        _ = detector.observe(NetworkState(kind: .wired), at: at(0))
        #expect(detector.observe(NetworkState(kind: .cellular), at: at(10)) == nil)
        #expect(detector.confirm(at: at(500)) == false)
    }

    @Test func aMarkedHomeNetworkIsTheOnlyHome() {
        var detector = LeaveHomeDetector(debounce: 60, homeMarked: true)
        _ = detector.observe(NetworkState(kind: .wifi, isHomeWifi: false), at: at(0))
        #expect(detector.observe(NetworkState(kind: .cellular), at: at(10)) == nil)
        _ = detector.observe(NetworkState(kind: .wifi, isHomeWifi: true), at: at(20))
        #expect(detector.observe(NetworkState(kind: .cellular), at: at(30)) == at(90))
    }

    /// Flapping five times in ten minutes, never staying on cellular for the debounce, never
    /// confirms. (Stays longer than the debounce do confirm; the engine's 3 h cooldown is what
    /// then keeps them to one notification.)
    @Test func flappingConfirmsOnlyStaysLongerThanTheDebounce() {
        var detector = LeaveHomeDetector(debounce: 60)
        var confirmations = 0
        for flap in 0..<5 {
            let start = Double(flap) * 120
            _ = detector.observe(NetworkState(kind: .wifi), at: at(start))
            _ = detector.observe(NetworkState(kind: .cellular), at: at(start + 30))
            if detector.confirm(at: at(start + 89)) { confirmations += 1 }
        }
        #expect(confirmations == 0)
    }
}
