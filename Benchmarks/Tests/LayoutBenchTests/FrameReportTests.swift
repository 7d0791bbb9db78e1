import Foundation
import LayoutBench
import Testing

/// Frame-loop measurements whose every sample lies on a line: engine `e` of kernel `kernel`
/// takes `fixed[e] + perControl[e] x N` ns per frame, times `1 + jitter` for the sample's
/// index (the same jitter for every engine, so speedups are exact).
func frameMeasurements(kernel: String = "button-content", precisions: [String] = ["Float", "Double"],
                       sizes: [Int] = [8, 16, 32, 64, 256],
                       fixed: [Double] = [0, 300, 150], perControl: [Double] = [40, 4, 3],
                       speedupScale: [String: [Int: Double]] = [:],
                       jitter: [Double] = [0, 0.02, -0.01, 0.03, -0.02]) -> [SizeMeasurement] {
    let kinds: [VariantKind] = [.reference, .kernel, .unchecked]
    var measurements: [SizeMeasurement] = []
    for precision in precisions {
        for size in sizes {
            let variants = kinds.indices.map { e -> VariantSamples in
                var frame = fixed[e] + perControl[e] * Double(size)
                // A kernel made slower by `speedupScale` (its speedup divided by the scale).
                if e > 0, let scale = speedupScale[precision]?[size] { frame /= scale }
                return VariantSamples(kind: kinds[e], threads: 1,
                                      samples: jitter.map { frame * (1 + $0) / Double(size) }, iterations: 100)
            }
            measurements.append(SizeMeasurement(kernel: kernel, precision: precision, bytesPerControl: 80,
                                                 inputBytesPerControl: 40, size: size, variants: variants))
        }
    }
    return measurements
}

/// `sampleReport()` with a frame loop (`frameMeasurements`): its rows and fits as
/// `ReportBuilder` makes them.
func sampleReportWithFrames(kernel: String = "button-content", speedupScale: [String: [Int: Double]] = [:],
                            flags: String = "") -> BenchReport {
    var report = sampleReport(kernel: kernel)
    report.build.swiftFlags = flags
    report.settings.frame = FrameSettings(sizes: [8, 16, 32, 64, 256], changes: 2, repetitions: 5, budgetMilliseconds: 20, warmupMilliseconds: 20)
    let frames = frameMeasurements(kernel: kernel, speedupScale: speedupScale)
    report.frameRows = ReportBuilder.frameRows(frames)
    report.frameFits = FrameAnalysis.fits(frames)
    return report
}

/// A report without a frame loop, as reports written before the frame loop joined `run` are
/// (a fixture, so that the test does not follow Reports/benchmarks/baseline.json, which is
/// regenerated with the machine CI runs on).
let committedBaselinePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/report-before-frame-loop.json").standardized.path

struct FrameReportTests {
    @Test func leastSquaresRecoversALine() {
        let line = Statistics.leastSquares(x: [8, 16, 32, 64, 256], y: [8, 16, 32, 64, 256].map { 120 + 2.5 * $0 })
        #expect(abs(line.intercept - 120) < 1e-9)
        #expect(abs(line.slope - 2.5) < 1e-12)
        // Points off the line: the least-squares answer worked by hand. x = 0, 1, 2, 3;
        // y = 1, 3, 2, 6: mean x 1.5, mean y 3; sxy = 1.5*2 + 0.5*0 + 0.5*(-1) + 1.5*3 = 7,
        // sxx = 5; slope 1.4, intercept 3 - 1.4 * 1.5 = 0.9.
        let fit = Statistics.leastSquares(x: [0, 1, 2, 3], y: [1, 3, 2, 6])
        #expect(abs(fit.slope - 1.4) < 1e-12 && abs(fit.intercept - 0.9) < 1e-12)
    }

    @Test func medianLineAndMedianIntervals() {
        // Samples exactly on the line: every resample fits the same line.
        let x: [Double] = [8, 16, 64]
        let exact = Statistics.medianLine(x: x, samples: x.map { [300 + 4 * $0, 300 + 4 * $0] })
        #expect(abs(exact.intercept.estimate - 300) < 1e-9 && abs(exact.intercept.lower - 300) < 1e-9 && abs(exact.intercept.upper - 300) < 1e-9)
        #expect(abs(exact.slope.estimate - 4) < 1e-12)
        // Noisy samples: the interval holds the estimate, is not a point, and repeats.
        let noisy = x.map { n in [0.9, 1.0, 1.05, 1.2, 0.97].map { (300 + 4 * n) * $0 } }
        let fit = Statistics.medianLine(x: x, samples: noisy)
        #expect(fit.intercept.lower < fit.intercept.estimate && fit.intercept.estimate < fit.intercept.upper)
        #expect(fit.slope.lower < fit.slope.upper)
        #expect(Statistics.medianLine(x: x, samples: noisy) == fit)
        // The median's interval: within the samples' range, around the median.
        let samples: [Double] = [10, 11, 12, 13, 30]
        let interval = Statistics.medianInterval(samples)
        #expect(interval.estimate == 12)
        #expect(interval.lower >= 10 && interval.lower <= 12 && interval.upper >= 12 && interval.upper <= 30)
        #expect(Statistics.medianInterval([5, 5, 5]) == Interval(estimate: 5, lower: 5, upper: 5, level: 0.95))
    }

    @Test func fitsRecoverTheFixedCostPerCall() throws {
        let fits = FrameAnalysis.fits(frameMeasurements(fixed: [10, 300, 150], perControl: [40, 4, 3]))
        #expect(fits.count == 6)  // 2 precisions x 3 engines
        for (variant, fixed, slope) in [("reference", 10.0, 40.0), ("kernel", 300.0, 4.0), ("kernel-unchecked", 150.0, 3.0)] {
            let fit = try #require(fits.first { $0.variant == variant && $0.precision == "Double" })
            // The jitter scales every size's median alike (the median sample's jitter is 0).
            #expect(abs(fit.fixedNsPerFrame.estimate - fixed) < 1e-6, "\(variant): \(fit.fixedNsPerFrame)")
            #expect(abs(fit.nsPerControl.estimate - slope) < 1e-9, "\(variant): \(fit.nsPerControl)")
            #expect(fit.fixedNsPerFrame.lower <= fixed && fixed <= fit.fixedNsPerFrame.upper)
            #expect(fit.sizes == [8, 16, 32, 64, 256])
        }
        // One size: no line to fit.
        #expect(FrameAnalysis.fits(frameMeasurements(sizes: [16])).isEmpty)
    }

    /// Rows of one kernel variant whose speedup intervals have these lower bounds.
    func series(_ lowers: [Double], sizes: [Int] = [8, 16, 32, 64, 256]) -> [ResultRow] {
        zip(sizes, lowers).map { size, lower in
            ResultRow(kernel: "k", variant: "kernel", precision: "Float", threads: 1, size: size, iterations: 1, repetitions: 5,
                      nsPerControl: SampleSummary([1]), speedup: Interval(estimate: lower + 0.2, lower: lower, upper: lower + 0.4, level: 0.95),
                      bytesPerControl: 8, floorNsPerControl: nil, ratioToFloor: nil, scenario: "frame")
        }
    }

    @Test func crossoverIsTheSmallestSizeFromWhichTheIntervalStaysAbove1() throws {
        func crossover(_ lowers: [Double]) throws -> FrameCrossover { try #require(FrameAnalysis.crossovers(series(lowers)).first) }
        let always = try crossover([1.1, 1.5, 2, 3, 4])
        #expect(always.from == 8 && always.firstAbove == 8 && always.text == "from N=8")
        // Above 1 at 16, not at 32, above again from 64.
        let dip = try crossover([0.8, 1.1, 0.99, 1.2, 1.3])
        #expect(dip.from == 64 && dip.firstAbove == 16 && dip.text == "from N=64 (also at N=16)")
        // An interval that touches 1 (lower bound exactly 1) does not lie above it.
        let touching = try crossover([0.5, 0.9, 1.0, 1.01, 2])
        #expect(touching.from == 64)
        let lost = try crossover([0.8, 1.1, 1.2, 1.3, 0.95])
        #expect(lost.from == nil && lost.firstAbove == 16 && lost.text == "from N=16, but not at the largest size (256)")
        let never = try crossover([0.5, 0.6, 0.7, 0.8, 0.9])
        #expect(never.from == nil && never.firstAbove == nil && never.text == "at no size up to 256")
        // Order of the rows does not matter; the reference (no speedup) has no crossover.
        #expect(FrameAnalysis.crossovers(series([0.8, 1.1, 0.99, 1.2, 1.3]).reversed()).first?.from == 64)
        var reference = series([1])[0]
        reference.variant = "reference"
        reference.speedup = nil
        #expect(FrameAnalysis.crossovers([reference]).isEmpty)
    }

    @Test func builderMakesFrameRowsWithIntervalsAndPairedSpeedups() throws {
        let base = sampleReport()
        var settings = base.settings
        settings.frame = FrameSettings(sizes: [8, 16, 32, 64, 256], changes: 2, repetitions: 5, budgetMilliseconds: 20, warmupMilliseconds: 20)
        let batch = [SizeMeasurement(kernel: "button-content", precision: "Float", bytesPerControl: 83, inputBytesPerControl: nil, size: 1_024,
                                     variants: [VariantSamples(kind: .reference, threads: 1, samples: [12, 13], iterations: 1),
                                                VariantSamples(kind: .kernel, threads: 1, samples: [3, 3.1], iterations: 1)])]
        let report = ReportBuilder.build(
            measurements: batch, bandwidth: base.bandwidth, settings: settings, arguments: ["run"], machine: base.machine,
            toolchain: base.toolchain, build: base.build, date: base.date, frames: frameMeasurements())
        #expect(report.notes.contains { $0.hasPrefix("Frame loop rows") })
        let rows = try #require(report.frameRows)
        #expect(rows == ReportBuilder.frameRows(frameMeasurements()))
        #expect(rows.count == 2 * 5 * 3)
        #expect(rows.allSatisfy { $0.scenario == "frame" && $0.isFrame && $0.threads == 1 && $0.floorNsPerControl == nil })
        #expect(rows.allSatisfy { row in row.medianInterval.map { $0.lower <= row.nsPerControl.median && row.nsPerControl.median <= $0.upper } ?? false })
        // Reference 40 ns per control, kernel 300 + 4 N per frame: at N = 8, 320 / 332.
        let kernel8 = try #require(rows.first { $0.variant == "kernel" && $0.size == 8 && $0.precision == "Float" })
        #expect(abs(kernel8.speedup!.estimate - 320.0 / 332) < 1e-9)
        #expect(rows.filter { $0.variant == "reference" }.allSatisfy { $0.speedup == nil })
        #expect(report.frameFits?.count == 6)
        // The batch rows are untouched: no scenario.
        #expect(report.rows.allSatisfy { $0.scenario == nil && $0.medianInterval == nil })
    }

    @Test func jsonAndCSVRoundTripWithFrameRows() throws {
        let report = sampleReportWithFrames()
        let decoded = try BenchReport.decode(try report.jsonData())
        #expect(decoded == report)
        #expect(decoded.frameRows?.count == 30 && decoded.settings.frame?.sizes == [8, 16, 32, 64, 256])
        let csvRows = try ReportIO.rows(csv: ReportIO.csv(report))
        #expect(csvRows == report.rows + report.frameRows!)
        #expect(csvRows.filter(\.isFrame).count == 30)
    }

    @Test func oldReportsWithoutFrameRowsStillReadAndRender() throws {
        let old = try BenchReport.read(path: committedBaselinePath)
        #expect(old.frameRows == nil && old.frameFits == nil && old.settings.frame == nil)
        let directory = try temporaryDirectory()
        let copy = try write(old, to: directory, name: "latest.json")
        let result = runCLI(["render", copy])
        #expect(result.code == ExitCode.success, "\(result.err)")
        let readme = try String(contentsOfFile: directory + "/README.md", encoding: .utf8)
        #expect(readme.contains("## Headline") && !readme.contains("frame loop"))
        #expect(try BenchReport.read(path: copy) == old)
    }

    @Test func renderWritesTheFrameSectionWithInstructionIntercepts() throws {
        let report = sampleReportWithFrames()
        let intercepts = [InstructionIntercept(kernel: "button-content", engine: "kernel", precision: "float", perCall: 343.6)]
        let readme = ReportWriter.readme(report, native: nil, intercepts: intercepts)
        #expect(readme.contains("## Small batches: the frame loop"))
        // The crossover table: the reference takes 40 ns per control, the kernel 300 + 4 N ns
        // per frame, so it beats the reference from N = 16 (640 against 364 ns).
        #expect(readme.contains("| button-content | Float | from N=16 | from N=8 |"), "\(readme)")
        // Fixed cost: the intercept beside the instruction gate's, "-" where the gate has none.
        let fixedLine = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| button-content | Float | kernel |") })
        #expect(fixedLine.contains("| 300 [") && fixedLine.hasSuffix("| 343.6 |"))
        let unchecked = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| button-content | Double | kernel-unchecked |") })
        #expect(unchecked.contains("| 150 [") && unchecked.hasSuffix("| - |"))
        // Without the gate's baseline, the README says where the instruction counts are.
        let without = ReportWriter.readme(report, native: nil, intercepts: nil)
        #expect(without.contains("Benchmarks/instruction-baseline.json") && !without.contains("fixed instructions per call"))
        // The terminal shows the frame loop too.
        let terminal = ReportWriter.terminal(report)
        #expect(terminal.contains("Frame loop:") && terminal.contains("Fixed cost per call (frame loop)"))
        #expect(terminal.split(separator: "\n").allSatisfy { $0.count <= TextTable.terminalWidth })
    }

    @Test func frameTargetsAreJudgedForTheKernelsTheyName() throws {
        func met(_ report: BenchReport, _ target: String) -> String? {
            let line = ReportWriter.readme(report, native: nil).split(separator: "\n").first { $0.hasPrefix("| \(target)") }
            return line.map { String($0.split(separator: "|").last!.trimmingCharacters(in: .whitespaces)) }
        }
        // Reference 40 N ns per frame, kernel 300 + 4 N: 320 / 332 = 0.96x at 8 (scaled by
        // 1.6 / 0.96 to 1.6x, above 1.5x), 640 / 364 = 1.76x at 16.
        let float8 = 1.6 / (320.0 / 332)
        let report = sampleReportWithFrames(kernel: "slider", speedupScale: ["Float": [8: float8, 16: 2.9 / (640.0 / 364)],
                                                                              "Double": [8: 1.1 / (320.0 / 332), 16: 2.1 / (640.0 / 364)]])
        #expect(met(report, "slider: Float kernel >= 1.50x the Float reference in the frame loop at N=8") == "yes")
        #expect(met(report, "slider: Float kernel >= 3.00x the Float reference in the frame loop at N=16") == "**no**")
        #expect(met(report, "slider: Double kernel >= 1.20x the Double reference in the frame loop at N=8") == "**no**")
        #expect(met(report, "slider: Double kernel >= 2.00x the Double reference in the frame loop at N=16") == "yes")
        // Each report's own kernel, where the target names it.
        let thumb = sampleReportWithFrames(kernel: "thumb-track")
        #expect(met(thumb, "thumb-track: Float kernel >= 1.50x the Float reference in the frame loop at N=8") == "**no**")
        #expect(met(thumb, "thumb-track: Double kernel >= 1.20x the Double reference in the frame loop at N=8") != nil)
        // Targets the default build cannot reach are not in force: no row for the thumb track
        // at 16 controls in either precision, nor for the button content's Double at 16.
        let thumbReadme = ReportWriter.readme(thumb, native: nil)
        #expect(thumbReadme.contains("## Targets") && !thumbReadme.contains("frame loop at N=16"))
        let button = sampleReportWithFrames(kernel: "button-content")
        #expect(met(button, "button-content: Float kernel >= 3.00x the Float reference in the frame loop at N=16") != nil)
        #expect(met(button, "button-content: Double kernel >= 2.00x the Double reference in the frame loop at N=16") == nil)
        #expect(met(button, "button-content: Double kernel >= 1.20x the Double reference in the frame loop at N=8") != nil)
        // Other flags: shown, not judged.
        let native = sampleReportWithFrames(kernel: "slider", flags: "-target-cpu native")
        #expect(met(native, "slider: Float kernel >= 1.50x the Float reference in the frame loop at N=8") == "-")
        // No frame loop, no frame targets.
        #expect(!ReportWriter.readme(sampleReport(kernel: "slider"), native: nil).contains("frame loop at N="))
    }

    @Test func compareJudgesFrameRowsAndListsThoseOfOneSideOnly() throws {
        let directory = try temporaryDirectory()
        let old = try write(sampleReport(), to: directory, name: "old.json")
        let base = try write(sampleReportWithFrames(), to: directory, name: "base.json")
        // Against a report without frame rows: listed, not an error.
        let result = runCLI(["compare", old, base])
        #expect(result.code == ExitCode.success, "\(result.out)\(result.err)")
        #expect(result.out.contains("20 frame loop rows (N=8,16,32,64,256) only in the new report (not compared)"), "\(result.out)")
        // The committed baseline (no frame rows) against a report with them.
        let committed = Comparison.compare(baseline: try BenchReport.read(path: committedBaselinePath),
                                           new: sampleReportWithFrames(), options: CompareOptions())
        #expect(committed.lines.allSatisfy { $0.key.scenario == nil })
        #expect(committed.missingInBaseline.filter { $0.scenario == "frame" }.count == 20)
        // Two reports with frame rows: frame rows are compared whatever --min-size, in groups
        // of their own; a kernel 1.5x slower in the frame loop fails there only.
        let slower = sampleReportWithFrames(speedupScale: ["Float": Dictionary(uniqueKeysWithValues: [8, 16, 32, 64, 256].map { ($0, 1 / 1.5) })])
        let compared = Comparison.compare(baseline: sampleReportWithFrames(), new: slower, options: CompareOptions())
        #expect(compared.lines.filter { $0.key.scenario == "frame" }.count == 20)
        let regressed = compared.groupRegressions.map(\.description)
        #expect(regressed == ["button-content Float 1t (frame)"], "\(regressed)")
        let slowerPath = try write(slower, to: directory, name: "slower.json")
        let cli = runCLI(["compare", base, slowerPath])
        #expect(cli.code == ExitCode.regression)
        #expect(cli.out.contains("kernel, frame") && cli.out.contains("button-content Float 1t (frame): speedups at 0.67x"), "\(cli.out)")
    }

    @Test func runMeasuresTheFrameLoopUnlessQuick() throws {
        let directory = try temporaryDirectory()
        let result = runCLI(["run", "--output", directory] + RunTests.fast + ["--frame-sizes", "8,16", "--frame-budget-ms", "0.2"],
                            subjects: [ChangingSubject.self])
        #expect(result.code == ExitCode.success, "\(result.err)")
        let report = try BenchReport.read(path: directory + "/latest.json")
        let rows = try #require(report.frameRows)
        #expect(Set(rows.map(\.size)) == [8, 16] && Set(rows.map(\.variant)) == ["reference", "kernel", "kernel-unchecked"])
        #expect(rows.allSatisfy { $0.repetitions == 3 })
        #expect(report.settings.frame == FrameSettings(sizes: [8, 16], changes: 2, repetitions: 3, budgetMilliseconds: 0.2, warmupMilliseconds: 0.1))
        #expect(report.frameFits?.count == 3)
        let csv = try ReportIO.rows(csv: String(contentsOfFile: directory + "/latest.csv", encoding: .utf8))
        #expect(csv.filter(\.isFrame) == rows)
        // --quick and --frame-sizes none measure no frame loop.
        let options = try #require(try LayoutBenchCLI.parseRunOptions(["--quick"]))
        #expect(options.frameSizes.isEmpty)
        #expect(try LayoutBenchCLI.parseRunOptions(["--frame-sizes", "none"])?.frameSizes == [])
        #expect(try LayoutBenchCLI.parseRunOptions([])?.frameSizes == [8, 16, 32, 64, 256])
        #expect(try LayoutBenchCLI.parseRunOptions(["--frame-sizes", "16,8,16"])?.outputDirectory == RunOptions.partialOutputDirectory)
        #expect(runCLI(["run", "--frame-sizes", "0"]).code == ExitCode.usage)
        let none = try temporaryDirectory()
        #expect(runCLI(["run", "--output", none] + RunTests.fast, subjects: [ChangingSubject.self]).code == ExitCode.success)
        #expect(try BenchReport.read(path: none + "/latest.json").frameRows == nil)
    }
}
