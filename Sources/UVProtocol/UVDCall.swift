import UVCore
import UVEngine

/// One method of `io.uvd` with its parameters, its reply and its lines in the interface text,
/// declared once: the daemon answers with `Reply` and uvctl calls with `Parameters`, so a
/// mismatch between them does not compile, and `InterfaceTextTests` derives each signature from
/// these types and checks the declaration against it. A new method is a type here, in `UVD.calls`.
public protocol UVDCall: Sendable {
    associatedtype Parameters: Codable & Sendable
    associatedtype Reply: Codable & Sendable
    /// The method's name in the interface: `GetStatus`.
    static var name: String { get }
    /// Its lines in the interface text: the types only it brings, its comment and the method.
    static var declaration: String { get }
}

extension UVDCall {
    /// `io.uvd.GetStatus`.
    public static var qualifiedName: String { "\(UVDInterface.name).\(name)" }
}

/// The methods of `io.uvd`, one type each (see `UVDCall`).
public enum UVD {
    /// Every method, in the order the interface text gives them: the daemon answers by this list
    /// and the text is made of their declarations.
    public static let calls: [any UVDCall.Type] = [
        GetStatus.self,
        GetForecast.self,
        GetVitaminD.self,
        ListStations.self,
        SetLocation.self,
        ClearLocation.self,
        AddLocation.self,
        ListLocations.self,
        RemoveLocation.self,
        GetProfile.self,
        SetProfile.self,
        ListFamily.self,
        AddFamilyMember.self,
        SetFamilyMember.self,
        RemoveFamilyMember.self,
        SetFamilyOut.self,
        ApplySunscreen.self,
        RemoveSunscreen.self,
        RecordWater.self,
        Refresh.self,
        Reload.self,
        GetConfig.self,
        GetQuiet.self,
        SetQuiet.self,
        QuietNow.self,
        QuietOff.self,
        Snooze.self,
        Mute.self,
        Unmute.self,
        GetHome.self,
        SetHome.self,
        ClearHome.self,
        GetDose.self,
        Outside.self,
        GetHistory.self,
        Diagnose.self,
        NotifyTest.self,
        Subscribe.self,
    ]

    public enum GetStatus: UVDCall {
        public typealias Parameters = LocationParameters
        public typealias Reply = VersionedStatusReply
        public static let name = "GetStatus"
        public static let declaration = """
            # The status now, for the current place or a saved one, and uvd's version (since 0.5.0).
            method GetStatus(location: ?string) -> (status: Status, version: ?string)
            """
    }
    public enum GetForecast: UVDCall {
        public typealias Parameters = ForecastParameters
        public typealias Reply = ForecastReply
        public static let name = "GetForecast"
        public static let declaration = """
            # A day's hourly UV (default today) with the sunscreen window and peak.
            method GetForecast(location: ?string, date: ?string) -> (forecast: Forecast)
            """
    }
    public enum GetVitaminD: UVDCall {
        public typealias Parameters = VitaminDParameters
        public typealias Reply = VitaminDReply
        public static let name = "GetVitaminD"
        public static let declaration = """
            # A day's vitamin D (default today) for a skin type (default the profile's) and the bare
            # skin (default face-arms-hands), with each family member's.
            method GetVitaminD(location: ?string, date: ?string, skinType: ?string, exposed: ?string) -> (vitaminD: VitaminD)
            """
    }
    public enum ListStations: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = StationsReply
        public static let name = "ListStations"
        public static let declaration = """
            # Every ARPANSA station's latest measured UV.
            method ListStations() -> (stations: []Station, updatedAt: ?string, attribution: string)
            """
    }
    public enum SetLocation: UVDCall {
        public typealias Parameters = PlaceParameters
        public typealias Reply = LocationReply
        public static let name = "SetLocation"
        public static let declaration = """
            # Sets the place by city name ("Sydney", "Sydney, AU") or "LAT,LON".
            method SetLocation(place: string) -> (location: Location)
            """
    }
    public enum ClearLocation: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = LocationReply
        public static let name = "ClearLocation"
        public static let declaration = """
            # Forgets the manual place: GeoClue or the time zone decide again.
            method ClearLocation() -> (location: Location)
            """
    }
    public enum ListFamily: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = FamilyReply
        public static let name = "ListFamily"
        public static let declaration = """
            # The people uvd watches over: the user first, then the family in the order added.
            method ListFamily() -> (out: bool, people: []Person)
            """
    }
    public enum AddFamilyMember: UVDCall {
        public typealias Parameters = FamilyMemberParameters
        public typealias Reply = FamilyReply
        public static let name = "AddFamilyMember"
        public static let declaration = """
            # A name is 1 to 32 characters, no control characters; skin type I–VI; born YYYY-MM;
            # spf none, 15, 30 or 50.
            method AddFamilyMember(name: string, skinType: ?string, born: ?string, spf: ?string) -> (out: bool, people: []Person)
            """
    }
    public enum SetFamilyMember: UVDCall {
        public typealias Parameters = FamilyMemberParameters
        public typealias Reply = FamilyReply
        public static let name = "SetFamilyMember"
        public static let declaration = """
            # What is left out stays; born or spf "" forgets it.
            method SetFamilyMember(name: string, skinType: ?string, born: ?string, spf: ?string) -> (out: bool, people: []Person)
            """
    }
    public enum RemoveFamilyMember: UVDCall {
        public typealias Parameters = NameParameters
        public typealias Reply = FamilyReply
        public static let name = "RemoveFamilyMember"
        public static let declaration = """
            method RemoveFamilyMember(name: string) -> (out: bool, people: []Person)
            """
    }
    public enum SetFamilyOut: UVDCall {
        public typealias Parameters = FamilyOutParameters
        public typealias Reply = FamilyReply
        public static let name = "SetFamilyOut"
        public static let declaration = """
            # Whether the family is out with you: false (uvctl family off) gives you your own readings,
            # until true again, or for today only with today.
            method SetFamilyOut(out: bool, today: ?bool) -> (out: bool, people: []Person)
            """
    }
    public enum AddLocation: UVDCall {
        public typealias Parameters = AddLocationParameters
        public typealias Reply = LocationReply
        public static let name = "AddLocation"
        public static let declaration = """
            method AddLocation(name: string, place: string) -> (location: Location)
            """
    }
    public enum ListLocations: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = LocationsReply
        public static let name = "ListLocations"
        public static let declaration = """
            method ListLocations() -> (current: Location, saved: []Location)
            """
    }
    public enum RemoveLocation: UVDCall {
        public typealias Parameters = NameParameters
        public typealias Reply = Empty
        public static let name = "RemoveLocation"
        public static let declaration = """
            method RemoveLocation(name: string) -> ()
            """
    }
    public enum GetProfile: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = ProfileReply
        public static let name = "GetProfile"
        public static let declaration = """
            method GetProfile() -> (profile: Profile)
            """
    }
    public enum SetProfile: UVDCall {
        public typealias Parameters = ProfileParameters
        public typealias Reply = ProfileReply
        public static let name = "SetProfile"
        public static let declaration = """
            # Skin type I–VI; SPF none, 15, 30 or 50; quantity low, medium or lots;
            # activity indoors, normal or active; water resistance 0, 40 or 80 minutes.
            method SetProfile(
              skinType: ?string,
              spf: ?string,
              quantity: ?string,
              activity: ?string,
              waterResistanceMinutes: ?int
            ) -> (profile: Profile)
            """
    }
    public enum ApplySunscreen: UVDCall {
        public typealias Parameters = SunscreenParameters
        public typealias Reply = SunscreenReply
        public static let name = "ApplySunscreen"
        public static let declaration = """
            # Records sunscreen put on now (or minutesAgo); missing values come from the profile
            # (for one family member alone, their own SPF when they have one). person: a family
            # member's name, or "you"; absent, everyone out.
            method ApplySunscreen(spf: ?string, quantity: ?string, activity: ?string, minutesAgo: ?int, person: ?string) -> (sunscreen: Sunscreen)
            """
    }
    public enum RemoveSunscreen: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = Empty
        public static let name = "RemoveSunscreen"
        public static let declaration = """
            method RemoveSunscreen() -> ()
            """
    }
    public enum RecordWater: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = SunscreenReply
        public static let name = "RecordWater"
        public static let declaration = """
            # A swim or towelling now: reapply by the product's water resistance.
            method RecordWater() -> (sunscreen: Sunscreen)
            """
    }
    public enum Refresh: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = RefreshReply
        public static let name = "Refresh"
        public static let declaration = """
            # Asks the providers now; at most every 5 minutes and within the daily budget.
            # What one provider's request came to: result is fresh, not-modified, refused (it asked
            # to wait: Retry-After), failed or skipped (a request was under way already).
            type ProviderOutcome (provider: string, result: string, message: string)

            # Asks every provider that applies now and waits for their answers (each bounded by the
            # request deadline).
            method Refresh() -> (outcomes: []ProviderOutcome)
            """
    }
    public enum Reload: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = MessageReply
        public static let name = "Reload"
        public static let declaration = """
            # Re-reads the configuration file; a broken file keeps the last good one.
            method Reload() -> (message: string)
            """
    }
    public enum GetConfig: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = ConfigReply
        public static let name = "GetConfig"
        public static let declaration = """
            # Every configuration key with its effective value and where it came from.
            method GetConfig() -> (file: string, entries: []ConfigEntry)
            """
    }
    public enum GetQuiet: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = QuietReply
        public static let name = "GetQuiet"
        public static let declaration = """
            method GetQuiet() -> (quiet: Quiet)
            """
    }
    public enum SetQuiet: UVDCall {
        public typealias Parameters = SetQuietParameters
        public typealias Reply = QuietReply
        public static let name = "SetQuiet"
        public static let declaration = """
            # New quiet hours (an empty list: none), or reset to the configuration's.
            method SetQuiet(spans: ?[]string, reset: ?bool) -> (quiet: Quiet)
            """
    }
    public enum QuietNow: UVDCall {
        public typealias Parameters = MinutesParameters
        public typealias Reply = QuietReply
        public static let name = "QuietNow"
        public static let declaration = """
            # Quiet from now for that long (1 to 1440 minutes).
            method QuietNow(minutes: int) -> (quiet: Quiet)
            """
    }
    public enum QuietOff: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = QuietReply
        public static let name = "QuietOff"
        public static let declaration = """
            # Not quiet now: ends quiet set with QuietNow and any configured span in progress.
            method QuietOff() -> (quiet: Quiet)
            """
    }
    public enum Snooze: UVDCall {
        public typealias Parameters = SnoozeParameters
        public typealias Reply = MessageReply
        public static let name = "Snooze"
        public static let declaration = """
            # Rules: \(Rule.names). Nothing from the rule for that long.
            method Snooze(rule: string, minutes: int) -> (message: string)
            """
    }
    public enum Mute: UVDCall {
        public typealias Parameters = MuteParameters
        public typealias Reply = MessageReply
        public static let name = "Mute"
        public static let declaration = """
            # Nothing from the rule until unmuted (or, with today, until tomorrow).
            method Mute(rule: string, today: ?bool) -> (message: string)
            """
    }
    public enum Unmute: UVDCall {
        public typealias Parameters = RuleParameters
        public typealias Reply = MessageReply
        public static let name = "Unmute"
        public static let declaration = """
            method Unmute(rule: string) -> (message: string)
            """
    }
    public enum GetHome: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = HomeReply
        public static let name = "GetHome"
        public static let declaration = """
            method GetHome() -> (home: Home)
            """
    }
    public enum SetHome: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = MessageReply
        public static let name = "SetHome"
        public static let declaration = """
            # Marks the Wi-Fi network in use as home: leaving it is what counts.
            method SetHome() -> (message: string)
            """
    }
    public enum ClearHome: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = MessageReply
        public static let name = "ClearHome"
        public static let declaration = """
            method ClearHome() -> (message: string)
            """
    }
    public enum GetHistory: UVDCall {
        public typealias Parameters = LimitParameters
        public typealias Reply = HistoryReply
        public static let name = "GetHistory"
        public static let declaration = """
            # Notifications shown and withdrawn, buttons pressed; the latest, oldest first. With
            # days (1 to 90), every entry of the last days instead, however many.
            method GetHistory(limit: ?int, days: ?int) -> (entries: []HistoryEntry)
            """
    }
    public enum Diagnose: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = DiagnoseReply
        public static let name = "Diagnose"
        public static let declaration = """
            # uvd's view of its surroundings, each check with what to do about it.
            method Diagnose() -> (checks: []Check)
            """
    }
    public enum NotifyTest: UVDCall {
        public typealias Parameters = NotifyTestParameters
        public typealias Reply = NotifyTestReply
        public static let name = "NotifyTest"
        public static let declaration = """
            # Shows a sample notification with uvd's three buttons and waits up to seconds (5 to
            # 60, default 30) for what the server does with it: outcome is pressed (button says
            # which), clicked (the notification itself, where a click brings a prompt's buttons
            # back), expired, dismissed, closed, unanswered, or failed (server says why).
            method NotifyTest(seconds: ?int) -> (server: string, outcome: string, button: ?string)
            """
    }
    public enum GetDose: UVDCall {
        public typealias Parameters = DoseParameters
        public typealias Reply = DoseReply
        public static let name = "GetDose"
        public static let declaration = """
            # source: network (away from home, counted as outside) or user
            type DoseInterval (start: string, end: string, source: string, sed: float, burnDosePercent: float)

            type Dose (
              date: string,
              intervals: []DoseInterval,
              minutesOutside: int,
              sed: float,
              burnDosePercent: float,
              unprotectedBurnDosePercent: float,
              skinType: string,
              people: ?[]PersonDose
            )

            # Each person's share of a burn from the same time outside, under the same sunscreen:
            # the user first (you, name "you"), then the family.
            type PersonDose (name: string, you: bool, skinType: string, burnDosePercent: float)

            # The day's dose (today without a date): time outside, each interval's dose and the day's,
            # in standard erythemal doses (1 SED = 100 J/m²) and as a share of a burn for the skin type.
            # With days (1 to 90), also that many days ending with it, oldest first.
            method GetDose(date: ?string, days: ?int) -> (dose: Dose, days: ?[]Dose)
            """
    }
    public enum Outside: UVDCall {
        public typealias Parameters = OutsideParameters
        public typealias Reply = MessageReply
        public static let name = "Outside"
        public static let declaration = """
            # Time outside by the user's word: action start, stop, add or remove (span HH:MM-HH:MM on the
            # day of date, or today), or clear (the day of date, or today).
            method Outside(action: string, date: ?string, span: ?string) -> (message: string)
            """
    }
    /// With `more`: a reply now and one each time the status changes.
    public enum Subscribe: UVDCall {
        public typealias Parameters = Empty
        public typealias Reply = StatusReply
        public static let name = "Subscribe"
        public static let declaration = """
            # With more: a reply now and another on every change.
            method Subscribe() -> (status: Status)
            """
    }
}
