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
          waterEventAt: ?string
        )

        type Status (
          uvi: float,
          level: string,
          # open-meteo, arpansa, openweathermap or model
          source: string,
          attribution: string,
          updatedAt: ?string,
          ageMinutes: ?int,
          stale: bool,
          # fresh, stale (over 90 min) or expired (over 6 h: the model answers)
          freshness: string,
          note: ?string,
          location: Location,
          skinType: string,
          skinTypeIsDefault: bool,
          burnTimeMinutes: ?int,
          sunscreen: ?Sunscreen,
          window: ?Span,
          peak: ?Peak,
          temperatureCelsius: ?float,
          requestsToday: int,
          now: string
        )

        type Hour (time: string, uvi: float, level: string, clearSkyUVI: ?float, burnTimeMinutes: ?int)

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

        # Records sunscreen put on now (or minutesAgo); missing values come from the profile.
        method ApplySunscreen(spf: ?string, quantity: ?string, activity: ?string, minutesAgo: ?int) -> (sunscreen: Sunscreen)

        method RemoveSunscreen() -> ()

        # A swim or towelling now: reapply by the product's water resistance.
        method RecordWater() -> (sunscreen: Sunscreen)

        # Asks the providers now; at most every 5 minutes and within the daily budget.
        method Refresh() -> (message: string)

        # Re-reads the configuration file; a broken file keeps the last good one.
        method Reload() -> (message: string)

        # Every configuration key with its effective value and where it came from.
        method GetConfig() -> (file: string, entries: []ConfigEntry)

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

        # A parameter's value is not one of those allowed.
        error InvalidValue (message: string)
        """
}
