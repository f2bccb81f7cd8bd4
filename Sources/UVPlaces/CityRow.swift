import UVCore

extension CityIndex {
    /// One line of the city table (`name⇥code⇥latitude⇥longitude⇥zone⇥population`), read in
    /// place: valid only while the table's bytes are lent (`CityIndex.withRows`).
    struct Row {
        let bytes: UnsafeBufferPointer<UInt8>

        /// The field at `index` (0 the name … 5 the population); empty past the last.
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            var start = 0
            var field = 0
            var position = 0
            while position < bytes.count {
                if bytes[position] == 0x09 {
                    if field == index { break }
                    field += 1
                    start = position + 1
                }
                position += 1
            }
            guard field == index else { return UnsafeBufferPointer(rebasing: bytes[bytes.count...]) }
            return UnsafeBufferPointer(rebasing: bytes[start..<position])
        }

        /// A decimal field (`-33.8679`) without building a string; nil if it is not one.
        func number(_ index: Int) -> Double? {
            let text = field(index)
            var value = 0.0
            var scale = 0.0
            var digits = 0
            let negative = text.first == UInt8(ascii: "-")
            for byte in text.dropFirst(negative ? 1 : 0) {
                if byte == UInt8(ascii: "."), scale == 0 {
                    scale = 1
                } else if (0x30...0x39).contains(byte), digits < 18 {
                    value = value * 10 + Double(byte - 0x30)
                    digits += 1
                    if scale > 0 { scale *= 10 }
                } else {
                    return nil
                }
            }
            guard digits > 0 else { return nil }
            let magnitude = scale > 0 ? value / scale : value
            return negative ? -magnitude : magnitude
        }

        var population: Int { number(5).map { Int($0) } ?? 0 }

        func text(_ index: Int) -> String { String(decoding: field(index), as: UTF8.self) }

        /// The city this line describes, with its country's name from `countries`.
        func city(countries: [String: String]) -> City? {
            guard let latitude = number(2), let longitude = number(3) else { return nil }
            let code = text(1)
            let zone = text(4)
            guard !zone.isEmpty else { return nil }
            return City(
                name: text(0), countryCode: code, countryName: countries[code] ?? code,
                coordinate: Coordinate(latitude: latitude, longitude: longitude),
                timeZoneIdentifier: zone, population: population)
        }
    }
}
