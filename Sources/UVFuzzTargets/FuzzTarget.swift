import FoundationEssentials
import UVConfig
import UVCore
import UVEngine
import UVPlatform
import UVProtocol
import UVProviders
import UVSkill
import UVStore

/// The parsers that read what comes from outside, each as a function of arbitrary bytes, for
/// libFuzzer (`make fuzz`) and for the tests that replay every seed and every input that once
/// crashed (`Fuzz/corpus/NAME`, `Fuzz/regressions/NAME`). A target returns normally on any
/// input; anything else (a trap, a hang, unbounded memory) is the bug the fuzzer looks for.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `config.toml`: the TOML parser and the configuration's own checks.
    case config
    case openMeteo = "open-meteo"
    case openWeatherMap = "openweathermap"
    case arpansa
    /// ARPANSA's per-station day series (`/api/uvlevel/`).
    case arpansaSeries = "arpansa-series"
    /// The control socket: NUL framing, then each message as a call and its parameters.
    case varlink
    /// An ISO 8601 instant (`--at`, and every time in a reply uvctl reads).
    case instant
    /// A compiled translation catalog (`uvd.mo`), read at every start.
    case messageCatalog = "mo"
    /// What a fetch process writes back to the daemon (its outcome line, then the body), and the
    /// order it reads.
    case fetch
    /// A compiled zone file (`/usr/share/zoneinfo/…`) and the POSIX rule in its footer.
    case zone = "tzif"
    /// tzdata's `zone1970.tab`, from which the zero-configuration location comes.
    case zoneTable = "zonetab"
    /// A scenario file for `uvctl simulate --scenario`, on the day Sydney's clocks go forward.
    case scenario
    /// LXQt's notifications.conf, read for its do-not-disturb.
    case lxqtSettings = "lxqt-conf"
    /// The kernel's list of file locks (`/proc/locks`): who holds uvd's lock or its database.
    case procLocks = "proc-locks"
    /// A family on one line (`uvctl simulate --family NAME:TYPE[:YYYY-MM],…`).
    case familyList = "family-list"
    /// A measured day file (`make skill`): ARPANSA's CSV, one row a minute.
    case measuredDay = "measured-day"
    /// The rules' state as the store keeps it (JSON, dates in seconds), from any release or a
    /// damaged file: read, then stepped once, as a starting uvd steps it.
    case savedState = "saved-state"
    /// The store's file (`uvd.sqlite`) as a crash, a full disk or another program may leave it:
    /// opened (recovered when damaged) and everything in it read, through uvd's SQLite layer.
    case store
    /// What a process starts with: the bytes as `/proc/self/cmdline` (read for the arguments
    /// where the runtime finds none) and, split at their NULs, as the entries of `environ`.
    case processStart = "process-start"
    /// A message on the control socket as JSON (`WireJSON`, uvd's own parser), read as every
    /// method's reply; what it reads, FoundationEssentials' `JSONDecoder` must read too, and to
    /// the same value (where that holds every number).
    case wireJSON = "wire-json"

    /// A fixed "now" near the seeds' times, so the plausibility screen runs its whole course.
    static let now = Date(timeIntervalSince1970: 1_744_617_600)

    /// Each method's parameters, decoded from every call the varlink target reads.
    static var parameterTypes: [any Decodable.Type] {
        [
            LocationParameters.self, ForecastParameters.self, PlaceParameters.self, AddLocationParameters.self, SunscreenParameters.self,
            ProfileParameters.self, SnoozeParameters.self, MuteParameters.self, OutsideParameters.self, DoseParameters.self,
            SetQuietParameters.self, VitaminDParameters.self,
        ]
    }

    /// `value` as `Call`'s reply, as uvctl reads it.
    static func readReply<Call: UVDCall>(_ call: Call.Type, from value: WireJSON) {
        _ = try? WireDecoder.decode(Call.Reply.self, from: value)
    }

    /// Sydney's 4 October 2026, 23 hours long (UTC when the system has no zone files).
    static let scenarioZone = Zone(identifier: "Australia/Sydney") ?? .utc
    static let scenarioDay = LocalDay.interval(containing: Date(timeIntervalSince1970: 1_791_072_000), in: scenarioZone)

    public func run(_ data: Data) {
        switch self {
        case .config:
            _ = try? ConfigLoader.parse([UInt8](data), path: "fuzz.toml")
        case .openMeteo:
            _ = try? Plausibility.screen(OpenMeteoParser.parse(data), now: Self.now)
        case .openWeatherMap:
            _ = try? Plausibility.screen(OpenWeatherMapParser.parse(data, units: .metric), now: Self.now)
            _ = try? OpenWeatherMapParser.parse(data, units: .standard)
        case .arpansa:
            _ = try? ARPANSAParser.parse(data)
        case .arpansaSeries:
            if let sydney = ARPANSAStation.named("Sydney") { _ = try? ARPANSASeriesParser.parse(data, station: sydney) }
        case .measuredDay:
            guard let day = try? MeasuredDay.parse(data, utcOffsetSeconds: 36_000) else { return }
            _ = SkillCases(day, utcOffsetSeconds: 36_000).cases.count
        case .varlink:
            var framing = VarlinkFraming()
            guard let messages = try? framing.append(Array(data)) else { return }
            for message in messages {
                guard let call = try? VarlinkCall(decoding: Data(message)) else { continue }
                for parameters in Self.parameterTypes { _ = try? call.decodeParameters(parameters) }
                // A family member's name, read as the daemon reads it (its birth month and SPF are
                // read as the parameters decode).
                if let member = try? call.decodeParameters(FamilyMemberParameters.self) {
                    _ = FamilyMember.checkedName(member.name)
                }
            }
        case .instant:
            _ = ISOInstant.parse(String(decoding: data, as: UTF8.self))
        case .procLocks:
            _ = FileLockHolders.parse(String(decoding: data, as: UTF8.self))
        case .lxqtSettings:
            _ = LXQtNotificationSettings.doNotDisturb(in: .bytes([UInt8](data)))
        case .familyList:
            // Every member read is one `uvctl family add` would keep.
            guard case .success(let members) = FamilyList.members(String(decoding: data, as: UTF8.self)) else { return }
            for member in members where FamilyMember.checkedName(member.name) != .success(member.name) {
                preconditionFailure("a name family add would refuse was read: \(member.name.debugDescription)")
            }
        case .messageCatalog:
            // A catalog's own plural rule is evaluated too, and the text as a bare header line.
            if let catalog = MessageCatalog([UInt8](data)) {
                for number in [0, 1, 2, 5, 11, 21, 101, -1, Int.max] { _ = catalog.pluralRule.form(for: number) }
            }
            _ = PluralRule(header: "Plural-Forms: " + String(decoding: data, as: UTF8.self))?.form(for: 3)
        case .fetch:
            _ = ChildFetch.read(data)
            _ = try? JSONDecoder().decode(FetchOrder.self, from: data)
        case .zone:
            guard let zone = Zone(identifier: "fuzz", tzif: [UInt8](data)) else { return }
            for seconds in [-1e12, -1, 0, 1.7e9, 2.2e9, 4e9, 1e12, .nan] {
                _ = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
            }
            _ = zone.date(localSeconds: 1_800_000_000)
        case .zoneTable:
            // Every zone the table names resolves to a place on the globe, or to Greenwich.
            let table = String(decoding: data, as: UTF8.self)
            for line in table.split(separator: "\n").prefix(16) {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 3 else { continue }
                let place = ZoneLocation.resolve(zone: String(fields[2]), zoneTable: table).coordinate
                if !(abs(place.latitude) <= 90 && abs(place.longitude) <= 180) {
                    preconditionFailure("zone1970.tab placed \(fields[2]) at \(place.latitude), \(place.longitude)")
                }
            }
        case .savedState:
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            guard let state = try? decoder.decode(EngineState.self, from: data) else { return }
            // As a starting uvd steps it: the configuration's settings first (the saved ones are
            // always replaced by them, which the configuration's reader bounds), then a tick.
            _ = Engine.reduce(state, [.settings(EngineSettings()), .tick, .userActivity], now: Self.now)
        case .store:
            StoreFile.open(data, now: Self.now)
        case .processStart:
            let bytes = [UInt8](data)
            // The arguments are the NUL-ended fields, none lost or merged.
            let arguments = ProcessArguments.arguments(cmdline: bytes)
            let fields = bytes.isEmpty ? 0 : bytes.split(separator: 0, omittingEmptySubsequences: false).count - (bytes.last == 0 ? 1 : 0)
            if arguments.count != fields { preconditionFailure("\(fields) fields read as \(arguments.count) arguments") }
            // The non-empty fields as `environ`'s entries: of two of one name the first is kept
            // (the one getenv gives), and an entry without `=` is none.
            var block: [CChar] = []
            var starts: [Int] = []
            var expected: [String: String] = [:]
            for field in bytes.split(separator: 0) {
                starts.append(block.count)
                block += field.map { CChar(bitPattern: $0) } + [0]
                if let equals = field.firstIndex(of: UInt8(ascii: "=")) {
                    let name = String(decoding: field[..<equals], as: UTF8.self)
                    if expected[name] == nil { expected[name] = String(decoding: field[(equals + 1)...], as: UTF8.self) }
                }
            }
            let variables = block.withUnsafeMutableBufferPointer { storage in
                var entries = starts.map { start in storage.baseAddress.map { $0 + start } }
                entries.append(nil)
                return entries.withUnsafeMutableBufferPointer { ProcessEnvironment.variables($0.baseAddress) }
            }
            if variables != expected { preconditionFailure("the environment read \(variables), not \(expected)") }
        case .wireJSON:
            guard let value = try? WireJSON(parsing: [UInt8](data)) else { return }
            for call in UVD.calls { Self.readReply(call, from: value) }
            guard let reference = try? JSONDecoder().decode(JSONProbe.self, from: data) else {
                preconditionFailure("WireJSON read a document JSONDecoder refuses")
            }
            let read = try? WireDecoder.decode(JSONProbe.self, from: value)
            if read != JSONProbe(value) || (!reference.hasUnrepresentableNumber && read != reference) {
                preconditionFailure("WireJSON read \(String(describing: read)) where JSONDecoder read \(reference)")
            }
        case .scenario:
            // Every event the file names happens on the day it was asked for.
            guard let steps = try? Scenario.parse([UInt8](data), day: Self.scenarioDay, zone: Self.scenarioZone) else { return }
            for (at, _) in steps where !Self.scenarioDay.contains(at) {
                preconditionFailure("a scenario event at \(at) is outside its day \(Self.scenarioDay)")
            }
        }
    }
}
