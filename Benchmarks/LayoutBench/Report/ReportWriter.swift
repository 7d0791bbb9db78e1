// Everything `run` writes: latest.json, latest.csv, the SVG charts and README.md, plus the
// table printed on stdout.

import Foundation

public enum ReportWriter {
    /// Colors per kernel thread count (1 thread, 2 threads, more) and for the reference; the
    /// floors are greys (per thread count), dashed and stepped, so no floor looks like a timing.
    static let referenceColor = "#111111"
    static let floorColors = ["#808080", "#b0b0b0", "#5a5a5a", "#c8c8c8"]
    static let threadColors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]
    static let doubleColors = ["#17becf", "#ff7f0e", "#bcbd22", "#8c564b"]
    /// The ceiling (hand-written AVX2 port): one color, solid checked, dashed unchecked.
    static let ceilingColor = "#e377c2"

    static func threadColor(_ index: Int, _ palette: [String] = threadColors) -> String { palette[index % palette.count] }

    static func threadsLabel(_ threads: Int) -> String { threads == 1 ? "1 thread" : "\(threads) threads" }

    /// File names are lowercase: `button-content-float-ns.svg`.
    public static func nsChartName(kernel: String, precision: String) -> String { "\(kernel)-\(precision.lowercased())-ns.svg" }
    public static func speedupChartName(kernel: String) -> String { "\(kernel)-speedup.svg" }

    /// Kernels in report order (first appearance).
    static func kernels(_ report: BenchReport) -> [String] {
        var seen: [String] = []
        for row in report.rows where !seen.contains(row.kernel) { seen.append(row.kernel) }
        return seen
    }

    static func precisions(_ report: BenchReport, kernel: String) -> [String] {
        var seen: [String] = []
        for row in report.rows where row.kernel == kernel && !seen.contains(row.precision) { seen.append(row.precision) }
        return seen
    }

    static func kernelThreads(_ report: BenchReport) -> [Int] {
        Array(Set(report.rows.filter { $0.variant == "kernel" }.map(\.threads))).sorted()
    }

    // MARK: Charts

    /// The kernel variants of a report, checked first.
    static func kernelVariants(_ report: BenchReport) -> [String] {
        ["kernel", "kernel-unchecked"].filter { variant in report.rows.contains { $0.variant == variant } }
    }

    static func variantLabel(_ variant: String) -> String {
        variant == "kernel-unchecked" ? "unchecked kernel" : "kernel"
    }

    /// The ceiling variants of a report, checked first (none when no ceiling ran).
    static func ceilingVariants(_ report: BenchReport) -> [String] {
        ["ceiling", "ceiling-unchecked"].filter { variant in report.rows.contains { $0.variant == variant } }
    }

    /// `reference-checked` when the report has its rows (the checked single-control call),
    /// else nothing.
    static func checkedReferenceVariants(_ report: BenchReport) -> [String] {
        let variant = VariantKind.referenceChecked.rawValue
        return report.rows.contains { $0.variant == variant } ? [variant] : []
    }

    /// "1.45x / 1.62x": the one-thread kernel's time over its ceiling at `size`, checked /
    /// unchecked ("-" where a variant has no ceiling figure); `nil` when neither has one.
    static func ceilingRatios(_ report: BenchReport, _ kernel: String, _ precision: String, size: Int) -> String? {
        let parts = kernelVariants(report).map { variant in
            kernelRow(report, kernel, precision, variant: variant, threads: 1, size: size)?.ratioToCeiling
        }
        if parts.allSatisfy({ $0 == nil }) { return nil }
        return parts.map { $0.map(Format.ratio) ?? "-" }.joined(separator: " / ")
    }

    /// ns/control against N (log-log): reference, kernel per variant and thread count, and the
    /// bandwidth floors.
    public static func nsChart(_ report: BenchReport, kernel: String, precision: String) -> SVGChart {
        let rows = report.rows.filter { $0.kernel == kernel && $0.precision == precision }
        var series: [SVGChart.Series] = []
        let reference = rows.filter { $0.variant == "reference" }
        series.append(.init(name: "reference (scalar, 1 thread)", color: referenceColor,
                            points: reference.map(point)))
        let checked = rows.filter { $0.variant == VariantKind.referenceChecked.rawValue }
        if !checked.isEmpty {
            series.append(.init(name: "checked single-control call (validation + reference, 1 thread)", color: referenceColor,
                                dashed: true, points: checked.map(point)))
        }
        var guides: [SVGChart.Guide] = []
        var floorNotes: [String] = []
        for variant in kernelVariants(report) {
            let unchecked = variant == "kernel-unchecked"
            for (index, t) in kernelThreads(report).enumerated() {
                let variantRows = rows.filter { $0.variant == variant && $0.threads == t }.sorted { $0.size < $1.size }
                if variantRows.isEmpty { continue }
                series.append(.init(name: "\(variantLabel(variant)), \(threadsLabel(t))", color: threadColor(index),
                                    dashed: unchecked, points: variantRows.map(point)))
                // The floor at each size (reports written before cache bandwidth was measured
                // have floors only beyond the last-level cache, so their line is shorter).
                let floors = variantRows.compactMap { row in row.floorNsPerControl.map { SVGChart.Point(x: Double(row.size), y: $0) } }
                if let last = floors.last {
                    guides.append(.init(
                        name: "floor, \(unchecked ? "unchecked" : "kernel") \(t)t: \(Format.ns(last.y)) ns at \(SVGChart.sizeLabel(Int(last.x)))",
                        color: threadColor(index, floorColors), points: floors, dash: unchecked ? "1 3" : "5 3", steps: true))
                }
            }
            if let bytes = rows.first(where: { $0.variant == variant })?.bytesPerControl {
                floorNotes.append("\(variantLabel(variant)) \(bytes) B")
            }
        }
        // The ceiling: the hand-written AVX2 port, a timing like the kernels (one thread).
        for variant in ceilingVariants(report) {
            let ceilingRows = rows.filter { $0.variant == variant }.sorted { $0.size < $1.size }
            if ceilingRows.isEmpty { continue }
            series.append(.init(name: variant == "ceiling" ? "ceiling (C AVX2), 1 thread" : "unchecked ceiling (C AVX2), 1 thread",
                                color: ceilingColor, dashed: variant == "ceiling-unchecked", points: ceilingRows.map(point)))
        }
        var chart = SVGChart(
            title: "\(kernel), \(precision): time per control",
            subtitle: "median of \(report.settings.repetitions) repetitions, bars min to p90. Floor = bytes per control (\(floorNotes.joined(separator: ", "))) / best copy-or-triad bandwidth where the batch lives: memory beyond the \(report.machine.lastLevelCacheBytes >> 20) MiB last-level cache, otherwise the largest measured cache working set no larger than the batch.",
            xLabel: "controls per batch (N, log scale)", yLabel: "time per control (ns, log scale)",
            xScale: .log, yScale: .log, series: series, guides: guides, xTicksAsSizes: true)
        chart.footer = chartFooter(report)
        chart.guidesLegendTitle = "floors: bounds, not timings"
        return chart
    }

    /// The footer of every chart: the run's date, commit, machine and build, so that a chart
    /// shown on its own still says where its figures come from.
    public static func chartFooter(_ report: BenchReport) -> String {
        let m = report.machine
        let flags = report.build.swiftFlags.isEmpty ? "default flags" : report.build.swiftFlags
        return "Run of \(report.date), commit \(report.build.commit ?? "unknown"); \(m.cpuModel), "
            + "\(m.activeCores) cores (\(m.logicalCores) logical); \(report.build.configuration) build, \(flags)"
            + (report.settings.quick ? "; --quick run" : "")
    }

    static func point(_ row: ResultRow) -> SVGChart.Point {
        .init(x: Double(row.size), y: row.nsPerControl.median, low: row.nsPerControl.min, high: row.nsPerControl.p90)
    }

    /// Speedup (reference / kernel) against N, per precision and thread count, with intervals.
    public static func speedupChart(_ report: BenchReport, kernel: String) -> SVGChart {
        var series: [SVGChart.Series] = []
        for precision in precisions(report, kernel: kernel) {
            for (index, t) in kernelThreads(report).enumerated() {
                let rows = report.rows.filter { $0.kernel == kernel && $0.precision == precision && $0.variant == "kernel" && $0.threads == t }
                if rows.isEmpty { continue }
                let isDouble = precision == "Double"
                series.append(.init(
                    name: "\(precision), \(threadsLabel(t))",
                    color: threadColor(index, isDouble ? doubleColors : threadColors), dashed: isDouble,
                    points: rows.compactMap { row in
                        row.speedup.map { .init(x: Double(row.size), y: $0.estimate, low: $0.lower, high: $0.upper) }
                    }))
            }
        }
        var chart = SVGChart(
            title: "\(kernel): kernel speedup over the scalar reference",
            subtitle: "median reference time / median kernel time, bars: 95% bootstrap interval; the reference always runs on 1 thread",
            xLabel: "controls per batch (N, log scale)", yLabel: "speedup (reference time / kernel time)",
            xScale: .log, yScale: .linear, series: series,
            rules: [.init(name: "no speedup (1x)", color: "#444444", y: 1)],
            yInclude: [0, 1], xTicksAsSizes: true)
        chart.footer = chartFooter(report)
        return chart
    }

    /// Every chart of the report: (file name, chart).
    public static func charts(_ report: BenchReport) -> [(String, SVGChart)] {
        var charts: [(String, SVGChart)] = []
        for kernel in kernels(report) {
            charts.append((speedupChartName(kernel: kernel), speedupChart(report, kernel: kernel)))
            for precision in precisions(report, kernel: kernel) {
                charts.append((nsChartName(kernel: kernel, precision: precision), nsChart(report, kernel: kernel, precision: precision)))
            }
        }
        return charts
    }

    // MARK: Tables

    /// The stdout table: one line per kernel, precision, size and kernel variant.
    public static func table(_ report: BenchReport) -> TextTable {
        let threads = kernelThreads(report)
        var header = ["kernel", "precision", "N", "variant", "reference ns"]
        for t in threads { header += ["ns \(t)t", "speedup \(t)t [95% CI]"] }
        let ceilings = ceilingVariants(report)
        if !ceilings.isEmpty { header.append("x ceiling 1t") }
        var table = TextTable(header: header, rightAligned: Set(2..<header.count).subtracting([3]))
        for kernel in kernels(report) {
            for precision in precisions(report, kernel: kernel) {
                let rows = report.rows.filter { $0.kernel == kernel && $0.precision == precision }
                for reference in rows where reference.variant == "reference" {
                    for variant in checkedReferenceVariants(report) + kernelVariants(report) + ceilings {
                        let variantRows = rows.filter { $0.variant == variant && $0.size == reference.size }
                        if variantRows.isEmpty { continue }
                        var cells = [kernel, precision, SVGChart.sizeLabel(reference.size), variant, Format.ns(reference.nsPerControl.median)]
                        for t in threads {
                            if let row = variantRows.first(where: { $0.threads == t }) {
                                cells += [Format.ns(row.nsPerControl.median), Format.interval(row.speedup)]
                            } else {
                                cells += ["-", "-"]
                            }
                        }
                        if !ceilings.isEmpty {
                            cells.append(variantRows.first { $0.threads == 1 }?.ratioToCeiling.map(Format.ratio) ?? "-")
                        }
                        table.append(cells)
                    }
                }
            }
        }
        return table
    }

    static func kernelRow(_ report: BenchReport, _ kernel: String, _ precision: String, variant: String = "kernel", threads: Int, size: Int) -> ResultRow? {
        report.rows.first { $0.kernel == kernel && $0.precision == precision && $0.variant == variant && $0.threads == threads && $0.size == size }
    }

    static func rooflineEntry(_ report: BenchReport, _ kernel: String, _ precision: String, variant: String, threads: Int) -> RooflineEntry? {
        report.roofline.first { $0.kernel == kernel && $0.precision == precision && $0.variant == variant && $0.threads == threads }
    }

    /// The sizes the headline shows: 16K (or the size nearest to it, log scale, below the
    /// largest) and the largest measured size (4M in a full run).
    static func headlineSizes(_ report: BenchReport) -> (mid: Int, large: Int) {
        let sizes = Array(Set(report.rows.map(\.size))).sorted()
        let large = sizes.last ?? 16_384
        let smaller = sizes.dropLast()
        let mid = smaller.min { abs(log2(Double($0)) - 14) < abs(log2(Double($1)) - 14) } ?? large
        return (mid, large)
    }

    /// The headline: speedup at 16K and at the largest size per kernel and precision, and the
    /// roofline fraction at the largest size.
    public static func headline(_ report: BenchReport) -> TextTable {
        let threads = kernelThreads(report)
        let (mid, large) = headlineSizes(report)
        let headlineSizes = mid == large ? [mid] : [mid, large]
        var header = ["kernel", "precision"]
        for size in headlineSizes {
            for t in threads { header.append("speedup \(SVGChart.sizeLabel(size)), \(threadsLabel(t))") }
        }
        header.append("kernel ns/control \(SVGChart.sizeLabel(large)), 1 thread")
        let variants = kernelVariants(report)
        let floorLabel = variants.count > 1 ? " (checked / unchecked)" : ""
        for t in threads { header.append("x floor \(SVGChart.sizeLabel(large)), \(threadsLabel(t))\(floorLabel)") }
        let hasCeiling = !ceilingVariants(report).isEmpty
        if hasCeiling { header.append("x ceiling \(SVGChart.sizeLabel(mid)), 1 thread\(floorLabel)") }
        var table = TextTable(header: header, rightAligned: Set(2..<header.count))
        for kernel in kernels(report) {
            for precision in precisions(report, kernel: kernel) {
                var cells = [kernel, precision]
                for size in headlineSizes {
                    for t in threads {
                        cells.append(Format.interval(kernelRow(report, kernel, precision, threads: t, size: size)?.speedup))
                    }
                }
                cells.append(kernelRow(report, kernel, precision, threads: 1, size: large).map { Format.ns($0.nsPerControl.median) } ?? "-")
                for t in threads {
                    let parts = variants.map { variant -> String in
                        guard let entry = rooflineEntry(report, kernel, precision, variant: variant, threads: t) else { return "-" }
                        return Format.ratio(entry.ratioToFloor) + (entry.exceedsCache ? "" : " (in cache)")
                    }
                    cells.append(parts.joined(separator: " / "))
                }
                if hasCeiling { cells.append(ceilingRatios(report, kernel, precision, size: mid) ?? "-") }
                table.append(cells)
            }
        }
        return table
    }

    // MARK: Terminal

    /// What `run` prints on stdout (`--format table`): the headline first, then every size,
    /// the roofline and the cache bandwidth, each table at most `TextTable.terminalWidth`
    /// columns wide, with short column titles explained in a legend under it.
    public static func terminal(_ report: BenchReport) -> String {
        let width = TextTable.terminalWidth
        let (mid, large) = headlineSizes(report)
        let sizes = mid == large ? SVGChart.sizeLabel(large) : "\(SVGChart.sizeLabel(mid)) and \(SVGChart.sizeLabel(large))"
        let partial = large != RunSettings.defaultSizes.last!
        var out = "Headline: speedup at \(sizes)\(partial ? " (the largest size this run measured)" : ""), x floor\n"
        out += terminalHeadline(report).text(maxWidth: width, keyColumns: 3)
        for t in kernelThreads(report) {
            out += "\nAll sizes, kernel on \(threadsLabel(t)) (the reference on 1)\n"
            out += terminalSizesTable(report, threads: t).text(maxWidth: width, keyColumns: 4)
        }
        if let size = checkedCallSize(report) {
            out += "\nChecked single-control call against the reference alone, N=\(SVGChart.sizeLabel(size))\n"
            out += checkedCallTable(report).text(maxWidth: width, keyColumns: 2)
        }
        out += "\nRoofline: memory bandwidth (STREAM copy and triad, GB/s)\n"
        out += terminalBandwidthTable(report, cache: false).text(maxWidth: width, keyColumns: 1)
        out += "\nEach kernel at its largest size against its bandwidth floor\n"
        out += terminalRooflineTable(report).text(maxWidth: width, keyColumns: 3)
        if report.cacheBandwidth?.isEmpty == false {
            out += "\nCache bandwidth (GB/s)\n" + terminalBandwidthTable(report, cache: true).text(maxWidth: width, keyColumns: 2)
            var floors = floorBySizeTable(report)
            floors.header = ["kernel", "precision", "variant"] + floors.header.dropFirst(3).map { String($0.dropFirst("x floor ".count)) }
            floors.rows = floors.rows.map { [$0[0], $0[1], shortVariant($0[2])] + $0.dropFirst(3) }
            floors.legend = ["Kernel time / its bandwidth floor at each size N, 1 thread (1.00x = at the floor)."]
            out += "\nKernel time over its floor by N, 1 thread\n" + floors.text(maxWidth: width, keyColumns: 3)
        }
        return out + terminalFrame(report)
    }

    /// "checked" or "unchecked" for a kernel variant, "checked ref" for the checked reference.
    static func shortVariant(_ variant: String) -> String {
        switch variant {
        case VariantKind.unchecked.rawValue: "unchecked"
        case VariantKind.kernel.rawValue: "checked"
        case VariantKind.referenceChecked.rawValue: "checked ref"
        default: variant
        }
    }

    /// The size of the checked-call table: 1K, or the measured size of `reference-checked`
    /// rows nearest to it (log scale); `nil` without such rows.
    static func checkedCallSize(_ report: BenchReport) -> Int? {
        let sizes = Set(report.rows.filter { $0.variant == VariantKind.referenceChecked.rawValue }.map(\.size))
        return sizes.sorted().min { abs(log2(Double($0)) - 10) < abs(log2(Double($1)) - 10) }
    }

    /// The checked single-control call against the reference alone, at `checkedCallSize`: per
    /// kernel and precision, both medians in ns per control and checked / unchecked (the
    /// inverse of the `reference-checked` row's speedup, with its 95% interval).
    public static func checkedCallTable(_ report: BenchReport) -> TextTable {
        var table = TextTable(header: ["kernel", "precision", "N", "checked ns/control", "reference ns/control", "checked / unchecked [95% CI]"],
                              rightAligned: [2, 3, 4, 5])
        guard let size = checkedCallSize(report) else { return table }
        for kernel in kernels(report) {
            for precision in precisions(report, kernel: kernel) {
                guard let checked = kernelRow(report, kernel, precision, variant: VariantKind.referenceChecked.rawValue, threads: 1, size: size),
                      let reference = kernelRow(report, kernel, precision, variant: VariantKind.reference.rawValue, threads: 1, size: size)
                else { continue }
                let ratio = checked.speedup.map {
                    Interval(estimate: 1 / $0.estimate, lower: 1 / $0.upper, upper: 1 / $0.lower, level: $0.level)
                } ?? Interval(estimate: checked.nsPerControl.median / reference.nsPerControl.median, lower: .nan, upper: .nan, level: 0)
                table.append([kernel, precision, SVGChart.sizeLabel(size), Format.ns(checked.nsPerControl.median),
                              Format.ns(reference.nsPerControl.median), Format.interval(ratio)])
            }
        }
        table.legend = ["checked: the single-control call (validation, then the reference); reference: the reference alone; "
            + "medians of the same interleaved repetitions, one control at a time, 1 thread. checked / unchecked: checked ns / reference ns "
            + "[95% paired bootstrap interval]."]
        return table
    }

    /// The headline for the terminal: a line per kernel, precision and thread count.
    static func terminalHeadline(_ report: BenchReport) -> TextTable {
        let (mid, large) = headlineSizes(report)
        let headlineSizes = mid == large ? [mid] : [mid, large]
        let variants = kernelVariants(report)
        var header = ["kernel", "precision", "thr"] + headlineSizes.map { "speedup \(SVGChart.sizeLabel($0))" }
        header += ["ns \(SVGChart.sizeLabel(large))", "x floor \(SVGChart.sizeLabel(large))"]
        let hasCeiling = !ceilingVariants(report).isEmpty
        if hasCeiling { header.append("x ceil \(SVGChart.sizeLabel(mid))") }
        var table = TextTable(header: header, rightAligned: Set(2..<header.count))
        var inCache = false
        for kernel in kernels(report) {
            for precision in precisions(report, kernel: kernel) {
                for t in kernelThreads(report) {
                    var cells = [kernel, precision, String(t)]
                    for size in headlineSizes {
                        cells.append(Format.interval(kernelRow(report, kernel, precision, threads: t, size: size)?.speedup))
                    }
                    cells.append(kernelRow(report, kernel, precision, threads: t, size: large).map { Format.ns($0.nsPerControl.median) } ?? "-")
                    cells.append(variants.map { variant -> String in
                        guard let entry = rooflineEntry(report, kernel, precision, variant: variant, threads: t) else { return "-" }
                        if !entry.exceedsCache { inCache = true }
                        return Format.ratio(entry.ratioToFloor) + (entry.exceedsCache ? "" : "*")
                    }.joined(separator: " / "))
                    if hasCeiling { cells.append(t == 1 ? ceilingRatios(report, kernel, precision, size: mid) ?? "-" : "-") }
                    table.append(cells)
                }
            }
        }
        table.legend = [
            "thr: kernel threads (the reference always runs on 1). speedup: reference time / kernel time "
                + "(medians) [95% bootstrap interval]. ns: kernel ns per control (median).",
            "x floor: kernel time / the time the machine's bandwidth allows (1.00x = at the floor)"
                + (variants.count > 1 ? ", checked / unchecked kernel" : "")
                + (inCache ? "; *: the batch fits in the last-level cache, floor from cache bandwidth." : "."),
        ]
        if hasCeiling {
            table.legend.append("x ceil: 1-thread kernel time / the hand-written C AVX2 port's (Benchmarks/Ceiling; 1.00x = as fast)"
                + (variants.count > 1 ? ", checked / unchecked." : "."))
        }
        if let absent = report.ceilingAbsent, !absent.isEmpty {
            table.legend.append("No ceiling rows for " + absent.joined(separator: "; ") + ".")
        }
        return table
    }

    /// Every size for one kernel thread count: the reference, the kernel and its speedup.
    static func terminalSizesTable(_ report: BenchReport, threads t: Int) -> TextTable {
        // The checked reference and the ceiling run on one thread: their rows (and the x ceil
        // column) join that table.
        let ceilings = t == 1 ? ceilingVariants(report) : []
        let checked = t == 1 ? checkedReferenceVariants(report) : []
        var table = TextTable(header: ["kernel", "precision", "N", "variant", "ref ns", "ns", "speedup [95% CI]"]
                                + (ceilings.isEmpty ? [] : ["x ceil"]),
                              rightAligned: [2, 4, 5, 6, 7])
        for kernel in kernels(report) {
            for precision in precisions(report, kernel: kernel) {
                let rows = report.rows.filter { $0.kernel == kernel && $0.precision == precision }
                for reference in rows where reference.variant == "reference" {
                    for variant in checked + kernelVariants(report) + ceilings {
                        guard let row = rows.first(where: { $0.variant == variant && $0.size == reference.size && $0.threads == t })
                        else { continue }
                        table.append([kernel, precision, SVGChart.sizeLabel(reference.size), variant,
                                      Format.ns(reference.nsPerControl.median), Format.ns(row.nsPerControl.median),
                                      Format.interval(row.speedup)]
                                     + (ceilings.isEmpty ? [] : [row.ratioToCeiling.map(Format.ratio) ?? "-"]))
                    }
                }
            }
        }
        table.legend = ["ref ns, ns: reference and kernel ns per control (medians); speedup: ref ns / ns."]
        if !checked.isEmpty {
            table.legend.append("reference-checked: the single-control call (validation, then the reference); its speedup is below 1x.")
        }
        if !ceilings.isEmpty {
            table.legend.append("ceiling: the hand-written C AVX2 port (Benchmarks/Ceiling); x ceil: kernel ns / the ceiling's of the same kind (checked or unchecked).")
        }
        return table
    }

    /// Memory (or cache) bandwidth with short column titles.
    static func terminalBandwidthTable(_ report: BenchReport, cache: Bool) -> TextTable {
        var table = cache ? cacheBandwidthTable(report) : bandwidthTable(report)
        let first = cache ? ["threads", "working set"] : ["threads"]
        table.header = first + ["copy median", "copy best", "triad median", "triad best"] + (cache ? [] : ["arrays"])
        return table
    }

    static func terminalRooflineTable(_ report: BenchReport) -> TextTable {
        var table = TextTable(header: ["kernel", "variant", "precision", "thr", "N", "B/ctl", "GB/s", "floor ns", "ns", "x floor", "x best"],
                              rightAligned: Set(3..<11))
        var inCache = false
        for e in report.roofline {
            if !e.exceedsCache { inCache = true }
            table.append([e.kernel, shortVariant(e.variant), e.precision, String(e.threads), SVGChart.sizeLabel(e.size),
                          String(e.bytesPerControl), Format.gb(e.bandwidthGBps), Format.ns(e.floorNsPerControl),
                          Format.ns(e.medianNsPerControl), Format.ratio(e.ratioToFloor) + (e.exceedsCache ? "" : "*"),
                          Format.ratio(e.bestRatioToFloor)])
        }
        table.legend = [
            "thr: threads; B/ctl: bytes moved per control; GB/s: the bandwidth the floor uses; floor ns = B/ctl / GB/s; "
                + "ns: kernel median; x floor: ns / floor ns (x best: the fastest repetition's)"
                + (inCache ? "; *: the batch fits in the last-level cache." : "."),
        ]
        return table
    }

    public static func bandwidthTable(_ report: BenchReport) -> TextTable {
        var table = TextTable(header: ["threads", "copy GB/s (median)", "copy GB/s (best)", "triad GB/s (median)", "triad GB/s (best)", "arrays"],
                              rightAligned: Set(0..<6))
        for band in report.bandwidth {
            table.append([String(band.threads), Format.gb(band.copy.median), Format.gb(band.copy.max),
                          Format.gb(band.triad.median), Format.gb(band.triad.max), "\(band.arrayBytes >> 20) MiB each"])
        }
        return table
    }

    /// Cache bandwidth by working set (empty for reports without it).
    public static func cacheBandwidthTable(_ report: BenchReport) -> TextTable {
        var table = TextTable(header: ["threads", "working set", "copy GB/s (median)", "copy GB/s (best)", "triad GB/s (median)", "triad GB/s (best)"],
                              rightAligned: Set(0..<6))
        let bands = (report.cacheBandwidth ?? []).sorted { ($0.threads, $0.arrayBytes) < ($1.threads, $1.arrayBytes) }
        for band in bands {
            table.append([String(band.threads), Units.bytes(band.workingSetBytes),
                          Format.gb(band.copy.median), Format.gb(band.copy.max),
                          Format.gb(band.triad.median), Format.gb(band.triad.max)])
        }
        return table
    }

    /// Kernel time over its floor at every size, one thread: a line per kernel, precision and
    /// variant, a column per size.
    public static func floorBySizeTable(_ report: BenchReport) -> TextTable {
        let sizes = Array(Set(report.rows.map(\.size))).sorted()
        let header = ["kernel", "precision", "variant"] + sizes.map { "x floor \(SVGChart.sizeLabel($0))" }
        var table = TextTable(header: header, rightAligned: Set(3..<header.count))
        for kernel in kernels(report) {
            for precision in precisions(report, kernel: kernel) {
                for variant in kernelVariants(report) {
                    let cells = sizes.map { size in
                        kernelRow(report, kernel, precision, variant: variant, threads: 1, size: size)?.ratioToFloor.map(Format.ratio) ?? "-"
                    }
                    if cells.allSatisfy({ $0 == "-" }) { continue }
                    table.append([kernel, precision, variant] + cells)
                }
            }
        }
        return table
    }

    public static func rooflineTable(_ report: BenchReport) -> TextTable {
        var table = TextTable(header: ["kernel", "variant", "precision", "threads", "N", "bytes/control", "bandwidth GB/s", "floor ns/control", "kernel ns/control (median)", "x floor (median)", "x floor (best)"],
                              rightAligned: Set(3..<11))
        for e in report.roofline {
            table.append([e.kernel, e.variant, e.precision, String(e.threads), SVGChart.sizeLabel(e.size), String(e.bytesPerControl),
                          Format.gb(e.bandwidthGBps), Format.ns(e.floorNsPerControl), Format.ns(e.medianNsPerControl),
                          Format.ratio(e.ratioToFloor) + (e.exceedsCache ? "" : " (in cache)"), Format.ratio(e.bestRatioToFloor)])
        }
        return table
    }

    // MARK: README

    /// Reports/benchmarks/README.md. `native` is the report of a `-target-cpu native` build
    /// (the `native/` subdirectory), when there is one.
    /// `intercepts`: the instruction gate's fixed cost per call (`InstructionIntercept`), shown
    /// beside the frame loop's.
    public static func readme(_ report: BenchReport, native: BenchReport?, intercepts: [InstructionIntercept]? = nil) -> String {
        let m = report.machine
        let caches = m.caches.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value >> 10) KiB" }.joined(separator: ", ")
        let (mid, large) = headlineSizes(report)
        let largest = large == RunSettings.defaultSizes.last!
            ? "the largest size" : "the largest size this run measured (\(SVGChart.sizeLabel(large)); a full run goes to 4M)"
        var out = """
        # Benchmark results

        Generated by `layout-bench run` on \(report.date) on \(m.cpuModel), \(m.activeCores) cores\(report.build.commit.map { ", commit \($0)" } ?? ""); regenerate with the command under
        [Reproduce](#reproduce) (do not edit by hand). Schema and columns: [Docs/Benchmarks.md](/Docs/Benchmarks.md).

        """
        if report.build.configuration == "debug" {
            out += "\n> **DEBUG BUILD: these numbers mean nothing.**\n"
        }
        out += """

        ## Headline

        Speedup = scalar reference time / batch kernel time at \(SVGChart.sizeLabel(mid))\(mid == large ? "" : " and \(SVGChart.sizeLabel(large))"), same inputs, measured interleaved in
        the same repetitions; brackets: 95% bootstrap interval. The reference always runs on one
        thread, so the multi-thread columns compare the parallel kernel with the one-thread
        reference. "x floor" = kernel time / the time the machine's memory bandwidth allows at
        \(largest) (1.00x = at the floor); the floors at every size are under [Roofline](#roofline).\(ceilingVariants(report).isEmpty && report.ceilingAbsent == nil ? "" : """

        "x ceiling" = one-thread kernel time / the time of a hand-written C AVX2 port of the same
        kernel (Benchmarks/Ceiling, bit-identical) at \(SVGChart.sizeLabel(mid)), where the CPU has AVX2.\(report.ceilingAbsent.map { " No ceiling rows for \($0.joined(separator: "; "))." } ?? "")
        """)

        \(headline(report).markdown())
        """
        out += targets(report, native: native)
        out += frameSection(report, intercepts: intercepts)
        out += checkedCallSection(report)
        out += """

        ## Machine and settings

        - Machine: \(m.cpuModel), \(m.activeCores) cores available (\(m.logicalCores) logical), \(m.memoryBytes >> 30) GiB, \(caches); \(m.operatingSystem); load average \(m.loadAverageAtStart) at the start (other work on the machine adds noise).
        - SIMD features: \(m.simdFeatures.joined(separator: " "))
        - Toolchain: \(report.toolchain.swiftVersion ?? "Swift \(report.toolchain.compilerVersion)"); build: \(report.build.configuration), flags: \(report.build.swiftFlags.isEmpty ? "(defaults)" : "`\(report.build.swiftFlags)`"), commit: \(report.build.commit ?? "unknown")
        - Settings: \(report.settings.repetitions) repetitions of \(Format.ns(report.settings.budgetMilliseconds)) ms per variant and size\(report.settings.sweeps.map { " in \($0) sweeps over every kernel and size" } ?? ""), sizes \(report.settings.sizes.map(SVGChart.sizeLabel).joined(separator: ", ")), seed \(report.settings.seed)\(report.settings.quick ? " (--quick)" : ""); inputs: \(report.settings.distinctControls.map { "at least \($0) different controls per size (`--distinct-controls`: smaller sizes take several batches in turn)" } ?? "one batch per size, laid out again and again")\(report.durationSeconds.map { "; the run took \(Int($0.rounded())) s" } ?? "").

        """
        out += """

        ## Roofline

        Memory bandwidth measured in the same run (STREAM-style copy `b = q*a` and triad
        `a = b + q*c` over `Double` arrays far larger than the caches; bytes counted as STREAM
        does, without write-allocate traffic; measured at the start and the end of the run):

        \(bandwidthTable(report).markdown())
        Each kernel at its largest size against the floor `bytes per control / best bandwidth`:

        \(rooflineTable(report).markdown())
        """
        if report.cacheBandwidth?.isEmpty == false {
            out += """

            ### In the caches

            The same loops over working sets (three arrays) that fit in the caches, each timed
            pass repeating the loop for at least 2 ms. They are built with the same flags as the
            kernels, so they show what a loop of this build can move, not the hardware's peak:

            \(cacheBandwidthTable(report).markdown())
            Each kernel row's floor uses the bandwidth of where its batch lives: memory when the
            batch (N times its input and output bytes) exceeds the \(report.machine.lastLevelCacheBytes >> 20) MiB last-level cache,
            otherwise the largest working set above that is no larger than the batch (so the
            floor is never above what these loops reach at the batch's own size). Kernel time
            over that floor, one thread:

            \(floorBySizeTable(report).markdown())
            """
        }
        out += "\n## Charts\n\n"
        for kernel in kernels(report) {
            out += "### \(kernel)\n\n"
            out += "![\(kernel) speedup](\(speedupChartName(kernel: kernel)))\n\n"
            for precision in precisions(report, kernel: kernel) {
                out += "![\(kernel) \(precision) ns per control](\(nsChartName(kernel: kernel, precision: precision)))\n\n"
            }
        }
        out += "## All sizes\n\nMedian ns per control; speedup with its 95% interval.\n\n"
        out += table(report).markdown()
        out += "\nNotes:\n\n" + report.notes.map { "- \($0)" }.joined(separator: "\n") + "\n"
        out += """

        ## Reproduce

        ```sh
        # From the repository's root (the benchmark is the package in Benchmarks/).
        # Full run: rewrites Reports/benchmarks/{latest.json,latest.csv,*.svg,README.md}
        swift run --package-path Benchmarks -c release layout-bench
        # The same built for this CPU (the button target against the AVX2 ceiling is for -target-cpu native),
        # in its own scratch directory so the two builds do not overwrite each other
        swift run --package-path Benchmarks -c release --scratch-path Benchmarks/.build/bench-native -Xswiftc -target-cpu -Xswiftc native \\
            layout-bench run --output Reports/benchmarks/native
        # The same with one batch per size, laid out again and again, whose references the
        # branch predictor learns at small sizes (Docs/Benchmarks.md, "Repeated or distinct inputs")
        swift run --package-path Benchmarks -c release layout-bench run --distinct-controls 1 --output Reports/benchmarks/repeated
        # A quick run (about 80 s on two cores) compared with the committed baseline; CI's gate
        # (Benchmarks/ci-bench.sh) runs the same compare with looser options
        swift run --package-path Benchmarks -c release layout-bench run --quick --output /tmp/bench
        swift run --package-path Benchmarks -c release layout-bench compare Reports/benchmarks/baseline.json /tmp/bench/latest.json
        ```

        `Reports/benchmarks/baseline.json` is the report `compare` checks against, in CI
        (`Benchmarks/ci-bench.sh`) too: a copy of this full run's `latest.json`, made on the
        machine kind CI runs on (`cp Reports/benchmarks/latest.json Reports/benchmarks/baseline.json`),
        renewed when a kernel's speed changes on purpose or CI moves to another machine kind.

        """
        return out
    }

    /// README.md's section on the checked single-control call; empty without its rows.
    static func checkedCallSection(_ report: BenchReport) -> String {
        guard let size = checkedCallSize(report) else { return "" }
        let table = checkedCallTable(report)
        return """

        ## Checked single-control call

        The call an app makes for one control (`ThumbTrack.layout(_:)` and the like: validation,
        then the reference; `reference-checked` rows) against the reference alone (`reference`),
        one control at a time, one thread, at N=\(SVGChart.sizeLabel(size)), timed in the same interleaved
        repetitions. Checked / unchecked = checked ns / reference ns, with the 95% paired
        bootstrap interval; every size is under [All sizes](#all-sizes).

        \(table.markdown())
        """
    }

    /// The speed targets in force (`SpeedTarget.inForce`), measured: a row per target and
    /// kernel it names, and no other. A row is left out when its kernel is absent from the run
    /// (and from the native/ run, for a ceiling target); the section is empty when no row is
    /// left. A target is met when the estimate (the ratio of
    /// the medians) reaches it; a figure measured with other flags than the target's is shown
    /// without a verdict.
    static func targets(_ report: BenchReport, native: BenchReport?) -> String {
        var table = TextTable(header: ["target", "measured", "met"])
        func add(_ target: String, _ measured: String, _ met: Bool?) {
            table.append([target, measured, met.map { $0 ? "yes" : "**no**" } ?? "-"])
        }
        let size = SpeedTarget.size
        let sizeLabel = SVGChart.sizeLabel(size)
        let defaultFlags = !report.build.swiftFlags.contains("target-cpu")
        for target in SpeedTarget.inForce {
            switch target {
            case .speedup(let kernel, let precision, let factor):
                guard let row = kernelRow(report, kernel, precision, threads: 1, size: size), let s = row.speedup else { continue }
                add("\(kernel): \(precision) kernel >= \(Format.ratio(factor)) the \(precision) reference at \(sizeLabel), default flags, 1 thread",
                    Format.interval(s) + (defaultFlags ? "" : " (this run's flags, not the target's)"),
                    defaultFlags ? s.estimate >= factor : nil)
            case .frameSpeedup(let kernels, let precision, let frameSize, let factor):
                // A line per kernel the target names whose frame loop ran at that size.
                for kernel in frameKernels(report) where kernels.contains(kernel) {
                    guard let s = frameRow(report, kernel, precision, variant: "kernel", size: frameSize)?.speedup else { continue }
                    add("\(kernel): \(precision) kernel >= \(Format.ratio(factor)) the \(precision) reference in the frame loop at N=\(frameSize), default flags, 1 thread",
                        Format.interval(s) + (defaultFlags ? "" : " (this run's flags, not the target's)"),
                        defaultFlags ? s.estimate >= factor : nil)
                }
            case .withinCeiling(let kernel, let precision, let factor):
                // Judged on a native build: the native/ run, or this run when it is the native one.
                let nativeReport = native ?? (defaultFlags ? nil : report)
                guard let nativeReport,
                      let row = kernelRow(nativeReport, kernel, precision, threads: 1, size: size),
                      let ratio = row.ratioToCeiling else { continue }
                var measured = "checked \(Format.ratio(ratio))"
                if let unchecked = kernelRow(nativeReport, kernel, precision, variant: "kernel-unchecked", threads: 1, size: size)?.ratioToCeiling {
                    measured += "; unchecked, not judged: \(Format.ratio(unchecked))"
                }
                // Another run's figure is quoted with that run's date and machine.
                if native != nil { measured += "; from the native/ run of \(runIdentity(nativeReport))" }
                add("\(kernel): \(precision) kernel (with validation) within \(Format.ratio(factor)) of the C AVX2 ceiling at \(sizeLabel), `-target-cpu native`, 1 thread",
                    measured, ratio <= factor)
            }
        }
        guard !table.rows.isEmpty else { return "" }
        return "\n## Targets\n\nThe project's speed targets in force (Docs/Performance.md, \"Targets in force\"). "
            + "The fixed cost per call in instructions, also in force, is counted by the instruction gate (Benchmarks/instruction-gate.sh)"
            + (report.frameFits?.isEmpty == false ? "; in time, see [Fixed cost per call](#fixed-cost-per-call).\n\n" : ".\n\n")
            + table.markdown()
    }

    /// "<date> on <CPU model>, 2 cores (commit <12 hex digits>)": which run a figure quoted
    /// from another report comes from.
    static func runIdentity(_ report: BenchReport) -> String {
        "\(report.date) on \(report.machine.cpuModel), \(report.machine.activeCores) cores"
            + (report.build.commit.map { " (commit \($0))" } ?? "")
    }

    // MARK: Files

    /// Writes latest.json, latest.csv, the charts and README.md into `directory`.
    /// - Returns: the paths written.
    @discardableResult
    public static func write(_ report: BenchReport, to directory: String) throws -> [String] {
        let fm = FileManager.default
        try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        func url(_ name: String) -> URL { URL(fileURLWithPath: directory).appendingPathComponent(name) }
        var written: [String] = []
        try report.jsonData().write(to: url("latest.json"), options: .atomic)
        written.append(url("latest.json").path)
        try Data(ReportIO.csv(report).utf8).write(to: url("latest.csv"), options: .atomic)
        written.append(url("latest.csv").path)
        for (name, chart) in charts(report) {
            try Data(chart.render().utf8).write(to: url(name), options: .atomic)
            written.append(url(name).path)
        }
        let nativePath = url("native").appendingPathComponent("latest.json").path
        let native = fm.fileExists(atPath: nativePath) ? try? BenchReport.read(path: nativePath) : nil
        // The instruction gate's baseline, when run from the package's root (as `swift run` is).
        let intercepts = try? InstructionIntercept.read(path: InstructionIntercept.baselinePath)
        try Data(readme(report, native: native, intercepts: intercepts).utf8).write(to: url("README.md"), options: .atomic)
        written.append(url("README.md").path)
        return written
    }
}
