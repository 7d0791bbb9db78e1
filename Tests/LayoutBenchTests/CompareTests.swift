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
        #expect(result.out.contains("8 rows within thresholds"))
        #expect(result.out.contains("button-content"))
    }

    @Test func noiseWithinTheDefaultThresholdPasses() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        // 30% slower everywhere: 0.7 >= 0.5.
        let new = try write(sampleReport(speedupScale: ["Float": 0.7, "Double": 0.7]), to: directory, name: "new.json")
        #expect(runCLI(["compare", baseline, new]).code == ExitCode.success)
    }

    @Test func aKernelFallingBackToScalarFails() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        // Float speedups drop from 6-12x to 1-2x (a sixth): a regression in all four Float rows.
        let new = try write(sampleReport(speedupScale: ["Float": 1.0 / 6]), to: directory, name: "new.json")
        let result = runCLI(["compare", baseline, new])
        #expect(result.code == ExitCode.regression)
        #expect(result.out.contains("4 of 8 rows REGRESSED"))
        #expect(result.out.contains("REGRESSION"))
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
        let onlyLarge = runCLI(["compare", baseline, new, "--threads", "1", "--min-size", "1M"])
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
        #expect(runCLI(["compare", baseline, new]).code == ExitCode.regression)
        let byMin = runCLI(["compare", baseline, new, "--statistic", "min"])
        #expect(byMin.code == ExitCode.success)
        // Reference min 10.8 (12 * 0.9) over kernel min (12 / 6) * 0.95 for Float, 1 thread.
        #expect(byMin.out.contains(Format_ratio(10.8 / (2 * 0.95))))
        #expect(runCLI(["compare", baseline, new, "--statistic", "mean"]).code == ExitCode.usage)
    }

    @Test func aggregateJudgesAllSizesTogether() throws {
        let directory = try temporaryDirectory()
        let baseline = try write(sampleReport(), to: directory, name: "baseline.json")
        // One noisy row: the Float 1-thread kernel at 1K only, at 0.36 of its baseline speedup.
        var dip = sampleReport()
        let index = dip.rows.firstIndex { $0.variant == "kernel" && $0.precision == "Float" && $0.threads == 1 && $0.size == 1_024 }!
        dip.rows[index].speedup!.estimate *= 0.36
        let noisy = try write(dip, to: directory, name: "noisy.json")
        #expect(runCLI(["compare", baseline, noisy]).code == ExitCode.regression)
        // Over both sizes the geometric mean is sqrt(0.36 * 1) = 0.6 >= 0.5.
        let aggregated = runCLI(["compare", baseline, noisy, "--aggregate"])
        #expect(aggregated.code == ExitCode.success)
        #expect(aggregated.out.contains("0.60x"))
        #expect(aggregated.out.contains("4 groups (8 rows) within thresholds"))
        // A kernel slower at every size still fails.
        let scalar = try write(sampleReport(speedupScale: ["Float": 1.0 / 6]), to: directory, name: "scalar.json")
        let failed = runCLI(["compare", baseline, scalar, "--aggregate"])
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
        let unknown = runCLI(["compare", baseline, baseline, "--thresold", "x=0.5"])
        #expect(unknown.code == ExitCode.usage)
        #expect(unknown.err.contains("unknown option '--thresold'"))
    }
}

/// `Format.ratio` as the table prints it (two decimals below 10).
func Format_ratio(_ value: Double) -> String {
    value >= 10 ? String(format: "%.1fx", value) : String(format: "%.2fx", value)
}
