// `layout-bench compare`: compares the speedups of two JSON reports (Compare/Compare.swift) and
// exits 1 when a row, or with `--aggregate` a kernel's geometric mean, regresses.

import Foundation
import LayoutCore

extension LayoutBenchCLI {
    public static let compareUsage = """
    layout-bench compare: compare the speedups (reference time / kernel time) of two reports.

    USAGE
      layout-bench compare BASELINE.json NEW.json [options]

    A row regresses when new speedup / baseline speedup < its threshold. Rows present in only
    one report are listed, not failed. Exit 0 when no row regresses, 1 otherwise.

    OPTIONS
      --threshold K=R      threshold R (0 < R <= 1) for kernel K, or for K/PRECISION
                           (e.g. button-content=0.6, thumb-track/Double=0.4); repeatable
      --default-threshold R  threshold for the other kernels (default 0.5)
      --threads LIST       compare only these kernel thread counts (default all)
      --min-size N         compare only sizes >= N (default all)
      --filter LIST        compare only kernels whose name contains one of LIST
      --statistic S        median (default): the rows' speedups, median reference time /
                           median kernel time; min: fastest reference / fastest kernel time
                           (the least disturbed repetitions: steadier on a shared machine)
      --aggregate          judge each kernel, variant, precision and thread count by the
                           geometric mean of its rows' changes over the sizes (a kernel that
                           loses its SIMD code is slower at every size; noise hits single rows)
      -h, --help           this text

    """

    static func compare(_ arguments: [String], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "compare", arguments: arguments)
        var options = CompareOptions()
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
                let text = try reader.value(for: option)
                guard let value = Double(text), value > 0, value <= 1 else {
                    throw UsageError("--default-threshold needs a ratio with 0 < R <= 1, not '\(text)'")
                }
                options.defaultThreshold = value
            case "--threads":
                for item in ArgumentValues.list(try reader.value(for: option)) {
                    if item.lowercased() == "all" { options.threads.append(Parallelism.activeProcessorCount) }
                    else { options.threads.append(try ArgumentValues.positiveInt(item, "--threads")) }
                }
            case "--min-size":
                options.minSize = try ArgumentValues.size(try reader.value(for: option))
            case "--aggregate":
                try reader.flag(option)
                options.aggregate = true
            case "--statistic":
                let text = try reader.value(for: option)
                guard let statistic = CompareOptions.Statistic(rawValue: text.lowercased()) else {
                    throw UsageError("--statistic: '\(text)' is not median or min")
                }
                options.statistic = statistic
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
        guard !result.lines.isEmpty else {
            throw ReportError("no kernel rows in common between \(reader.positionals[0]) and \(reader.positionals[1]) (after filters)")
        }
        streams.out(Comparison.table(result).text())
        if !result.missingInNew.isEmpty {
            streams.out("\(result.missingInNew.count) baseline rows not in the new report (not compared)\n")
        }
        if !result.missingInBaseline.isEmpty {
            streams.out("\(result.missingInBaseline.count) new rows not in the baseline (not compared): \(result.missingInBaseline.prefix(5).map(\.description).joined(separator: "; "))\(result.missingInBaseline.count > 5 ? "; ..." : "")\n")
        }
        /// `regressed` (one line each) of `total` compared `things`, or `withinThresholds`.
        func verdict(_ regressed: [String], of total: Int, _ things: String, withinThresholds: String) -> Int32 {
            if regressed.isEmpty {
                streams.out("compare: \(withinThresholds) within thresholds\n")
                return ExitCode.success
            }
            streams.out("compare: \(regressed.count) of \(total) \(things) REGRESSED:\n")
            for line in regressed { streams.out("  \(line)\n") }
            return ExitCode.regression
        }
        if options.aggregate {
            streams.out("\nBy kernel, variant, precision and threads (geometric mean over the sizes):\n")
            streams.out(Comparison.groupTable(result).text())
            return verdict(
                result.groupRegressions.map { group in
                    "\(group.description): speedups at \(Format.ratio(group.change)) of baseline (geometric mean over \(group.sizes.count) sizes; threshold \(Format.ratioBare(group.threshold)))"
                },
                of: result.groups.count, "groups", withinThresholds: "\(result.groups.count) groups (\(result.lines.count) rows)")
        }
        return verdict(
            result.regressions.map { line in
                "\(line.key): speedup \(Format.ratio(line.baseline.estimate)) -> \(Format.ratio(line.new.estimate)) (\(Format.ratio(line.change)) of baseline, threshold \(Format.ratioBare(line.threshold)))"
            },
            of: result.lines.count, "rows", withinThresholds: "\(result.lines.count) rows")
    }
}
