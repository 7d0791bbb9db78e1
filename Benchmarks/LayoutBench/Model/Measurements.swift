// What a run measures, as plain values: the raw timings of every variant and size, the
// bandwidth loops' rates, and the few labels both sides print. Run/ produces them and Report/
// reads them; neither folder refers to the other, only to this one (and Statistics/).

/// What a timed variant runs.
public enum VariantKind: String, Hashable, Sendable {
    /// The scalar reference without validation, one control at a time, one thread.
    case reference
    /// The single-control call an app makes (`Slider.layout(_:)`: validation, then the
    /// reference), one control at a time, one thread. Its speedup (reference / it) is below 1.
    case referenceChecked = "reference-checked"
    /// The batch kernel through its checked (validating) entry point.
    case kernel
    /// The batch kernel through its unchecked entry point (no validation pass).
    case unchecked = "kernel-unchecked"
    /// The ceiling (a hand-written AVX2 port of the kernel, one thread) with validation.
    case ceiling
    /// The ceiling without validation.
    case ceilingUnchecked = "ceiling-unchecked"

    /// Whether rows of `variant` time a ceiling rather than the Swift kernel.
    public static func isCeiling(_ variant: String) -> Bool {
        variant == VariantKind.ceiling.rawValue || variant == VariantKind.ceilingUnchecked.rawValue
    }
}

/// The raw timings of one variant at one size.
public struct VariantSamples: Sendable {
    public var kind: VariantKind
    public var threads: Int
    /// ns/control, one per repetition.
    public var samples: [Double]
    public var iterations: Int
    /// The reference's samples from the same interleaved repetitions, when they are not those
    /// of the measurement's reference variant (a later rotation of other thread counts).
    public var referenceSamples: [Double]?

    public init(kind: VariantKind, threads: Int, samples: [Double], iterations: Int, referenceSamples: [Double]? = nil) {
        (self.kind, self.threads, self.samples) = (kind, threads, samples)
        (self.iterations, self.referenceSamples) = (iterations, referenceSamples)
    }
}

/// The raw timings of one subject at one size; `variants[0]` is the reference.
public struct SizeMeasurement: Sendable {
    public var kernel: String
    public var precision: String
    public var bytesPerControl: Int
    public var inputBytesPerControl: Int?
    public var size: Int
    public var variants: [VariantSamples]

    public init(kernel: String, precision: String, bytesPerControl: Int, inputBytesPerControl: Int?, size: Int, variants: [VariantSamples]) {
        (self.kernel, self.precision, self.bytesPerControl) = (kernel, precision, bytesPerControl)
        (self.inputBytesPerControl, self.size, self.variants) = (inputBytesPerControl, size, variants)
    }

    /// This measurement with `later`'s samples (a later sweep of the same subject and size)
    /// appended to each variant's.
    public func appending(_ later: SizeMeasurement) -> SizeMeasurement {
        var merged = self
        for index in merged.variants.indices {
            merged.variants[index].samples += later.variants[index].samples
            if let more = later.variants[index].referenceSamples {
                merged.variants[index].referenceSamples = (merged.variants[index].referenceSamples ?? []) + more
            }
        }
        return merged
    }

    /// How many batches of `size` controls a size is measured on: enough for
    /// `distinctControls` different controls (one when that is no more than `size`).
    public static func batchCount(size: Int, distinctControls: Int) -> Int {
        guard size > 0, distinctControls > size else { return 1 }
        return (distinctControls + size - 1) / size
    }

    /// Bytes a variant moves per control: the checked kernel (and ceiling) reads its inputs twice
    /// (validation, then layout) when the subject says how many input bytes it has.
    public func bytes(for kind: VariantKind) -> Int {
        kind == .kernel || kind == .ceiling ? bytesPerControl + (inputBytesPerControl ?? 0) : bytesPerControl
    }
}

/// Everything a run measured, before it becomes a report.
public struct RunMeasurements: Sendable {
    /// One per subject and size, in the order they were measured.
    public var measurements: [SizeMeasurement]
    /// Memory bandwidth per thread count.
    public var bandwidth: [BandwidthMeasurement]
    /// Cache bandwidth per thread count and working set.
    public var cacheBandwidth: [BandwidthMeasurement]
    /// The settings the run used, as the report records them.
    public var settings: RunSettings
    /// Wall-clock time of the whole run, bandwidth loops included.
    public var durationSeconds: Double
    /// The measured kernels whose ceiling could not run here, and why.
    public var ceilingAbsent: [String]
    /// The frame loop (one batch laid out again every frame): one per subject and frame size,
    /// samples in ns per control (ns per frame / size).
    public var frames: [SizeMeasurement]

    public init(measurements: [SizeMeasurement], bandwidth: [BandwidthMeasurement],
                cacheBandwidth: [BandwidthMeasurement], settings: RunSettings, durationSeconds: Double,
                ceilingAbsent: [String] = [], frames: [SizeMeasurement] = []) {
        self.frames = frames
        (self.measurements, self.bandwidth, self.cacheBandwidth) = (measurements, bandwidth, cacheBandwidth)
        (self.settings, self.durationSeconds, self.ceilingAbsent) = (settings, durationSeconds, ceilingAbsent)
    }
}

/// The bandwidth measured with a given number of threads.
public struct BandwidthMeasurement: Hashable, Sendable, Codable {
    public var threads: Int
    /// Bytes per array (each loop streams over two or three such arrays).
    public var arrayBytes: Int
    /// GB/s of the copy loop over the passes.
    public var copy: SampleSummary
    /// GB/s of the triad loop over the passes.
    public var triad: SampleSummary

    public init(threads: Int, arrayBytes: Int, copy: SampleSummary, triad: SampleSummary) {
        (self.threads, self.arrayBytes, self.copy, self.triad) = (threads, arrayBytes, copy, triad)
    }

    /// Summarizes raw per-pass rates (GB/s).
    public init(threads: Int, arrayBytes: Int, copyRates: [Double], triadRates: [Double]) {
        self.init(threads: threads, arrayBytes: arrayBytes,
                  copy: SampleSummary(copyRates), triad: SampleSummary(triadRates))
    }

    /// The best rate either loop reached (GB/s): the floor uses it, so the floor is a lower
    /// bound on time (noise only ever slows a pass down).
    public var bestGBps: Double { Swift.max(copy.max, triad.max) }

    /// Bytes the triad loop keeps in use: its three arrays.
    public var workingSetBytes: Int { 3 * arrayBytes }
}

/// How sizes and byte counts are written in progress lines, tables and charts.
public enum Units {
    /// `16`, `1K`, `4M`: a batch size (powers of two as K and M).
    public static func size(_ size: Int) -> String {
        if size >= 1 << 20 && size % (1 << 20) == 0 { return "\(size >> 20)M" }
        if size >= 1 << 10 && size % (1 << 10) == 0 { return "\(size >> 10)K" }
        return "\(size)"
    }

    /// `24 KiB`, `1.5 MiB`, `256 MiB`: a working set.
    public static func bytes(_ bytes: Int) -> String {
        if bytes < 1 << 20 { return "\(bytes >> 10) KiB" }
        let tenths = (bytes * 10) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
}
