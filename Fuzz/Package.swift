// swift-tools-version: 6.0
//
// The libFuzzer targets of LayoutCore (Fuzz/README.md): a package of its own beside the
// library's, which it uses by path. Each `Fuzz/<Name>/main.swift` holds only
// `LLVMFuzzerTestOneInput`, which calls its check in the testing library
// (LayoutCoreTesting/Fuzz), so the fuzzers and `swift test` share every check. They build (and
// do nothing) in a plain `swift build --package-path Fuzz`; Fuzz/run.sh builds them one product
// at a time with `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address`.

import PackageDescription

let linkLibm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

/// One target per kind of check, each covering every control of the registry.
let fuzzTargetNames = [
    "FuzzInvariants",
    "FuzzDifferential",
    "FuzzLegacy",
    "FuzzBadInput",
    "FuzzSequences",
]

let package = Package(
    name: "LayoutCoreFuzz",
    dependencies: [
        .package(name: "LayoutCore", path: ".."),
    ],
    targets: fuzzTargetNames.map { name in
        .executableTarget(
            name: name,
            dependencies: [.product(name: "LayoutCoreTesting", package: "LayoutCore")],
            path: name,
            linkerSettings: linkLibm
        )
    },
    swiftLanguageModes: [.v6]
)
