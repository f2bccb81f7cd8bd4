import ArgumentParser
import CSpawn
import FoundationEssentials
import Glibc
import UVCore
import UVProtocol
import UVWheel

/// `uvctl wheel`: the day's UV as the 24-hour wheel, in SVG (or PNG through rsvg-convert).
struct WheelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wheel",
        abstract: tr("Draw the day's UV wheel: 24 hours in the WHO colours, the sunscreen window and the peak."),
        discussion: tr(
            "Writes SVG to standard output, or to FILE; a FILE ending in .png is rendered with rsvg-convert (package librsvg2-bin). The centre shows the hour of --at (default: now, or the peak on another day) with its UV index, level and burn time for your profile."
        )
    )

    @Option(name: .shortAndLong, help: ArgumentHelp(tr("Write to this file (.svg or .png) instead of standard output."), valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp(tr("light or dark.")))
    var theme: WheelModel.Theme = .light

    @OptionGroup var source: ForecastSource

    @Option(help: ArgumentHelp(tr("The hour in the centre: HH:MM, or an ISO 8601 time."), valueName: "time"))
    var at: String?

    @OptionGroup var json: OutputOptions

    func validate() throws {
        try TimeArgument.validate(at)
    }

    func run() async throws {
        let now = Date()
        let forecast = try await source.forecast(now: now)
        let clock = ClockFormat(timeZone: forecast.location.zone)
        guard
            let model = WheelModel(
                day: WheelDay(forecast: forecast), now: now, focus: at.flatMap { TimeArgument.parse($0, on: forecast, now: now) },
                theme: theme, clock: clock.time)
        else {
            throw ValidationError(tr("The forecast for %1$@ has no hours to draw.", forecast.date))
        }
        let svg = WheelSVG.render(model)
        if let output {
            if output.lowercased().hasSuffix(".png") {
                try Self.writePNG(svg, to: output)
            } else {
                OutputFile.write(svg, to: output)
            }
        }
        if json.json {
            try JSONOutput.print(
                Report(
                    file: Nullable(output), time: model.centre.time, uvi: model.centre.uvi.rounded(places: 1),
                    caption: model.centre.caption,
                    svg: Nullable(output == nil ? svg : nil)))
        } else if output == nil {
            print(svg, terminator: "")
        }
    }

    /// Renders through rsvg-convert, found on PATH; says so when it is not there.
    static func writePNG(_ svg: String, to path: String) throws {
        let searchPath = ProcessEnvironment.atStart["PATH"] ?? "/usr/bin:/bin"
        guard
            let converter = searchPath.split(separator: ":").map({ "\($0)/rsvg-convert" }).first(
                where: FileManager.default.isExecutableFile(atPath:))
        else {
            DaemonClient.fail(
                tr(
                    "A PNG needs rsvg-convert, which is not installed (sudo apt install librsvg2-bin); -o FILE.svg writes the SVG without it."
                ), status: .unavailable)
        }
        guard let status = Self.run(converter, ["--format", "png", "--output", path], input: Array(svg.utf8)) else {
            DaemonClient.fail(
                tr("rsvg-convert could not be started: %1$@", String(cString: strerror(errno))), status: .cannotCreate)
        }
        guard status == 0 else {
            DaemonClient.fail(tr("rsvg-convert could not write %1$@ (exit status %2$@).", path, status), status: .cannotCreate)
        }
    }

    /// Runs `program` with `input` on its standard input and uvctl's standard output; its exit
    /// status (128 + the signal's number when a signal ended it), or nil when it could not start.
    /// A converter that stops reading early ends the writing with EPIPE, not uvctl with SIGPIPE.
    private static func run(_ program: String, _ arguments: [String], input: [UInt8]) -> Int32? {
        var ends: [Int32] = [-1, -1]
        guard uvd_pipe_cloexec(&ends) == 0 else { return nil }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let pid = uvd_spawn_with_pipes(program, argv, ends[0], STDOUT_FILENO)
        close(ends[0])
        guard pid > 0 else {
            close(ends[1])
            return nil
        }
        signal(SIGPIPE, SIG_IGN)
        StandardStream.write(input, to: ends[1])
        close(ends[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7F
        return signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled
    }

    /// `--json`: what was drawn, and the SVG itself when no file was named.
    struct Report: Encodable {
        let file: Nullable<String>
        let time: String
        let uvi: Double
        let caption: String
        let svg: Nullable<String>
    }
}

extension WheelModel.Theme: ExpressibleByArgument {}
