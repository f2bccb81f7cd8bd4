import Foundation

/// The user's OpenWeatherMap key, from the systemd credential `openweathermap-key`
/// (`LoadCredential=`, found in `$CREDENTIALS_DIRECTORY`) or the configured `key_file`.
/// A key file that others can read is refused; the key itself is never logged.
enum OpenWeatherMapKey {
    static let credentialName = "openweathermap-key"

    /// The key, nil when none is configured, or why a configured one cannot be used.
    static func load(keyFile: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<String?, Problem> {
        if let directory = environment["CREDENTIALS_DIRECTORY"] {
            let path = (directory as NSString).appendingPathComponent(credentialName)
            if FileManager.default.fileExists(atPath: path) { return read(path, checkMode: false) }
        }
        guard let keyFile else { return .success(nil) }
        return read(keyFile, checkMode: true)
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    private static func read(_ path: String, checkMode: Bool) -> Result<String?, Problem> {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return .failure(Problem(description: "OpenWeatherMap key file \(path) cannot be read")) }
        if checkMode, let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 {
            return .failure(Problem(description: "OpenWeatherMap key file \(path) is readable by others (mode \(String(mode, radix: 8))): chmod 600 \(path)"))
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            return .failure(Problem(description: "OpenWeatherMap key file \(path) does not hold a key (letters and digits on one line)"))
        }
        return .success(key)
    }
}
