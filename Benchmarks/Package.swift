// swift-tools-version:6.0
import PackageDescription

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
                .product(name: "UVCore", package: "main"),
                .product(name: "UVEngine", package: "main"),
                .product(name: "Benchmark", package: "swift-benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
