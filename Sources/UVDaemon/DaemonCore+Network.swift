import Foundation
import UVCore
import UVEngine
import UVPlatform
import UVProtocol

/// The network side: the default route as the watch reports it, and the home network.
extension DaemonCore {
    /// The classifier the configuration asks for.
    var interfaceClassifier: InterfaceClassifier {
        InterfaceClassifier(wifiPatterns: loaded.configuration.wifiInterfaces, cellularPatterns: loaded.configuration.cellularInterfaces)
    }

    /// The default route moved: tell the engine what kind of connection carries it now.
    /// Classified here, once, with the configuration in force (a reload's patterns count).
    func networkChanged(_ reported: DefaultRoute, networkManager primary: NetworkManager.Primary? = nil, now: Date) {
        let heard = observe(reported, networkManager: primary)
        noteOutside(network.state, now: now)
        settle(now: now, hearing: heard)
    }

    /// Takes the route as reported; returns what the engine must hear of it.
    private func observe(_ reported: DefaultRoute, networkManager primary: NetworkManager.Primary?) -> [EngineEvent] {
        let (route, cameUp) = network.observe(reported, primary: primary, classifier: interfaceClassifier)
        log.info("default route: \(route.interface ?? "none") (\(route.kind.rawValue): \(route.reason))")
        return (cameUp ? [.userActivity] : []) + [.network(network.state)]
    }

    /// After a reload: the route as last reported, when the new patterns classify it otherwise.
    func reclassifiedRoute() -> (route: DefaultRoute, primary: NetworkManager.Primary?)? {
        guard network.differs(under: interfaceClassifier) else { return nil }
        return (network.reported.route, network.reported.primary)
    }

    /// `uvctl home set`: the Wi-Fi network in use now is home.
    func markHome(now: Date) throws(Refusal) -> String {
        var heard: [EngineEvent] = []
        if network.current.networkID == nil {
            // The gateway's address may have been learnt since the route came up: no netlink
            // message says so, so look again (heard in the one step below, or by itself when
            // the answer is a refusal).
            heard = observe(RouteReader().current(), networkManager: network.reported.primary)
        }
        guard network.current.kind == .wifi, network.current.networkID != nil else {
            if !heard.isEmpty { settle(now: now, hearing: heard) }
            throw refusalToMarkHome()
        }
        let id = network.current.networkID ?? ""
        try keepHome(id, hearing: heard.filter { $0 == .userActivity }, now: now)
        return tr("home is the Wi-Fi network on %1$@ (%2$@)", network.current.interface ?? "?", id)
    }

    /// Why the network in use cannot be marked as home.
    private func refusalToMarkHome() -> Refusal {
        guard network.current.kind == .wifi else {
            return Refusal(
                .notOnWifi,
                tr(
                    "the default route is not over Wi-Fi (%1$@); connect to your home Wi-Fi and try again",
                    network.current.interface ?? tr("no default route")))
        }
        return Refusal(
            .networkUnknown,
            tr("this Wi-Fi network cannot be told apart from others (its gateway's address is not known yet); try again in a minute"))
    }

    /// `uvctl home clear`: any Wi-Fi counts as home again.
    func clearHome(now: Date) throws(Refusal) -> String {
        try keepHome(nil, now: now)
        return tr("no home network marked: leaving any Wi-Fi counts")
    }

    /// Home is now `id` (nil: none marked), kept with the rules' state in one step (a home
    /// marked, the connection in use is heard again as home or not); when the store cannot keep
    /// it, home is as it was and the rules, which heard it, hear that too.
    private func keepHome(_ id: String?, hearing events: [EngineEvent] = [], now: Date) throws(Refusal) {
        let previous = network.home
        network.markHome(id)
        unsaved.userChanges.append(.homeNetwork(id))
        try settleAcknowledged(
            now: now, hearing: events + [.command(.homeMarked(id != nil))] + (id == nil ? [] : [.network(network.state)]),
            undo: { network.markHome(previous) },
            toldBack: { [.command(.homeMarked(previous != nil)), .network(network.state)] })
    }
}
