import FoundationEssentials
import Glibc
import UVCore

/// What the binary's bytes are, from its symbols (`nm --size-sort -S` of the build, before
/// stripping): summed by the module each Swift symbol's mangled name begins with, the Swift
/// runtime's C++ and the standard library's short forms apart, and the C of uvd, libc's
/// start-up and the static libraries (libdispatch, BlocksRuntime) as one.
enum BinarySize {
    struct Symbol {
        let size: Int
        let name: String
    }

    /// The binary's defined symbols with a size, read by `nm` into `scratch`.
    static func symbols(of binary: String, scratch: String) throws -> [Symbol] {
        let status = try RunningDaemon.run(
            "/bin/sh", ["-c", #"nm --size-sort -S --defined-only "$0" > "$1""#, binary, scratch], environment: ["PATH": "/usr/bin:/bin"])
        defer { unlink(scratch) }
        guard status == 0, let listing = FileManager.default.contents(atPath: scratch).map({ String(decoding: $0, as: UTF8.self) })
        else { throw RunningDaemon.Failure(description: "nm could not read \(binary)") }
        return listing.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 4, let size = Int(fields[1], radix: 16) else { return nil }
            return Symbol(size: size, name: String(fields[3]))
        }
    }

    /// The module a symbol belongs to: `$s12UVEngine…` is UVEngine's (the length, then the name).
    static func module(of name: String) -> String {
        guard name.hasPrefix("$s") else {
            return name.hasPrefix("_ZN5swift") || name.hasPrefix("swift_") || name.hasPrefix("_swift") || name.hasPrefix("_ZL")
                ? "the Swift runtime (C++)" : "C: uvd's, libc's start-up, libdispatch"
        }
        let mangled = name.dropFirst(2)
        let digits = mangled.prefix { $0.isNumber }
        guard let length = Int(digits), length > 0 else { return "Swift (the standard library)" }
        let rest = mangled.dropFirst(digits.count)
        return rest.count >= length ? String(rest.prefix(length)) : "Swift (the standard library)"
    }

    /// The lines the bench prints: each module's megabytes, largest first, and the largest symbols.
    static func report(_ symbols: [Symbol], modules: Int = 25, largest: Int = 12) -> [String] {
        var byModule: [String: Int] = [:]
        for symbol in symbols { byModule[module(of: symbol.name), default: 0] += symbol.size }
        let total = symbols.reduce(0) { $0 + $1.size }
        var lines = ["The binary's symbols by module (\((Double(total) / 1_000_000).fixed(1)) MB in sized symbols):"]
        for (name, size) in byModule.sorted(by: { $0.value > $1.value }).prefix(modules) {
            lines.append("  \((Double(size) / 1_000_000).fixed(2)) MB  \(name)")
        }
        lines.append("The largest symbols:")
        for symbol in symbols.sorted(by: { $0.size > $1.size }).prefix(largest) {
            lines.append("  \((Double(symbol.size) / 1000).fixed(1)) KB  \(symbol.name.prefix(100))")
        }
        return lines
    }
}
