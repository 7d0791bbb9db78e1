// swift-tools-version: 6.0
//
// The benchmark of LayoutCore: the layout-bench CLI, its logic (LayoutBench), the hand-written
// AVX2 ceiling in C, and their tests. A package of its own beside the library's, which it uses
// by path, so the library's package holds the library alone.
//
// Run from the repository's root: `swift run --package-path Benchmarks -c release layout-bench`.

import PackageDescription

let linkLibm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "LayoutCoreBenchmarks",
    products: [
        .executable(name: "layout-bench", targets: ["layout-bench"]),
    ],
    dependencies: [
        .package(name: "LayoutCore", path: ".."),
    ],
    targets: [
        .target(
            name: "LayoutBench",
            dependencies: [
                .product(name: "LayoutCore", package: "LayoutCore"),
                .product(name: "LayoutCoreTesting", package: "LayoutCore"),
            ],
            path: "LayoutBench",
            linkerSettings: linkLibm
        ),
        .target(name: "Ceiling", path: "Ceiling"),
        .executableTarget(
            name: "layout-bench",
            dependencies: [
                .product(name: "LayoutCore", package: "LayoutCore"),
                .product(name: "LayoutCoreTesting", package: "LayoutCore"),
                "LayoutBench", "Ceiling",
            ],
            path: "layout-bench",
            linkerSettings: linkLibm
        ),
        .testTarget(
            name: "LayoutBenchTests",
            dependencies: [
                "LayoutBench",
                .product(name: "LayoutCore", package: "LayoutCore"),
                .product(name: "LayoutCoreTesting", package: "LayoutCore"),
            ],
            path: "Tests/LayoutBenchTests",
            exclude: ["Fixtures"],
            linkerSettings: linkLibm
        ),
    ],
    swiftLanguageModes: [.v6]
)
