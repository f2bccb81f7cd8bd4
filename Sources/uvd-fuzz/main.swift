import FoundationEssentials
import Glibc
import UVCore
import UVFuzzTargets

// `uvd-fuzz TARGET [libFuzzer options] [CORPUS …]`. Built with `make fuzz` (-sanitize=fuzzer
// -DFUZZING) it hands the rest of the command line to libFuzzer; built normally it runs each
// file named on the command line through TARGET once and exits 0 (a crash replayer).

let usage = "usage: uvd-fuzz TARGET [options] [FILE|DIR …]; targets: " + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
guard CommandLine.arguments.count >= 2, let target = FuzzTarget(rawValue: CommandLine.arguments[1]) else {
    StandardStream.error.write(usage + "\n")
    exit(ExitStatus.usage.rawValue)
}

#if FUZZING
    FuzzDriver.run(target, arguments: [CommandLine.arguments[0]] + CommandLine.arguments.dropFirst(2))
#else
    for path in CommandLine.arguments.dropFirst(2) where !path.hasPrefix("-") {
        guard let data = FileManager.default.contents(atPath: path) else {
            StandardStream.error.write("uvd-fuzz: cannot read \(path)\n")
            exit(ExitStatus.noInput.rawValue)
        }
        target.run(data)
    }
#endif
