import FoundationEssentials
import Glibc
import UVCore

/// The user's OpenWeatherMap key, from the systemd credential `openweathermap-key`
/// (`LoadCredential=`, found in `$CREDENTIALS_DIRECTORY`) or the configured `key_file`.
/// A key file that others can read is refused; the key itself is never logged.
enum OpenWeatherMapKey {
    static let credentialName = "openweathermap-key"

    /// The key, nil when none is configured, or why a configured one cannot be used.
    static func load(keyFile: String?, environment: [String: String] = ProcessEnvironment.atStart) -> Result<String?, Problem> {
        if let directory = environment["CREDENTIALS_DIRECTORY"] {
            let path = URL(filePath: directory).appending(path: credentialName).path
            if FileManager.default.fileExists(atPath: path) { return read(path, checkMode: false) }
        }
        guard let keyFile else { return .success(nil) }
        return read(keyFile, checkMode: true)
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// A key is 32 characters; a file much larger than that is not a key file.
    static let maximumSize = 4096

    /// Read like the configuration (`SmallFile`): a FIFO or device named as the key file can
    /// neither hang the daemon nor fill its memory.
    private static func read(_ path: String, checkMode: Bool) -> Result<String?, Problem> {
        let bytes: [UInt8]
        switch SmallFile.read(path, maximumSize: maximumSize) {
        case .bytes(let read): bytes = read
        case .missing: return .failure(Problem(description: "OpenWeatherMap key file \(path) cannot be read: no such file"))
        case .tooLarge:
            return .failure(
                Problem(description: "OpenWeatherMap key file \(path) is larger than \(maximumSize) bytes: it should hold only the key"))
        case .unreadable(let reason): return .failure(Problem(description: "OpenWeatherMap key file \(path) cannot be read: \(reason)"))
        }
        var info = stat()
        if checkMode, stat(path, &info) == 0, info.st_mode & 0o077 != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            return .failure(Problem(description: "OpenWeatherMap key file \(path) is readable by others (mode \(mode)): chmod 600 \(path)"))
        }
        let key = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return .failure(Problem(description: "OpenWeatherMap key file \(path) does not hold a key (letters and digits on one line)"))
        }
        return .success(key)
    }
}
