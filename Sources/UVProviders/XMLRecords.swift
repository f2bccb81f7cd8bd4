import CXMLFeed
import FoundationEssentials
import UVCore

/// Reads the ARPANSA feed's `<location>` elements: each as its `id` attribute and its child
/// elements' texts, trimmed.
///
/// libxml2 is called directly (through the small C shim `CXMLFeed`): it is fuzzed upstream and
/// safe on hostile input, while FoundationXML's callbacks crashed on a processing instruction
/// without data (`<?t?>`, found by `make fuzz`). The document is parsed without the network,
/// without loading a DTD and without substituting entities; one that is not well-formed is
/// refused whole.
enum XMLRecords {
    static func locations(in data: Data) throws(ProviderError) -> [[String: String]] {
        let collector = Collector()
        let walked = CErrorText.written(size: 256) { error, size in
            data.withUnsafeBytes { bytes in
                withExtendedLifetime(collector) {
                    uvd_xml_feed_locations(
                        bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count,
                        Unmanaged.passUnretained(collector).toOpaque(), Collector.field, error, size)
                }
            }
        }
        guard walked.result >= 0 else { throw .malformed(.arpansa, walked.text) }
        return collector.records
    }

    /// Receives the shim's callbacks; lives only during one parse, on one thread.
    private final class Collector {
        var records: [[String: String]] = []

        static let field: uvd_xml_field_fn = { context, location, id, name, text in
            guard let context else { return }
            let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            if Int(location) == collector.records.count {
                collector.records.append(["id": id.map { String(cString: $0) } ?? ""])
            }
            guard let name, name.pointee != 0, Int(location) < collector.records.count else { return }
            let value = text.map { String(cString: $0) } ?? ""
            collector.records[Int(location)][String(cString: name)] = value.trimmingWhitespace()
        }
    }
}
