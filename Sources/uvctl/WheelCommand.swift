import ArgumentParser
import Foundation
import UVCore
import UVProtocol
import UVWheel

/// `uvctl wheel`: the day's UV as the 24-hour wheel, in SVG (or PNG through rsvg-convert).
struct WheelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wheel",
        abstract: tr("Draw the day's UV wheel: 24 hours in the WHO colours, the sunscreen window and the peak."),
        discussion: tr("Writes SVG to standard output, or to FILE; a FILE ending in .png is rendered with rsvg-convert (package librsvg2-bin). The centre shows the hour of --at (default: now, or the peak on another day) with its UV index, level and burn time for your profile.")
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
        guard let model = WheelPicture.model(forecast, now: now, focus: at.flatMap { TimeArgument.parse($0, on: forecast, now: now) }, theme: theme) else {
            throw ValidationError(tr("The forecast for %1$@ has no hours to draw.", forecast.date))
        }
        let svg = WheelSVG.render(model)
        if let output {
            if output.lowercased().hasSuffix(".png") {
                try WheelPicture.writePNG(svg, to: output)
            } else {
                try Data(svg.utf8).write(to: URL(fileURLWithPath: output))
            }
        }
        if json.json {
            try JSONOutput.print(Report(file: Nullable(output), time: model.centre.time, uvi: model.centre.uvi, caption: model.centre.caption,
                                        svg: Nullable(output == nil ? svg : nil)))
        } else if output == nil {
            print(svg, terminator: "")
        }
    }

    /// `--json`: what was drawn, and the SVG itself when no file was named.
    struct Report: Encodable {
        let file: Nullable<String>
        let time: String
        let uvi: String
        let caption: String
        let svg: Nullable<String>
    }
}

extension WheelModel.Theme: ExpressibleByArgument {}
