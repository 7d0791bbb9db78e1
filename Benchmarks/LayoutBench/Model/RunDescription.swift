// What a report records about the run besides its timings: the machine, the toolchain, the
// build and the settings. Run/Machine.swift reads them from the system; the report stores them.

/// The machine the run measured.
public struct MachineInfo: Hashable, Sendable, Codable {
    /// `model name` from /proc/cpuinfo (or the architecture when unknown).
    public var cpuModel: String
    public var architecture: String
    /// Online logical processors.
    public var logicalCores: Int
    /// Processors this process may use (the "all cores" thread count).
    public var activeCores: Int
    /// SIMD-related CPU flags from /proc/cpuinfo (sse2, avx2, fma, avx512f, neon...).
    public var simdFeatures: [String]
    /// Cache sizes in bytes by level name (`L1d`, `L2`, `L3`), from /sys.
    public var caches: [String: Int]
    /// Total memory in bytes (/proc/meminfo), 0 when unknown.
    public var memoryBytes: Int
    /// `uname -sr`.
    public var operatingSystem: String
    /// 1-minute load average when the run started: other work on the machine adds noise.
    public var loadAverageAtStart: Double
    /// 1-minute load average when the measurements ended (the start alone can miss work that
    /// began during the run). Absent in reports written before it was recorded.
    public var loadAverageAtEnd: Double?

    public init(cpuModel: String, architecture: String, logicalCores: Int, activeCores: Int,
                simdFeatures: [String], caches: [String: Int], memoryBytes: Int,
                operatingSystem: String, loadAverageAtStart: Double, loadAverageAtEnd: Double? = nil) {
        (self.cpuModel, self.architecture, self.logicalCores) = (cpuModel, architecture, logicalCores)
        (self.activeCores, self.simdFeatures, self.caches) = (activeCores, simdFeatures, caches)
        (self.memoryBytes, self.operatingSystem) = (memoryBytes, operatingSystem)
        (self.loadAverageAtStart, self.loadAverageAtEnd) = (loadAverageAtStart, loadAverageAtEnd)
    }

    /// The largest cache, in bytes (32 MiB when unknown).
    public var lastLevelCacheBytes: Int { caches.values.max() ?? 32 << 20 }
}

/// The compiler that built the benchmark.
public struct ToolchainInfo: Hashable, Sendable, Codable {
    /// The first line of `swift --version` at run time, when a `swift` is on the PATH.
    public var swiftVersion: String?
    /// The language version the compiler reported at build time (`#if compiler`), e.g. `6.3`.
    public var compilerVersion: String

    public init(swiftVersion: String?, compilerVersion: String) {
        self.swiftVersion = swiftVersion
        self.compilerVersion = compilerVersion
    }
}

/// How the benchmark was built.
public struct BuildInfo: Hashable, Sendable, Codable {
    /// `release` or `debug` (`#if DEBUG`).
    public var configuration: String
    /// The `-Xswiftc` flags of the build, e.g. `-target-cpu native`; empty for default flags.
    public var swiftFlags: String
    /// Where `swiftFlags` came from: `--build-flags`, or the SwiftPM build description next to
    /// the executable, or `unknown`.
    public var swiftFlagsSource: String
    /// The git commit of the working directory the run started in (12 hex digits, `+dirty`
    /// when tracked files were modified); absent when git could not tell, and in reports
    /// written before it was recorded.
    public var commit: String?

    public init(configuration: String, swiftFlags: String, swiftFlagsSource: String, commit: String? = nil) {
        (self.configuration, self.swiftFlags, self.swiftFlagsSource) = (configuration, swiftFlags, swiftFlagsSource)
        self.commit = commit
    }
}

/// The settings of the run, so that it can be reproduced.
public struct RunSettings: Hashable, Sendable, Codable {
    /// The sizes of a full run: log-spaced from 16 to 4,194,304 (powers of four).
    public static let defaultSizes = [16, 64, 256, 1_024, 4_096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304]

    public var quick: Bool
    public var kernels: [String]
    public var precisions: [String]
    public var threads: [Int]
    public var sizes: [Int]
    public var repetitions: Int
    /// Passes over every subject and size that shared the repetitions; absent: one.
    public var sweeps: Int?
    /// Target duration of one timed measurement (iterations are chosen to fill it).
    public var budgetMilliseconds: Double
    /// Untimed running of each variant before measuring, per size.
    public var warmupMilliseconds: Double
    public var seed: UInt64
    public var bandwidthArrayBytes: Int
    /// Timed passes of each bandwidth loop, at the start and again at the end of the run.
    public var bandwidthPasses: Int
    /// Array sizes of the cache bandwidth loops (three arrays each); absent in older reports.
    public var cacheBandwidthArrayBytes: [Int]?
    /// `--distinct-controls`: each size ran on enough batches (taken in turn) for this many
    /// different controls. Absent: one batch per size, laid out again and again.
    public var distinctControls: Int?
    /// The frame loop's settings; absent when the run measured none, and in older reports.
    public var frame: FrameSettings?

    public init(quick: Bool, kernels: [String], precisions: [String], threads: [Int], sizes: [Int],
                repetitions: Int, sweeps: Int? = nil, budgetMilliseconds: Double, warmupMilliseconds: Double,
                seed: UInt64, bandwidthArrayBytes: Int, bandwidthPasses: Int,
                cacheBandwidthArrayBytes: [Int]? = nil, distinctControls: Int? = nil, frame: FrameSettings? = nil) {
        (self.sweeps, self.frame) = (sweeps, frame)
        (self.cacheBandwidthArrayBytes, self.distinctControls) = (cacheBandwidthArrayBytes, distinctControls)
        (self.quick, self.kernels, self.precisions, self.threads) = (quick, kernels, precisions, threads)
        (self.sizes, self.repetitions, self.budgetMilliseconds) = (sizes, repetitions, budgetMilliseconds)
        (self.warmupMilliseconds, self.seed) = (warmupMilliseconds, seed)
        (self.bandwidthArrayBytes, self.bandwidthPasses) = (bandwidthArrayBytes, bandwidthPasses)
    }
}

/// How the frame loop was measured, so that it can be reproduced.
public struct FrameSettings: Hashable, Sendable, Codable {
    /// Controls per frame.
    public var sizes: [Int]
    /// Controls changed before each frame.
    public var changes: Int
    public var repetitions: Int
    /// Target duration of one sample (frames per sample are chosen to fill it).
    public var budgetMilliseconds: Double
    public var warmupMilliseconds: Double

    public init(sizes: [Int], changes: Int, repetitions: Int, budgetMilliseconds: Double, warmupMilliseconds: Double) {
        (self.sizes, self.changes, self.repetitions) = (sizes, changes, repetitions)
        (self.budgetMilliseconds, self.warmupMilliseconds) = (budgetMilliseconds, warmupMilliseconds)
    }
}
