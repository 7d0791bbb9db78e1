import Foundation
import LayoutBench
import LayoutCore
import LayoutCoreTesting

/// What a CLI invocation printed and returned.
struct CLIResult {
    var code: Int32
    var out: String
    var err: String
}

/// `eval`'s adapters for every registered control, built as the executable builds them
/// (Benchmarks/layout-bench/main.swift). Computed, not stored: the metatypes are not
/// `Sendable`, so a stored global would not be concurrency-safe.
var evalKernels: [any EvalKernel.Type] { Controls.families.map { $0.accept(EvalKernelOfFamily()) } }

struct EvalKernelOfFamily: ControlFamilyVisitor {
    func visit<F: ControlUnderTest, D: ControlUnderTest>(_: F.Type, _: D.Type) -> any EvalKernel.Type
    where F.Scalar == Float, D.Scalar == Double { ControlEval<F, D>.self }
}

/// Runs the layout-bench command line in process, capturing its output.
func runCLI(_ arguments: [String], subjects: [any LayoutBenchSubject.Type] = [], stdin: String = "") -> CLIResult {
    final class Box: @unchecked Sendable { var out = ""; var err = "" }
    let box = Box()
    let streams = CLIStreams(out: { box.out += $0 }, err: { box.err += $0 }, readStandardInput: { Data(stdin.utf8) })
    let code = LayoutBenchCLI.main(arguments, subjects: subjects, evalKernels: evalKernels, streams: streams, executablePath: nil)
    return CLIResult(code: code, out: box.out, err: box.err)
}

/// A fresh temporary directory.
func temporaryDirectory(_ name: String = #function) throws -> String {
    let path = NSTemporaryDirectory() + "layoutbench-tests-\(name.filter { $0.isLetter || $0.isNumber })-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The directory of the fixture files.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// A small report with hand-picked numbers: one kernel, Float and Double, 1 and 2 threads,
/// sizes 1K and 4M. `speedups[precision]` scales every kernel's speedup for that precision.
func sampleReport(kernel: String = "button-content", speedupScale: [String: Double] = [:], schemaVersion: Int = BenchReport.currentSchemaVersion) -> BenchReport {
    var rows: [ResultRow] = []
    for precision in ["Float", "Double"] {
        for size in [1_024, 4_194_304] {
            let reference = precision == "Float" ? 12.0 : 13.0
            rows.append(ResultRow(
                kernel: kernel, variant: "reference", precision: precision, threads: 1, size: size,
                iterations: 100, repetitions: 5, nsPerControl: SampleSummary([reference, reference * 1.1, reference * 0.9, reference, reference]),
                speedup: nil, bytesPerControl: 83, floorNsPerControl: nil, ratioToFloor: nil))
            for threads in [1, 2] {
                let speedup = (precision == "Float" ? 8.0 : 4.0) * Double(threads) * 0.75 * (speedupScale[precision] ?? 1)
                let ns = reference / speedup
                let floor: Double? = size > 1_000_000 ? 83.0 / 20 : nil
                rows.append(ResultRow(
                    kernel: kernel, variant: "kernel", precision: precision, threads: threads, size: size,
                    iterations: 1000, repetitions: 5, nsPerControl: SampleSummary([ns, ns * 1.05, ns * 0.95, ns, ns]),
                    speedup: Interval(estimate: speedup, lower: speedup * 0.9, upper: speedup * 1.1, level: 0.95),
                    bytesPerControl: 83, floorNsPerControl: floor, ratioToFloor: floor.map { ns / $0 }))
            }
        }
    }
    let bandwidth = [1, 2].map { t in
        BandwidthMeasurement(threads: t, arrayBytes: 256 << 20, copyRates: [18, 19, 20.0 * Double(t)], triadRates: [17, 18, 19])
    }
    return BenchReport(
        schemaVersion: schemaVersion,
        date: "2025-01-01T00:00:00Z", arguments: ["run"],
        machine: MachineInfo(cpuModel: "Test CPU <&>", architecture: "x86_64", logicalCores: 2, activeCores: 2,
                             simdFeatures: ["avx2", "sse2"], caches: ["L1d": 32 << 10, "L2": 1 << 20, "L3": 32 << 20],
                             memoryBytes: 8 << 30, operatingSystem: "Linux 6", loadAverageAtStart: 0.5),
        toolchain: ToolchainInfo(swiftVersion: "Swift version 6.3.1", compilerVersion: "6.3"),
        build: BuildInfo(configuration: "release", swiftFlags: "", swiftFlagsSource: "test"),
        settings: RunSettings(quick: false, kernels: [kernel], precisions: ["Float", "Double"], threads: [1, 2],
                              sizes: [1_024, 4_194_304], repetitions: 5, budgetMilliseconds: 40, warmupMilliseconds: 20,
                              seed: 42, bandwidthArrayBytes: 256 << 20, bandwidthPasses: 5),
        bandwidth: bandwidth, rows: rows,
        roofline: [RooflineEntry(kernel: kernel, variant: "kernel", precision: "Float", threads: 1, size: 4_194_304, bytesPerControl: 83,
                                 bandwidthGBps: 20, floorNsPerControl: 4.15, medianNsPerControl: 2, minNsPerControl: 1.9,
                                 ratioToFloor: 2 / 4.15, bestRatioToFloor: 1.9 / 4.15, exceedsCache: true)],
        notes: ["a note, with a comma"],
        cacheBandwidth: [1, 2].flatMap { t in
            [8 << 10, 32 << 10].map { BandwidthMeasurement(threads: t, arrayBytes: $0, copyRates: [90, 100], triadRates: [95, 110]) }
        })
}

/// Writes `report` as JSON into `directory/name` and returns the path.
func write(_ report: BenchReport, to directory: String, name: String) throws -> String {
    let path = directory + "/" + name
    try report.jsonData().write(to: URL(fileURLWithPath: path))
    return path
}

/// A report built from hand-made `measurements`, as a two-core test machine with a release
/// build would report it.
func testReport(
    _ measurements: [SizeMeasurement], settings: RunSettings, bandwidth: [BandwidthMeasurement] = [],
    date: String = "2026-12-01", ceilingAbsent: [String] = []
) -> BenchReport {
    ReportBuilder.build(
        measurements: measurements, bandwidth: bandwidth, settings: settings, arguments: [],
        machine: MachineInfo(cpuModel: "test", architecture: "x86_64", logicalCores: 2, activeCores: 2, simdFeatures: [],
                             caches: [:], memoryBytes: 1 << 30, operatingSystem: "test", loadAverageAtStart: 0),
        toolchain: ToolchainInfo(swiftVersion: nil, compilerVersion: "test"),
        build: BuildInfo(configuration: "release", swiftFlags: "", swiftFlagsSource: "test"), date: date,
        ceilingAbsent: ceilingAbsent)
}
