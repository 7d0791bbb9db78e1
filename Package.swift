// swift-tools-version: 6.0
//
// LayoutCore: UI layout math with a readable scalar reference and a bit-exact SIMD batch kernel
// per control. The library product has no dependencies beyond the Swift toolchain.
//
// This package holds the library, its testing support and their tests. The benchmark
// (Benchmarks/Package.swift) and the fuzz targets (Fuzz/Package.swift) are packages of their
// own that depend on this one by path, so a package that depends on LayoutCore builds neither.
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
        .library(name: "LayoutCoreTesting", targets: ["LayoutCoreTesting"]),
    ],
    targets: [
        // The library: types, scalar references, batch kernels, validation.
        .target(
            name: "LayoutCore",
            linkerSettings: linkLibm
        ),
        // Seeded generators, invariant checks, bit-pattern comparison and each control's
        // schema for tools: shared by the tests, the benchmark and the fuzz targets, and a
        // product, so users can run the same generators and checks on their own layout code.
        .target(
            name: "LayoutCoreTesting",
            dependencies: ["LayoutCore"],
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

