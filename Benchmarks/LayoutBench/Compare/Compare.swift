// `layout-bench compare BASELINE NEW`: compares speedups (reference time / kernel time), not
// absolute times: a ratio measured within one run carries across machines and load far better
// than nanoseconds do.
//
// A row's change is new speedup / baseline speedup. By default compare judges each kernel,
// precision and thread count by the median of its rows' changes (both variants, every size
// from 1K controls up), with speedups from each variant's fastest repetition, and fails it
// below 0.75 (one thread) or 0.5 (more threads). The checked reference's rows (the
// single-control call; speedup = reference / it) are judged the same way, in groups of their
// own. Why these defaults: see `CompareOptions` and Docs/Benchmarks.md ("compare"), which give
// the runs behind them.

import Foundation

public struct CompareOptions: Hashable, Sendable {
    /// Which speedup to compare.
    public enum Statistic: String, Hashable, Sendable, CaseIterable {
        /// The rows' speedup: median reference time / median kernel time (with its interval).
        case median
        /// Fastest reference time / fastest kernel time: the least disturbed repetitions, the
        /// steadier choice on a machine shared with other work (no interval).
        case min
    }

    /// The default: fastest repetitions. Other work on the machine only ever slows a
    /// repetition down, so the fastest one is the least disturbed.
    public var statistic = Statistic.min
    /// What a verdict judges.
    public enum Grouping: String, Hashable, Sendable, CaseIterable {
        /// Each kernel, precision and thread count, by the median of its rows' changes over
        /// both variants and every size (the default). A slower kernel is slower in most of
        /// them; on a loaded machine whole rows of one run are up to 2x slow (a busy period
        /// longer than the row's repetitions), and the median ignores a few such rows.
        case kernel
        /// Each kernel, variant, precision and thread count, by the geometric mean of its
        /// rows' changes over the sizes (`--group-by variant`, also spelled `--aggregate`).
        case variant
        /// Every row on its own.
        case row
    }

    /// The default, `.kernel`: see `Grouping`.
    public var grouping = Grouping.kernel
    /// Whether verdicts judge groups of rows (any grouping but `.row`).
    public var aggregate: Bool { grouping != .row }
    /// Per-kernel thresholds: keys `kernel` or `kernel/precision` (the more specific wins).
    public var thresholds: [String: Double] = [:]
    /// Below it a (one-thread) group or row regresses. 0.75: below every one-thread group of
    /// three quick runs of unchanged code compared pairwise on a 2-core machine under load 5
    /// (lowest 0.79 by the default grouping), above 0.667, a 1.5x slowdown
    /// (Docs/Benchmarks.md, "compare").
    public var defaultThreshold = 0.75
    /// Rows with more than one thread get the looser of their threshold and this one: with
    /// two threads on a shared 2-core machine, any other work takes a core away from the
    /// kernel mid-measurement. 0.5 still fails a kernel that loses its SIMD or parallel code.
    public var multiThreadThreshold = 0.5
    /// Only rows of these thread counts (all when empty).
    public var threads: [Int] = []
    /// Only rows of at least this many controls. Default 1K: smaller batches take
    /// microseconds, and a timer tick or a preemption moves their speedups by 2x.
    public var minSize = 1_024
    /// Only kernels whose name contains one of these (all when empty).
    public var filters: [String] = []
    /// Differences of machine, toolchain or build flags between the reports are errors (exit
    /// `ExitCode.environment`), not just warnings.
    public var strictEnvironment = false

    public init() {}

    /// The threshold of one-thread rows of `kernel` in `precision`.
    public func threshold(kernel: String, precision: String) -> Double {
        thresholds["\(kernel)/\(precision)"] ?? thresholds["\(kernel)/\(precision.lowercased())"]
            ?? thresholds[kernel] ?? defaultThreshold
    }

    /// The threshold of rows of `kernel` in `precision` with `threads` threads.
    public func threshold(kernel: String, precision: String, threads: Int) -> Double {
        let base = threshold(kernel: kernel, precision: precision)
        return threads > 1 ? Swift.min(base, multiThreadThreshold) : base
    }
}

public struct CompareLine: Hashable, Sendable {
    public enum Status: String, Sendable { case ok, improved, regression }
    public var key: RowKey
    public var baseline: Interval
    public var new: Interval
    /// new.estimate / baseline.estimate.
    public var change: Double
    public var threshold: Double
    public var status: Status
}

/// The rows of one kernel, precision and thread count (and variant, with `--group-by
/// variant`), judged together.
public struct CompareGroup: Hashable, Sendable {
    public var kernel: String
    /// The variant, or `all` when the group holds every kernel variant (`Grouping.kernel`,
    /// where the checked reference's rows form groups of their own).
    public var variant: String
    public var precision: String
    public var threads: Int
    /// `ResultRow.scenario`: `nil` for batch rows, `frame` for the frame loop's (grouped apart).
    public var scenario: String? = nil
    public var sizes: [Int]
    /// Rows in the group.
    public var rowCount: Int
    /// The median of the rows' changes (`Grouping.kernel`; the geometric mean of the middle
    /// two for an even count) or their geometric mean (`Grouping.variant`).
    public var change: Double
    public var minChange: Double
    public var maxChange: Double
    public var threshold: Double
    public var status: CompareLine.Status

    public var description: String {
        (variant == "all" ? "\(kernel) \(precision) \(threads)t" : "\(kernel) \(precision) \(variant) \(threads)t")
            + (scenario.map { " (\($0))" } ?? "")
    }
}

/// One way the two reports' machines, toolchains, builds or conditions differ.
public struct EnvironmentDifference: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case machine, toolchain, build
        /// Load and run settings: they make the numbers noisier or differently measured, but
        /// the code and the machine are the same (never an error).
        case conditions
    }
    public var kind: Kind
    /// What differs, e.g. `CPU model`.
    public var name: String
    public var baseline: String
    public var new: String
    /// An optional explanation after the values.
    public var note: String?

    /// Whether `--strict-environment` makes it an error.
    public var isStrict: Bool { kind != .conditions }

    public var description: String {
        "\(kind.rawValue): \(name): baseline \(baseline), new \(new)" + (note.map { " (\($0))" } ?? "")
    }
}

public struct CompareResult: Sendable {
    public var lines: [CompareLine]
    /// Filled unless `CompareOptions.grouping` is `.row`; then they decide the outcome.
    public var groups: [CompareGroup] = []
    /// How the groups were formed (`CompareOptions.grouping`).
    public var grouping = CompareOptions.Grouping.kernel
    /// Kernel rows of the baseline that the new report lacks (e.g. sizes a --quick run skips).
    public var missingInNew: [RowKey]
    /// Kernel rows of the new report that the baseline lacks.
    public var missingInBaseline: [RowKey]
    /// Kernel rows in both reports left out by `--min-size` (not judged).
    public var belowMinSize = 0
    public var warnings: [String]
    /// How the reports' machines, toolchains, builds and conditions differ.
    public var environment: [EnvironmentDifference] = []

    public var regressions: [CompareLine] { lines.filter { $0.status == .regression } }
    public var groupRegressions: [CompareGroup] { groups.filter { $0.status == .regression } }
}

public enum Comparison {
    public static func compare(baseline: BenchReport, new: BenchReport, options: CompareOptions) -> CompareResult {
        func candidate(_ row: ResultRow) -> Bool {
            // The library's code (the Swift kernels, the checked reference) only: a ceiling row
            // times C code.
            row.variant != "reference" && !VariantKind.isCeiling(row.variant) && row.speedup != nil
                && (options.threads.isEmpty || options.threads.contains(row.threads))
                && (options.filters.isEmpty || options.filters.contains { row.kernel.contains($0) })
        }
        // `--min-size` leaves out small batch rows; the frame loop's rows are all small by
        // design (a sample spans thousands of frames of one warm batch), so it does not apply.
        func small(_ row: ResultRow) -> Bool { !row.isFrame && row.size < options.minSize }
        func selected(_ row: ResultRow) -> Bool { candidate(row) && !small(row) }
        // Batch rows, then the frame loop's (absent from reports written before it).
        let baseAll = baseline.rows + (baseline.frameRows ?? []), newAll = new.rows + (new.frameRows ?? [])
        let baseRows = Dictionary(baseAll.filter(selected).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let newRows = Dictionary(newAll.filter(selected).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let smallKeys = Set(baseAll.filter { candidate($0) && small($0) }.map(\.key))
        let belowMinSize = newAll.filter { candidate($0) && small($0) && smallKeys.contains($0.key) }.count
        func speedup(_ row: ResultRow, in rows: [ResultRow]) -> Interval? {
            switch options.statistic {
            case .median:
                return row.speedup
            case .min:
                guard let reference = rows.first(where: {
                    $0.kernel == row.kernel && $0.precision == row.precision && $0.size == row.size
                        && $0.variant == "reference" && $0.scenario == row.scenario
                }) else { return nil }
                let value = reference.nsPerControl.min / row.nsPerControl.min
                return Interval(estimate: value, lower: value, upper: value, level: 0)
            }
        }
        var lines: [CompareLine] = []
        for key in newRows.keys.sorted() {
            guard let baseRow = baseRows[key], let newRow = newRows[key],
                  let base = speedup(baseRow, in: baseAll), let current = speedup(newRow, in: newAll) else { continue }
            let change = current.estimate / base.estimate
            let threshold = options.threshold(kernel: key.kernel, precision: key.precision, threads: key.threads)
            let status: CompareLine.Status = change < threshold ? .regression : (change > 1 / threshold ? .improved : .ok)
            lines.append(CompareLine(key: key, baseline: base, new: current, change: change, threshold: threshold, status: status))
        }
        var warnings: [String] = []
        if new.build.configuration == "debug" { warnings.append("the new report comes from a debug build") }
        var groups: [CompareGroup] = []
        if options.aggregate {
            let byVariant = options.grouping == .variant
            var order: [String] = []
            var members: [String: [CompareLine]] = [:]
            // The checked reference's rows form groups of their own: they time the
            // single-control call (validation, then the reference), not the kernel, so they
            // join no kernel's median.
            func groupVariant(_ line: CompareLine) -> String {
                byVariant || line.key.variant == VariantKind.referenceChecked.rawValue ? line.key.variant : "all"
            }
            for line in lines {
                let id = "\(line.key.scenario ?? "")|\(line.key.kernel)|\(groupVariant(line))|\(line.key.precision)|\(line.key.threads)"
                if members[id] == nil { order.append(id) }
                members[id, default: []].append(line)
            }
            for id in order {
                let group = members[id]!
                let first = group[0]
                let changes = group.map(\.change)
                let variant = groupVariant(first)
                let change = byVariant ? geometricMean(changes) : median(changes)
                let status: CompareLine.Status = change < first.threshold ? .regression : (change > 1 / first.threshold ? .improved : .ok)
                var sizes: [Int] = []
                for size in group.map(\.key.size) where !sizes.contains(size) { sizes.append(size) }
                groups.append(CompareGroup(
                    kernel: first.key.kernel, variant: variant, precision: first.key.precision,
                    threads: first.key.threads, scenario: first.key.scenario, sizes: sizes.sorted(), rowCount: group.count, change: change,
                    minChange: changes.min()!, maxChange: changes.max()!, threshold: first.threshold, status: status))
            }
        }
        return CompareResult(
            lines: lines, groups: groups, grouping: options.grouping,
            missingInNew: baseRows.keys.filter { newRows[$0] == nil }.sorted(),
            missingInBaseline: newRows.keys.filter { baseRows[$0] == nil }.sorted(),
            belowMinSize: belowMinSize,
            warnings: warnings,
            environment: environmentDifferences(baseline: baseline, new: new))
    }

    static func geometricMean(_ values: [Double]) -> Double {
        exp(values.map { log($0) }.reduce(0, +) / Double(values.count))
    }

    /// The median; for an even count the geometric mean of the middle two (changes are ratios).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] * sorted[middle]).squareRoot()
    }

    /// Loads that differ by at least this much (in runnable threads), or that exceed the
    /// cores, are worth a warning: on a 2-core machine, one more busy thread takes half of it.
    public static let loadDifferenceWarning = 1.0

    /// How the reports' machines, toolchains, builds and conditions differ, in that order.
    public static func environmentDifferences(baseline: BenchReport, new: BenchReport) -> [EnvironmentDifference] {
        var differences: [EnvironmentDifference] = []
        func quoted(_ text: String) -> String { text.isEmpty ? "none recorded" : "'\(text)'" }
        func check(_ kind: EnvironmentDifference.Kind, _ name: String, _ a: String, _ b: String, note: String? = nil) {
            if a != b { differences.append(EnvironmentDifference(kind: kind, name: name, baseline: a, new: b, note: note)) }
        }
        let (m0, m1) = (baseline.machine, new.machine)
        check(.machine, "CPU model", quoted(m0.cpuModel), quoted(m1.cpuModel))
        check(.machine, "architecture", quoted(m0.architecture), quoted(m1.architecture))
        if Set(m0.simdFeatures) != Set(m1.simdFeatures) {
            let (f0, f1) = (Set(m0.simdFeatures), Set(m1.simdFeatures))
            var parts: [String] = []
            if !f0.subtracting(f1).isEmpty { parts.append("only the baseline has \(f0.subtracting(f1).sorted().joined(separator: " "))") }
            if !f1.subtracting(f0).isEmpty { parts.append("only the new one has \(f1.subtracting(f0).sorted().joined(separator: " "))") }
            check(.machine, "SIMD features", m0.simdFeatures.isEmpty ? "unknown" : m0.simdFeatures.sorted().joined(separator: " "),
                  m1.simdFeatures.isEmpty ? "unknown" : m1.simdFeatures.sorted().joined(separator: " "),
                  note: f0.isEmpty || f1.isEmpty ? nil : parts.joined(separator: "; "))
        }
        func caches(_ caches: [String: Int]) -> String {
            caches.isEmpty ? "unknown" : caches.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value >> 10) KiB" }.joined(separator: ", ")
        }
        check(.machine, "caches", caches(m0.caches), caches(m1.caches))
        check(.machine, "cores (available / logical)", "\(m0.activeCores) / \(m0.logicalCores)", "\(m1.activeCores) / \(m1.logicalCores)")
        check(.toolchain, "Swift version", baseline.toolchain.swiftVersion.map(quoted) ?? "unknown",
              new.toolchain.swiftVersion.map(quoted) ?? "unknown")
        check(.toolchain, "compiler version (build time)", baseline.toolchain.compilerVersion, new.toolchain.compilerVersion)
        check(.build, "configuration", baseline.build.configuration, new.build.configuration)
        func flags(_ build: BuildInfo) -> String {
            build.swiftFlagsSource == "unknown" && build.swiftFlags.isEmpty ? "unknown" : "'\(build.swiftFlags)'"
        }
        check(.build, "Swift flags", flags(baseline.build), flags(new.build))
        // Conditions: never errors.
        func load(_ machine: MachineInfo) -> String {
            "\(machine.loadAverageAtStart) at the start, " + (machine.loadAverageAtEnd.map { "\($0)" } ?? "unknown") + " at the end"
        }
        let loads0 = [m0.loadAverageAtStart] + (m0.loadAverageAtEnd.map { [$0] } ?? [])
        let loads1 = [m1.loadAverageAtStart] + (m1.loadAverageAtEnd.map { [$0] } ?? [])
        let (high0, high1) = (loads0.max()!, loads1.max()!)
        let busy = high0 >= Double(max(m0.activeCores, 1)) || high1 >= Double(max(m1.activeCores, 1))
        if busy || abs(high0 - high1) >= loadDifferenceWarning {
            differences.append(EnvironmentDifference(
                kind: .conditions, name: "load average", baseline: load(m0), new: load(m1),
                note: busy ? "a load at or above the core count: other work competed for the cores, expect noise"
                           : "other work on the machine disturbs the timings differently"))
        }
        let (s0, s1) = (baseline.settings, new.settings)
        func settings(_ s: RunSettings) -> String {
            "\(s.quick ? "--quick, " : "")\(s.repetitions) repetitions of \(s.budgetMilliseconds) ms, "
                + (s.distinctControls.map { "\($0) distinct controls" } ?? "one batch per size")
        }
        check(.conditions, "run settings", settings(s0), settings(s1))
        check(.conditions, "operating system", quoted(m0.operatingSystem), quoted(m1.operatingSystem))
        return differences
    }

    /// Every group compare judged, one line each: its rows and sizes, its change (and the
    /// lowest and highest of its rows'), its threshold and its verdict (`ok`, `improved` or
    /// `REGRESSION`), so that a passing comparison shows what it checked.
    public static func groupTable(_ result: CompareResult) -> TextTable {
        let byVariant = result.grouping == .variant
        var table = TextTable(header: ["kernel", "variant", "precision", "threads", "sizes", "rows", byVariant ? "change (geomean)" : "change (median)", "min", "max", "threshold", "verdict"],
                              rightAligned: [3, 5, 6, 7, 8, 9])
        for group in result.groups {
            table.append([
                group.kernel, group.variant + (group.scenario.map { ", \($0)" } ?? ""), group.precision, String(group.threads),
                sizeRange(group.sizes), String(group.rowCount),
                Format.ratio(group.change), Format.ratio(group.minChange), Format.ratio(group.maxChange),
                Format.ratioBare(group.threshold), group.status == .regression ? "REGRESSION" : group.status.rawValue,
            ])
        }
        return table
    }

    /// "1K-256K" for sorted sizes (a single size alone).
    static func sizeRange(_ sizes: [Int]) -> String {
        guard let first = sizes.first, let last = sizes.last else { return "-" }
        return first == last ? SVGChart.sizeLabel(first) : "\(SVGChart.sizeLabel(first))-\(SVGChart.sizeLabel(last))"
    }

    public static func table(_ result: CompareResult) -> TextTable {
        var table = TextTable(header: ["kernel", "variant", "precision", "threads", "N", "baseline speedup", "new speedup", "change", "threshold", "status"],
                              rightAligned: [3, 4, 5, 6, 7, 8])
        for line in result.lines {
            table.append([
                line.key.kernel, line.key.variant + (line.key.scenario.map { ", \($0)" } ?? ""), line.key.precision,
                String(line.key.threads), SVGChart.sizeLabel(line.key.size),
                Format.interval(line.baseline), Format.interval(line.new),
                Format.ratio(line.change), Format.ratioBare(line.threshold),
                // When groups decide, a row below its threshold is information, not a verdict.
                line.status == .regression ? (result.groups.isEmpty ? "REGRESSION" : "below") : line.status.rawValue,
            ])
        }
        return table
    }
}
