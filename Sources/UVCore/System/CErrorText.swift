/// Why one of uvd's C shims failed, as it says it: each takes `char *error, size_t size` and
/// writes a NUL-terminated sentence there.
public enum CErrorText {
    /// Runs `call` with a buffer of `size` bytes, and gives back what it wrote, up to the NUL.
    public static func written<Result>(
        size: Int = 512, by call: (UnsafeMutablePointer<CChar>, Int) throws -> Result
    ) rethrows -> (result: Result, text: String) {
        var buffer = [CChar](repeating: 0, count: size)
        let result = try call(&buffer, size)
        return (result, String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
