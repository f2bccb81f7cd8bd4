/// Every method of `io.uvd`, named once: the daemon's dispatch switches over it (so a method it
/// does not handle does not compile) and uvctl calls by it; `UVDMethodTests` checks that the
/// interface text declares exactly these.
public enum UVDMethod: String, CaseIterable, Sendable {
    case getStatus = "GetStatus"
    case getForecast = "GetForecast"
    case listStations = "ListStations"
    case setLocation = "SetLocation"
    case clearLocation = "ClearLocation"
    case addLocation = "AddLocation"
    case listLocations = "ListLocations"
    case removeLocation = "RemoveLocation"
    case getProfile = "GetProfile"
    case setProfile = "SetProfile"
    case applySunscreen = "ApplySunscreen"
    case removeSunscreen = "RemoveSunscreen"
    case recordWater = "RecordWater"
    case refresh = "Refresh"
    case reload = "Reload"
    case getConfig = "GetConfig"
    case getQuiet = "GetQuiet"
    case setQuiet = "SetQuiet"
    case quietNow = "QuietNow"
    case quietOff = "QuietOff"
    case snooze = "Snooze"
    case mute = "Mute"
    case unmute = "Unmute"
    case getHome = "GetHome"
    case setHome = "SetHome"
    case clearHome = "ClearHome"
    case getHistory = "GetHistory"
    case diagnose = "Diagnose"
    case notifyTest = "NotifyTest"
    case subscribe = "Subscribe"
    case getDose = "GetDose"
    case outside = "Outside"

    /// Whether the method only reads what uvd holds (the status, a forecast, a list): the code it
    /// runs is what `uvctl status` and a bar run again and again. The others change what uvd
    /// holds or run code seldom run (a refresh, the doctor).
    public var onlyReads: Bool {
        switch self {
        case .getStatus, .getForecast, .listStations, .listLocations, .getProfile, .getConfig, .getQuiet, .getHome, .getHistory,
            .subscribe, .getDose:
            true
        case .setLocation, .clearLocation, .addLocation, .removeLocation, .setProfile, .applySunscreen, .removeSunscreen,
            .recordWater, .refresh, .reload, .setQuiet, .quietNow, .quietOff, .snooze, .mute, .unmute, .setHome, .clearHome,
            .diagnose, .notifyTest, .outside:
            false
        }
    }

    /// `io.uvd.GetStatus`.
    public var qualifiedName: String { "\(UVDInterface.name).\(rawValue)" }

    /// The method a call names, if it is one of ours.
    public init?(qualifiedName: String) {
        let prefix = UVDInterface.name + "."
        guard qualifiedName.hasPrefix(prefix) else { return nil }
        self.init(rawValue: String(qualifiedName.dropFirst(prefix.count)))
    }
}
