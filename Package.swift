// swift-tools-version:6.0
import PackageDescription

/// Where Debian puts the headers CGLib includes (`pkg-config --cflags libnotify`): GLib's
/// configuration header lives under the machine's multiarch triplet.
#if arch(arm64)
    let multiarch = "aarch64-linux-gnu"
#else
    let multiarch = "x86_64-linux-gnu"
#endif
let glibIncludes = [
    "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include", "/usr/include/gdk-pixbuf-2.0", "/usr/include/libpng16",
    "/usr/include/libmount", "/usr/include/blkid",
]
/// For UVBus and every target that imports it, directly or not: each may have to build the CGLib
/// module itself. System headers (`-isystem`): warnings are for uvd's own code.
let seesGLib: [SwiftSetting] = [.unsafeFlags(glibIncludes.flatMap { ["-Xcc", "-isystem", "-Xcc", $0] })]
/// Every C target: all warnings on, and each one an error.
let strictC: [CSetting] = [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]

let package = Package(
    name: "uvd",
    platforms: [.macOS(.v14)],
    products: [
        // One program: `uvctl` is a link to `uvd`, and the name it is started by picks its role.
        .executable(name: "uvd", targets: ["uvd"]),
        .executable(name: "uvd-fuzz", targets: ["uvd-fuzz"]),
        .library(name: "UVCore", targets: ["UVCore"]),
        .library(name: "UVEngine", targets: ["UVEngine"]),
        .library(name: "UVPlaces", targets: ["UVPlaces"]),
        .library(name: "UVSkill", targets: ["UVSkill"]),
        .library(name: "UVWheel", targets: ["UVWheel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "CThread", cSettings: strictC),
        .target(name: "UVCore", dependencies: ["CThread"]),
        .target(name: "CSystemd", cSettings: strictC, linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CEventLoop", cSettings: strictC),
        .target(name: "CSpawn", cSettings: strictC),
        .target(name: "CProcessMemory", cSettings: strictC),
        // libnotify's headers by path rather than by pkg-config: its .pc file asks for -pthread,
        // which SwiftPM refuses with a warning on every build (six times over on a first one).
        .target(
            name: "CGLib", dependencies: ["CLazyLink"], cSettings: strictC + [.unsafeFlags(glibIncludes.flatMap { ["-isystem", $0] })]),
        .target(name: "CLazyLink", cSettings: strictC, linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CSQLite", dependencies: ["CLazyLink"], cSettings: strictC),
        .target(name: "CCurl", cSettings: strictC, linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "CXMLFeed", cSettings: strictC + [.unsafeFlags(["-isystem", "/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "UVBus", dependencies: ["CGLib", "UVCore"], swiftSettings: seesGLib),
        .target(name: "UVNotify", dependencies: ["CGLib", "UVBus", "UVCore"], swiftSettings: seesGLib),
        .target(name: "UVProtocol", dependencies: ["UVCore", "UVEngine"]),
        .target(name: "UVVarlink", dependencies: ["UVCore", "UVPlatform", "UVProtocol"]),
        .target(
            name: "UVPlatform",
            dependencies: ["CEventLoop", "CGLib", "CSystemd", "UVBus", "UVCore", .product(name: "Logging", package: "swift-log")],
            swiftSettings: seesGLib),
        .target(
            name: "UVDaemon",
            dependencies: [
                "UVBus", "UVCore", "UVConfig", "UVEngine", "UVNotify", "UVProviderPolicy", "UVProviders", "UVPlaces", "UVStore",
                "UVProtocol",
                "UVPlatform", "UVVarlink", "UVWheel",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: seesGLib
        ),
        .executableTarget(
            name: "uvd",
            dependencies: ["CProcessMemory", "UVControl", "UVDaemon", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: seesGLib
        ),
        .target(name: "UVEngine", dependencies: ["UVCore"]),
        .target(
            name: "UVFuzzTargets",
            dependencies: ["UVConfig", "UVCore", "UVEngine", "UVPlatform", "UVProtocol", "UVProviders", "UVSkill", "UVStore"]),
        .executableTarget(name: "uvd-fuzz", dependencies: ["UVCore", "UVFuzzTargets"]),
        .target(name: "UVConfig", dependencies: ["UVCore", "UVEngine", "UVProviderPolicy"]),
        .target(name: "UVProviderPolicy", dependencies: ["UVCore"]),
        .target(name: "UVProviders", dependencies: ["CCurl", "CSpawn", "CXMLFeed", "UVCore", "UVPlatform", "UVProviderPolicy"]),
        .target(name: "UVPlaces", dependencies: ["UVCore"]),
        .target(name: "UVSkill", dependencies: ["UVCore", "UVProviders"]),
        .target(name: "UVWheel", dependencies: ["UVCore"]),
        .target(name: "UVStore", dependencies: ["CSQLite", "UVCore", "UVEngine", "UVProviderPolicy"]),
        .target(
            name: "UVControl",
            dependencies: [
                "CSpawn", "UVCore", "UVConfig", "UVEngine", "UVPlaces", "UVProtocol", "UVPlatform", "UVVarlink", "UVWheel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "UVCoreTests",
            dependencies: [
                "UVCore", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .target(
            name: "TestSupport", dependencies: ["CSpawn"], path: "Tests/TestSupport",
            exclude: [
                "fixture_server.py", "fake_geoclue.py", "fake_networkmanager.py", "notification_server.py", "hostile_http_server.py",
                "sni_watcher.py", "older_uvd.py",
                "exit_with_parent.py", "user_unit.py", "hold_write_lock.py", "record_replies.py",
            ]),
        .testTarget(name: "UVEngineTests", dependencies: ["UVEngine"]),
        .testTarget(name: "UVConfigTests", dependencies: ["UVConfig"]),
        .testTarget(name: "UVProvidersTests", dependencies: ["UVProviderPolicy", "UVProviders", "TestSupport"]),
        .testTarget(name: "UVPlacesTests", dependencies: ["UVPlaces"]),
        .testTarget(name: "UVSkillTests", dependencies: ["UVSkill", "UVCore"]),
        .testTarget(name: "UVWheelTests", dependencies: ["UVWheel", "UVCore"]),
        .testTarget(name: "UVStoreTests", dependencies: ["UVStore", "UVProviderPolicy", "TestSupport"]),
        .testTarget(name: "UVProtocolTests", dependencies: ["UVProtocol", "UVEngine", "UVFuzzTargets"]),
        .testTarget(name: "UVFuzzTargetsTests", dependencies: ["UVFuzzTargets"]),
        .testTarget(name: "UVNotifyTests", dependencies: ["UVBus", "UVNotify", "TestSupport"], swiftSettings: seesGLib),
        .testTarget(name: "UVBusTests", dependencies: ["UVBus", "TestSupport"], swiftSettings: seesGLib),
        .testTarget(name: "UVPlatformTests", dependencies: ["CProcessMemory", "UVBus", "UVPlatform", "TestSupport"]),
        .testTarget(name: "UVVarlinkTests", dependencies: ["UVVarlink", "UVPlatform", "UVProtocol", "TestSupport"]),
        .testTarget(
            name: "UVDaemonTests",
            dependencies: [
                "UVDaemon", "UVCore", "UVConfig", "UVEngine", "UVNotify", "UVPlatform", "UVProviders", "UVStore", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ], swiftSettings: seesGLib),
        .testTarget(name: "UVCtlTests", dependencies: ["uvd", "TestSupport"]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["uvd", "UVCore", "UVEngine", "UVProtocol", "UVStore", "TestSupport"],
            swiftSettings: seesGLib),
    ],
    swiftLanguageModes: [.v6]
)

// Every module sees only the members of the modules it imports itself: Foundation (and with it
// ICU) cannot come back into uvd through another module's `import`.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
