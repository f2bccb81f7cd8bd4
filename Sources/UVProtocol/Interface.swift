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
          whereabouts: ?Whereabouts
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
          daily: []Daily
        )

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

        # The status now, for the current place or a saved one.
        method GetStatus(location: ?string) -> (status: Status)

        # A day's hourly UV (default today) with the sunscreen window and peak.
        method GetForecast(location: ?string, date: ?string) -> (forecast: Forecast)

        # Every ARPANSA station's latest measured UV.
        method ListStations() -> (stations: []Station, updatedAt: ?string, attribution: string)

        # Sets the place by city name ("Sydney", "Sydney, AU") or "LAT,LON".
        method SetLocation(place: string) -> (location: Location)

        # Forgets the manual place: GeoClue or the time zone decide again.
        method ClearLocation() -> (location: Location)

        method AddLocation(name: string, place: string) -> (location: Location)

        method ListLocations() -> (current: Location, saved: []Location)

        method RemoveLocation(name: string) -> ()

        method GetProfile() -> (profile: Profile)

        # Skin type I–VI; SPF none, 15, 30 or 50; quantity low, medium or lots;
        # activity indoors, normal or active; water resistance 0, 40 or 80 minutes.
        method SetProfile(
          skinType: ?string,
          spf: ?string,
          quantity: ?string,
          activity: ?string,
          waterResistanceMinutes: ?int
        ) -> (profile: Profile)

        # The people uvd watches over: the user first, then the family in the order added.
        method ListFamily() -> (out: bool, people: []Person)

        # A name is 1 to 32 characters, no control characters; skin type I–VI; born YYYY-MM;
        # spf none, 15, 30 or 50.
        method AddFamilyMember(name: string, skinType: ?string, born: ?string, spf: ?string) -> (out: bool, people: []Person)

        # What is left out stays; born or spf "" forgets it.
        method SetFamilyMember(name: string, skinType: ?string, born: ?string, spf: ?string) -> (out: bool, people: []Person)

        method RemoveFamilyMember(name: string) -> (out: bool, people: []Person)

        # Whether the family is out with you: false (uvctl family off) gives you your own readings,
        # until true again, or for today only with today.
        method SetFamilyOut(out: bool, today: ?bool) -> (out: bool, people: []Person)

        # Records sunscreen put on now (or minutesAgo); missing values come from the profile
        # (for one family member alone, their own SPF when they have one). person: a family
        # member's name, or "you"; absent, everyone out.
        method ApplySunscreen(spf: ?string, quantity: ?string, activity: ?string, minutesAgo: ?int, person: ?string) -> (sunscreen: Sunscreen)

        method RemoveSunscreen() -> ()

        # A swim or towelling now: reapply by the product's water resistance.
        method RecordWater() -> (sunscreen: Sunscreen)

        # Asks the providers now; at most every 5 minutes and within the daily budget.
        # What one provider's request came to: result is fresh, not-modified, refused (it asked
        # to wait: Retry-After), failed or skipped (a request was under way already).
        type ProviderOutcome (provider: string, result: string, message: string)

        # Asks every provider that applies now and waits for their answers (each bounded by the
        # request deadline).
        method Refresh() -> (outcomes: []ProviderOutcome)

        # Re-reads the configuration file; a broken file keeps the last good one.
        method Reload() -> (message: string)

        # Every configuration key with its effective value and where it came from.
        method GetConfig() -> (file: string, entries: []ConfigEntry)

        method GetQuiet() -> (quiet: Quiet)

        # New quiet hours (an empty list: none), or reset to the configuration's.
        method SetQuiet(spans: ?[]string, reset: ?bool) -> (quiet: Quiet)

        # Quiet from now for that long (1 to 1440 minutes).
        method QuietNow(minutes: int) -> (quiet: Quiet)

        # Not quiet now: ends quiet set with QuietNow and any configured span in progress.
        method QuietOff() -> (quiet: Quiet)

        # Rules: \(Rule.names). Nothing from the rule for that long.
        method Snooze(rule: string, minutes: int) -> (message: string)

        # Nothing from the rule until unmuted (or, with today, until tomorrow).
        method Mute(rule: string, today: ?bool) -> (message: string)

        method Unmute(rule: string) -> (message: string)

        method GetHome() -> (home: Home)

        # Marks the Wi-Fi network in use as home: leaving it is what counts.
        method SetHome() -> (message: string)

        method ClearHome() -> (message: string)

        # The day's dose (today without a date): time outside, each interval's dose and the day's,
        # in standard erythemal doses (1 SED = 100 J/m²) and as a share of a burn for the skin type.
        # With days (1 to 90), also that many days ending with it, oldest first.
        method GetDose(date: ?string, days: ?int) -> (dose: Dose, days: ?[]Dose)

        # Time outside by the user's word: action start, stop, add or remove (span HH:MM-HH:MM on the
        # day of date, or today), or clear (the day of date, or today).
        method Outside(action: string, date: ?string, span: ?string) -> (message: string)

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

        # Notifications shown and withdrawn, buttons pressed; the latest, oldest first. With
        # days (1 to 90), every entry of the last days instead, however many.
        method GetHistory(limit: ?int, days: ?int) -> (entries: []HistoryEntry)

        # uvd's view of its surroundings, each check with what to do about it.
        method Diagnose() -> (checks: []Check)

        # Shows a sample notification with uvd's three buttons and waits up to seconds (5 to
        # 60, default 30) for what the server does with it: outcome is pressed (button says
        # which), clicked (the notification itself, where a click brings a prompt's buttons
        # back), expired, dismissed, closed, unanswered, or failed (server says why).
        method NotifyTest(seconds: ?int) -> (server: string, outcome: string, button: ?string)

        # With more: a reply now and another on every change.
        method Subscribe() -> (status: Status)

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
