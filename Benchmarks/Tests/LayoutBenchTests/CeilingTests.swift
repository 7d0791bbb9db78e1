import Foundation
import LayoutBench
import LayoutCore
import Testing

/// A fake kernel with a ceiling: copies its input; the ceiling writes the kernel's output.
struct CeilingSubject: CopyingSubject {
    static var kernel: String { "ceiling-test" }
    static var hasUncheckedKernel: Bool { true }
    static var inputBytesPerControl: Int? { 4 }
    static var ceiling: CeilingSupport { .available }

    var base: CopySubject
    mutating func runUncheckedKernel(parallelism: Parallelism) { base.runUncheckedKernel(parallelism: parallelism) }
    mutating func runCeiling(checked: Bool) { base.runUncheckedKernel(parallelism: .threads(1)) }
    func checksum() -> UInt64 { base.checksum() }
}

/// A fake kernel whose ceiling writes a wrong value: the run must stop before timing it.
struct WrongCeilingSubject: CopyingSubject {
    static var kernel: String { "wrong-ceiling-test" }
    static var ceiling: CeilingSupport { .available }
    var base: CopySubject
    mutating func runCeiling(checked: Bool) {
        base.runKernel(parallelism: .threads(1))
        base.kernelOutput[0] += 1
    }
}

/// A fake kernel whose ceiling cannot run on this machine.
struct AbsentCeilingSubject: CopyingSubject {
    static var kernel: String { "absent-ceiling-test" }
    static var precision: String { "Double" }
    static var ceiling: CeilingSupport { .unavailable("this CPU has no AVX2") }
    var base: CopySubject
}

/// The ceiling rows (a hand-written port timed beside the kernels) and the "x ceiling"
/// figures in every report format. No timing is asserted.
struct CeilingTests {
    static func settings() -> RunSettings {
        RunSettings(quick: false, kernels: ["ceiling-test"], precisions: ["Float"], threads: [1, 2], sizes: [64],
                    repetitions: 3, budgetMilliseconds: 1, warmupMilliseconds: 1, seed: 1,
                    bandwidthArrayBytes: 1 << 20, bandwidthPasses: 1)
    }

    static func report(ceilingAbsent: [String] = []) -> BenchReport {
        let measurement = SizeMeasurement(
            kernel: "ceiling-test", precision: "Float", bytesPerControl: 8, inputBytesPerControl: 4, size: 64,
            variants: [
                VariantSamples(kind: .reference, threads: 1, samples: [40, 40, 40], iterations: 1),
                VariantSamples(kind: .kernel, threads: 1, samples: [6, 6, 6], iterations: 1),
                VariantSamples(kind: .kernel, threads: 2, samples: [3, 3, 3], iterations: 1, referenceSamples: [40, 40, 40]),
                VariantSamples(kind: .unchecked, threads: 1, samples: [5, 5, 5], iterations: 1),
                VariantSamples(kind: .unchecked, threads: 2, samples: [3, 3, 3], iterations: 1, referenceSamples: [40, 40, 40]),
                VariantSamples(kind: .ceiling, threads: 1, samples: [4, 4, 4], iterations: 1),
                VariantSamples(kind: .ceilingUnchecked, threads: 1, samples: [2, 2, 2], iterations: 1),
            ])
        return testReport([measurement], settings: settings(), date: "2026-12-02", ceilingAbsent: ceilingAbsent)
    }

    @Test func kernelRowsAreTimedAgainstTheCeilingOfTheirKind() throws {
        let report = Self.report()
        func row(_ variant: String, _ threads: Int) throws -> ResultRow {
            try #require(report.rows.first { $0.variant == variant && $0.threads == threads })
        }
        // Checked against `ceiling`, unchecked against `ceiling-unchecked`, one thread only.
        #expect(try row("kernel", 1).ceilingNsPerControl == 4)
        #expect(try row("kernel", 1).ratioToCeiling == 1.5)
        #expect(try row("kernel-unchecked", 1).ceilingNsPerControl == 2)
        #expect(try row("kernel-unchecked", 1).ratioToCeiling == 2.5)
        #expect(try row("kernel", 2).ratioToCeiling == nil)
        #expect(try row("ceiling", 1).ratioToCeiling == nil)
        #expect(try row("ceiling", 1).speedup?.estimate == 10)
        // The checked ceiling reads its inputs twice, like the checked kernel.
        #expect(try row("ceiling", 1).bytesPerControl == 12)
        #expect(try row("ceiling-unchecked", 1).bytesPerControl == 8)
        #expect(report.notes.contains { $0.contains("x ceiling") })
        #expect(report.ceilingAbsent == nil)
    }

    @Test func jsonAndCSVCarryTheCeilingFields() throws {
        let report = Self.report()
        let json = String(decoding: try report.jsonData(), as: UTF8.self)
        #expect(json.contains("\"ratioToCeiling\""))
        #expect(json.contains("\"ceilingNsPerControl\""))
        #expect(json.contains("\"ceiling-unchecked\""))
        #expect(try BenchReport.decode(report.jsonData()) == report)

        let csv = ReportIO.csv(report.rows)
        let header = try #require(csv.split(separator: "\n").first)
        #expect(header.hasSuffix("ceilingNs,ratioToCeiling,scenario,medianLowNs,medianHighNs"))
        #expect(try ReportIO.rows(csv: csv) == report.rows)
    }

    @Test func tablesAndChartsShowTheCeiling() {
        let report = Self.report()
        let terminal = ReportWriter.terminal(report)
        #expect(terminal.contains("x ceil"))
        #expect(terminal.contains("1.50x / 2.50x"))
        #expect(terminal.contains("ceiling-unchecked"))
        for line in terminal.split(separator: "\n") { #expect(line.count <= TextTable.terminalWidth) }
        let headline = ReportWriter.headline(report).markdown()
        #expect(headline.contains("x ceiling 64, 1 thread (checked / unchecked)"))
        #expect(headline.contains("1.50x / 2.50x"))
        #expect(ReportWriter.table(report).markdown().contains("x ceiling 1t"))
        let chart = ReportWriter.nsChart(report, kernel: "ceiling-test", precision: "Float").render()
        #expect(chart.contains("ceiling (C AVX2), 1 thread"))
        #expect(chart.contains("unchecked ceiling (C AVX2), 1 thread"))
    }

    @Test func aReportWithoutTheCeilingSaysSo() {
        var report = Self.report(ceilingAbsent: ["ceiling-test Float: this CPU has no AVX2"])
        report.rows.removeAll { VariantKind.isCeiling($0.variant) }
        #expect(report.ceilingAbsent == ["ceiling-test Float: this CPU has no AVX2"])
        #expect(report.notes.contains("No ceiling rows for ceiling-test Float: this CPU has no AVX2."))
        #expect(ReportWriter.terminal(report).contains("No ceiling rows for ceiling-test Float: this CPU has no AVX2."))
        #expect(ReportWriter.readme(report, native: nil).contains("No ceiling rows for ceiling-test Float: this CPU has no AVX2."))
    }

    @Test func compareLeavesCeilingRowsOut() {
        let report = Self.report()
        var options = CompareOptions()
        options.minSize = 0
        let result = Comparison.compare(baseline: report, new: report, options: options)
        #expect(!result.lines.isEmpty)
        #expect(result.lines.allSatisfy { !VariantKind.isCeiling($0.key.variant) })
    }

    @Test func theRunTimesAndChecksTheCeiling() throws {
        let directory = try temporaryDirectory()
        let result = runCLI(["run"] + RunTests.fast + ["--output", directory, "--threads", "1"],
                            subjects: [CeilingSubject.self, AbsentCeilingSubject.self])
        #expect(result.code == 0, "\(result.err)")
        let report = try BenchReport.read(path: directory + "/latest.json")
        #expect(report.rows.contains { $0.kernel == "ceiling-test" && $0.variant == "ceiling" })
        #expect(report.rows.contains { $0.kernel == "ceiling-test" && $0.variant == "ceiling-unchecked" })
        #expect(report.rows.contains { $0.kernel == "ceiling-test" && $0.variant == "kernel" && $0.ratioToCeiling != nil })
        #expect(!report.rows.contains { $0.kernel == "absent-ceiling-test" && VariantKind.isCeiling($0.variant) })
        #expect(report.ceilingAbsent == ["absent-ceiling-test Double: this CPU has no AVX2"])

        let wrong = runCLI(["run"] + RunTests.fast + ["--output", directory, "--threads", "1"], subjects: [WrongCeilingSubject.self])
        #expect(wrong.code != 0)
        #expect(wrong.err.contains("ceiling"))
    }
}
