import Foundation
import LayoutBench
import Testing

/// `layout-bench compare` on crafted reports: exit codes and what the table says.
struct CompareTests {
    @Test func identicalReportsPass() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        let result = runCLI(["compare", baseline, baseline])
        #expect(result.code == ExitCode.success)
        #expect(result.out.contains("4 groups (8 rows) within thresholds"))
        #expect(result.out.contains("button-content"))
        // Same machine, toolchain, build and load: no environment warning.
        #expect(!result.out.contains("WARNING"))
    }

    /// The summary lists every group compare judged, with its verdict, whether it passes or
    /// not, so that a passing comparison shows what it checked.
    @Test func summaryListsEveryJudgedGroupWithItsVerdict() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        /// The summary's lines from its heading on, and the line of one group in it.
        func summary(_ result: CLIResult) -> [Substring] {
            let lines = result.out.split(separator: "\n")
            return Array(lines.drop { !$0.hasPrefix("compare: ") })
        }
        func groupLine(_ summary: [Substring], _ precision: String, threads: Int) -> Substring? {
            summary.first { line in
                let cells = line.split(separator: " ")
                return cells.count > 3 && cells[0] == "button-content" && cells[2] == precision && cells[3] == "\(threads)"
            }
        }
        let passing = runCLI(["compare", baseline, baseline])
        #expect(passing.code == ExitCode.success)
        let passed = summary(passing)
        #expect(passed.first == "compare: 4 groups judged (8 rows), each kernel, precision and thread count by the median of its rows' changes over the variants and sizes:", "\(passing.out)")
        #expect(passed.last == "compare: all 4 groups (8 rows) within thresholds")
        for precision in ["Float", "Double"] {
            for threads in [1, 2] {
                let line = try #require(groupLine(passed, precision, threads: threads), "\(precision) \(threads)t in \(passing.out)")
                // Both sizes, both rows, no change, its threshold and its verdict.
                #expect(line.contains("1K-4M") && line.contains("1.00x") && line.hasSuffix(threads == 1 ? "0.75  ok" : "0.50  ok"), "\(line)")
            }
        }
        // A failing comparison lists the groups that pass beside the ones that regress.
        let new = try write(sampleReport(speedupScale: ["Float": 1.0 / 6]), to: directory, name: "new.json")
        let failing = runCLI(["compare", baseline, new])
        #expect(failing.code == ExitCode.regression)
        let failed = summary(failing)
        #expect(failed.first?.hasPrefix("compare: 4 groups judged (8 rows)") == true)
        #expect(groupLine(failed, "Float", threads: 1)?.hasSuffix("REGRESSION") == true)
        #expect(groupLine(failed, "Float", threads: 2)?.hasSuffix("REGRESSION") == true)
        #expect(groupLine(failed, "Double", threads: 1)?.hasSuffix("ok") == true)
        #expect(groupLine(failed, "Double", threads: 2)?.hasSuffix("ok") == true)
        #expect(failed.contains("compare: 2 of 4 groups REGRESSED:"))
        // By variant: a group per kernel, variant, precision and thread count.
        let byVariant = summary(runCLI(["compare", baseline, baseline, "--group-by", "variant"]))
        #expect(byVariant.first?.hasPrefix("compare: 4 groups judged (8 rows), each kernel, variant, precision and thread count") == true)
    }

    @Test func aKernelFallingBackToScalarFails() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        // Float speedups drop from 6-12x to 1-2x (a sixth): a regression in all four Float rows.
        let new = try write(sampleReport(speedupScale: ["Float": 1.0 / 6]), to: directory, name: "new.json")
        let result = runCLI(["compare", baseline, new])
        #expect(result.code == ExitCode.regression)
        #expect(result.out.contains("2 of 4 groups REGRESSED"))
        #expect(result.out.contains("REGRESSION"))
        #expect(runCLI(["compare", baseline, new, "--per-row"]).out.contains("4 of 8 rows REGRESSED"))
        // A per-kernel threshold (here, looser than the drop) lets it pass...
        #expect(runCLI(["compare", baseline, new, "--threshold", "button-content=0.1"]).code == ExitCode.success)
        // ...and a precision-specific one wins over the kernel's.
        #expect(runCLI(["compare", baseline, new, "--threshold", "button-content=0.1", "--threshold", "button-content/Float=0.5"]).code == ExitCode.regression)
        // A loose Float threshold with a tight default: the unchanged Double rows pass too.
        #expect(runCLI(["compare", baseline, new, "--default-threshold", "0.9", "--threshold", "button-content/Float=0.1"]).code == ExitCode.success)
    }

    @Test func filtersSelectRows() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        let new = try write(sampleReport(speedupScale: ["Float": 0.2]), to: directory, name: "new.json")
        let onlyLarge = runCLI(["compare", baseline, new, "--threads", "1", "--min-size", "1M", "--per-row"])
        #expect(onlyLarge.code == ExitCode.regression)
        #expect(onlyLarge.out.contains("1 of 2 rows REGRESSED"))
    }

    @Test func minStatisticUsesTheFastestRepetitions() throws {
        let directory = try temporaryDirectory()
        var slowMedians = sampleReport()
        // The kernel rows' medians (and their speedups) look 4x worse, but their fastest
        // repetitions are unchanged: min-based speedups stay the baseline's.
        for index in slowMedians.rows.indices where slowMedians.rows[index].variant == "kernel" {
            slowMedians.rows[index].nsPerControl.median *= 4
            slowMedians.rows[index].speedup!.estimate /= 4
        }
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        let new = try write(slowMedians, to: directory, name: "new.json")
        #expect(runCLI(["compare", baseline, new, "--statistic", "median"]).code == ExitCode.regression)
        // min is the default.
        #expect(runCLI(["compare", baseline, new]).code == ExitCode.success)
        let byMin = runCLI(["compare", baseline, new, "--statistic", "min", "--per-row"])
        #expect(byMin.code == ExitCode.success)
        // Reference min 10.8 (12 * 0.9) over kernel min (12 / 6) * 0.95 for Float, 1 thread.
        #expect(byMin.out.contains(Format_ratio(10.8 / (2 * 0.95))))
        #expect(runCLI(["compare", baseline, new, "--statistic", "mean"]).code == ExitCode.usage)
    }

    @Test func aggregateJudgesAllSizesTogether() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        // One noisy row: the Float 1-thread kernel at 1K only, at 0.64 of its baseline speedup.
        let noisy = try write(scaled(sampleReport()) { $0.precision == "Float" && $0.threads == 1 && $0.size == 1_024 ? 0.64 : 1 },
                              to: directory, name: "noisy.json")
        #expect(runCLI(["compare", baseline, noisy, "--per-row"]).code == ExitCode.regression)
        // Over both sizes the geometric mean is sqrt(0.64 * 1) = 0.8 >= 0.75 (the default).
        let aggregated = runCLI(["compare", baseline, noisy])
        #expect(aggregated.code == ExitCode.success)
        #expect(aggregated.out.contains("0.80x"))
        // The 0.64 row is shown as below its threshold, but the group decides.
        #expect(aggregated.out.contains("below"))
        #expect(!aggregated.out.contains("REGRESSION"))
        #expect(aggregated.out.contains("4 groups (8 rows) within thresholds"))
        #expect(runCLI(["compare", baseline, noisy, "--aggregate"]).code == ExitCode.success)
        // A kernel slower at every size still fails.
        let scalar = try write(sampleReport(speedupScale: ["Float": 1.0 / 6]), to: directory, name: "scalar.json")
        let failed = runCLI(["compare", baseline, scalar])
        #expect(failed.code == ExitCode.regression)
        #expect(failed.out.contains("2 of 4 groups REGRESSED"))
    }

    @Test func tighterThresholdCatchesSmallerDrops() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        let new = try write(sampleReport(speedupScale: ["Double": 0.8]), to: directory, name: "new.json")
        #expect(runCLI(["compare", baseline, new]).code == ExitCode.success)
        #expect(runCLI(["compare", baseline, new, "--default-threshold", "0.9"]).code == ExitCode.regression)
    }

    /// Per-row changes of unchanged code within what three quick runs on the loaded 2-core
    /// machine showed (Docs/Benchmarks.md, "compare"): one-thread rows from 1K up between
    /// 0.66x and 1.5x, their groups' geometric means no lower than 0.8x; two-thread rows down
    /// to 0.55x; rows below 1K anywhere (here 0.4x).
    static func unchangedNoise(_ row: ResultRow) -> Double {
        if row.size < 1_024 { return 0.4 }
        if row.threads > 1 { return row.size == 1_024 ? 0.55 : 0.7 }
        switch (row.precision, row.size) {
        case ("Float", 1_024): return 0.66
        case ("Float", _): return 1.0
        case (_, 1_024): return 1.5
        default: return 0.8
        }
    }

    /// Two kernels, with a 64-control size too, so the defaults' size and thread rules matter.
    static func twoKernels() -> BenchReport {
        var report = sampleReport(kernel: "button-content")
        report.rows += sampleReport(kernel: "thumb-track").rows
        var small = report.rows.filter { $0.size == 1_024 }
        for index in small.indices { small[index].size = 64 }
        report.rows += small
        return report
    }

    @Test func unchangedCodeNoisePassesTheDefaults() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(Self.twoKernels(), to: directory, name: "baseline.json")
        let new = try write(scaled(Self.twoKernels(), by: Self.unchangedNoise), to: directory, name: "new.json")
        let result = runCLI(["compare", baseline, new])
        #expect(result.code == ExitCode.success)
        #expect(result.out.contains("8 groups (16 rows) within thresholds"))
        #expect(result.out.contains("8 rows below 1K controls not judged (--min-size)"))
        // Per-row verdicts, or every size judged, fail the same noise.
        #expect(runCLI(["compare", baseline, new, "--per-row"]).code == ExitCode.regression)
        #expect(runCLI(["compare", baseline, new, "--min-size", "1"]).code == ExitCode.regression)
        // Two-thread groups judged like one-thread ones fail it too.
        #expect(runCLI(["compare", baseline, new, "--multi-thread-threshold", "1"]).code == ExitCode.regression)
    }

    @Test func aKernelOneAndAHalfTimesSlowerFails() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(Self.twoKernels(), to: directory, name: "baseline.json")
        // The same noise, and thumb-track's kernels 1.5x slower at every size and thread count.
        let slower = scaled(Self.twoKernels()) { row in
            Self.unchangedNoise(row) / (row.kernel == "thumb-track" ? 1.5 : 1)
        }
        let new = try write(slower, to: directory, name: "new.json")
        let result = runCLI(["compare", baseline, new])
        #expect(result.code == ExitCode.regression)
        let verdict = result.out.components(separatedBy: "REGRESSED:\n").last ?? ""
        // Its one-thread groups (0.54x, 0.73x) and, with this much noise on top, its two-thread
        // ones (0.41x: below the 0.5 of multi-thread groups).
        #expect(result.out.contains("4 of 8 groups REGRESSED"))
        for group in ["Float 1t", "Double 1t", "Float 2t", "Double 2t"] {
            #expect(verdict.contains("thumb-track \(group)"))
        }
        #expect(!verdict.contains("button-content"))
        // Exactly 1.5x slower without noise: 0.67 < 0.75.
        let clean = try write(scaled(Self.twoKernels()) { $0.kernel == "thumb-track" ? 1 / 1.5 : 1 }, to: directory, name: "clean.json")
        let exact = runCLI(["compare", baseline, clean])
        #expect(exact.code == ExitCode.regression)
        #expect(exact.out.contains("0.67x of baseline"))
    }

    @Test func environmentDifferencesWarnAndStrictFails() throws {
        let directory = try temporaryDirectory()
        var old = sampleReport()
        old.toolchain.swiftVersion = nil
        let baseline = try write(old, to: directory, name: "baseline.json")
        var other = sampleReport()
        other.machine.cpuModel = "Other CPU"
        other.machine.simdFeatures = ["avx2", "avx512f", "sse2"]
        other.machine.caches["L2"] = 2 << 20
        other.machine.activeCores = 1
        other.toolchain.swiftVersion = "Swift version 6.4"
        other.build.swiftFlags = "-O -target-cpu native"
        other.machine.loadAverageAtStart = 3.5
        other.machine.loadAverageAtEnd = 4.25
        let new = try write(other, to: directory, name: "new.json")
        let result = runCLI(["compare", baseline, new])
        #expect(result.code == ExitCode.success)
        let warning = result.out.components(separatedBy: "\nkernel ").first ?? ""
        #expect(warning.contains("WARNING: machine, toolchain, build or conditions differ"))
        #expect(warning.contains("machine: CPU model: baseline 'Test CPU <&>', new 'Other CPU'"))
        #expect(warning.contains("machine: SIMD features: baseline avx2 sse2, new avx2 avx512f sse2 (only the new one has avx512f)"))
        #expect(warning.contains("machine: caches: baseline L1d 32 KiB, L2 1024 KiB, L3 32768 KiB, new L1d 32 KiB, L2 2048 KiB, L3 32768 KiB"))
        #expect(warning.contains("machine: cores (available / logical): baseline 2 / 2, new 1 / 2"))
        #expect(warning.contains("toolchain: Swift version: baseline unknown, new 'Swift version 6.4'"))
        #expect(warning.contains("build: Swift flags: baseline '', new '-O -target-cpu native'"))
        // A report without loadAverageAtEnd (older) still reads: "unknown".
        #expect(warning.contains("conditions: load average: baseline 0.5 at the start, unknown at the end, new 3.5 at the start, 4.25 at the end"))
        // Strict: the same output, exit 6.
        let strict = runCLI(["compare", baseline, new, "--strict-environment"])
        #expect(strict.code == ExitCode.environment)
        #expect(strict.out.contains("ENVIRONMENT DIFFERS (--strict-environment): CPU model, SIMD features, caches, cores (available / logical), Swift version, Swift flags"))
        // Load alone only warns, even when strict.
        var loaded = sampleReport()
        loaded.machine.loadAverageAtStart = 6
        let busy = try write(loaded, to: directory, name: "busy.json")
        let onlyLoad = runCLI(["compare", try write(sampleReport(), to: directory, name: "same.json"), busy, "--strict-environment"])
        #expect(onlyLoad.code == ExitCode.success)
        #expect(onlyLoad.out.contains("conditions: load average"))
        // A regression under strict mode with a different machine: the environment error wins.
        other.rows = scaled(sampleReport(), by: { _ in 0.5 }).rows
        let both = runCLI(["compare", baseline, try write(other, to: directory, name: "both.json"), "--strict-environment"])
        #expect(both.code == ExitCode.environment)
        #expect(both.out.contains("REGRESSED"))
    }

    @Test func badInputsAndUsage() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        let other = try write(sampleReport(kernel: "thumb-track"), to: directory, name: "other.json")
        let future = try write(sampleReport(schemaVersion: 99), to: directory, name: "future.json")
        // No rows in common, other schema version, missing file: input errors.
        #expect(runCLI(["compare", baseline, other]).code == ExitCode.input)
        let schema = runCLI(["compare", baseline, future])
        #expect(schema.code == ExitCode.input)
        #expect(schema.err.contains("schema version 99"))
        #expect(runCLI(["compare", baseline, directory + "/missing.json"]).code == ExitCode.input)
        // Usage errors.
        #expect(runCLI(["compare", baseline]).code == ExitCode.usage)
        #expect(runCLI(["compare", baseline, baseline, "--threshold", "button-content"]).code == ExitCode.usage)
        #expect(runCLI(["compare", baseline, baseline, "--threshold", "button-content=1.5"]).code == ExitCode.usage)
        #expect(runCLI(["compare", baseline, baseline, "--default-threshold", "0"]).code == ExitCode.usage)
        #expect(runCLI(["compare", baseline, baseline, "--multi-thread-threshold", "2"]).code == ExitCode.usage)
        #expect(runCLI(["compare", baseline, baseline, "--per-row=yes"]).code == ExitCode.usage)
        let unknown = runCLI(["compare", baseline, baseline, "--thresold", "x=0.5"])
        #expect(unknown.code == ExitCode.usage)
        #expect(unknown.err.contains("unknown option '--thresold'"))
    }
}

/// `Format.ratio` as the table prints it (two decimals below 10).
func Format_ratio(_ value: Double) -> String {
    value >= 10 ? String(format: "%.1fx", value) : String(format: "%.2fx", value)
}

/// `report` with every kernel row's speedup multiplied by `factor(row)` (its times divided by
/// it), the references unchanged: what a kernel `factor`x as fast would measure.
func scaled(_ report: BenchReport, by factor: (ResultRow) -> Double) -> BenchReport {
    var report = report
    for index in report.rows.indices where report.rows[index].variant != "reference" {
        let f = factor(report.rows[index])
        var ns = report.rows[index].nsPerControl
        (ns.median, ns.min, ns.max, ns.p90, ns.mean) = (ns.median / f, ns.min / f, ns.max / f, ns.p90 / f, ns.mean / f)
        (ns.mad, ns.standardDeviation) = (ns.mad / f, ns.standardDeviation / f)
        report.rows[index].nsPerControl = ns
        if var speedup = report.rows[index].speedup {
            (speedup.estimate, speedup.lower, speedup.upper) = (speedup.estimate * f, speedup.lower * f, speedup.upper * f)
            report.rows[index].speedup = speedup
        }
    }
    return report
}
