// The measurement loop of `layout-bench run`.
//
// Memory and cache bandwidth are measured at the start and at the end, for the roofline.
// For every subject (kernel x precision) and size:
// 1. build the subject (seeded inputs; with `--distinct-controls`, several batches that every
//    call takes in turn), run the reference and every other variant once (the checked
//    reference, the kernel with every thread count), and check each output against the
//    reference bit for bit;
// 2. warm up each variant, then choose its iterations per measurement to fill the time budget;
// 3. one rotation per kernel thread count, one after the other: repeat, timing the reference
//    and that thread count's variants once per repetition (the checked reference, one
//    thread, joins the one-thread rotation), the order rotating between
//    repetitions (reference and kernels interleaved, so a speedup's two sides share the
//    machine's state). Each speedup pairs a kernel's samples with the reference samples of
//    its own rotation; the reference row reports the first rotation's. (In one rotation of
//    every variant, the two-thread kernel's turns slowed the one-thread kernel's by up to a
//    third at 16K, where the working set fits two L2 caches but not one.)
// 4. check again, consume a checksum, summarize.
// With `sweeps` above one (`--quick` takes three), the whole loop over subjects and sizes runs
// that many times, each sweep timing its share of the repetitions, and a row's samples are
// those of every sweep: a busy stretch on a shared machine (another tenant's burst can slow one
// kernel 2x for every repetition of a few seconds, while its reference barely moves) then has
// to come back at the same row in every sweep to move the row's fastest repetition.
// The result is measurements (`RunMeasurements`, Model/): what a run produces, which the report
// reads; this folder knows nothing of the report.

import LayoutCore

/// Everything `run` needs to know; `LayoutBenchCLI.parseRunOptions` (CLI/RunCommand.swift)
/// fills it from the command line.
public struct RunOptions: Hashable, Sendable {
    /// Kernel name filters: a subject runs when its kernel name contains one of them (all
    /// subjects when empty).
    public var filters: [String] = []
    public var sizes: [Int] = RunOptions.defaultSizes
    public var precisions: [String] = ["Float", "Double"]
    /// Kernel thread counts (the reference always runs on one thread).
    public var threads: [Int] = [1, Parallelism.activeProcessorCount]
    public var quick = false
    public var repetitions = 15
    /// Passes over every subject and size that share the repetitions (see the notes at the top
    /// of this file); at most `repetitions`.
    public var sweeps = 1
    public var budgetMilliseconds: Double = 40
    public var warmupMilliseconds: Double = 20
    public var seed: UInt64 = 42
    public var bandwidthArrayBytes = 256 << 20
    public var bandwidthPasses = 5
    /// `--distinct-controls`: at least this many different controls per size, in batches of
    /// the size that the timed calls take in turn (1, or any value up to the size: one batch,
    /// laid out again and again). The default, 65,536, is more than any size's batch lets the
    /// branch predictor learn (Docs/Benchmarks.md, "Repeated or distinct inputs").
    public var distinctControls = RunOptions.defaultDistinctControls
    /// Controls per frame of the frame loop (`FrameLoop`), timed after the batch sizes, one
    /// thread; none with `--quick` or `--frame-sizes none`.
    public var frameSizes: [Int] = RunOptions.defaultFrameSizes
    /// Target duration of one frame-loop sample.
    public var frameBudgetMilliseconds: Double = 20
    /// Controls changed before each frame.
    public var frameChanges = 2
    public var outputDirectory = "Reports/benchmarks"
    /// Where a partial run (`--quick`, `--filter`, ...) writes unless `--output` names a
    /// folder: inside the build folder, so that it neither overwrites the committed reports of
    /// a full run nor leaves the clone dirty.
    public static let partialOutputDirectory = ".build/layout-bench/partial"
    public var format: OutputFormat = .table
    /// Write latest.json/csv, charts and README.md (off with `--no-write`).
    public var writeFiles = true
    /// `--build-flags`: recorded in the report instead of the detected flags.
    public var buildFlags: String?
    /// `--allow-debug`: measure a debug build anyway (the report says so).
    public var allowDebug = false
    /// Progress lines on stderr.
    public var progress = true

    public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
        case table, json, csv
    }

    /// Different controls per size unless `--distinct-controls` says otherwise.
    public static let defaultDistinctControls = 65_536
    /// Log-spaced from 16 to 4,194,304 (powers of four).
    public static let defaultSizes = RunSettings.defaultSizes
    /// A screen's worth of controls: where a batch call's fixed cost decides.
    public static let defaultFrameSizes = [8, 16, 32, 64, 256]
    /// `--quick`: the sizes `compare` checks in CI; about 80 s for everything on two cores.
    public static let quickSizes = [64, 1_024, 16_384, 262_144]

    public init() {}

    /// `--quick` settings: fewer sizes, repetitions and a shorter budget.
    public mutating func applyQuick() {
        quick = true
        sizes = RunOptions.quickSizes
        repetitions = 11
        sweeps = 3
        budgetMilliseconds = 5
        warmupMilliseconds = 4
        bandwidthArrayBytes = 64 << 20
        bandwidthPasses = 3
        frameSizes = []
    }

    /// The frame loop these options ask for.
    var frameLoop: FrameLoop {
        var loop = FrameLoop()
        (loop.changes, loop.repetitions, loop.seed) = (frameChanges, repetitions, seed)
        (loop.budgetMilliseconds, loop.warmupMilliseconds) = (frameBudgetMilliseconds, warmupMilliseconds)
        return loop
    }
}

/// A kernel's output differed from its reference: the run stops.
public struct VerificationFailure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

public struct Runner {
    public var options: RunOptions
    public var subjects: [any LayoutBenchSubject.Type]
    /// Receives progress lines (stderr in the CLI).
    public var log: (String) -> Void

    public init(options: RunOptions, subjects: [any LayoutBenchSubject.Type], log: @escaping (String) -> Void) {
        (self.options, self.subjects, self.log) = (options, subjects, log)
    }

    /// The subjects the filters and precisions select, in registration order.
    public var selectedSubjects: [any LayoutBenchSubject.Type] {
        subjects.filter { subject in
            (options.filters.isEmpty || options.filters.contains { subject.kernel.contains($0) })
                && options.precisions.contains { $0.lowercased() == subject.precision.lowercased() }
        }
    }

    /// Runs everything and returns the measurements.
    /// `lastLevelCacheBytes` bounds the cache bandwidth's working sets.
    public func run(lastLevelCacheBytes: Int) throws -> RunMeasurements {
        let selected = selectedSubjects
        let threads = Array(Set(options.threads.map { max(1, $0) })).sorted()
        let started = BenchClock.now()
        // Every line goes through `progress`, whose heartbeat names the phase under way when
        // nothing was printed for 5 s (a 4M batch's checks, warm-up and repetitions).
        let progress = ProgressLog(log: self.log)
        progress.start()
        defer { progress.stop() }
        func log(_ line: String) { progress.line(line) }
        func elapsed() -> Int { progress.elapsedSeconds }
        let sweeps = max(1, min(options.sweeps, options.repetitions))
        let plan = RunPlan(options: options, subjects: selected, threads: threads)
        let total = plan.steps.count
        log("\(total) step\(total == 1 ? "" : "s") (kernel, precision, size): about \(Int(plan.totalSeconds.rounded())) s "
            + "planned for building, checking, warming up and timing, plus bandwidth loops; the time left corrects the plan by the steps done")

        log("measuring memory bandwidth (\(options.bandwidthArrayBytes >> 20) MiB per array, threads \(threads.map(String.init).joined(separator: ",")))")
        var copyRates: [Int: [Double]] = [:]
        var triadRates: [Int: [Double]] = [:]
        var arrayBytes = options.bandwidthArrayBytes
        func sampleBandwidth() {
            for t in threads {
                progress.phase("  memory bandwidth, \(Self.threadsText(t))")
                let sample = Bandwidth.sample(threads: t, arrayBytes: options.bandwidthArrayBytes, passes: options.bandwidthPasses)
                copyRates[t, default: []] += sample.copy
                triadRates[t, default: []] += sample.triad
                arrayBytes = sample.arrayBytes
            }
        }
        sampleBandwidth()
        // Working sets up to the last-level cache (and no larger than one memory array, which
        // keeps `--bandwidth-mib 1` test runs short).
        let cacheArrayBytes = Bandwidth.cacheArrayBytes(
            lastLevelCacheBytes: min(lastLevelCacheBytes, options.bandwidthArrayBytes))
        let workingSets = cacheArrayBytes.map { Units.bytes(3 * $0) }.joined(separator: ", ")
        log("measuring cache bandwidth (working sets \(workingSets))")
        var cacheRates: [Int: [Int: (copy: [Double], triad: [Double])]] = [:]
        func sampleCacheBandwidth() {
            for t in threads {
                for bytes in cacheArrayBytes {
                    progress.phase("  cache bandwidth, \(Units.bytes(3 * bytes)), \(Self.threadsText(t))")
                    let sample = Bandwidth.sample(threads: t, arrayBytes: bytes, passes: options.bandwidthPasses,
                                                  minimumPassNanoseconds: 2e6)
                    cacheRates[t, default: [:]][bytes, default: ([], [])].copy += sample.copy
                    cacheRates[t, default: [:]][bytes, default: ([], [])].triad += sample.triad
                }
            }
        }
        sampleCacheBandwidth()

        var measurements: [SizeMeasurement] = []
        var step = 0
        let measuringStarted = BenchClock.now()
        // The bandwidth loops run again at the end, as long as at the start.
        let bandwidthSeconds = Double(measuringStarted - started) / 1e9
        func remaining() -> String {
            Self.remaining(plan: plan, done: step - 1, measuredSeconds: Double(BenchClock.now() - measuringStarted) / 1e9,
                           endSeconds: bandwidthSeconds)
        }
        var kept: [Int: [any LayoutBenchSubject]] = [:]
        for sweep in 0..<sweeps {
            // Sweep `sweep` times its share of the repetitions: 11 in 3 sweeps are 4, 4 and 3.
            let repetitions = options.repetitions / sweeps + (sweep < options.repetitions % sweeps ? 1 : 0)
            var index = 0
            for subject in selected {
                for size in options.sizes {
                    step += 1
                    let sweepText = sweeps > 1 ? "sweep \(sweep + 1) of \(sweeps): " : ""
                    log("[\(step)/\(total)] \(sweepText)\(subject.kernel) \(subject.precision) N=\(Units.size(size))  (\(elapsed()) s"
                        + remaining() + ")")
                    // Taken out of `kept`, so that the measurement owns the batches alone: a
                    // second reference would make their first mutation copy the columns
                    // (copy on write) under the column addresses a subject may hold (the
                    // ceiling's), and free the ones those addresses point into.
                    var reused = kept.removeValue(forKey: index)
                    let (measurement, batches) = try measure(subject, size: size, threads: threads, repetitions: repetitions,
                                                             batches: &reused, progress: progress)
                    // Later sweeps reuse a size's batches (built and checked once) up to a
                    // million controls; larger ones are built again rather than held.
                    let keep = sweep + 1 < sweeps && size * Self.batchCount(size: size, distinctControls: options.distinctControls) <= 1 << 20
                    kept[index] = keep ? batches : nil
                    if sweep == 0 { measurements.append(measurement) }
                    else { measurements[index] = measurements[index].appending(measurement) }
                    index += 1
                }
            }
        }

        // The frame loop: small batches, warm, one thread (after the batch sizes, before the
        // bandwidth is measured again).
        var frames: [SizeMeasurement] = []
        let loop = options.frameLoop
        for subject in selected {
            for size in options.frameSizes {
                step += 1
                log("[\(step)/\(total)] frame loop: \(subject.kernel) \(subject.precision) N=\(size)  (\(elapsed()) s"
                    + remaining() + ")")
                frames.append(try loop.measure(subject, size: size) { what in
                    progress.phase("  \(subject.kernel) \(subject.precision) frame loop N=\(size): \(what)")
                })
            }
        }

        log("measuring memory and cache bandwidth again (as long as at the start)  (\(elapsed()) s)")
        sampleBandwidth()
        sampleCacheBandwidth()
        let bandwidth = threads.map {
            BandwidthMeasurement(threads: $0, arrayBytes: arrayBytes, copyRates: copyRates[$0]!, triadRates: triadRates[$0]!)
        }
        let cacheBandwidth = threads.flatMap { t in
            cacheArrayBytes.map { bytes in
                let rates = cacheRates[t]![bytes]!
                return BandwidthMeasurement(threads: t, arrayBytes: bytes, copyRates: rates.copy, triadRates: rates.triad)
            }
        }
        let settings = RunSettings(
            quick: options.quick, kernels: Array(Set(selected.map { $0.kernel })).sorted(),
            precisions: options.precisions, threads: threads, sizes: options.sizes,
            repetitions: options.repetitions, sweeps: sweeps > 1 ? sweeps : nil,
            budgetMilliseconds: options.budgetMilliseconds,
            warmupMilliseconds: options.warmupMilliseconds, seed: options.seed,
            bandwidthArrayBytes: arrayBytes, bandwidthPasses: options.bandwidthPasses,
            cacheBandwidthArrayBytes: cacheArrayBytes,
            distinctControls: options.distinctControls > 1 ? options.distinctControls : nil,
            frame: frames.isEmpty ? nil : FrameSettings(
                sizes: options.frameSizes, changes: loop.changes, repetitions: loop.repetitions,
                budgetMilliseconds: loop.budgetMilliseconds, warmupMilliseconds: loop.warmupMilliseconds))
        let duration = Double(BenchClock.now() - started) / 1e9
        progress.phase(nil)
        log("done in \(Int(duration)) s")
        var ceilingAbsent: [String] = []
        for subject in selected {
            if case .unavailable(let reason) = subject.ceiling { ceilingAbsent.append("\(subject.label): \(reason)") }
        }
        return RunMeasurements(
            measurements: measurements, bandwidth: bandwidth, cacheBandwidth: cacheBandwidth,
            settings: settings, durationSeconds: duration, ceilingAbsent: ceilingAbsent, frames: frames)
    }

    /// "1 thread", "2 threads".
    static func threadsText(_ t: Int) -> String { t == 1 ? "1 thread" : "\(t) threads" }

    /// How many batches of `size` controls a size is measured on (`SizeMeasurement.batchCount`).
    public static func batchCount(size: Int, distinctControls: Int) -> Int {
        SizeMeasurement.batchCount(size: size, distinctControls: distinctControls)
    }

    /// The variants each timing rotation interleaves, given every variant's thread count
    /// (variant 0 is the reference): the reference and the kernels of one thread count, one
    /// rotation per count in the order the counts first appear.
    public static func rotations(variantThreads: [Int]) -> [[Int]] {
        var counts: [Int] = []
        for t in variantThreads.dropFirst() where !counts.contains(t) { counts.append(t) }
        return counts.map { t in [0] + variantThreads.indices.dropFirst().filter { variantThreads[$0] == t } }
    }

    /// Measures one subject at one size.
    ///
    /// With `distinctControls`, the size gets several batches (seeds `seed`, `seed + 1`, ...)
    /// and every call, timed or not, takes the next one in turn, for the reference and the
    /// kernels alike. One batch laid out again and again lets the branch predictor learn the
    /// reference's branches for the whole batch (up to about 16K thumb-track controls here),
    /// which the reference would not see in an app that lays out different controls each
    /// frame; several batches keep it from doing so, at the price of a larger working set.
    /// `progress` is told each phase (building, checking, warming up, each repetition) for
    /// its heartbeat.
    public func measure(_ type: any LayoutBenchSubject.Type, size: Int, threads: [Int],
                        repetitions: Int? = nil, progress: ProgressLog? = nil) throws -> SizeMeasurement {
        var none: [any LayoutBenchSubject]? = nil
        return try measure(type, size: size, threads: threads, repetitions: repetitions, batches: &none, progress: progress).measurement
    }

    /// `measure` on `batches` when given (those an earlier sweep built and checked for the
    /// same subject and size: they are checked again after timing, not before), returning the
    /// batches for a later sweep.
    func measure(_ type: any LayoutBenchSubject.Type, size: Int, threads: [Int], repetitions: Int?,
                 batches reused: inout [any LayoutBenchSubject]?,
                 progress: ProgressLog?) throws -> (measurement: SizeMeasurement, batches: [any LayoutBenchSubject]) {
        let repetitions = repetitions ?? options.repetitions
        func tick(_ what: String) { progress?.phase("  \(type.kernel) \(type.precision) N=\(Units.size(size)): \(what)") }
        let batchCount = Self.batchCount(size: size, distinctControls: options.distinctControls)
        var batches: [any LayoutBenchSubject]
        let isReused = reused != nil
        if let given = reused {
            batches = given
            reused = nil  // the caller's copy released: `batches` is the only reference
        } else {
            tick("building the inputs")
            batches = (0..<batchCount).map { type.init(count: size, seed: options.seed &+ UInt64($0)) }
        }
        var turn = 0

        var variants: [(kind: VariantKind, threads: Int)] = [(.reference, 1)]
        // The checked single-control call runs on one thread, beside the reference (and is
        // checked right after it: `LayoutBenchSubject.runCheckedReference`).
        if type.hasCheckedReference { variants.append((.referenceChecked, 1)) }
        variants += threads.map { (.kernel, $0) }
        if type.hasUncheckedKernel { variants += threads.map { (.unchecked, $0) } }
        // The ceiling runs on one thread, in the one-thread rotation beside the Swift kernels.
        if type.ceiling == .available && threads.contains(1) { variants += [(.ceiling, 1), (.ceilingUnchecked, 1)] }

        func runVariant(_ variant: Int, on subject: inout any LayoutBenchSubject) {
            let (kind, t) = variants[variant]
            switch kind {
            case .reference: subject.runReference()
            case .referenceChecked: subject.runCheckedReference()
            case .kernel: subject.runKernel(parallelism: .threads(t))
            case .unchecked: subject.runUncheckedKernel(parallelism: .threads(t))
            case .ceiling: subject.runCeiling(checked: true)
            case .ceilingUnchecked: subject.runCeiling(checked: false)
            }
        }
        /// Runs `variant` on the next batch in turn.
        func runVariant(_ variant: Int) {
            runVariant(variant, on: &batches[turn])
            turn = turn + 1 == batchCount ? 0 : turn + 1
        }
        /// Every other variant against the reference, bit for bit, on every batch.
        func verifyAll(_ when: String) throws {
            tick("checking the kernels against the reference\(when)")
            for index in batches.indices {
                batches[index].runReference()
                for variant in 1..<variants.count {
                    runVariant(variant, on: &batches[index])
                    do { try batches[index].verify() } catch {
                        throw VerificationFailure(description: "\(type.label) \(variants[variant].kind.rawValue) N=\(size) \(variants[variant].threads) thread(s)\(when): \(error)")
                    }
                }
            }
        }

        // Check first (batches from an earlier sweep were checked after its timing).
        if !isReused { try verifyAll("") }

        // Warm up each variant and choose its iterations: enough calls to fill the budget.
        let budget = options.budgetMilliseconds * 1e6
        let warmup = options.warmupMilliseconds * 1e6
        var iterations = [Int](repeating: 1, count: variants.count)
        for variant in variants.indices {
            tick("warming up (\(variant + 1) of \(variants.count) variants)")
            var calls = 0
            var spent = 0.0
            var batch = 1
            // Double the batch until the warm-up time is spent (at least two calls).
            while spent < warmup || calls < 2 {
                spent += BenchClock.measure { for _ in 0..<batch { runVariant(variant) } }
                calls += batch
                if batch < 1 << 20 { batch *= 2 }
            }
            let perCall = spent / Double(calls)
            iterations[variant] = max(1, Int((budget / max(perCall, 1)).rounded()))
        }

        // One rotation per thread count: the reference (variant 0) and that count's kernels.
        var samples = [[Double]](repeating: [], count: variants.count)
        var pairedReference = [[Double]?](repeating: nil, count: variants.count)
        for (rotation, members) in Self.rotations(variantThreads: variants.map(\.threads)).enumerated() {
            var referenceSamples: [Double] = []
            for repetition in 0..<repetitions {
                tick("timing \(Self.threadsText(variants[members.last!].threads)), repetition \(repetition + 1) of \(repetitions)")
                // Rotate the order so no variant always runs first (after a cold stretch) or last.
                for slot in members.indices {
                    let variant = members[(slot + repetition) % members.count]
                    let count = iterations[variant]
                    let nanoseconds = BenchClock.measure { for _ in 0..<count { runVariant(variant) } }
                    let sample = nanoseconds / Double(count * size)
                    if variant == 0 { referenceSamples.append(sample) } else { samples[variant].append(sample) }
                }
            }
            if rotation == 0 {
                samples[0] = referenceSamples
            } else {
                for variant in members.dropFirst() { pairedReference[variant] = referenceSamples }
            }
        }

        // Check again and consume the outputs.
        try verifyAll(" after timing")
        tick("checksums of the outputs")
        for batch in batches { benchSink(batch.checksum()) }

        let measurement = SizeMeasurement(
            kernel: type.kernel, precision: type.precision, bytesPerControl: type.bytesPerControl,
            inputBytesPerControl: type.inputBytesPerControl, size: size,
            variants: variants.indices.map {
                VariantSamples(kind: variants[$0].kind, threads: variants[$0].threads, samples: samples[$0],
                               iterations: iterations[$0], referenceSamples: pairedReference[$0])
            })
        return (measurement, batches)
    }

    /// ", about N s left" after `done` of the plan's steps, which took `measuredSeconds`
    /// (`RunPlan.remainingSeconds`), plus `endSeconds` for the bandwidth loops at the end;
    /// empty before the first step is done.
    static func remaining(plan: RunPlan, done: Int, measuredSeconds: Double, endSeconds: Double) -> String {
        guard done > 0, done < plan.steps.count else { return "" }
        let left = RunPlan.remainingSeconds(planned: plan.steps, done: done, measuredSeconds: measuredSeconds) + endSeconds
        return ", about \(Int(left.rounded())) s left"
    }
}
