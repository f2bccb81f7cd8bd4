import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `--json`, shared by every command with a machine-readable form.
struct OutputOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(tr("Print JSON instead of text.")))
    var json = false

    /// uvd's one-sentence answer: the sentence, or `{"message": …}`.
    func say(_ reply: MessageReply) throws {
        if json { try JSONOutput.print(reply) } else { Swift.print(reply.message) }
    }
}

enum JSONOutput {
    /// Pretty-printed, keys sorted, on standard output.
    static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        Swift.print(String(decoding: data, as: UTF8.self))
    }
}

/// An optional that encodes as JSON `null` instead of leaving the key out, so every documented
/// key is always present.
struct Nullable<Wrapped: Encodable>: Encodable {
    let value: Wrapped?

    init(_ value: Wrapped?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
