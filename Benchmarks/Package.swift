// swift-tools-version:6.0
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its directory: the checkout's, whatever it is called.
let uvd = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Benchmarks live in their own package so that the main build and CI do not build them.
// Run with `make bench` (it builds the release uvd first).
let package = Package(
    name: "UVDBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
    ],
    targets: [
        .executableTarget(
            name: "UVDBenchmarks",
            dependencies: [
                .product(name: "UVCore", package: uvd),
                .product(name: "UVEngine", package: uvd),
                .product(name: "UVPlaces", package: uvd),
                .product(name: "UVWheel", package: uvd),
                .product(name: "Benchmark", package: "swift-benchmark"),
            ]
        ),
        .executableTarget(
            name: "UVDSkill",
            dependencies: [.product(name: "UVCore", package: uvd), .product(name: "UVSkill", package: uvd)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
