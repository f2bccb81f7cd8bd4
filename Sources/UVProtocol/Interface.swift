import UVCore

/// The `io.uvd` varlink interface: the contract between uvd and every client.
///
/// `uvd --varlink-interface` prints it and `make install` puts it in
/// `share/varlink/io.uvd.varlink`; `org.varlink.service.GetInterfaceDescription` returns it.
public enum UVDInterface {
    public static let name = "io.uvd"

    public static let description = """
        # uvd: the UV index where you are, your burn time, and when to put sunscreen on.
        # Times are ISO 8601 with the place's UTC offset; UV values are UV index units.
        interface io.uvd

        type Location (
          name: string,
          latitude: float,
          longitude: float,
          timeZone: string,
          # manual, geoclue, time-zone or default
          source: string,
          isDefault: bool
        )

        type Span (start: string, end: string)

        type Peak (start: string, end: string, uvi: float, at: string)

        type Sunscreen (
          spf: string,
          quantity: string,
          activity: string,
          appliedAt: string,
          effectiveSPF: float,
          reapplyAt: string,
          # interval, protectionUsedUp or water
          reapplyReason: string,
          # normal, attention (60-30 min left), urgent (under 30) or now
          countdown: string,
          waterEventAt: ?string,
          # the family member whose protection runs out first (at reapplyAt); null when it is
          # the user's. The status gives that person's application; ApplySunscreen, the one put on.
          firstOut: ?string
        )

        # Why the clear-sky model answers: hours since the last provider answer (null: none yet)
        # and the last provider failure.
        type ModelReason (dataAgeHours: ?int, providerProblem: ?string)

        type Status (
          uvi: float,
          level: string,
          # cams, open-meteo, arpansa, openweathermap or model
          source: string,
          attribution: string,
          updatedAt: ?string,
          ageMinutes: ?int,
          stale: bool,
          # The shown value's: fresh, stale (provider data over 90 min old: stale is true), or
          # modelled (the clear-sky model answers, as with no provider data or data over 6 h old)
          freshness: string,
          note: ?string,
          modelReason: ?ModelReason,
          location: Location,
          skinType: string,
          skinTypeIsDefault: bool,
          burnTimeMinutes: ?int,
          sunscreen: ?Sunscreen,
          window: ?Span,
          peak: ?Peak,
          temperatureCelsius: ?float,
          # The WMO weather code (Open-Meteo's weather_code)
          weatherCode: ?int,
          requestsToday: int,
          now: string,
          # What the user should know that is not about the UV: a damaged store moved aside, a
          # sunscreen time from the future set aside
          warnings: []string,
          # What each source says about now and today's peak, and what uvd does with it
          sources: []Source,
          # Where two sources differ by 2 UVI or more, in words
          disagreements: []string,
          # Today's dose, when the day has time outside
          dose: ?Dose,
          # Each person's burn time and who burns first, when the user has a family
          family: ?FamilyStatus,
          # Where the person is, as the rules read it: in, or out since (the pop-ups that ask
          # for the sun come only while out)
          whereabouts: ?Whereabouts,
          # Today's vitamin D for everyone out, with face, arms and hands bare
          vitaminD: ?VitaminD
        )

        # state: in or out; since: when the person went out
        type Whereabouts (state: string, since: ?string)

        # firstToBurn: a name, "you" for the user; null when no one burns today.
        type FamilyStatus (firstToBurn: ?string, people: []PersonBurn)

        # burnTimeMinutes is null with no burn risk, and for a baby under 6 months. keepOutOfSun:
        # keep them out of direct sun (under 6 months always, sunscreen not being advised at that
        # age; under 12 months while UV is 3 or more).
        type PersonBurn (name: string, you: bool, skinType: string, ageMonths: ?int, burnTimeMinutes: ?int, keepOutOfSun: bool)

        # role: now (the value now and the next hours), day (the day's hours), fallback (hours the
        # first forecast lacks), cross-check, reference (the clear-sky model) or unused
        type Source (source: string, now: ?float, peak: ?float, updatedAt: ?string, role: string, why: string)

        # source: where the hour's value comes from (cams, open-meteo, openweathermap, arpansa for
        # a station's nowcast, or model)
        type Hour (time: string, uvi: float, level: string, clearSkyUVI: ?float, burnTimeMinutes: ?int, source: string)

        type Daily (date: string, maxUVI: float)

        type Forecast (
          source: string,
          attribution: string,
          updatedAt: ?string,
          location: Location,
          date: string,
          skinType: string,
          windowThreshold: float,
          hours: []Hour,
          window: ?Span,
          peak: ?Peak,
          sunrise: ?string,
          sunset: ?string,
          solarNoon: string,
          daily: []Daily,
          # The day's vitamin D for everyone out, with face, arms and hands bare
          vitaminD: ?VitaminD
        )

        # A day's vitamin D (a standard dose: the UV equal to 1000 IU by mouth, Webb & Engelsen
        # 2006). exposed: face-hands, face-arms-hands, with-legs or swimwear; sky: forecast (the
        # day's UV as GetForecast gives it) or clear-sky; hours and best are for the user's skin
        # type; sunTooLow: the Sun is too low all day even under a clear sky, and nextDay is the
        # next day it is not.
        type VitaminD (
          location: Location,
          date: string,
          exposed: string,
          sky: string,
          skinType: string,
          hours: []VitaminDHour,
          best: ?VitaminDBest,
          sunTooLow: bool,
          nextDay: ?string,
          people: []VitaminDPerson
        )

        # minutes: for a standard dose at the hour's middle, null when that sun makes none.
        type VitaminDHour (time: string, uvi: float, minutes: ?int, burnTimeMinutes: ?int)

        # The hour where a dose takes the least share of the burn time (of equals, the gentlest UV).
        type VitaminDBest (start: string, end: string, minutes: int, burnTimeMinutes: ?int, burnShare: ?float)

        # shade: a baby under 12 months, told shade and never a dose time (best is null).
        type VitaminDPerson (name: string, you: bool, skinType: string, ageMonths: ?int, best: ?VitaminDBest, shade: bool)

        type Station (
          station: string,
          uvi: ?float,
          time: string,
          ageMinutes: int,
          status: string,
          latitude: float,
          longitude: float
        )

        type ConfigEntry (key: string, value: string, origin: string)

        type Profile (skinType: ?string, spf: string, quantity: string, activity: string, waterResistanceMinutes: int)

        # One person: the user (you, from the profile) or a member of the family.
        # born: YYYY-MM; spf: what this person wears when not the user's default.
        type Person (name: string, you: bool, skinType: ?string, born: ?string, spf: ?string)

        type Quiet (
          # HH:MM-HH:MM, local time; spans may cross midnight
          spans: []string,
          # config (the file's) or uvctl (set with uvctl quiet set)
          origin: string,
          quietNow: bool,
          # when the quiet period in progress ends
          until: ?string,
          # rules muted until unmuted, and for the rest of today
          muted: []string,
          mutedToday: []string,
          snoozed: []SnoozedRule
        )

        type SnoozedRule (rule: string, until: string)

        type HistoryEntry (
          time: string,
          # notified, withdrawn (closed by uvd), pressed, expired or dismissed (by the user),
          # or held (kept from the screen by a rule: key says why, in or no-uv-ahead)
          kind: string,
          subject: string,
          summary: ?string,
          body: ?string,
          # the button pressed: applied, remind or not-today; for expired and dismissed,
          # expired, dismissed or closed (the server did not say why)
          key: ?string,
          # the time zone of time and of the text, when it is not the current place's
          zone: ?string
        )

        type Home (
          # the marked network's id, if one is marked (else any Wi-Fi is home)
          marked: ?string,
          interface: ?string,
          # wifi, cellular, wired or none
          kind: string,
          # why the interface is that kind
          reason: string,
          current: ?string
        )

        type Check (
          name: string,
          # ok, warn or fail
          result: string,
          detail: string,
          fix: ?string
        )

        \(UVD.calls.map { $0.declaration }.joined(separator: "\n\n"))

        # No place of that name in the city list or the saved places.
        error NoSuchPlace (message: string)

        # There is no sunscreen on record to change.
        error NoSunscreen (message: string)

        # A refresh now would be too soon or over the day's budget.
        error RefreshRefused (message: string)

        # The configuration file has errors; the last good configuration stays.
        error ConfigInvalid (message: string)

        # The default route is not over Wi-Fi, so no home network can be marked.
        error NotOnWifi (message: string)

        # The Wi-Fi network in use cannot be told apart yet.
        error NetworkUnknown (message: string)

        # A parameter's value is not one of those allowed.
        error InvalidValue (message: string)

        # uvd could not read or write its state; the message names the file and why.
        error StoreFailed (message: string)

        # The client went away while uvd answered (sent only where someone still reads).
        error Disconnected (message: string)
        """
}
