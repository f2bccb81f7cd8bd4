/// One method of `io.uvd` with its parameters and reply, declared once as types: the daemon
/// answers with `Reply` and uvctl calls with `Parameters`, so a mismatch between them does not
/// compile, and `InterfaceTextTests` derives each signature from these types and checks the
/// interface text against it.
public protocol UVDCall: Sendable {
    associatedtype Parameters: Codable & Sendable
    associatedtype Reply: Codable & Sendable
    static var method: UVDMethod { get }
}

/// The methods of `io.uvd`, one type each (see `UVDCall`).
public enum UVD {
    public enum GetStatus: UVDCall {
        public typealias Parameters = LocationParameters
        public typealias Reply = StatusReply
        public static let method = UVDMethod.getStatus
    }
    public enum GetForecast: UVDCall {
        public typealias Parameters = ForecastParameters
        public typealias Reply = ForecastReply
        public static let method = UVDMethod.getForecast
    }
    public enum ListStations: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = StationsReply
        public static let method = UVDMethod.listStations
    }
    public enum SetLocation: UVDCall {
        public typealias Parameters = PlaceParameters
        public typealias Reply = LocationReply
        public static let method = UVDMethod.setLocation
    }
    public enum ClearLocation: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = LocationReply
        public static let method = UVDMethod.clearLocation
    }
    public enum ListFamily: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = FamilyReply
        public static let method = UVDMethod.listFamily
    }
    public enum AddFamilyMember: UVDCall {
        public typealias Parameters = FamilyMemberParameters
        public typealias Reply = FamilyReply
        public static let method = UVDMethod.addFamilyMember
    }
    public enum SetFamilyMember: UVDCall {
        public typealias Parameters = FamilyMemberParameters
        public typealias Reply = FamilyReply
        public static let method = UVDMethod.setFamilyMember
    }
    public enum RemoveFamilyMember: UVDCall {
        public typealias Parameters = NameParameters
        public typealias Reply = FamilyReply
        public static let method = UVDMethod.removeFamilyMember
    }
    public enum SetFamilyOut: UVDCall {
        public typealias Parameters = FamilyOutParameters
        public typealias Reply = FamilyReply
        public static let method = UVDMethod.setFamilyOut
    }
    public enum AddLocation: UVDCall {
        public typealias Parameters = AddLocationParameters
        public typealias Reply = LocationReply
        public static let method = UVDMethod.addLocation
    }
    public enum ListLocations: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = LocationsReply
        public static let method = UVDMethod.listLocations
    }
    public enum RemoveLocation: UVDCall {
        public typealias Parameters = NameParameters
        public typealias Reply = Empty
        public static let method = UVDMethod.removeLocation
    }
    public enum GetProfile: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = ProfileReply
        public static let method = UVDMethod.getProfile
    }
    public enum SetProfile: UVDCall {
        public typealias Parameters = ProfileParameters
        public typealias Reply = ProfileReply
        public static let method = UVDMethod.setProfile
    }
    public enum ApplySunscreen: UVDCall {
        public typealias Parameters = SunscreenParameters
        public typealias Reply = SunscreenReply
        public static let method = UVDMethod.applySunscreen
    }
    public enum RemoveSunscreen: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = Empty
        public static let method = UVDMethod.removeSunscreen
    }
    public enum RecordWater: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = SunscreenReply
        public static let method = UVDMethod.recordWater
    }
    public enum Refresh: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = RefreshReply
        public static let method = UVDMethod.refresh
    }
    public enum Reload: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = MessageReply
        public static let method = UVDMethod.reload
    }
    public enum GetConfig: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = ConfigReply
        public static let method = UVDMethod.getConfig
    }
    public enum GetQuiet: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = QuietReply
        public static let method = UVDMethod.getQuiet
    }
    public enum SetQuiet: UVDCall {
        public typealias Parameters = SetQuietParameters
        public typealias Reply = QuietReply
        public static let method = UVDMethod.setQuiet
    }
    public enum QuietNow: UVDCall {
        public typealias Parameters = MinutesParameters
        public typealias Reply = QuietReply
        public static let method = UVDMethod.quietNow
    }
    public enum QuietOff: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = QuietReply
        public static let method = UVDMethod.quietOff
    }
    public enum Snooze: UVDCall {
        public typealias Parameters = SnoozeParameters
        public typealias Reply = MessageReply
        public static let method = UVDMethod.snooze
    }
    public enum Mute: UVDCall {
        public typealias Parameters = MuteParameters
        public typealias Reply = MessageReply
        public static let method = UVDMethod.mute
    }
    public enum Unmute: UVDCall {
        public typealias Parameters = RuleParameters
        public typealias Reply = MessageReply
        public static let method = UVDMethod.unmute
    }
    public enum GetHome: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = HomeReply
        public static let method = UVDMethod.getHome
    }
    public enum SetHome: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = MessageReply
        public static let method = UVDMethod.setHome
    }
    public enum ClearHome: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = MessageReply
        public static let method = UVDMethod.clearHome
    }
    public enum GetHistory: UVDCall {
        public typealias Parameters = LimitParameters
        public typealias Reply = HistoryReply
        public static let method = UVDMethod.getHistory
    }
    public enum Diagnose: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = DiagnoseReply
        public static let method = UVDMethod.diagnose
    }
    public enum NotifyTest: UVDCall {
        public typealias Parameters = NotifyTestParameters
        public typealias Reply = NotifyTestReply
        public static let method = UVDMethod.notifyTest
    }
    public enum GetDose: UVDCall {
        public typealias Parameters = DoseParameters
        public typealias Reply = DoseReply
        public static let method = UVDMethod.getDose
    }
    public enum Outside: UVDCall {
        public typealias Parameters = OutsideParameters
        public typealias Reply = MessageReply
        public static let method = UVDMethod.outside
    }
    /// With `more`: a reply now and one each time the status changes.
    public enum Subscribe: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = StatusReply
        public static let method = UVDMethod.subscribe
    }
}

extension UVDMethod {
    /// The method's declaration as types.
    public var call: any UVDCall.Type {
        switch self {
        case .getStatus: UVD.GetStatus.self
        case .getForecast: UVD.GetForecast.self
        case .listStations: UVD.ListStations.self
        case .setLocation: UVD.SetLocation.self
        case .clearLocation: UVD.ClearLocation.self
        case .addLocation: UVD.AddLocation.self
        case .listFamily: UVD.ListFamily.self
        case .addFamilyMember: UVD.AddFamilyMember.self
        case .setFamilyMember: UVD.SetFamilyMember.self
        case .removeFamilyMember: UVD.RemoveFamilyMember.self
        case .setFamilyOut: UVD.SetFamilyOut.self
        case .listLocations: UVD.ListLocations.self
        case .removeLocation: UVD.RemoveLocation.self
        case .getProfile: UVD.GetProfile.self
        case .setProfile: UVD.SetProfile.self
        case .applySunscreen: UVD.ApplySunscreen.self
        case .removeSunscreen: UVD.RemoveSunscreen.self
        case .recordWater: UVD.RecordWater.self
        case .refresh: UVD.Refresh.self
        case .reload: UVD.Reload.self
        case .getConfig: UVD.GetConfig.self
        case .getQuiet: UVD.GetQuiet.self
        case .setQuiet: UVD.SetQuiet.self
        case .quietNow: UVD.QuietNow.self
        case .quietOff: UVD.QuietOff.self
        case .snooze: UVD.Snooze.self
        case .mute: UVD.Mute.self
        case .unmute: UVD.Unmute.self
        case .getHome: UVD.GetHome.self
        case .setHome: UVD.SetHome.self
        case .clearHome: UVD.ClearHome.self
        case .getHistory: UVD.GetHistory.self
        case .diagnose: UVD.Diagnose.self
        case .notifyTest: UVD.NotifyTest.self
        case .subscribe: UVD.Subscribe.self
        case .getDose: UVD.GetDose.self
        case .outside: UVD.Outside.self
        }
    }
}
