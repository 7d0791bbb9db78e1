// The report schema: what `layout-bench run` writes to latest.json (and, flattened, to
// latest.csv). Docs/Benchmarks.md documents every field; bump `BenchReport.currentSchemaVersion`
// when a field changes meaning or disappears (adding an optional field keeps the version).

/// A whole benchmark run.
public struct BenchReport: Hashable, Sendable, Codable {
    /// The schema version this build writes and reads.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: String
    /// When the run started, ISO 8601 in UTC.
    public var date: String
    /// The command line (arguments after the executable).
    public var arguments: [String]
    public var machine: MachineInfo
    public var toolchain: ToolchainInfo
    public var build: BuildInfo
    public var settings: RunSettings
    /// Memory bandwidth per thread count, measured in the same run.
    public var bandwidth: [BandwidthMeasurement]
    /// Cache bandwidth per thread count and working set (`settings.cacheBandwidthArrayBytes`),
    /// measured in the same run: the floors of the rows whose batch fits in the caches.
    /// Absent in reports written before it was measured.
    public var cacheBandwidth: [BandwidthMeasurement]?
    /// One row per kernel, variant, precision, threads and size.
    public var rows: [ResultRow]
    /// For each kernel, precision and thread count, the kernel at the largest size against the
    /// bandwidth floor.
    public var roofline: [RooflineEntry]
    public var notes: [String]
    /// Wall-clock duration of the run, in seconds.
    public var durationSeconds: Double?
    /// The measured kernels that have a ceiling (`ceiling` rows) which could not run on this
    /// machine, each with the reason (`button-content Float: this CPU has no AVX2`). Absent
    /// when every ceiling ran, and in reports written before ceilings existed.
    public var ceilingAbsent: [String]?
    /// The frame loop (`settings.frame`): one row per kernel, engine, precision and frame
    /// size, each with `scenario` "frame" (`ResultRow.frameScenario`). Absent when the run
    /// measured no frame loop (`--quick`, `--frame-sizes none`) and in older reports.
    public var frameRows: [ResultRow]?
    /// The frame loop's fixed cost per call: per kernel, engine and precision, the intercept
    /// (and slope) of ns per frame against the frame size. Absent with `frameRows`.
    public var frameFits: [FrameFit]?

    public init(schemaVersion: Int = BenchReport.currentSchemaVersion, tool: String = "layout-bench",
                date: String, arguments: [String], machine: MachineInfo, toolchain: ToolchainInfo,
                build: BuildInfo, settings: RunSettings, bandwidth: [BandwidthMeasurement],
                rows: [ResultRow], roofline: [RooflineEntry], notes: [String], durationSeconds: Double? = nil,
                cacheBandwidth: [BandwidthMeasurement]? = nil, ceilingAbsent: [String]? = nil,
                frameRows: [ResultRow]? = nil, frameFits: [FrameFit]? = nil) {
        (self.frameRows, self.frameFits) = (frameRows, frameFits)
        (self.durationSeconds, self.cacheBandwidth, self.ceilingAbsent) = (durationSeconds, cacheBandwidth, ceilingAbsent)
        (self.schemaVersion, self.tool, self.date, self.arguments) = (schemaVersion, tool, date, arguments)
        (self.machine, self.toolchain, self.build, self.settings) = (machine, toolchain, build, settings)
        (self.bandwidth, self.rows, self.roofline, self.notes) = (bandwidth, rows, roofline, notes)
    }
}

/// One measured figure: a kernel or its reference, in one precision, thread count and size.
public struct ResultRow: Hashable, Sendable, Codable {
    /// `button-content`, `thumb-track`, `toggle-transition`.
    public var kernel: String
    /// `reference` (scalar, one control at a time, always one thread, no validation),
    /// `reference-checked` (the single-control call: validation, then the reference; one
    /// thread; its speedup, reference / it, is below 1 and it has no floor), `kernel` (the batch
    /// kernel's checked entry point: validation pass, then layout), `kernel-unchecked` (its
    /// unchecked entry point: the layout pass alone), or `ceiling` / `ceiling-unchecked` (the
    /// hand-written C AVX2 port of the kernel, Benchmarks/Ceiling, one thread, with and
    /// without its validation pass).
    public var variant: String
    /// `Float` or `Double`.
    public var precision: String
    /// Threads the variant used (always 1 for `reference`).
    public var threads: Int
    /// Controls per batch (N).
    public var size: Int
    /// Batches per timed measurement (chosen to fill the time budget).
    public var iterations: Int
    /// Timed measurements (repetitions).
    public var repetitions: Int
    /// Nanoseconds per control over the repetitions.
    public var nsPerControl: SampleSummary
    /// Kernel and `reference-checked` rows: median reference time / median time of the row
    /// at the same size and precision, from the same repetitions, with a 95% bootstrap interval.
    public var speedup: Interval?
    /// Bytes the variant reads and writes per control: inputs plus outputs, and the inputs
    /// once more for `kernel` rows (the validation pass), when the subject declares them.
    public var bytesPerControl: Int
    /// Kernel rows: `bytesPerControl / floorBandwidthGBps` in ns, the least time per control
    /// the machine's memory or caches allow for the bytes the variant moves.
    public var floorNsPerControl: Double?
    /// Median ns/control divided by `floorNsPerControl` (1.0 = at the floor).
    public var ratioToFloor: Double?
    /// The bandwidth behind `floorNsPerControl`: the best copy or triad rate with the same
    /// thread count, measured over memory (`bandwidth`) when the batch (`size` times the
    /// bytes of its inputs and outputs) exceeds the last-level cache, otherwise over the
    /// largest measured cache working set (`cacheBandwidth`) that is no larger than the batch
    /// (the smallest one for smaller batches). Smaller working sets run at least as fast, so
    /// the floor is never above what the same loops reach at the batch's own size. Absent in
    /// reports written before it was recorded (those have a floor only for batches beyond the
    /// last-level cache).
    public var floorBandwidthGBps: Double?
    /// The working set, in bytes, of the bandwidth measurement behind `floorBandwidthGBps`.
    public var floorWorkingSetBytes: Int?
    /// One-thread `kernel` and `kernel-unchecked` rows whose ceiling ran: the median ns per
    /// control of the ceiling row of the same kind (`ceiling` for `kernel`,
    /// `ceiling-unchecked` for `kernel-unchecked`), size and precision, from the same
    /// interleaved repetitions.
    public var ceilingNsPerControl: Double?
    /// Median ns/control divided by `ceilingNsPerControl` (1.0 = as fast as the ceiling).
    public var ratioToCeiling: Double?
    /// What the row times: absent for the batch scenario (`rows`: one call per batch, inputs
    /// taken in turn from `--distinct-controls` different controls), `frame` for the frame
    /// loop (`frameRows`: one batch of `size` controls laid out again every frame, a few of
    /// them changed in between, warm in the caches; `iterations` are frames per sample).
    public var scenario: String?
    /// The 95% percentile bootstrap interval of `nsPerControl.median`; frame rows only.
    public var medianInterval: Interval?

    /// `scenario` of the frame loop's rows.
    public static let frameScenario = "frame"

    public init(kernel: String, variant: String, precision: String, threads: Int, size: Int,
                iterations: Int, repetitions: Int, nsPerControl: SampleSummary, speedup: Interval?,
                bytesPerControl: Int, floorNsPerControl: Double?, ratioToFloor: Double?,
                floorBandwidthGBps: Double? = nil, floorWorkingSetBytes: Int? = nil,
                ceilingNsPerControl: Double? = nil, ratioToCeiling: Double? = nil,
                scenario: String? = nil, medianInterval: Interval? = nil) {
        (self.scenario, self.medianInterval) = (scenario, medianInterval)
        (self.ceilingNsPerControl, self.ratioToCeiling) = (ceilingNsPerControl, ratioToCeiling)
        (self.floorBandwidthGBps, self.floorWorkingSetBytes) = (floorBandwidthGBps, floorWorkingSetBytes)
        (self.kernel, self.variant, self.precision, self.threads) = (kernel, variant, precision, threads)
        (self.size, self.iterations, self.repetitions) = (size, iterations, repetitions)
        (self.nsPerControl, self.speedup, self.bytesPerControl) = (nsPerControl, speedup, bytesPerControl)
        (self.floorNsPerControl, self.ratioToFloor) = (floorNsPerControl, ratioToFloor)
    }

    /// Whether the row times the frame loop (`frameRows`).
    public var isFrame: Bool { scenario == Self.frameScenario }

    /// Kernel, precision, threads, size and scenario: what `compare` matches rows by.
    public var key: RowKey {
        RowKey(kernel: kernel, variant: variant, precision: precision, threads: threads, size: size, scenario: scenario)
    }
}

/// What identifies a row across reports.
public struct RowKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var kernel: String
    public var variant: String
    public var precision: String
    public var threads: Int
    public var size: Int
    /// `ResultRow.scenario`: `nil` for the batch scenario, `frame` for the frame loop.
    public var scenario: String?

    public init(kernel: String, variant: String, precision: String, threads: Int, size: Int, scenario: String? = nil) {
        (self.kernel, self.variant, self.precision) = (kernel, variant, precision)
        (self.threads, self.size, self.scenario) = (threads, size, scenario)
    }

    public static func < (a: RowKey, b: RowKey) -> Bool {
        (a.scenario ?? "", a.kernel, a.precision, a.variant, a.threads, a.size)
            < (b.scenario ?? "", b.kernel, b.precision, b.variant, b.threads, b.size)
    }

    public var description: String {
        "\(kernel) \(precision) \(variant) \(threads)t N=\(size)" + (scenario.map { " (\($0))" } ?? "")
    }
}

/// The frame loop's cost of one engine against the frame size: the least-squares line through
/// the medians, ns per frame = fixed + per control x N, with 95% bootstrap intervals. `fixed`
/// is the cost per call (and the few changed controls' writes, the same for every engine).
public struct FrameFit: Hashable, Sendable, Codable {
    public var kernel: String
    /// `reference`, `reference-checked`, `kernel` or `kernel-unchecked`.
    public var variant: String
    public var precision: String
    /// The frame sizes fitted.
    public var sizes: [Int]
    /// The intercept: ns per frame that do not grow with the frame size.
    public var fixedNsPerFrame: Interval
    /// The slope: ns per control.
    public var nsPerControl: Interval

    public init(kernel: String, variant: String, precision: String, sizes: [Int], fixedNsPerFrame: Interval, nsPerControl: Interval) {
        (self.kernel, self.variant, self.precision, self.sizes) = (kernel, variant, precision, sizes)
        (self.fixedNsPerFrame, self.nsPerControl) = (fixedNsPerFrame, nsPerControl)
    }
}

/// A kernel at its largest measured size against the bandwidth floor.
public struct RooflineEntry: Hashable, Sendable, Codable {
    public var kernel: String
    /// `kernel` or `kernel-unchecked`.
    public var variant: String
    public var precision: String
    public var threads: Int
    public var size: Int
    public var bytesPerControl: Int
    /// The bandwidth the floor assumes: the best copy or triad rate with `threads` threads.
    public var bandwidthGBps: Double
    /// `bytesPerControl / bandwidthGBps`, in ns per control.
    public var floorNsPerControl: Double
    public var medianNsPerControl: Double
    public var minNsPerControl: Double
    /// `medianNsPerControl / floorNsPerControl`.
    public var ratioToFloor: Double
    /// `minNsPerControl / floorNsPerControl`.
    public var bestRatioToFloor: Double
    /// Whether `size * bytesPerControl` exceeds the last-level cache (otherwise the DRAM floor
    /// does not bound the kernel and the ratio may be below 1).
    public var exceedsCache: Bool

    public init(kernel: String, variant: String, precision: String, threads: Int, size: Int, bytesPerControl: Int,
                bandwidthGBps: Double, floorNsPerControl: Double, medianNsPerControl: Double,
                minNsPerControl: Double, ratioToFloor: Double, bestRatioToFloor: Double,
                exceedsCache: Bool) {
        (self.kernel, self.variant, self.precision, self.threads) = (kernel, variant, precision, threads)
        (self.size, self.bytesPerControl, self.bandwidthGBps) = (size, bytesPerControl, bandwidthGBps)
        (self.floorNsPerControl, self.medianNsPerControl) = (floorNsPerControl, medianNsPerControl)
        (self.minNsPerControl, self.ratioToFloor) = (minNsPerControl, ratioToFloor)
        (self.bestRatioToFloor, self.exceedsCache) = (bestRatioToFloor, exceedsCache)
    }
}
