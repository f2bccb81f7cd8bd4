import FoundationEssentials

/// Configuration files of the shapes that once made the TOML parser quadratic, each just under
/// the 1 MiB cap: a one-line array of 500,000 values, an inline table of 88,000 keys on one line,
/// a 1 MB string and a 1 MB comment. `uvd --check-config` reads each as a whole process.
enum ConfigShapes {
    static func write(into directory: String) throws -> [(name: String, path: String)] {
        let shapes = [
            ("a one-line array of 500,000 values", "a = [" + Array(repeating: "1", count: 500_000).joined(separator: ",") + "]\n"),
            ("an inline table of 88,000 keys", "t = {" + (0..<88_000).map { "k\($0) = 1" }.joined(separator: ", ") + "}\n"),
            ("a 1 MB string", "s = \"" + String(repeating: "x", count: 1_000_000) + "\"\n"),
            ("a 1 MB comment", "#" + String(repeating: "x", count: 1_040_000) + "\n"),
        ]
        return try shapes.enumerated().map { index, shape in
            let path = "\(directory)/shape-\(index).toml"
            try shape.1.write(toFile: path, atomically: true, encoding: .utf8)
            return (shape.0, path)
        }
    }
}
