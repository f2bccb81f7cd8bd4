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
    case listFamily = "ListFamily"
    case addFamilyMember = "AddFamilyMember"
    case setFamilyMember = "SetFamilyMember"
    case removeFamilyMember = "RemoveFamilyMember"
    case setFamilyOut = "SetFamilyOut"

    /// `io.uvd.GetStatus`.
    public var qualifiedName: String { "\(UVDInterface.name).\(rawValue)" }

    /// The method a call names, if it is one of ours.
    public init?(qualifiedName: String) {
        let prefix = UVDInterface.name + "."
        guard qualifiedName.hasPrefix(prefix) else { return nil }
        self.init(rawValue: String(qualifiedName.dropFirst(prefix.count)))
    }
}
