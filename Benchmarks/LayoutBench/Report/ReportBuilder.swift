// From measurements to a report: `ReportBuilder` turns the raw timings and bandwidth figures
// of a run (Model/) into the report's rows, roofline and notes. Nothing here
// times anything, so a report can be built from hand-made measurements (Benchmarks/Tests/LayoutBenchTests).

/// Turns raw measurements into report rows, the roofline and notes.
public enum ReportBuilder {
    /// The report of `measurements`: a row per variant and size (medians, speedups with their
    /// bootstrap intervals, bandwidth floors), the roofline at each kernel's largest size, and
    /// the notes. `durationSeconds` stays `nil`.
    public static func build(
        measurements: [SizeMeasurement], bandwidth: [BandwidthMeasurement], cacheBandwidth: [BandwidthMeasurement] = [],
        settings: RunSettings, arguments: [String], machine: MachineInfo, toolchain: ToolchainInfo,
        build: BuildInfo, date: String, ceilingAbsent: [String] = [], frames: [SizeMeasurement] = []
    ) -> BenchReport {
        var rows: [ResultRow] = []
        var roofline: [RooflineEntry] = []
        let cache = machine.lastLevelCacheBytes
        for m in measurements {
            let reference = m.variants[0]
            let firstRow = rows.count
            rows.append(ResultRow(
                kernel: m.kernel, variant: VariantKind.reference.rawValue, precision: m.precision, threads: 1, size: m.size,
                iterations: reference.iterations, repetitions: reference.samples.count,
                nsPerControl: SampleSummary(reference.samples), speedup: nil, bytesPerControl: m.bytes(for: .reference),
                floorNsPerControl: nil, ratioToFloor: nil))
            for v in m.variants.dropFirst() {
                let summary = SampleSummary(v.samples)
                // A reproducible seed per row, so rebuilding the report gives the same interval.
                let seed = stableHash("\(m.kernel)/\(m.precision)/\(v.kind.rawValue)/\(v.threads)/\(m.size)")
                let speedup = Statistics.speedup(reference: v.referenceSamples ?? reference.samples, kernel: v.samples, seed: seed)
                let bytes = m.bytes(for: v.kind)
                // No floor for the checked reference: like the reference, it is bound by its
                // arithmetic and branches, one control at a time, not by bandwidth.
                let band = v.kind == .referenceChecked ? nil : floorBandwidth(
                    threads: v.threads,
                    batchBytes: workingSetBytes(size: m.size, bytesPerControl: m.bytesPerControl,
                                                distinctControls: settings.distinctControls),
                    lastLevelCacheBytes: cache, memory: bandwidth, caches: cacheBandwidth)
                let floor = band.map { Double(bytes) / $0.bestGBps }
                rows.append(ResultRow(
                    kernel: m.kernel, variant: v.kind.rawValue, precision: m.precision, threads: v.threads, size: m.size,
                    iterations: v.iterations, repetitions: v.samples.count,
                    nsPerControl: summary, speedup: speedup, bytesPerControl: bytes,
                    floorNsPerControl: floor, ratioToFloor: floor.map { summary.median / $0 },
                    floorBandwidthGBps: band?.bestGBps, floorWorkingSetBytes: band?.workingSetBytes))
            }
            // x ceiling: each one-thread Swift kernel row against the ceiling row of its kind.
            for index in firstRow..<rows.count where rows[index].threads == 1 {
                let ceilingVariant: VariantKind
                switch rows[index].variant {
                case VariantKind.kernel.rawValue: ceilingVariant = .ceiling
                case VariantKind.unchecked.rawValue: ceilingVariant = .ceilingUnchecked
                default: continue
                }
                guard let ceiling = rows[firstRow...].first(where: { $0.variant == ceilingVariant.rawValue }) else { continue }
                rows[index].ceilingNsPerControl = ceiling.nsPerControl.median
                rows[index].ratioToCeiling = rows[index].nsPerControl.median / ceiling.nsPerControl.median
            }
        }
        // The roofline: each kernel variant, precision and thread count at its largest size.
        let kernelRows = rows.filter {
            $0.variant != VariantKind.reference.rawValue && $0.variant != VariantKind.referenceChecked.rawValue
        }
        func groupKey(_ row: ResultRow) -> String { "\(row.kernel)|\(row.precision)|\(row.variant)|\(row.threads)" }
        let groups = Dictionary(grouping: kernelRows, by: groupKey)
        var keys: [String] = []
        for row in kernelRows where !keys.contains(groupKey(row)) { keys.append(groupKey(row)) }
        for key in keys {
            let row = groups[key]!.max { $0.size < $1.size }!
            guard let band = bandwidth.first(where: { $0.threads == row.threads }) else { continue }
            let floor = Double(row.bytesPerControl) / band.bestGBps
            roofline.append(RooflineEntry(
                kernel: row.kernel, variant: row.variant, precision: row.precision, threads: row.threads, size: row.size,
                bytesPerControl: row.bytesPerControl, bandwidthGBps: band.bestGBps,
                floorNsPerControl: floor, medianNsPerControl: row.nsPerControl.median,
                minNsPerControl: row.nsPerControl.min, ratioToFloor: row.nsPerControl.median / floor,
                bestRatioToFloor: row.nsPerControl.min / floor,
                exceedsCache: row.size * row.bytesPerControl > cache))
        }
        var notes = [
            "The reference is scalar and single-threaded in every row; `threads` applies to the batch kernel only, so speedups with 2+ threads compare the parallel kernel with the one-thread reference.",
            "`kernel` rows time the checked public API (`layout(into:)`: a validation pass over every input column, then the layout); `kernel-unchecked` rows time the unchecked entry point (`uncheckedLayout(into:)`: the layout pass alone), where the subject provides it. The checked kernel's bytes per control count its inputs twice (validation, then layout).",
            "ns/control figures are medians over the repetitions; speedup = median reference / median kernel from the same interleaved repetitions, with a 95% paired bootstrap interval (2000 resamples, seeded).",
            "Each kernel thread count is timed in its own rotation with the reference (the reference row shows the one-thread rotation's times), so that no variant's turns disturb another thread count's.",
            "Floor = bytesPerControl / best copy-or-triad bandwidth with the same thread count (STREAM byte counting, no write-allocate): over memory when the data the timed calls go through (size x input and output bytes, times the batches taken in turn with --distinct-controls) exceeds the last-level cache, otherwise over the largest measured cache working set no larger than that. The roofline table uses the memory floor at each kernel's largest size.",
        ]
        if rows.contains(where: { $0.variant == VariantKind.referenceChecked.rawValue }) {
            notes.append("`reference-checked` rows time the call an app makes for one control (`ThumbTrack.layout(_:)` and the like: validation, then the reference), one control at a time, one thread, in the one-thread rotation with the reference; their speedup (reference / checked call) is below 1x, and checked / unchecked = its inverse. They have no floor.")
        }
        if rows.contains(where: { VariantKind.isCeiling($0.variant) }) {
            notes.append("`ceiling` and `ceiling-unchecked` rows time a hand-written C port of the kernel with AVX2 intrinsics (Benchmarks/Ceiling: eight Float or four Double lanes, the same IEEE operations in the same order, no FMA), one thread, with and without its validation pass, checked bit for bit against the reference like every variant. x ceiling = Swift kernel median / ceiling median at the same size and precision (checked against `ceiling`, unchecked against `ceiling-unchecked`, one thread, same repetitions): 1.00x = as fast as the hand-written AVX2 code.")
        }
        if !ceilingAbsent.isEmpty {
            notes.append("No ceiling rows for \(ceilingAbsent.joined(separator: "; ")).")
        }
        if let frame = settings.frame, !frames.isEmpty {
            notes.append("Frame loop rows (`frameRows`): one batch of N controls laid out again every frame, one thread, warm in the caches, \(frame.changes) of its controls changed before each frame (the same writes for every engine); \(frame.repetitions) samples of about \(Format.ns(frame.budgetMilliseconds)) ms per engine and size, the engines interleaved. ns/control = ns per frame / N; medians with 95% bootstrap intervals; speedups paired as in the other rows. Fixed cost = the intercept of the least-squares line of ns per frame against N through the medians (`frameFits`).")
        }
        if build.configuration == "debug" {
            notes.insert("DEBUG BUILD: these numbers mean nothing (run with -c release).", at: 0)
        }
        return BenchReport(
            date: date, arguments: arguments, machine: machine, toolchain: toolchain, build: build,
            settings: settings, bandwidth: bandwidth, rows: rows, roofline: roofline, notes: notes,
            cacheBandwidth: cacheBandwidth.isEmpty ? nil : cacheBandwidth,
            ceilingAbsent: ceilingAbsent.isEmpty ? nil : ceilingAbsent,
            frameRows: frames.isEmpty ? nil : frameRows(frames),
            frameFits: frames.isEmpty ? nil : FrameAnalysis.fits(frames))
    }

    /// The frame loop's rows: per measurement, the reference and each kernel
    /// variant with its median's 95% interval and its paired speedup, `scenario` "frame"; no
    /// floors (the batch is warm in the L1 cache).
    public static func frameRows(_ measurements: [SizeMeasurement]) -> [ResultRow] {
        var rows: [ResultRow] = []
        for m in measurements {
            let reference = m.variants[0].samples
            for v in m.variants {
                let id = "frame/\(m.kernel)/\(m.precision)/\(v.kind.rawValue)/\(v.threads)/\(m.size)"
                rows.append(ResultRow(
                    kernel: m.kernel, variant: v.kind.rawValue, precision: m.precision, threads: v.threads, size: m.size,
                    iterations: v.iterations, repetitions: v.samples.count, nsPerControl: SampleSummary(v.samples),
                    speedup: v.kind == .reference ? nil : Statistics.speedup(reference: reference, kernel: v.samples, seed: stableHash(id)),
                    bytesPerControl: m.bytes(for: v.kind), floorNsPerControl: nil, ratioToFloor: nil,
                    scenario: ResultRow.frameScenario,
                    medianInterval: Statistics.medianInterval(v.samples, seed: stableHash("median/" + id))))
            }
        }
        return rows
    }

    /// The report of a whole run: `build(measurements:...)` over what the run measured,
    /// with the run's duration, to a tenth of a second.
    public static func build(
        _ run: RunMeasurements, arguments: [String], machine: MachineInfo, toolchain: ToolchainInfo,
        build: BuildInfo, date: String
    ) -> BenchReport {
        var report = Self.build(
            measurements: run.measurements, bandwidth: run.bandwidth, cacheBandwidth: run.cacheBandwidth,
            settings: run.settings, arguments: arguments, machine: machine, toolchain: toolchain, build: build,
            date: date, ceilingAbsent: run.ceilingAbsent, frames: run.frames)
        report.durationSeconds = (run.durationSeconds * 10).rounded() / 10
        return report
    }

    /// The bytes the timed calls of one size go through: the inputs and outputs of every
    /// batch they take in turn (`--distinct-controls`), each counted once. With 65,536
    /// distinct controls, a size of 1K controls touches 64 batches' data, not one batch's.
    public static func workingSetBytes(size: Int, bytesPerControl: Int, distinctControls: Int?) -> Int {
        SizeMeasurement.batchCount(size: size, distinctControls: distinctControls ?? 1) * size * bytesPerControl
    }

    /// The bandwidth measurement that bounds a batch of `batchBytes` (inputs and outputs, each
    /// counted once; `workingSetBytes`) run with `threads` threads: memory when the batch
    /// exceeds the last-level cache; otherwise the largest cache working set no larger than
    /// the batch, or the smallest one for a smaller batch. A smaller working set never runs
    /// slower, so the floor it gives is never above what the same loops reach at the batch's
    /// own size. `nil` when nothing was measured.
    public static func floorBandwidth(
        threads: Int, batchBytes: Int, lastLevelCacheBytes: Int,
        memory: [BandwidthMeasurement], caches: [BandwidthMeasurement]
    ) -> BandwidthMeasurement? {
        let inMemory = memory.first { $0.threads == threads }
        if batchBytes > lastLevelCacheBytes { return inMemory }
        let candidates = caches.filter { $0.threads == threads }.sorted { $0.workingSetBytes < $1.workingSetBytes }
        return candidates.last { $0.workingSetBytes <= batchBytes } ?? candidates.first
    }

    /// FNV-1a of a string: a seed that does not change between runs or builds.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
