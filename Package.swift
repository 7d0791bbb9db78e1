// swift-tools-version: 6.0
//
// LayoutCore: UI layout math with a readable scalar reference and a bit-exact SIMD batch kernel
// per control. The library product has no dependencies beyond the Swift toolchain.
//
// Performance flags (for example `-Xswiftc -target-cpu -Xswiftc native`) are passed on the
// command line, never as unsafe flags in this manifest: SwiftPM refuses a dependency that
// sets them.

import PackageDescription

let linkLibm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "LayoutCore",
    products: [
        .library(name: "LayoutCore", targets: ["LayoutCore"]),
        .executable(name: "layout-bench", targets: ["layout-bench"]),
    ],
    targets: [
        // The library: types, scalar references, batch kernels, validation.
        .target(
            name: "LayoutCore",
            linkerSettings: linkLibm
        ),
        // Seeded generators, invariant checks and bit-pattern comparison, shared by the
        // tests, the benchmark and the fuzz targets (not a product).
        .target(
            name: "LayoutCoreTesting",
            dependencies: ["LayoutCore"],
            linkerSettings: linkLibm
        ),
        // Benchmark: `LayoutBench` holds the layout-bench CLI's logic (argument parsing, timing,
        // statistics, roofline, JSON/CSV reports, SVG charts, `compare`, `eval`) so that it can
        // be tested; the `layout-bench` executable plugs in one subject per control of the
        // registry (`Controls.all`, LayoutCoreTesting). Run with `swift run -c release layout-bench`.
        .target(
            name: "LayoutBench",
            dependencies: ["LayoutCore"],
            path: "Benchmarks/LayoutBench",
            linkerSettings: linkLibm
        ),
        // The ceiling: hand-written AVX2 ports of the kernels in C (per-function target
        // attributes, used only when the CPU has AVX2), timed beside the Swift kernels. A
        // dependency of the layout-bench executable only, never of the library.
        .target(
            name: "Ceiling",
            path: "Benchmarks/Ceiling"
        ),
        .executableTarget(
            name: "layout-bench",
            dependencies: ["LayoutCore", "LayoutCoreTesting", "LayoutBench", "Ceiling"],
            path: "Benchmarks/layout-bench",
            linkerSettings: linkLibm
        ),
        .testTarget(
            name: "LayoutBenchTests",
            dependencies: ["LayoutBench", "LayoutCore", "LayoutCoreTesting"],
            path: "Tests/LayoutBenchTests",
            exclude: ["Fixtures"],
            linkerSettings: linkLibm
        ),
        .testTarget(
            name: "LayoutCoreTests",
            dependencies: ["LayoutCore", "LayoutCoreTesting"],
            linkerSettings: linkLibm
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: - Fuzz targets
//
// libFuzzer targets (Fuzz/README.md), one per kind of check, each covering every control of
// the registry: each `Fuzz/<Name>/main.swift` holds only `LLVMFuzzerTestOneInput`, which
// calls its check function in LayoutCoreTesting/Fuzz. They
// build (and do nothing) in a plain `swift build`; Fuzz/run.sh builds them one product at a
// time with `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address` in `.build/fuzz`.
let fuzzTargetNames = [
    "FuzzInvariants",
    "FuzzDifferential",
    "FuzzLegacy",
    "FuzzBadInput",
]
package.targets += fuzzTargetNames.map { name in
    .executableTarget(
        name: name,
        dependencies: ["LayoutCore", "LayoutCoreTesting"],
        path: "Fuzz/\(name)",
        linkerSettings: linkLibm
    )
}
