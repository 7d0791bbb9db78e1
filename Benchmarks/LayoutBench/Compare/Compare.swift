// `layout-bench compare BASELINE NEW`: compares speedups (reference time / kernel time), not
// absolute times: a ratio measured within one run carries across machines and load far better
// than nanoseconds do.
//
// A row regresses when new speedup / baseline speedup < threshold. The default threshold, 0.5,
// passes run-to-run noise on a busy 2-core machine (speedups there move by up to ~30%) and
// fails a kernel that falls back to scalar or unspecialized code (its speedup drops to about
// 1x or below, a fraction of the baseline's 3-10x).

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

    public var statistic = Statistic.median
    /// Judge each kernel, variant, precision and thread count by the geometric mean of its
    /// rows' changes over the sizes, instead of row by row: a kernel that loses its SIMD code
    /// is slower at every size, while noise hits single rows.
    public var aggregate = false
    /// Per-kernel thresholds: keys `kernel` or `kernel/precision` (the more specific wins).
    public var thresholds: [String: Double] = [:]
    public var defaultThreshold = 0.5
    /// Only rows of these thread counts (all when empty).
    public var threads: [Int] = []
    /// Only rows of at least this many controls.
    public var minSize = 0
    /// Only kernels whose name contains one of these (all when empty).
    public var filters: [String] = []

    public init() {}

    public func threshold(kernel: String, precision: String) -> Double {
        thresholds["\(kernel)/\(precision)"] ?? thresholds["\(kernel)/\(precision.lowercased())"]
            ?? thresholds[kernel] ?? defaultThreshold
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

/// The rows of one kernel, variant, precision and thread count, judged together
/// (`CompareOptions.aggregate`).
public struct CompareGroup: Hashable, Sendable {
    public var kernel: String
    public var variant: String
    public var precision: String
    public var threads: Int
    public var sizes: [Int]
    /// Geometric mean of the rows' changes.
    public var change: Double
    public var minChange: Double
    public var maxChange: Double
    public var threshold: Double
    public var status: CompareLine.Status

    public var description: String { "\(kernel) \(precision) \(variant) \(threads)t" }
}

public struct CompareResult: Sendable {
    public var lines: [CompareLine]
    /// Filled when `CompareOptions.aggregate` is on; then they decide the outcome.
    public var groups: [CompareGroup] = []
    /// Kernel rows of the baseline that the new report lacks (e.g. sizes a --quick run skips).
    public var missingInNew: [RowKey]
    /// Kernel rows of the new report that the baseline lacks.
    public var missingInBaseline: [RowKey]
    public var warnings: [String]

    public var regressions: [CompareLine] { lines.filter { $0.status == .regression } }
    public var groupRegressions: [CompareGroup] { groups.filter { $0.status == .regression } }
}

public enum Comparison {
    public static func compare(baseline: BenchReport, new: BenchReport, options: CompareOptions) -> CompareResult {
        func selected(_ row: ResultRow) -> Bool {
            row.variant != "reference" && row.speedup != nil
                && (options.threads.isEmpty || options.threads.contains(row.threads))
                && row.size >= options.minSize
                && (options.filters.isEmpty || options.filters.contains { row.kernel.contains($0) })
        }
        let baseRows = Dictionary(baseline.rows.filter(selected).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let newRows = Dictionary(new.rows.filter(selected).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        func speedup(_ row: ResultRow, in report: BenchReport) -> Interval? {
            switch options.statistic {
            case .median:
                return row.speedup
            case .min:
                guard let reference = report.rows.first(where: {
                    $0.kernel == row.kernel && $0.precision == row.precision && $0.size == row.size && $0.variant == "reference"
                }) else { return nil }
                let value = reference.nsPerControl.min / row.nsPerControl.min
                return Interval(estimate: value, lower: value, upper: value, level: 0)
            }
        }
        var lines: [CompareLine] = []
        for key in newRows.keys.sorted() {
            guard let baseRow = baseRows[key], let newRow = newRows[key],
                  let base = speedup(baseRow, in: baseline), let current = speedup(newRow, in: new) else { continue }
            let change = current.estimate / base.estimate
            let threshold = options.threshold(kernel: key.kernel, precision: key.precision)
            let status: CompareLine.Status = change < threshold ? .regression : (change > 1 / threshold ? .improved : .ok)
            lines.append(CompareLine(key: key, baseline: base, new: current, change: change, threshold: threshold, status: status))
        }
        var warnings: [String] = []
        if new.build.configuration == "debug" { warnings.append("the new report comes from a debug build") }
        if baseline.build.swiftFlags != new.build.swiftFlags {
            warnings.append("build flags differ: baseline '\(baseline.build.swiftFlags)', new '\(new.build.swiftFlags)'")
        }
        if baseline.machine.cpuModel != new.machine.cpuModel {
            warnings.append("different CPUs: baseline '\(baseline.machine.cpuModel)', new '\(new.machine.cpuModel)'")
        }
        var groups: [CompareGroup] = []
        if options.aggregate {
            var order: [String] = []
            var members: [String: [CompareLine]] = [:]
            for line in lines {
                let id = "\(line.key.kernel)|\(line.key.variant)|\(line.key.precision)|\(line.key.threads)"
                if members[id] == nil { order.append(id) }
                members[id, default: []].append(line)
            }
            for id in order {
                let group = members[id]!
                let first = group[0]
                let changes = group.map(\.change)
                let geomean = exp(changes.map { log($0) }.reduce(0, +) / Double(changes.count))
                let status: CompareLine.Status = geomean < first.threshold ? .regression : (geomean > 1 / first.threshold ? .improved : .ok)
                groups.append(CompareGroup(
                    kernel: first.key.kernel, variant: first.key.variant, precision: first.key.precision,
                    threads: first.key.threads, sizes: group.map(\.key.size), change: geomean,
                    minChange: changes.min()!, maxChange: changes.max()!, threshold: first.threshold, status: status))
            }
        }
        return CompareResult(
            lines: lines, groups: groups,
            missingInNew: baseRows.keys.filter { newRows[$0] == nil }.sorted(),
            missingInBaseline: newRows.keys.filter { baseRows[$0] == nil }.sorted(),
            warnings: warnings)
    }

    public static func groupTable(_ result: CompareResult) -> TextTable {
        var table = TextTable(header: ["kernel", "variant", "precision", "threads", "sizes", "change (geomean)", "min", "max", "threshold", "status"],
                              rightAligned: [3, 4, 5, 6, 7, 8])
        for group in result.groups {
            table.append([
                group.kernel, group.variant, group.precision, String(group.threads), String(group.sizes.count),
                Format.ratio(group.change), Format.ratio(group.minChange), Format.ratio(group.maxChange),
                Format.ratioBare(group.threshold), group.status == .regression ? "REGRESSION" : group.status.rawValue,
            ])
        }
        return table
    }

    public static func table(_ result: CompareResult) -> TextTable {
        var table = TextTable(header: ["kernel", "variant", "precision", "threads", "N", "baseline speedup", "new speedup", "change", "threshold", "status"],
                              rightAligned: [3, 4, 5, 6, 7, 8])
        for line in result.lines {
            table.append([
                line.key.kernel, line.key.variant, line.key.precision, String(line.key.threads), SVGChart.sizeLabel(line.key.size),
                Format.interval(line.baseline), Format.interval(line.new),
                Format.ratio(line.change), Format.ratioBare(line.threshold),
                line.status == .regression ? "REGRESSION" : line.status.rawValue,
            ])
        }
        return table
    }
}
