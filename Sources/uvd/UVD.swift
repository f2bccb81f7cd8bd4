import ArgumentParser
import Foundation
import UVCore
import UVDaemon
import UVPlatform
import UVProtocol

/// `uvd`: the UV daemon. Runs in the foreground; systemd or a terminal keeps it.
@main
struct UVD: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uvd",
        abstract: "Watches the UV index where you are and tells you when sunscreen matters.",
        discussion: """
            Configuration: $XDG_CONFIG_HOME/uvd/config.toml (see the commented default installed as \
            share/uvd/uvd.toml). State: $XDG_STATE_HOME/uvd/. Control socket: $XDG_RUNTIME_DIR/uvd/io.uvd, \
            spoken to with uvctl or any varlink client.
            """,
        version: UVDVersion.string
    )

    @Option(name: .customLong("check-config"), help: ArgumentHelp(
        "Check a configuration file (default: the one uvd would read) and exit: 0 if valid, 78 if not.",
        valueName: "file"))
    var checkConfig: String?

    @Flag(name: .customLong("check-default-config"), help: .hidden)
    var checkDefaultConfig = false

    @Flag(name: .customLong("varlink-interface"), help: "Print the io.uvd varlink interface description and exit.")
    var printInterface = false

    func run() async throws {
        let paths = XDGPaths()
        if printInterface {
            print(UVDInterface.description)
            return
        }
        if checkConfig != nil || checkDefaultConfig {
            let file = checkConfig.map { URL(fileURLWithPath: $0) } ?? paths.configFile
            do {
                _ = try ConfigLoader.load(file: file)
                print("\(file.path): valid")
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(78)
            }
            return
        }
        try await Daemon.run(paths: paths)
    }
}
