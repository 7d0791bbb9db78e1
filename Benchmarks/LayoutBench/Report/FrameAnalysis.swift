// What the frame loop's rows say beyond their medians: each engine's fixed cost per call (the
// intercept of time against frame size) and, per kernel, the smallest frame size from which it
// beats the reference. Nothing here times anything.

/// The smallest frame size from which a kernel beats its reference.
public struct FrameCrossover: Hashable, Sendable {
    public var kernel: String
    /// `kernel` or `kernel-unchecked`.
    public var variant: String
    public var precision: String
    /// The smallest measured size N whose speedup interval lies above 1x, as at every larger
    /// size measured; `nil` when the largest size's interval does not.
    public var from: Int?
    /// The smallest measured size whose interval lies above 1x (below `from` when a size in
    /// between does not); `nil` when none does.
    public var firstAbove: Int?
    /// The largest size measured.
    public var largest: Int

    /// "from N=16", "from N=32 (also at N=8)", "at N=8 only, not at the largest size (256)",
    /// "at no size up to 256".
    public var text: String {
        if let from {
            return "from N=\(from)" + (firstAbove.map { $0 < from ? " (also at N=\($0))" : "" } ?? "")
        }
        if let firstAbove { return "from N=\(firstAbove), but not at the largest size (\(largest))" }
        return "at no size up to \(largest)"
    }
}

public enum FrameAnalysis {
    /// Per kernel, engine and precision (in measurement order), the least-squares line of ns
    /// per frame against the frame size through the medians, with bootstrap intervals
    /// (`Statistics.medianLine`, seeded by the line's identity). Engines measured at fewer
    /// than two sizes get none.
    public static func fits(_ measurements: [SizeMeasurement]) -> [FrameFit] {
        var order: [String] = []
        var points: [String: (kernel: String, precision: String, variant: VariantKind, sizes: [Int], samples: [[Double]])] = [:]
        for m in measurements {
            for v in m.variants {
                let id = "\(m.kernel)/\(m.precision)/\(v.kind.rawValue)"
                if points[id] == nil {
                    order.append(id)
                    points[id] = (m.kernel, m.precision, v.kind, [], [])
                }
                points[id]!.sizes.append(m.size)
                // ns per frame: the samples are per control.
                points[id]!.samples.append(v.samples.map { $0 * Double(m.size) })
            }
        }
        return order.compactMap { id in
            let p = points[id]!
            guard Set(p.sizes).count >= 2 else { return nil }
            let line = Statistics.medianLine(x: p.sizes.map(Double.init), samples: p.samples,
                                             seed: ReportBuilder.stableHash("frame-fit/" + id))
            return FrameFit(kernel: p.kernel, variant: p.variant.rawValue, precision: p.precision, sizes: p.sizes,
                            fixedNsPerFrame: line.intercept, nsPerControl: line.slope)
        }
    }

    /// Per kernel, precision and kernel variant of `rows` (frame rows, in their order), where
    /// it beats the reference: its speedup's interval above 1x.
    public static func crossovers(_ rows: [ResultRow]) -> [FrameCrossover] {
        var result: [FrameCrossover] = []
        var seen: Set<String> = []
        // The kernels only: the checked reference is the single-control call, not a kernel.
        for row in rows where row.speedup != nil && row.variant != VariantKind.referenceChecked.rawValue {
            let id = "\(row.kernel)/\(row.precision)/\(row.variant)"
            if !seen.insert(id).inserted { continue }
            let series = rows.filter { $0.kernel == row.kernel && $0.precision == row.precision && $0.variant == row.variant }
                .sorted { $0.size < $1.size }
            result.append(crossover(series))
        }
        return result
    }

    /// The crossover of one kernel variant's rows, sorted by size.
    static func crossover(_ series: [ResultRow]) -> FrameCrossover {
        let above = series.map { ($0.speedup?.lower ?? 0) > 1 }
        // From the largest size down, while every interval lies above 1x.
        var from: Int?
        var index = series.count - 1
        while index >= 0 && above[index] {
            from = series[index].size
            index -= 1
        }
        let first = series.indices.first { above[$0] }.map { series[$0].size }
        return FrameCrossover(kernel: series[0].kernel, variant: series[0].variant, precision: series[0].precision,
                              from: from, firstAbove: first, largest: series.last!.size)
    }
}
