import CSystemd
import UVCore

/// GeoClue2, the desktop's location service, over the system bus.
public enum GeoClue {
    /// GeoClue's accuracy level for a city: all uvd needs, and all it asks for.
    static let cityAccuracy: UInt32 = 4

    /// Why no position came.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The position at city accuracy, already rounded to 0.1°. Blocks for at most `timeoutMilliseconds`
    /// (a bus without GeoClue answers at once); call it off the paths that answer clients.
    public static func locate(timeoutMilliseconds: UInt32 = 2000) -> Result<Coordinate, Unavailable> {
        var latitude = 0.0
        var longitude = 0.0
        var message = [CChar](repeating: 0, count: 512)
        let result = uvd_geoclue_locate(cityAccuracy, timeoutMilliseconds, &latitude, &longitude, &message, UInt(message.count))
        guard result == 0 else {
            return .failure(
                Unavailable(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else { return .failure(Unavailable(description: "GeoClue gave an impossible position")) }
        return .success(coordinate.approximate)
    }
}
