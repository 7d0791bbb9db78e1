import Foundation
import LayoutBench
import LayoutCore
import Testing

/// A fake kernel with a checked reference (the single-control call): `CopySubject`, whose
/// checked reference copies the input into an output of its own, which `verify()` checks
/// when it ran last. `wrongAt` puts a wrong element in that output.
protocol CheckedCopying: LayoutBenchSubject {
    var base: CopySubject { get set }
    var checkedOutput: [Float] { get set }
    var checkedRanLast: Bool { get set }
    init(base: CopySubject, checkedOutput: [Float])
    /// The element the checked reference gets wrong, if any.
    static var wrongAt: Int? { get }
}

extension CheckedCopying {
    static var precision: String { "Float" }
    static var bytesPerControl: Int { 8 }
    static var hasUncheckedKernel: Bool { true }
    static var hasCheckedReference: Bool { true }
    static var inputBytesPerControl: Int? { 4 }
    static var wrongAt: Int? { nil }

    init(count: Int, seed: UInt64) {
        self.init(base: CopySubject(count: count, seed: seed), checkedOutput: Array(repeating: 0, count: count))
    }
    mutating func runReference() { base.runReference() }
    mutating func runCheckedReference() {
        checkedRanLast = true
        for i in base.input.indices { checkedOutput[i] = base.input[i] }
        if let wrong = Self.wrongAt, wrong < checkedOutput.count { checkedOutput[wrong] += 1 }
    }
    mutating func runKernel(parallelism: Parallelism) {
        checkedRanLast = false
        base.runKernel(parallelism: parallelism)
    }
    mutating func runUncheckedKernel(parallelism: Parallelism) {
        checkedRanLast = false
        base.runUncheckedKernel(parallelism: parallelism)
    }
    func verify() throws {
        guard checkedRanLast else { return try base.verify() }
        if checkedOutput != base.referenceOutput { throw VerificationFailure(description: "checked copy differs") }
    }
    func checksum() -> UInt64 { outputChecksum(reference: true) ^ outputChecksum(reference: false) }
    func outputChecksum(reference: Bool) -> UInt64 {
        let output = reference ? base.referenceOutput : (checkedRanLast ? checkedOutput : base.kernelOutput)
        return output.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1.bitPattern)) &* 0x100_0000_01b3 }
    }
}

struct CheckedCopySubject: CheckedCopying {
    static var kernel: String { "checked-copy-test" }
    var base: CopySubject
    var checkedOutput: [Float]
    var checkedRanLast = false
    init(base: CopySubject, checkedOutput: [Float]) { (self.base, self.checkedOutput) = (base, checkedOutput) }
}

struct WrongCheckedSubject: CheckedCopying {
    static var kernel: String { "wrong-checked-test" }
    static var wrongAt: Int? { 5 }
    var base: CopySubject
    var checkedOutput: [Float]
    var checkedRanLast = false
    init(base: CopySubject, checkedOutput: [Float]) { (self.base, self.checkedOutput) = (base, checkedOutput) }
}

/// `sampleReport()` with a `reference-checked` row beside each reference row: `factor` times
/// its time (its speedup 1 / `factor`, exact), `checkedFactor[precision]` instead where given.
func sampleReportWithCheckedReference(factor: Double = 3, checkedFactor: [String: Double] = [:]) -> BenchReport {
    var report = sampleReport()
    var rows: [ResultRow] = []
    for row in report.rows {
        rows.append(row)
        guard row.variant == "reference" else { continue }
        let f = checkedFactor[row.precision] ?? factor
        let ns = row.nsPerControl.median * f
        rows.append(ResultRow(
            kernel: row.kernel, variant: "reference-checked", precision: row.precision, threads: 1, size: row.size,
            iterations: 100, repetitions: 5, nsPerControl: SampleSummary([ns, ns * 1.1, ns * 0.9, ns, ns]),
            speedup: Interval(estimate: 1 / f, lower: 0.9 / f, upper: 1.1 / f, level: 0.95),
            bytesPerControl: 83, floorNsPerControl: nil, ratioToFloor: nil))
    }
    report.rows = rows
    return report
}

/// The checked single-control call (`reference-checked`): measured by `run`, the frame loop
/// and `profile`, reported beside the reference with its ratio table, judged by `compare`.
struct CheckedReferenceTests {
    /// A report built from one subject's hand-made samples at `sizes`: the reference at 10 ns,
    /// the checked reference at 30 ns, the kernel at 2 ns per control.
    func builtReport(sizes: [Int]) -> BenchReport {
        let measurements = sizes.map { size in
            SizeMeasurement(
                kernel: "table-test", precision: "Double", bytesPerControl: 8, inputBytesPerControl: 4, size: size,
                variants: [
                    VariantSamples(kind: .reference, threads: 1, samples: [10, 10, 10], iterations: 1),
                    VariantSamples(kind: .referenceChecked, threads: 1, samples: [30, 30, 30], iterations: 1),
                    VariantSamples(kind: .kernel, threads: 1, samples: [2, 2, 2], iterations: 1),
                ])
        }
        return testReport(
            measurements,
            settings: RunSettings(quick: false, kernels: ["table-test"], precisions: ["Double"], threads: [1], sizes: sizes,
                                  repetitions: 3, budgetMilliseconds: 1, warmupMilliseconds: 1, seed: 1,
                                  bandwidthArrayBytes: 1 << 20, bandwidthPasses: 1),
            bandwidth: [BandwidthMeasurement(threads: 1, arrayBytes: 1 << 20, copyRates: [10], triadRates: [10])])
    }

    @Test func runReportsTheCheckedReferenceBesideTheReference() throws {
        let directory = try temporaryDirectory()
        let result = runCLI(["run", "--output", directory, "--threads", "1,2"] + RunTests.fast
                            + ["--frame-sizes", "8,16", "--frame-budget-ms", "0.2"], subjects: [CheckedCopySubject.self])
        #expect(result.code == ExitCode.success, "\(result.err)")
        let report = try BenchReport.read(path: directory + "/latest.json")
        // One row per size, one thread, with its speedup over the reference and no floor.
        let checked = report.rows.filter { $0.variant == "reference-checked" }
        #expect(checked.map(\.size) == [16, 64] && checked.allSatisfy { $0.threads == 1 && $0.repetitions == 3 })
        #expect(checked.allSatisfy { $0.speedup != nil && $0.floorNsPerControl == nil && $0.ratioToFloor == nil })
        #expect(checked.allSatisfy { $0.bytesPerControl == 8 })
        #expect(!report.roofline.contains { $0.variant == "reference-checked" })
        #expect(report.notes.contains { $0.hasPrefix("`reference-checked` rows time the call an app makes") })
        // The frame loop times it too; it gets a fit, and no crossover (it is no kernel).
        let frames = try #require(report.frameRows)
        #expect(Set(frames.map(\.variant)) == ["reference", "reference-checked", "kernel", "kernel-unchecked"])
        #expect(report.frameFits?.contains { $0.variant == "reference-checked" } == true)
        #expect(!FrameAnalysis.crossovers(frames).contains { $0.variant == "reference-checked" })
        // The CSV holds the same rows.
        let csv = try ReportIO.rows(csv: String(contentsOfFile: directory + "/latest.csv", encoding: .utf8))
        #expect(csv.filter { $0.variant == "reference-checked" } == checked + frames.filter { $0.variant == "reference-checked" })
        // The README: every size, the frame loop and the ratio table at the size nearest 1K (64).
        let readme = try String(contentsOfFile: directory + "/README.md", encoding: .utf8)
        #expect(readme.contains("## Checked single-control call"))
        #expect(readme.contains("| checked-copy-test | Float | 64 | reference-checked |"), "\(readme)")
        #expect(readme.contains("checked ref ns/frame"))
        let section = try #require(readme.components(separatedBy: "## Checked single-control call").last?.components(separatedBy: "\n## ").first)
        #expect(section.contains("| checked-copy-test | Float | 64 | "), "\(section)")
        // The terminal shows the rows in the one-thread table, and the ratio table.
        #expect(result.out.contains("Checked single-control call against the reference alone, N=64"))
        #expect(result.out.split(separator: "\n").contains { $0.contains(" 64 ") && $0.contains("reference-checked") })
        #expect(result.out.split(separator: "\n").allSatisfy { $0.count <= TextTable.terminalWidth })
        // The chart of ns per control has its series.
        let chart = try String(contentsOfFile: directory + "/checked-copy-test-float-ns.svg", encoding: .utf8)
        #expect(chart.contains("checked single-control call"))
    }

    @Test func aWrongCheckedReferenceStopsTheRun() throws {
        let directory = try temporaryDirectory()
        let result = runCLI(["run", "--output", directory] + RunTests.fast, subjects: [WrongCheckedSubject.self])
        #expect(result.code == ExitCode.verification)
        #expect(result.err.contains("wrong-checked-test") && result.err.contains("reference-checked"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/latest.json"))
        let frame = runCLI(["frame", "--sizes", "8", "--repetitions", "2", "--budget-ms", "0.1"], subjects: [WrongCheckedSubject.self])
        #expect(frame.code == ExitCode.verification && frame.err.contains("reference-checked"), "\(frame.err)")
    }

    @Test func tableGivesCheckedOverUncheckedAtTheSizeNearest1K() throws {
        let report = builtReport(sizes: [1_024, 4_096])
        let row = try #require(report.rows.first { $0.variant == "reference-checked" && $0.size == 1_024 })
        #expect(row.speedup?.estimate == 1.0 / 3)
        let table = ReportWriter.checkedCallTable(report)
        #expect(table.rows == [["table-test", "Double", "1K", "30.0", "10.0", "3.00x [3.00, 3.00]"]])
        // No 1K: the size nearest to it on a log scale (256 is 2 steps away, 16K 4).
        #expect(ReportWriter.checkedCallTable(builtReport(sizes: [256, 16_384])).rows.map { $0[2] } == ["256"])
        let readme = ReportWriter.readme(report, native: nil)
        #expect(readme.contains("at N=1K, timed in the same interleaved"))
        #expect(readme.contains("| table-test | Double | 1K | 30.0 | 10.0 | 3.00x [3.00, 3.00] |"))
        // The checked reference is one of the one-thread rows of "All sizes".
        #expect(readme.contains("| table-test | Double | 4K | reference-checked | 10.0 | 30.0 | 0.33x [0.33, 0.33] |"), "\(readme)")
    }

    @Test func reportsWithoutTheCheckedReferenceRenderWithoutItsTable() throws {
        for report in [sampleReport(), try BenchReport.read(path: committedBaselinePath)] {
            #expect(ReportWriter.checkedCallTable(report).rows.isEmpty)
            #expect(!ReportWriter.readme(report, native: nil).contains("Checked single-control call"))
            #expect(!ReportWriter.terminal(report).contains("Checked single-control call"))
        }
    }

    @Test func profileRunsTheCheckedReference() throws {
        func profile(_ engine: String) -> CLIResult {
            runCLI(["profile", "--kernel", "checked-copy-test", "--engine", engine, "--size", "100", "--iterations", "2"],
                   subjects: [CheckedCopySubject.self, CountingSubject.self])
        }
        let checked = profile("reference-checked")
        #expect(checked.code == ExitCode.success, "\(checked.err)")
        #expect(checked.out.hasPrefix("checked-copy-test Float reference-checked: 2 iterations of 100 controls"))
        // Equal outputs, equal checksums.
        let reference = profile("reference")
        #expect(checked.out.suffix(17) == reference.out.suffix(17), "\(checked.out) \(reference.out)")
        // A subject without a checked reference refuses it.
        let refused = runCLI(["profile", "--kernel", "count-test", "--precision", "double", "--engine", "reference-checked"],
                             subjects: [CountingSubject.self])
        #expect(refused.code == ExitCode.usage && refused.err.contains("has no checked reference"))
    }

    @Test func thePlanCountsTheCheckedReference() {
        var options = RunOptions()
        options.sizes = [16]
        options.frameSizes = [8]
        let plain = RunPlan(options: options, subjects: [CopySubject.self], threads: [1])
        let checked = RunPlan(options: options, subjects: [CheckedCopySubject.self], threads: [1])
        // One more variant per batch step; a fourth engine per frame step (20 + 15 x 20 ms).
        #expect(checked.steps[0] > plain.steps[0] + 15 * 40)
        #expect(checked.steps[1] == plain.steps[1] + 320)
    }

    @Test func compareReadsOldReportsAndJudgesTheCheckedReferenceApart() throws {
        let directory = try temporaryDirectory()
        let old = try write(sampleReport(), to: directory, name: "old.json")
        let base = try write(sampleReportWithCheckedReference(), to: directory, name: "base.json")
        // A report without the rows against one with them, both ways: listed, not judged.
        let forward = Comparison.compare(baseline: sampleReport(), new: sampleReportWithCheckedReference(), options: CompareOptions())
        #expect(forward.missingInBaseline.filter { $0.variant == "reference-checked" }.count == 4)
        #expect(forward.lines.allSatisfy { $0.key.variant == "kernel" } && forward.groups.count == 4)
        #expect(runCLI(["compare", old, base]).code == ExitCode.success)
        #expect(runCLI(["compare", base, old]).code == ExitCode.success)
        // Both with them: a group of their own per precision, beside the kernels' four.
        let same = Comparison.compare(baseline: sampleReportWithCheckedReference(), new: sampleReportWithCheckedReference(),
                                      options: CompareOptions())
        #expect(same.groups.count == 6 && same.groupRegressions.isEmpty)
        #expect(same.groups.filter { $0.variant == "reference-checked" }.map(\.description)
                == ["button-content Float reference-checked 1t", "button-content Double reference-checked 1t"]
                || same.groups.filter { $0.variant == "reference-checked" }.map(\.description)
                == ["button-content Double reference-checked 1t", "button-content Float reference-checked 1t"])
        // A Float checked call 1.5x slower against its reference fails its group only.
        let slower = sampleReportWithCheckedReference(checkedFactor: ["Float": 4.5])
        let compared = Comparison.compare(baseline: sampleReportWithCheckedReference(), new: slower, options: CompareOptions())
        #expect(compared.groupRegressions.map(\.description) == ["button-content Float reference-checked 1t"])
        let cli = runCLI(["compare", base, try write(slower, to: directory, name: "slower.json")])
        #expect(cli.code == ExitCode.regression)
        #expect(cli.out.contains("button-content Float reference-checked 1t: speedups at 0.67x"), "\(cli.out)")
        #expect(cli.out.contains("change (median)"))
        // By variant: the same groups, by the geometric mean.
        var byVariant = CompareOptions()
        byVariant.grouping = .variant
        let variantGroups = Comparison.compare(baseline: sampleReportWithCheckedReference(), new: slower, options: byVariant)
        #expect(variantGroups.groupRegressions.map(\.description) == ["button-content Float reference-checked 1t"])
        #expect(Comparison.groupTable(variantGroups).header.contains("change (geomean)"))
    }
}
