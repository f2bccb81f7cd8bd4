import UVCore

/// Where headers and keys put things, under TOML's rule that nothing is defined twice
/// (toml.io/en/v1.0.0#table and #array-of-tables).
enum TOMLPlacement {
    /// One step of a header's path: into a table, or the last table of an array of tables;
    /// a missing step is created, to be defined later by its own header if need be.
    static func headerStep(in node: TOMLTableNode, key: TOMLKey, step: Int) throws(TOMLError) -> TOMLTableNode {
        let part = key.parts[step]
        switch node[part] {
        case nil:
            let child = try newNode(.implicit, under: node, key: key, step: step)
            node.insert(part, .table(child), at: key.positions[step])
            return child
        case (_, .table(let child))?:
            return child
        case (_, .tables(let children))?:
            guard let last = children.last else { return node }
            return last
        case (let position, .value)?:
            throw TOMLError(
                tr("%1$@ is already a value (line %2$@), not a table", key.text(through: step + 1), position.line), at: key.positions[step])
        }
    }

    /// The header's last step: a table defined here, or a new element of an array of tables.
    static func define(in node: TOMLTableNode, key: TOMLKey, asArrayElement: Bool) throws(TOMLError) -> TOMLTableNode {
        let step = key.parts.count - 1
        let part = key.parts[step]
        let existing = node[part]
        if asArrayElement {
            let element = try newNode(.header, under: node, key: key, step: step)
            switch existing {
            case nil:
                node.insert(part, .tables([element]), at: key.positions[step])
            case (let position, .tables(let elements))?:
                node.insert(part, .tables(elements + [element]), at: position)
            case (let position, _)?:
                throw TOMLError(
                    tr(
                        "[[%1$@]] adds to an array of tables, but %1$@ is already defined (line %2$@) as something else", key.text,
                        position.line), at: key.positions[0])
            }
            return element
        }
        switch existing {
        case nil:
            let table = try newNode(.header, under: node, key: key, step: step)
            node.insert(part, .table(table), at: key.positions[step])
            return table
        case (_, .table(let table))? where table.origin == .implicit:
            table.origin = .header
            return table
        case (let position, _)?:
            throw TOMLError(
                tr("the table [%1$@] is already defined (line %2$@); a table is defined once", key.text, position.line),
                at: key.positions[0])
        }
    }

    /// `key = value` in `table`: dotted keys create or extend tables made by dotted keys only.
    static func assign(_ value: TOMLValue, to key: TOMLKey, in table: TOMLTableNode) throws(TOMLError) {
        var node = table
        for step in 0..<(key.parts.count - 1) {
            let part = key.parts[step]
            switch node[part] {
            case nil:
                let child = try newNode(.dotted, under: node, key: key, step: step)
                node.insert(part, .table(child), at: key.positions[step])
                node = child
            case (_, .table(let child))? where child.origin == .dotted:
                node = child
            case (let position, _)?:
                throw TOMLError(
                    tr("%1$@ is already defined (line %2$@); a dotted key cannot add to it", key.text(through: step + 1), position.line),
                    at: key.positions[step])
            }
        }
        let last = key.parts.count - 1
        if let (position, _) = node[key.parts[last]] {
            throw TOMLError(
                tr("the key %1$@ is already defined (line %2$@); a key is defined once", key.text, position.line), at: key.positions[0])
        }
        node.insert(key.parts[last], .value(value), at: key.positions[0])
    }

    private static func newNode(_ origin: TOMLTableNode.Origin, under parent: TOMLTableNode, key: TOMLKey, step: Int) throws(TOMLError)
        -> TOMLTableNode
    {
        guard parent.depth < TOMLParser.maximumDepth else {
            throw TOMLError(
                trn(
                    "tables are nested more than %1$@ level deep; expected shallower nesting",
                    "tables are nested more than %1$@ levels deep; expected shallower nesting", count: TOMLParser.maximumDepth,
                    TOMLParser.maximumDepth), at: key.positions[step])
        }
        return TOMLTableNode(origin: origin, depth: parent.depth + 1)
    }
}
