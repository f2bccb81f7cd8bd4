import UVCore

/// A table while the document is being read, with what TOML's definition rules need to know:
/// how the table came to be, and where each key was first written
/// (toml.io/en/v1.0.0#table: a table is defined once; dotted keys and headers may not reopen
/// each other's tables; inline tables and static arrays are closed).
final class TOMLTableNode {
    /// How a table came to exist.
    enum Origin {
        /// As a step of some header's path (`a` in `[a.b]`): a header may still define it once.
        case implicit
        /// By its own `[header]`, or as an element of an array of tables.
        case header
        /// By a dotted key (`a.b = 1` makes `a`): more dotted keys may add to it.
        case dotted
    }

    /// What a key holds.
    enum Item {
        case value(TOMLValue)
        case table(TOMLTableNode)
        case tables([TOMLTableNode])
    }

    var origin: Origin
    let depth: Int
    private(set) var keys: [String] = []
    private(set) var items: [String: (position: TOMLPosition, item: Item)] = [:]

    init(origin: Origin, depth: Int) {
        self.origin = origin
        self.depth = depth
    }

    subscript(key: String) -> (position: TOMLPosition, item: Item)? { items[key] }

    func insert(_ key: String, _ item: Item, at position: TOMLPosition) {
        if items[key] == nil { keys.append(key) }
        items[key] = (items[key]?.position ?? position, item)
    }

    /// The finished table. Recursion is bounded by the parser's depth limit.
    var table: TOMLTable {
        TOMLTable(
            entries: keys.compactMap { key in
                guard let (position, item) = items[key] else { return nil }
                let value: TOMLValue =
                    switch item {
                    case .value(let value): value
                    case .table(let node): .table(node.table)
                    case .tables(let nodes): .array(nodes.map { .table($0.table) })
                    }
                return TOMLTable.Entry(key: key, position: position, value: value)
            })
    }
}

/// A key as written: its parts and where each starts, for messages.
struct TOMLKey {
    var parts: [String]
    var positions: [TOMLPosition]

    /// The parts joined with dots, quoted where they need it.
    func text(through count: Int) -> String {
        parts.prefix(count).map(TOMLValue.keyText).joined(separator: ".")
    }

    var text: String { text(through: parts.count) }
}
