import ArgumentParser
import FoundationEssentials
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
        discussion: [
            tr(
                "Configuration: $XDG_CONFIG_HOME/uvd/config.toml (default ~/.config/uvd; see the commented default installed as share/uvd/uvd.toml). State: $XDG_STATE_HOME/uvd/ (default ~/.local/state/uvd). Control socket and lock: $XDG_RUNTIME_DIR/uvd/ (io.uvd, spoken to with uvctl or any varlink client). The places are the same under systemd and in a terminal: $STATE_DIRECTORY is not used, as before systemd 254 it names the configuration directory; the unit runs uvd --prepare-state before its sandbox makes home read-only, and a database an earlier uvd left in the configuration directory is moved to the state directory. Exit statuses: 64 bad arguments, 73 a directory or store it cannot use, 75 already running, 78 a configuration with errors (--check-config); the unit does not restart uvd after these."
            ),
            tr(
                "Under systemd: a failure retrying cannot mend ends the unit failed within 30 s, with its reason at priority err: one of the statuses above, not restarted, or one before uvd runs (238/STATE_DIRECTORY when ~/.local/state is a file or not writable), after five starts 5 s apart (start-limit-hit). A crash or kill -9 is restarted. See systemctl --user status uvd and journalctl --user -u uvd -p err; once mended, systemctl --user reset-failed uvd, then systemctl --user start uvd."
            ),
            tr(
                "Tray: where a tray host runs (KDE Plasma, GNOME with the AppIndicator extension, XFCE, LXQt, waybar), uvd shows a StatusNotifierItem: the day's UV wheel, the status in its tooltip, and a menu to record sunscreen, a swim, quiet hours, or show today's UV. [tray] enabled = false turns it off."
            ),
        ].joined(separator: "\n"),
        version: UVDVersion.string
    )

    @Flag(name: .customLong("check-config"), help: ArgumentHelp(tr("Check the configuration file and exit: 0 if valid, 78 if not.")))
    var checkConfig = false

    @Argument(help: ArgumentHelp(tr("With --check-config: the file to check (default: the one uvd would read)."), valueName: "file"))
    var file: String?

    @Flag(name: .customLong("varlink-interface"), help: ArgumentHelp(tr("Print the io.uvd varlink interface description and exit.")))
    var printInterface = false

    @Flag(
        name: .customLong("prepare-state"),
        help: ArgumentHelp(
            tr(
                "Create the state directory ($XDG_STATE_HOME/uvd) and exit. The systemd unit runs this before its sandbox makes your home read-only."
            )))
    var prepareState = false

    /// uvd's own fetch process (`ChildProcessHTTPClient`): one request read from standard input,
    /// its answer written to standard output.
    @Flag(name: .customLong("fetch"), help: .hidden)
    var fetch = false

    func validate() throws {
        if file != nil, !checkConfig { throw ValidationError(tr("A file is only taken with --check-config: uvd --check-config FILE.")) }
    }

    func run() async throws {
        if fetch {
            let status = await ChildFetch.run()
            if status != .success { throw ExitCode(status.rawValue) }
            return
        }
        let paths = XDGPaths()
        if prepareState {
            // Never fails the start: systemd restarts a unit whose ExecStartPre= fails whatever
            // RestartPreventExitStatus= says (it applies to the main process only), so a
            // permanent problem here would loop. The main process meets the same problem when
            // it opens its state and ends with the permanent status and the reason.
            do {
                try StateDirectory.prepare(paths)
            } catch {
                StandardStream.error.write(
                    (Systemd.stderrIsJournal ? "<4>" : "") + "uvd: " + tr("preparing the state directory: %1$@", "\(error)") + "\n")
            }
            return
        }
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
                StandardStream.error.write(tr("%1$@: no such file", file.path) + "\n")
                throw ExitCode(ExitStatus.noInput.rawValue)
            }
            do {
                let loaded = try ConfigLoader.load(file: file)
                for warning in loaded.warnings { StandardStream.error.write(warning + "\n") }
                print(tr("%1$@: valid", file.path))
            } catch {
                StandardStream.error.write("\(error)\n")
                throw ExitCode(ExitStatus.configuration.rawValue)
            }
            return
        }
        try await Self.serve(paths: paths)
    }

    /// The daemon itself, until it is stopped; what `uvd` with no arguments does. A refusal to
    /// start is said where its reader looks (`Systemd.reportStartFailure`) and ends uvd with an
    /// exit status the unit does not restart on (`ExitStatus.permanentStartFailures`).
    static func serve(paths: XDGPaths) async throws {
        do {
            try await Daemon.run(paths: paths)
        } catch let error as InstanceLock.AlreadyRunning {
            Systemd.reportStartFailure("\(error)")
            throw ExitCode(ExitStatus.alreadyRunning.rawValue)
        } catch let error as PrivateDirectory.Refused {
            Systemd.reportStartFailure("\(error)")
            throw ExitCode(ExitStatus.cannotCreate.rawValue)
        } catch let error as StoreError {
            Systemd.reportStartFailure("\(error)")
            throw ExitCode(ExitStatus.cannotCreate.rawValue)
        } catch is DaemonStop.Failed {
            // Said in the log already, at critical.
            throw ExitCode(ExitStatus.failure.rawValue)
        } catch {
            // Anything else (no signal descriptor, no timer, a socket that cannot listen) may
            // pass: the unit restarts uvd on this status.
            Systemd.reportStartFailure("\(error)")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }
}
