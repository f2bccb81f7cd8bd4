import CGLib
import Testing

@testable import UVBus

/// Every value uvd sends comes back the same after a trip through GLib's GVariant, with the type
/// signature D-Bus gives it.
@Suite struct BusValueTests {
    /// GLib is opened first, as every path of the daemon's to it opens it (`DesktopLibraries`).
    init() throws { try #require(DesktopLibraries.problem == nil) }

    static let values: [BusValue] = [
        .boolean(true), .byte(7), .int32(-3), .uint32(4_000_000_000), .int64(-1 << 40), .uint64(1 << 63), .double(-33.8688),
        .string("Mia burns first: about 9 min"), .string("日本語 ☀"), .objectPath("/org/freedesktop/GeoClue2/Client/1"),
        .signature("a{sv}"), .variant(.uint32(3)), .bytes([0, 255, 17]), .array(element: "(iiay)", []),
        .array(element: "s", [.string("do-not-disturb"), .string("default")]),
        .properties([("label", .string("Applied")), ("enabled", .boolean(false))]),
        .tuple([.int32(0), .properties([("children-display", .string("submenu"))]), .array(element: "v", [.variant(.tuple([.int32(1)]))])]),
        .tuple([]),
    ]

    @Test(arguments: values)
    func aValueSurvivesGVariant(_ value: BusValue) throws {
        let variant = g_variant_ref_sink(value.makeVariant())
        defer { g_variant_unref(variant) }
        let read = BusValue(reading: try #require(variant))
        #expect(read == value)
        #expect(String(cString: g_variant_get_type_string(variant)) == value.signature.description)
    }

    /// GVariant refuses a string that is not valid for its type; uvd's conversion never hands it
    /// one: a NUL is dropped, an invalid object path becomes "/".
    @Test func whatGVariantWouldRefuseIsMadeValid() throws {
        let text = try #require(g_variant_ref_sink(BusValue.string("a\0b").makeVariant()))
        defer { g_variant_unref(text) }
        #expect(BusValue(reading: text) == .string("ab"))
        let path = try #require(g_variant_ref_sink(BusValue.objectPath("not a path").makeVariant()))
        defer { g_variant_unref(path) }
        #expect(BusValue(reading: path) == .objectPath("/"))
    }

    @Test func readersGiveNilForAnotherType() {
        let reply = BusValue.tuple([.variant(.string("yes"))])
        #expect(reply[0]?.unboxed.boolean == nil && reply[0]?.unboxed.string == "yes" && reply[1] == nil)
        #expect(BusValue.array(element: "v", [.variant(.string("x"))]).strings == nil)
    }
}
