import Foundation
import Testing
import UVCore
import UVProviderPolicy

/// What each of Open-Meteo's two APIs is asked: the place rounded to 0.1°, the fields, the
/// place's own time zone and the days, as their documentation names them.
@Suite struct ProviderEndpointsTests {
    static let sydney = Coordinate(latitude: -33.8688, longitude: 151.2093)

    @Test func theForecastEndpointIsAskedForHoursCurrentAndDaily() {
        let url = ProviderEndpoints().openMeteoRequest(for: Self.sydney)
        #expect(
            url.absoluteString == "https://api.open-meteo.com/v1/forecast?latitude=-33.9&longitude=151.2"
                + "&hourly=uv_index,uv_index_clear_sky,cloud_cover&current=uv_index,temperature_2m,weather_code,cloud_cover"
                + "&daily=uv_index_max&timezone=auto&forecast_days=7")
    }

    @Test func camsIsAskedForItsGlobalDomainsHours() {
        let url = ProviderEndpoints().camsRequest(for: Self.sydney)
        #expect(
            url.absoluteString == "https://air-quality-api.open-meteo.com/v1/air-quality?latitude=-33.9&longitude=151.2"
                + "&hourly=uv_index,uv_index_clear_sky&domains=cams_global&timezone=auto&forecast_days=5")
    }
}
