internal import CGLib

/// A D-Bus type signature (`s`, `a(iiay)`, `(ia{sv}av)`): what a value of that type looks like on
/// the bus. Only ever made from uvd's own literals and from values GLib has already checked.
public struct BusSignature: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let description: String

    public init(stringLiteral text: String) { description = text }

    init(_ text: String) { description = text }

    /// The signature of an array whose elements have this one.
    var arrayOf: BusSignature { BusSignature("a" + description) }
}

/// One D-Bus value, typed: what uvd sends and what it reads, converted to and from GLib's
/// `GVariant` in one place. Every value GLib hands over was already checked against the D-Bus
/// specification's type rules (GDBus refuses a malformed message), so reading one never fails;
/// what it holds is then checked by who reads it (`string`, `boolean`, …, each nil when the type
/// is another).
public indirect enum BusValue: Sendable, Equatable {
    case boolean(Bool)
    case byte(UInt8)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    case variant(BusValue)
    /// An array of `element`-typed values (the type is named: an empty array still has one).
    case array(element: BusSignature, [BusValue])
    /// `ay`, kept as bytes: icons and images travel this way.
    case bytes([UInt8])
    case tuple([BusValue])
    /// One `{key value}` of a dictionary (an array of these).
    case dictionaryEntry(BusValue, BusValue)
    /// Any other type (int16, uint16, a file descriptor's index, a maybe), as read: uvd looks at
    /// none and sends none (made into a GVariant it would be an empty tuple).
    case other(BusSignature)

    /// An `a{sv}` dictionary from its entries, in the order given.
    public static func properties(_ entries: [(String, BusValue)]) -> BusValue {
        .array(element: "{sv}", entries.map { .dictionaryEntry(.string($0.0), .variant($0.1)) })
    }

    public var signature: BusSignature {
        switch self {
        case .boolean: "b"
        case .byte: "y"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .variant: "v"
        case .array(let element, _): element.arrayOf
        case .bytes: "ay"
        case .tuple(let members): BusSignature("(" + members.map(\.signature.description).joined() + ")")
        case .dictionaryEntry(let key, let value): BusSignature("{" + key.signature.description + value.signature.description + "}")
        case .other(let signature): signature
        }
    }

    // MARK: Reading

    public var boolean: Bool? { if case .boolean(let value) = self { value } else { nil } }
    public var int32: Int32? { if case .int32(let value) = self { value } else { nil } }
    public var uint32: UInt32? { if case .uint32(let value) = self { value } else { nil } }
    public var double: Double? { if case .double(let value) = self { value } else { nil } }
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var objectPath: String? { if case .objectPath(let value) = self { value } else { nil } }
    /// What a variant holds (a value that is not one, as it is).
    public var unboxed: BusValue { if case .variant(let inner) = self { inner.unboxed } else { self } }

    /// The members of a tuple, or the elements of an array; nil for anything else.
    public var items: [BusValue]? {
        switch self {
        case .tuple(let members): members
        case .array(_, let elements): elements
        case .bytes(let bytes): bytes.map(BusValue.byte)
        default: nil
        }
    }

    /// The strings of an `as`; nil when it is not one.
    public var strings: [String]? {
        guard case .array(_, let elements) = self else { return nil }
        let strings = elements.compactMap(\.string)
        return strings.count == elements.count ? strings : nil
    }

    /// Member `index` of a tuple or array, nil past its end.
    public subscript(index: Int) -> BusValue? {
        guard let items, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

// MARK: GVariant

extension BusValue {
    /// A new floating `GVariant` holding this value: the GLib call it is given to takes it.
    public func makeVariant() -> OpaquePointer {
        switch self {
        case .boolean(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .byte(let value): return g_variant_new_byte(value)
        case .int32(let value): return g_variant_new_int32(value)
        case .uint32(let value): return g_variant_new_uint32(value)
        case .int64(let value): return g_variant_new_int64(gint64(value))
        case .uint64(let value): return g_variant_new_uint64(guint64(value))
        case .double(let value): return g_variant_new_double(value)
        // GLib checks strings and paths; one it refuses (not UTF-8, a bad path) becomes an empty
        // one rather than a crash. uvd's own strings are Swift strings, always UTF-8.
        case .string(let value): return g_variant_new_string(value.filter { $0 != "\0" })
        case .objectPath(let value):
            return g_variant_is_object_path(value) != 0 ? g_variant_new_object_path(value) : g_variant_new_object_path("/")
        case .signature(let value): return g_variant_is_signature(value) != 0 ? g_variant_new_signature(value) : g_variant_new_signature("")
        case .variant(let inner): return g_variant_new_variant(inner.makeVariant())
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { buffer in
                g_variant_new_fixed_array(Self.type("y"), buffer.baseAddress, gsize(buffer.count), 1)
            }
        case .array(let element, let elements):
            var children: [OpaquePointer?] = elements.map { $0.makeVariant() }
            return element.description.withCString { text in
                g_variant_new_array(OpaquePointer(text), &children, gsize(children.count))
            }
        case .tuple(let members):
            var children: [OpaquePointer?] = members.map { $0.makeVariant() }
            return g_variant_new_tuple(&children, gsize(children.count))
        case .dictionaryEntry(let key, let value): return g_variant_new_dict_entry(key.makeVariant(), value.makeVariant())
        case .other: return g_variant_new_tuple(nil, 0)
        }
    }

    /// A GVariant type from a literal signature: GLib's `G_VARIANT_TYPE`, a cast of the string.
    static func type(_ signature: StaticString) -> OpaquePointer {
        OpaquePointer(signature.utf8Start)
    }

    /// The value a `GVariant` holds (not taken: the caller keeps its reference).
    init(reading variant: OpaquePointer) {
        let signature = BusSignature(String(cString: g_variant_get_type_string(variant)))
        switch g_variant_classify(variant) {
        case G_VARIANT_CLASS_BOOLEAN: self = .boolean(g_variant_get_boolean(variant) != 0)
        case G_VARIANT_CLASS_BYTE: self = .byte(g_variant_get_byte(variant))
        case G_VARIANT_CLASS_INT32: self = .int32(g_variant_get_int32(variant))
        case G_VARIANT_CLASS_UINT32: self = .uint32(g_variant_get_uint32(variant))
        case G_VARIANT_CLASS_INT64: self = .int64(Int64(g_variant_get_int64(variant)))
        case G_VARIANT_CLASS_UINT64: self = .uint64(UInt64(g_variant_get_uint64(variant)))
        case G_VARIANT_CLASS_DOUBLE: self = .double(g_variant_get_double(variant))
        case G_VARIANT_CLASS_STRING: self = .string(Self.text(variant))
        case G_VARIANT_CLASS_OBJECT_PATH: self = .objectPath(Self.text(variant))
        case G_VARIANT_CLASS_SIGNATURE: self = .signature(Self.text(variant))
        case G_VARIANT_CLASS_VARIANT:
            let inner = g_variant_get_variant(variant)
            defer { g_variant_unref(inner) }
            self = inner.map { .variant(BusValue(reading: $0)) } ?? .other(signature)
        case G_VARIANT_CLASS_ARRAY where signature.description == "ay":
            var count: gsize = 0
            let start = g_variant_get_fixed_array(variant, &count, 1)
            self = .bytes(start.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(count))) } ?? [])
        case G_VARIANT_CLASS_ARRAY:
            self = .array(element: BusSignature(String(signature.description.dropFirst())), Self.children(of: variant))
        case G_VARIANT_CLASS_TUPLE: self = .tuple(Self.children(of: variant))
        case G_VARIANT_CLASS_DICT_ENTRY:
            let pair = Self.children(of: variant)
            self = pair.count == 2 ? .dictionaryEntry(pair[0], pair[1]) : .other(signature)
        default: self = .other(signature)
        }
    }

    private static func text(_ variant: OpaquePointer) -> String {
        g_variant_get_string(variant, nil).map { String(cString: $0) } ?? ""
    }

    private static func children(of variant: OpaquePointer) -> [BusValue] {
        (0..<g_variant_n_children(variant)).compactMap { index in
            guard let child = g_variant_get_child_value(variant, index) else { return nil }
            defer { g_variant_unref(child) }
            return BusValue(reading: child)
        }
    }

    /// Reads a `GVariant` GLib handed over with a reference, and lets that reference go.
    static func taking(_ variant: OpaquePointer?) -> BusValue? {
        guard let variant else { return nil }
        defer { g_variant_unref(variant) }
        return BusValue(reading: variant)
    }
}
