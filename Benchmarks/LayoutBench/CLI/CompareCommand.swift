// `layout-bench compare`: compares the speedups of two JSON reports (Compare/Compare.swift),
// warns about differences of machine, toolchain, build and load first, prints every row, then
// every group it judged with its verdict, and exits 1 when a group (with `--per-row`, a row)
// regresses.

import Foundation
import LayoutCore

extension LayoutBenchCLI {
    public static let compareUsage = """
    layout-bench compare: compare the speedups (reference time / kernel time) of two reports.

    USAGE
      layout-bench compare BASELINE.json NEW.json [options]

    A row's change is new speedup / baseline speedup. By default each kernel, precision and
    thread count is judged by the median of its rows' changes (both variants, sizes from 1K
    up), with speedups from the fastest repetitions, and regresses below 0.75 (one thread)
    or 0.5 (more threads): three quick runs of unchanged code on a 2-core machine under load
    5, compared both ways, stay at 0.79 or above (one thread) and 0.65 (two); a kernel 1.5x
    slower measures 0.67. Rows in only one report are listed, not judged. The frame loop's
    rows (N=8-256) are compared too, grouped apart from the batch rows, whatever --min-size;
    a report without them (older ones, --quick runs) gets its frame rows listed as absent.
    The checked single-control call's rows (reference-checked; speedup = reference / it,
    below 1x) are judged alike, in groups of their own.
    The summary lists every group it judged with its verdict (ok, improved, REGRESSION),
    then the groups that regressed.

    First, it warns about every difference of machine (CPU model, SIMD features, caches,
    cores), toolchain (Swift version), build (configuration, flags), load or run settings.

    Exit 0 when nothing regresses, 1 when something does, 6 when --strict-environment is on
    and the machines, toolchains or builds differ.

    OPTIONS
      --default-threshold R  threshold (0 < R <= 1) of one-thread groups or rows (default 0.75)
      --multi-thread-threshold R
                           rows with more than one thread get the looser of their threshold
                           and R (default 0.5: on a shared machine other work takes a core
                           from them; 1 judges them like one-thread rows)
      --threshold K=R      threshold R for kernel K, or for K/PRECISION
                           (e.g. button-content=0.6, thumb-track/Double=0.4); repeatable
      --group-by G         kernel (default): each kernel, precision and thread count, by the
                           median of its rows' changes over both variants and the sizes;
                           variant: each kernel, variant, precision and thread count, by the
                           geometric mean over the sizes (also --aggregate);
                           row: every row on its own (single rows of unchanged code move by
                           0.4x-2x under load: expect false alarms)
      --per-row            --group-by row
      --aggregate          --group-by variant
      --statistic S        min (default): fastest reference time / fastest kernel time (the
                           least disturbed repetitions); median: the rows' speedups, median
                           reference time / median kernel time (noisier: under load 5,
                           single rows of the same build move 0.1x-6x, against 0.25x-3x
                           by the fastest repetitions)
      --min-size N         judge only sizes >= N (default 1K; 1 for all: a smaller batch takes
                           microseconds and one preemption moves its speedup 2x)
      --threads LIST       compare only these kernel thread counts (default all)
      --filter LIST        compare only kernels whose name contains one of LIST
      --strict-environment a difference of machine, toolchain or build is an error (exit 6),
                           not a warning; load and run settings still only warn
      -h, --help           this text

    """

    static func compare(_ arguments: [String], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "compare", arguments: arguments)
        var options = CompareOptions()
        func ratio(_ option: (name: String, inline: String?)) throws -> Double {
            let text = try reader.value(for: option)
            guard let value = Double(text), value > 0, value <= 1 else {
                throw UsageError("\(option.name) needs a ratio with 0 < R <= 1, not '\(text)'")
            }
            return value
        }
        while let option = reader.nextOption() {
            if isHelp(option) { return printUsage(compareUsage, streams) }
            switch option.name {
            case "--threshold":
                let text = try reader.value(for: option)
                let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, let value = Double(parts[1]), value > 0, value <= 1 else {
                    throw UsageError("--threshold needs KERNEL=RATIO with 0 < RATIO <= 1, not '\(text)'")
                }
                options.thresholds[parts[0]] = value
            case "--default-threshold":
                options.defaultThreshold = try ratio(option)
            case "--multi-thread-threshold":
                options.multiThreadThreshold = try ratio(option)
            case "--threads":
                for item in ArgumentValues.list(try reader.value(for: option)) {
                    if item.lowercased() == "all" { options.threads.append(Parallelism.activeProcessorCount) }
                    else { options.threads.append(try ArgumentValues.positiveInt(item, "--threads")) }
                }
            case "--min-size":
                options.minSize = try ArgumentValues.size(try reader.value(for: option))
            case "--group-by":
                options.grouping = try ArgumentValues.choice(
                    try reader.value(for: option), "--group-by", expected: "kernel, variant or row")
            case "--aggregate":
                try reader.flag(option)
                options.grouping = .variant
            case "--per-row":
                try reader.flag(option)
                options.grouping = .row
            case "--strict-environment":
                try reader.flag(option)
                options.strictEnvironment = true
            case "--statistic":
                options.statistic = try ArgumentValues.choice(
                    try reader.value(for: option), "--statistic", expected: "min or median")
            case "--filter":
                options.filters += ArgumentValues.list(try reader.value(for: option))
            default:
                throw reader.unknown(option)
            }
        }
        guard reader.positionals.count == 2 else {
            throw UsageError("compare needs two reports, BASELINE.json and NEW.json (got \(reader.positionals.count))")
        }
        let baseline = try BenchReport.read(path: reader.positionals[0])
        let new = try BenchReport.read(path: reader.positionals[1])
        let result = Comparison.compare(baseline: baseline, new: new, options: options)
        for warning in result.warnings { streams.err("layout-bench: warning: \(warning)\n") }
        // Before any verdict: what besides the code differs between the two runs.
        if !result.environment.isEmpty {
            streams.out("WARNING: machine, toolchain, build or conditions differ, or the machine was busy (baseline -> new):\n")
            for difference in result.environment { streams.out("  \(difference)\n") }
            streams.out("\n")
        }
        let strictDifferences = result.environment.filter(\.isStrict)
        guard !result.lines.isEmpty else {
            throw ReportError("no kernel rows in common between \(reader.positionals[0]) and \(reader.positionals[1]) (after filters)")
        }
        streams.out(Comparison.table(result).text())
        // The frame loop's rows apart: a report written before it (or a --quick run) has none.
        let frameOnlyInBaseline = result.missingInNew.filter { $0.scenario == ResultRow.frameScenario }
        let frameOnlyInNew = result.missingInBaseline.filter { $0.scenario == ResultRow.frameScenario }
        let missingInNew = result.missingInNew.filter { $0.scenario != ResultRow.frameScenario }
        let missingInBaseline = result.missingInBaseline.filter { $0.scenario != ResultRow.frameScenario }
        if !missingInNew.isEmpty {
            streams.out("\(missingInNew.count) baseline rows not in the new report (not compared)\n")
        }
        if !missingInBaseline.isEmpty {
            streams.out("\(missingInBaseline.count) new rows not in the baseline (not compared): \(missingInBaseline.prefix(5).map(\.description).joined(separator: "; "))\(missingInBaseline.count > 5 ? "; ..." : "")\n")
        }
        for (rows, side) in [(frameOnlyInBaseline, "baseline"), (frameOnlyInNew, "new report")] where !rows.isEmpty {
            let sizes = Array(Set(rows.map(\.size))).sorted().map(String.init).joined(separator: ",")
            streams.out("\(rows.count) frame loop rows (N=\(sizes)) only in the \(side) (not compared), e.g. \(rows[0])\n")
        }
        if result.belowMinSize > 0 {
            streams.out("\(result.belowMinSize) rows below \(SVGChart.sizeLabel(options.minSize)) controls not judged (--min-size)\n")
        }
        /// `regressed` (one line each) of `total` compared `things`, or `withinThresholds`.
        func verdict(_ regressed: [String], of total: Int, _ things: String, withinThresholds: String) -> Int32 {
            var code = ExitCode.success
            if regressed.isEmpty {
                streams.out("compare: \(withinThresholds) within thresholds\n")
            } else {
                streams.out("compare: \(regressed.count) of \(total) \(things) REGRESSED:\n")
                for line in regressed { streams.out("  \(line)\n") }
                code = ExitCode.regression
            }
            if options.strictEnvironment && !strictDifferences.isEmpty {
                streams.out("compare: ENVIRONMENT DIFFERS (--strict-environment): \(strictDifferences.map(\.name).joined(separator: ", "))\n")
                streams.err("layout-bench: the reports come from different machines, toolchains or builds (\(strictDifferences.map(\.name).joined(separator: ", "))); exit \(ExitCode.environment)\n")
                code = ExitCode.environment
            }
            return code
        }
        if options.aggregate {
            // The summary: every group judged, with its verdict, then the verdict itself.
            let how = options.grouping == .variant
                ? "each kernel, variant, precision and thread count by the geometric mean of its rows' changes over the sizes"
                : "each kernel, precision and thread count by the median of its rows' changes over the variants and sizes"
            streams.out("\ncompare: \(result.groups.count) groups judged (\(result.lines.count) rows), \(how):\n")
            streams.out(Comparison.groupTable(result).text())
            return verdict(
                result.groupRegressions.map { group in
                    let over = options.grouping == .variant ? "geometric mean over \(group.sizes.count) sizes" : "median of \(group.rowCount) rows"
                    return "\(group.description): speedups at \(Format.ratio(group.change)) of baseline (\(over) at \(group.sizes.map(SVGChart.sizeLabel).joined(separator: ", ")); threshold \(Format.ratioBare(group.threshold)))"
                },
                of: result.groups.count, "groups", withinThresholds: "all \(result.groups.count) groups (\(result.lines.count) rows)")
        }
        return verdict(
            result.regressions.map { line in
                "\(line.key): speedup \(Format.ratio(line.baseline.estimate)) -> \(Format.ratio(line.new.estimate)) (\(Format.ratio(line.change)) of baseline, threshold \(Format.ratioBare(line.threshold)))"
            },
            of: result.lines.count, "rows", withinThresholds: "all \(result.lines.count) rows")
    }
}
