import ArgumentParser
import Foundation
import UVConfig
import UVCore
import UVDaemon
import UVPlatform
import UVProtocol
import UVProviders
import UVStore

/// `uvd`: the UV daemon. Runs in the foreground; systemd or a terminal keeps it. Started by `main.swift`.
struct UVD: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uvd",
        abstract: tr("Watches the UV index where you are and tells you when sunscreen matters."),
        discussion: tr("Configuration: $XDG_CONFIG_HOME/uvd/config.toml (see the commented default installed as share/uvd/uvd.toml). State: $XDG_STATE_HOME/uvd/. Control socket: $XDG_RUNTIME_DIR/uvd/io.uvd, spoken to with uvctl or any varlink client."),
        version: UVDVersion.string
    )

    @Flag(name: .customLong("check-config"), help: ArgumentHelp(tr("Check the configuration file and exit: 0 if valid, 78 if not.")))
    var checkConfig = false

    @Argument(help: ArgumentHelp(tr("With --check-config: the file to check (default: the one uvd would read)."), valueName: "file"))
    var file: String?

    @Flag(name: .customLong("varlink-interface"), help: ArgumentHelp(tr("Print the io.uvd varlink interface description and exit.")))
    var printInterface = false

    /// uvd's own fetch process (`ChildProcessHTTPClient`): one request read from standard input,
    /// its answer written to standard output.
    @Flag(name: .customLong("fetch"), help: .hidden)
    var fetch = false

    func validate() throws {
        if file != nil, !checkConfig { throw ValidationError(tr("A file is only taken with --check-config: uvd --check-config FILE.")) }
    }

    func run() async throws {
        if fetch {
            let output = await ChildFetch.serve(order: FileHandle.standardInput.readDataToEndOfFile())
            FileHandle.standardOutput.write(output)
            return
        }
        let paths = XDGPaths()
        if printInterface {
            print(UVDInterface.description)
            return
        }
        if checkConfig {
            let file = file.map { URL(fileURLWithPath: $0) } ?? paths.configFile
            guard FileManager.default.fileExists(atPath: file.path) else {
                if self.file == nil {
                    print(tr("%1$@: no configuration file; the defaults apply (see share/uvd/uvd.toml)", file.path))
                    return
                }
                FileHandle.standardError.write(Data((tr("%1$@: no such file", file.path) + "\n").utf8))
                throw ExitCode(66)
            }
            do {
                _ = try ConfigLoader.load(file: file)
                print(tr("%1$@: valid", file.path))
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(78)
            }
            return
        }
        try await Self.serve(paths: paths)
    }

    /// The daemon itself, until it is stopped; what `uvd` with no arguments does. A refusal to
    /// start is an `ExitCode` (75: already running; 73: its directories or store cannot be used).
    static func serve(paths: XDGPaths) async throws {
        do {
            try await Daemon.run(paths: paths)
        } catch let error as InstanceLock.AlreadyRunning {
            FileHandle.standardError.write(Data("uvd: \(error)\n".utf8))
            throw ExitCode(InstanceLock.alreadyRunningStatus)
        } catch let error as PrivateDirectory.Refused {
            FileHandle.standardError.write(Data("uvd: \(error)\n".utf8))
            throw ExitCode(73)
        } catch let error as StoreError {
            FileHandle.standardError.write(Data("uvd: \(error)\n".utf8))
            throw ExitCode(73)
        }
    }
}
