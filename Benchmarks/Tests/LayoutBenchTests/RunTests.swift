import Foundation
import LayoutBench
import LayoutCore
import Synchronization
import Testing

/// A fake kernel: "lays out" by copying its input, so the run's plumbing can be tested fast.
struct CopySubject: LayoutBenchSubject {
    static var kernel: String { "copy-test" }
    static var precision: String { "Float" }
    static var bytesPerControl: Int { 8 }

    var input: [Float]
    var referenceOutput: [Float]
    var kernelOutput: [Float]

    init(count: Int, seed: UInt64) {
        input = (0..<count).map { Float($0 % 97) + Float(seed % 3) }
        referenceOutput = Array(repeating: 0, count: count)
        kernelOutput = Array(repeating: 0, count: count)
    }

    mutating func runReference() { for i in input.indices { referenceOutput[i] = input[i] } }
    mutating func runKernel(parallelism: Parallelism) { kernelOutput = input }

    static var hasUncheckedKernel: Bool { true }
    static var inputBytesPerControl: Int? { 4 }
    mutating func runUncheckedKernel(parallelism: Parallelism) {
        for i in input.indices { kernelOutput[i] = input[i] }
    }
    func verify() throws {
        if referenceOutput != kernelOutput { throw VerificationFailure(description: "copy differs") }
    }
    func checksum() -> UInt64 { UInt64(kernelOutput.count) }
}

/// A fake kernel that runs and checks a `CopySubject`, its `base`, except where it says
/// otherwise (the defaults below: the base's precision and size; the checksum is 0).
protocol CopyingSubject: LayoutBenchSubject {
    var base: CopySubject { get set }
    init(base: CopySubject)
}

extension CopyingSubject {
    static var precision: String { CopySubject.precision }
    static var bytesPerControl: Int { CopySubject.bytesPerControl }
    init(count: Int, seed: UInt64) { self.init(base: CopySubject(count: count, seed: seed)) }
    mutating func runReference() { base.runReference() }
    mutating func runKernel(parallelism: Parallelism) { base.runKernel(parallelism: parallelism) }
    func verify() throws { try base.verify() }
    func checksum() -> UInt64 { 0 }
}

/// A fake kernel whose output is wrong at one element.
struct WrongSubject: CopyingSubject {
    static var kernel: String { "wrong-test" }
    static var precision: String { "Double" }
    static var bytesPerControl: Int { 16 }
    var base: CopySubject
    mutating func runKernel(parallelism: Parallelism) {
        base.runKernel(parallelism: parallelism)
        base.kernelOutput[base.kernelOutput.count / 2] += 1
    }
}

/// A fake kernel that records, per (size, seed), how often each engine ran on a batch: which
/// batches `--distinct-controls` makes the run take in turn.
struct RotationSubject: LayoutBenchSubject {
    static var kernel: String { "rotation-test" }
    static var precision: String { "Float" }
    static var bytesPerControl: Int { 8 }
    struct Key: Hashable { var size: Int; var seed: UInt64 }
    static let runs = Mutex<[Key: (references: Int, kernels: Int)]>([:])

    let key: Key
    init(count: Int, seed: UInt64) { key = Key(size: count, seed: seed) }
    mutating func runReference() { Self.runs.withLock { $0[key, default: (0, 0)].references += 1 } }
    mutating func runKernel(parallelism: Parallelism) { Self.runs.withLock { $0[key, default: (0, 0)].kernels += 1 } }
    func verify() throws {}
    func checksum() -> UInt64 { 0 }
}

/// A fake kernel that remembers where its output lives on its first call and fails the check
/// when a later call finds it elsewhere: subjects may hold column addresses across calls (the
/// ceiling does), which a copy of the batch behind their back would leave dangling.
struct StableStorageSubject: CopyingSubject {
    static var kernel: String { "stable-storage-test" }
    var base: CopySubject
    var firstAddress: UnsafeRawPointer?
    var moved = false
    init(base: CopySubject) { self.base = base }
    mutating func runKernel(parallelism: Parallelism) {
        // In place (not `kernelOutput = input`), so that a shared array is copied here.
        for i in base.input.indices { base.kernelOutput[i] = base.input[i] }
        let address = base.kernelOutput.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) }
        if let firstAddress, firstAddress != address { moved = true }
        if firstAddress == nil { firstAddress = address }
    }
    func verify() throws {
        try base.verify()
        if moved { throw VerificationFailure(description: "the output storage moved between calls") }
    }
}

/// `run` end to end with fake subjects (tests are debug builds: `--allow-debug`), option
/// parsing, help and exit codes.
struct RunTests {
    static let fast = ["--allow-debug", "--quiet", "--sizes", "16,64", "--repetitions", "3", "--budget-ms", "0.2",
                       "--warmup-ms", "0.1", "--bandwidth-mib", "1", "--distinct-controls", "1",
                       "--frame-sizes", "none"]

    @Test func runWritesAReportThatReadsBack() throws {
        let directory = try temporaryDirectory()
        let result = runCLI(["run", "--output", directory, "--format", "csv"] + Self.fast, subjects: [CopySubject.self])
        #expect(result.code == ExitCode.success, "\(result.err)")
        // stdout is the CSV of the rows: reference + 2 thread counts (1 and all cores, possibly
        // the same) per size.
        let rows = try ReportIO.rows(csv: result.out)
        #expect(rows.contains { $0.variant == "reference" && $0.size == 16 })
        #expect(rows.filter { $0.variant == "kernel" && $0.threads == 1 }.map(\.size) == [16, 64])
        let report = try BenchReport.read(path: directory + "/latest.json")
        #expect(report.rows == rows)
        #expect(report.build.configuration == (BuildInfo.isDebug ? "debug" : "release"))
        #expect(report.settings.sizes == [16, 64])
        #expect(report.rows.allSatisfy { $0.repetitions == 3 && $0.nsPerControl.count == 3 })
        #expect(report.rows.filter { $0.variant == "kernel" }.allSatisfy { $0.speedup != nil })
        #expect(!report.bandwidth.isEmpty && report.bandwidth.allSatisfy { $0.copy.median > 0 && $0.triad.median > 0 })
        #expect(report.roofline.contains { $0.kernel == "copy-test" && $0.size == 64 && $0.threads == 1 })
        // Cache bandwidth at the working sets up to one memory array (1 MiB here), per thread
        // count, and a floor for every kernel row from the smallest of them (these batches are
        // a few hundred bytes).
        let cache = try #require(report.cacheBandwidth)
        let threads = Set(report.bandwidth.map(\.threads))
        #expect(cache.count == 3 * threads.count)
        #expect(Set(cache.map(\.workingSetBytes)) == [24 << 10, 96 << 10, 384 << 10])
        #expect(cache.allSatisfy { $0.copy.median > 0 && $0.triad.median > 0 && $0.copy.count == 2 * report.settings.bandwidthPasses })
        for row in rows where row.variant != "reference" {
            let band = try #require(cache.first { $0.threads == row.threads && $0.workingSetBytes == 24 << 10 })
            #expect(row.floorWorkingSetBytes == 24 << 10)
            #expect(row.floorBandwidthGBps == band.bestGBps)
            #expect(row.floorNsPerControl == Double(row.bytesPerControl) / band.bestGBps)
        }
        // The unchecked entry point is timed too; the checked kernel counts its inputs twice.
        #expect(rows.filter { $0.variant == "kernel-unchecked" && $0.threads == 1 }.map(\.size) == [16, 64])
        #expect(rows.first { $0.variant == "kernel" }?.bytesPerControl == 12)
        #expect(rows.first { $0.variant == "kernel-unchecked" }?.bytesPerControl == 8)
        #expect(report.roofline.contains { $0.variant == "kernel-unchecked" })
        for name in ["latest.csv", "README.md", "copy-test-speedup.svg", "copy-test-float-ns.svg"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + name), "\(name)")
        }
    }

    @Test func wrongKernelOutputStopsTheRun() throws {
        let directory = try temporaryDirectory()
        let result = runCLI(["run", "--output", directory] + Self.fast, subjects: [CopySubject.self, WrongSubject.self])
        #expect(result.code == ExitCode.verification)
        #expect(result.err.contains("KERNEL OUTPUT DIFFERS FROM THE REFERENCE"))
        #expect(result.err.contains("wrong-test"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/latest.json"))
    }

    @Test func filterAndPrecisionSelectSubjects() throws {
        let result = runCLI(["run", "--no-write", "--format", "json", "--filter", "copy", "--precision", "float"] + Self.fast,
                            subjects: [CopySubject.self, WrongSubject.self])
        #expect(result.code == ExitCode.success, "\(result.err)")
        let report = try BenchReport.decode(Data(result.out.utf8))
        #expect(Set(report.rows.map(\.kernel)) == ["copy-test"])
        let none = runCLI(["run", "--no-write", "--filter", "slider"] + Self.fast, subjects: [CopySubject.self])
        #expect(none.code == ExitCode.usage)
    }

    @Test func debugBuildsAreRefused() {
        guard BuildInfo.isDebug else { return }
        let result = runCLI(["run", "--no-write"], subjects: [CopySubject.self])
        #expect(result.code == ExitCode.debugBuild)
        #expect(result.err.contains("DEBUG build"))
    }

    @Test func eachThreadCountIsTimedInItsOwnRotation() {
        // Variants: reference, kernel on 1 and 2 threads, unchecked kernel on 1 and 2.
        #expect(Runner.rotations(variantThreads: [1, 1, 2, 1, 2]) == [[0, 1, 3], [0, 2, 4]])
        #expect(Runner.rotations(variantThreads: [1, 1, 2]) == [[0, 1], [0, 2]])
        #expect(Runner.rotations(variantThreads: [1, 2, 2]) == [[0, 1, 2]])
        #expect(Runner.rotations(variantThreads: [1]) == [])
    }

    @Test func speedupsPairWithTheReferenceOfTheirRotation() throws {
        // The reference row reports the first rotation's samples; the two-thread kernel's
        // speedup uses the reference samples timed with it (20 ns), not those (10 ns).
        let measurement = SizeMeasurement(
            kernel: "pairing-test", precision: "Float", bytesPerControl: 8, inputBytesPerControl: nil, size: 64,
            variants: [
                VariantSamples(kind: .reference, threads: 1, samples: [10, 10, 10], iterations: 1),
                VariantSamples(kind: .kernel, threads: 1, samples: [2, 2, 2], iterations: 1),
                VariantSamples(kind: .kernel, threads: 2, samples: [2, 2, 2], iterations: 1, referenceSamples: [20, 20, 20]),
            ])
        let report = testReport(
            [measurement],
            settings: RunSettings(quick: false, kernels: ["pairing-test"], precisions: ["Float"], threads: [1, 2], sizes: [64],
                                  repetitions: 3, budgetMilliseconds: 1, warmupMilliseconds: 1, seed: 1,
                                  bandwidthArrayBytes: 1 << 20, bandwidthPasses: 1))
        let reference = try #require(report.rows.first { $0.variant == "reference" })
        #expect(reference.nsPerControl.median == 10)
        let one = try #require(report.rows.first { $0.variant == "kernel" && $0.threads == 1 }?.speedup)
        let two = try #require(report.rows.first { $0.variant == "kernel" && $0.threads == 2 }?.speedup)
        #expect(one.estimate == 5)
        #expect(two.estimate == 10)
    }

    /// `--sweeps`: the repetitions are shared between passes over every subject and size, and
    /// a row's samples are every sweep's, in order (the reference's paired ones too).
    @Test func sweepsShareTheRepetitions() throws {
        let directory = try temporaryDirectory()
        let result = runCLI(["run", "--output", directory, "--filter", "copy-test", "--threads", "1,2"]
                            + Self.fast + ["--repetitions", "5", "--sweeps", "2"], subjects: [CopySubject.self])
        #expect(result.code == ExitCode.success, "\(result.err)")
        let report = try BenchReport.read(path: directory + "/latest.json")
        #expect(report.settings.sweeps == 2)
        #expect(report.rows.count == 2 * 5)  // two sizes: the reference and four kernel variants
        for row in report.rows { #expect(row.repetitions == 5, "\(row.variant) \(row.size)") }
        // More sweeps than repetitions: one repetition per sweep.
        let cappedDirectory = try temporaryDirectory()
        let capped = runCLI(["run", "--output", cappedDirectory, "--filter", "copy-test", "--threads", "1"]
                            + Self.fast + ["--sweeps", "7"], subjects: [CopySubject.self])
        #expect(capped.code == ExitCode.success, "\(capped.err)")
        let cappedReport = try BenchReport.read(path: cappedDirectory + "/latest.json")
        #expect(cappedReport.settings.sweeps == 3)
        for row in cappedReport.rows { #expect(row.repetitions == 3, "\(row.variant) \(row.size)") }
        #expect(try LayoutBenchCLI.parseRunOptions(["--quick"])?.sweeps == 3)
        #expect(RunOptions().sweeps == 1)
        #expect(throws: UsageError.self) { try LayoutBenchCLI.parseRunOptions(["--sweeps", "0"]) }

        // Later sweeps take the batches over alone: their storage never moves.
        let stable = runCLI(["run", "--output", try temporaryDirectory(), "--filter", "stable-storage-test", "--threads", "1"]
                            + Self.fast + ["--repetitions", "3", "--sweeps", "3"], subjects: [StableStorageSubject.self])
        #expect(stable.code == ExitCode.success, "\(stable.err)")

        let first = SizeMeasurement(
            kernel: "k", precision: "Float", bytesPerControl: 8, inputBytesPerControl: nil, size: 64,
            variants: [VariantSamples(kind: .reference, threads: 1, samples: [10, 11], iterations: 3),
                       VariantSamples(kind: .kernel, threads: 2, samples: [2], iterations: 4, referenceSamples: [20])])
        var later = first
        later.variants[0].samples = [12]
        later.variants[1].samples = [3, 4]
        later.variants[1].referenceSamples = [21, 22]
        let merged = first.appending(later)
        #expect(merged.variants[0].samples == [10, 11, 12])
        #expect(merged.variants[1].samples == [2, 3, 4])
        #expect(merged.variants[1].referenceSamples == [20, 21, 22])
    }

    @Test func distinctControlsTakeSeveralBatchesInTurn() throws {
        // 65,536 different controls per size unless told otherwise; 1 (or any count up to
        // the size) is one batch, laid out again and again.
        #expect(RunOptions().distinctControls == 65_536)
        #expect(try LayoutBenchCLI.parseRunOptions(["--quick"])?.distinctControls == 65_536)
        #expect(Runner.batchCount(size: 16, distinctControls: 1) == 1)
        #expect(Runner.batchCount(size: 16, distinctControls: 0) == 1)
        #expect(Runner.batchCount(size: 16, distinctControls: 16) == 1)
        #expect(Runner.batchCount(size: 16, distinctControls: 17) == 2)
        #expect(Runner.batchCount(size: 16, distinctControls: 64) == 4)
        #expect(Runner.batchCount(size: 4_096, distinctControls: 65_536) == 16)
        #expect(Runner.batchCount(size: 1 << 20, distinctControls: 65_536) == 1)

        let directory = try temporaryDirectory()
        let result = runCLI(["run", "--output", directory, "--filter", "rotation-test", "--threads", "1", "--seed", "7"]
                            + Self.fast + ["--distinct-controls", "64"], subjects: [RotationSubject.self])
        #expect(result.code == ExitCode.success, "\(result.err)")
        let runs = RotationSubject.runs.withLock { $0 }
        // Size 16: four batches (seeds 7...10), each laid out by the reference and the kernel,
        // checked and timed; size 64: one batch, as without the option.
        #expect(Set(runs.keys.filter { $0.size == 16 }.map(\.seed)) == [7, 8, 9, 10])
        #expect(Set(runs.keys.filter { $0.size == 64 }.map(\.seed)) == [7])
        for (key, count) in runs {
            // At least: the checks before and after timing, and a share of the timed calls.
            #expect(count.references >= 3 && count.kernels >= 3, "\(key): \(count)")
        }
        let report = try BenchReport.read(path: directory + "/latest.json")
        #expect(report.settings.distinctControls == 64)
        let readme = try String(contentsOfFile: directory + "/README.md", encoding: .utf8)
        #expect(readme.contains("inputs: at least 64 different controls per size"))
        #expect(throws: UsageError.self) { try LayoutBenchCLI.parseRunOptions(["--distinct-controls", "0"]) }
    }

    /// Only the full default run (or an explicit --output) writes the committed reports; a
    /// partial run writes inside the build folder.
    @Test func partialRunsDoNotWriteTheCommittedReports() throws {
        #expect(try LayoutBenchCLI.parseRunOptions([])?.outputDirectory == "Reports/benchmarks")
        #expect(try LayoutBenchCLI.parseRunOptions(["--build-flags", "-O", "--quiet"])?.outputDirectory == "Reports/benchmarks")
        for partial in [["--quick"], ["--filter", "thumb"], ["--sizes", "16K"], ["--precision", "float"],
                        ["--threads", "1"], ["--repetitions", "3"], ["--sweeps", "2"], ["--seed", "7"], ["--distinct-controls", "1"]] {
            #expect(try LayoutBenchCLI.parseRunOptions(partial)?.outputDirectory == ".build/layout-bench/partial", "\(partial)")
            #expect(try LayoutBenchCLI.parseRunOptions(partial + ["--output", "elsewhere"])?.outputDirectory == "elsewhere")
        }
        #expect(try LayoutBenchCLI.parseRunOptions(["--output", "Reports/benchmarks/native"])?.outputDirectory == "Reports/benchmarks/native")
    }

    @Test func optionParsing() throws {
        let quick = try #require(try LayoutBenchCLI.parseRunOptions(["--quick", "--repetitions", "3"]))
        #expect(quick.quick && quick.sizes == RunOptions.quickSizes && quick.repetitions == 3)
        let sized = try #require(try LayoutBenchCLI.parseRunOptions(["--sizes=4M,16k,1_024", "--threads", "1,2", "--precision", "double"]))
        #expect(sized.sizes == [1_024, 16_384, 4_194_304])
        #expect(sized.threads == [1, 2])
        #expect(sized.precisions == ["Double"])
        #expect(try LayoutBenchCLI.parseRunOptions(["--help"]) == nil)
        #expect(throws: UsageError.self) { try LayoutBenchCLI.parseRunOptions(["--sizes", "0"]) }
        #expect(throws: UsageError.self) { try LayoutBenchCLI.parseRunOptions(["--threads", "two"]) }
        #expect(throws: UsageError.self) { try LayoutBenchCLI.parseRunOptions(["--format", "xml"]) }
        #expect(throws: UsageError.self) { try LayoutBenchCLI.parseRunOptions(["--output"]) }
        #expect(throws: UsageError.self) { try LayoutBenchCLI.parseRunOptions(["--quick=yes"]) }
        #expect(throws: UsageError.self) { try LayoutBenchCLI.parseRunOptions(["stray"]) }
    }

    @Test func helpAndUnknownCommands() {
        for arguments in [["--help"], ["help"], ["help", "run"], ["run", "--help"], ["compare", "-h"], ["eval", "--help"], ["help", "eval"]] {
            let result = runCLI(arguments)
            #expect(result.code == ExitCode.success, "\(arguments)")
            #expect(result.out.contains("USAGE"), "\(arguments)")
        }
        #expect(runCLI(["--help"]).out.contains("layout-bench compare BASELINE NEW"))
        #expect(runCLI(["help", "eval"]).out.contains("COLUMNS OF button-content"))
        let unknown = runCLI(["benchmark"])
        #expect(unknown.code == ExitCode.usage)
        #expect(unknown.err.contains("unknown command 'benchmark'"))
        let option = runCLI(["run", "--fast"])
        #expect(option.code == ExitCode.usage)
        #expect(option.err.contains("unknown option '--fast' for 'run'"))
    }

    /// The overview, `help COMMAND`, `COMMAND --help` and the unknown-command message name the
    /// same commands, and each command's help is its own.
    @Test func everyCommandOfTheOverviewHasItsOwnHelp() {
        let overview = runCLI(["help"]).out
        let names = overview.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  layout-bench ") else { return nil }
            return String(line.dropFirst("  layout-bench ".count).prefix { $0 != " " }).replacingOccurrences(of: "[run]", with: "run")
        }
        #expect(names.count >= 8 && names.contains("frame") && names.contains("help"), "\(names)")
        for name in names where name != "help" {
            let help = runCLI(["help", name])
            #expect(help.code == ExitCode.success && help.out.hasPrefix("layout-bench \(name)"), "help \(name): \(help.out.prefix(60))")
            #expect(runCLI([name, "--help"]).out == help.out, "\(name) --help")
        }
        #expect(runCLI(["benchmark"]).err.contains("(commands: " + names.joined(separator: ", ") + ")"))
    }
}
