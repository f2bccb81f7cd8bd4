import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard output written with write(2): a closed pipe is an answer (false), not a crash, as
/// FileHandle's write would make it.
enum StandardOutput {
    static func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
