// The layout-bench command line: `run` (default), `compare`, `eval`, `render`, `profile`, `help`.

import Foundation
import LayoutCore

/// Exit codes (Docs/Benchmarks.md lists them too).
public enum ExitCode {
    public static let success: Int32 = 0
    /// `compare`: at least one speedup fell below its threshold.
    public static let regression: Int32 = 1
    /// Unknown command or option, missing or malformed value.
    public static let usage: Int32 = 2
    /// Unreadable or invalid input (bad row, bad report, schema mismatch), or an unwritable output.
    public static let input: Int32 = 3
    /// `run`: a kernel's output differed from its reference.
    public static let verification: Int32 = 4
    /// `run`: refused to measure a debug build (pass --allow-debug to measure it anyway).
    public static let debugBuild: Int32 = 5
}

/// Where the CLI reads and writes, so tests can capture it.
public struct CLIStreams {
    public var out: (String) -> Void
    public var err: (String) -> Void
    public var readStandardInput: () -> Data

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, readStandardInput: @escaping () -> Data) {
        self.out = out
        self.err = err
        self.readStandardInput = readStandardInput
    }

    /// The process's stdout, stderr and stdin.
    public static var standard: CLIStreams {
        CLIStreams(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() })
    }
}

public enum LayoutBenchCLI {
    public static let usage = """
    layout-bench: times every LayoutCore kernel against its scalar reference, writes reports,
    compares runs and evaluates layouts from files.

    USAGE
      layout-bench [run] [options]          measure (the default command)
      layout-bench compare BASELINE NEW     compare the speedups of two JSON reports
      layout-bench eval --kernel NAME ...   lay out controls read from CSV or JSON
      layout-bench render REPORT.json       rewrite a report's CSV, charts and README
      layout-bench profile --kernel NAME    run one engine repeatedly, for perf or callgrind
      layout-bench placement                show where the allocator puts large columns
      layout-bench help [COMMAND]           this text, or a command's

    Build it in release: swift run -c release layout-bench [...]
    Exit codes: 0 ok, 1 regression (compare), 2 usage error, 3 bad input or output,
    4 kernel differs from reference (run), 5 debug build refused (run).

    """

    public static let runUsage = """
    layout-bench run: measure every kernel against its reference and write reports.

    USAGE
      layout-bench [run] [options]

    OPTIONS
      --filter LIST        kernels whose name contains one of LIST (comma-separated; repeatable)
      --sizes LIST         batch sizes, e.g. 64,1K,16K,4M (default: 16,64,...,4M, powers of 4)
      --precision P        float, double or both (default both)
      --threads LIST       kernel thread counts: numbers or 'all' (default 1,all); the
                           reference always runs on one thread
      --quick              sizes 64,1K,16K,256K, 11 repetitions of 5 ms, 64 MiB bandwidth arrays:
                           under a minute, for CI
      --output DIR         where to write latest.json, latest.csv, *.svg, README.md
                           (default Reports/benchmarks)
      --no-write           write no files, only stdout
      --format F           stdout format: table (default), json or csv
      --repetitions N      timed repetitions per size (default 15)
      --budget-ms X        target duration of one timed measurement (default 40)
      --warmup-ms X        untimed warm-up per variant and size (default 20)
      --bandwidth-mib N    array size of the bandwidth loops (default 256)
      --seed N             input generator seed (default 42)
      --distinct-controls N
                           at least N different controls per size: sizes below N run on
                           ceil(N / size) batches (seeds S, S+1, ..., S = --seed) in turn, so the
                           branch predictor cannot learn one repeated batch (default 65536;
                           1: one batch per size, laid out again and again)
      --build-flags TEXT   record these build flags in the report (default: read from the
                           SwiftPM build description next to the executable)
      --allow-debug        measure a debug build anyway (refused otherwise)
      --quiet              no progress on stderr
      -h, --help           this text

    """

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

    public static let renderUsage = """
    layout-bench render: rewrite latest.csv, the SVG charts and README.md from a JSON report
    (after a change to the writers, or to add the native/ figures to the README), without
    measuring anything.

    USAGE
      layout-bench render REPORT.json [--output DIR]

    OPTIONS
      --output DIR         where to write (default: the report's directory); the report itself
                           is rewritten there as latest.json
      -h, --help           this text

    """

    public static var evalUsage: String {
        var text = """
        layout-bench eval: lay out controls read from a file and write their frames.

        USAGE
          layout-bench eval --kernel NAME [options]

        OPTIONS
          --kernel NAME          \(EvalKernels.all.map { $0.name }.joined(separator: " | "))
          --engine E             reference (default; one control at a time) or kernel (the batch)
          --precision P          float or double (default double)
          --input FILE           read controls from FILE, '-' for stdin (default -)
          --input-format F       csv or json (default: from the file extension, else csv)
          --output FILE          write frames to FILE, '-' for stdout (default -)
          --output-format F      csv (default) or json
          -h, --help             this text

        CSV input has a header line naming the columns (any order; optional ones may be left
        out); JSON input is an array of objects with the same keys (numbers or strings).
        Enumerations take a case name or its raw value. Output: `index` then the frames.
        A bad row stops with the line and field named, exit code 3.

        """
        for kernel in EvalKernels.all {
            text += "\nCOLUMNS OF \(kernel.name)\n"
            // Names are never cut: the column is as wide as the longest name.
            let width = kernel.inputColumns.map(\.name.count).max() ?? 0
            for column in kernel.inputColumns {
                var kind: String
                switch column.kind {
                case .number: kind = "number"
                case .integer: kind = "integer"
                case .boolean: kind = "true|false"
                case .enumeration(let names): kind = names.joined(separator: "|")
                }
                if let value = column.defaultValue { kind += ", default \(value)" } else { kind += ", required" }
                text += "  \(column.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(column.summary) (\(kind))\n"
            }
            text += "  output: \(kernel.outputColumns.joined(separator: ", "))\n"
        }
        return text
    }

    /// Runs the command line `arguments` (without the executable's name) and returns the exit
    /// code.
    public static func main(
        _ arguments: [String], subjects: [any LayoutBenchSubject.Type],
        streams: CLIStreams = .standard, executablePath: String? = CommandLine.arguments.first
    ) -> Int32 {
        var arguments = arguments
        var command = "run"
        if let first = arguments.first, !first.hasPrefix("-") || first == "--help" || first == "-h" {
            command = first
            arguments.removeFirst()
        }
        do {
            switch command {
            case "run":
                return try run(arguments, subjects: subjects, streams: streams, executablePath: executablePath)
            case "compare":
                return try compare(arguments, streams: streams)
            case "eval":
                return try eval(arguments, streams: streams)
            case "render":
                return try render(arguments, streams: streams)
            case "profile":
                return try profile(arguments, subjects: subjects, streams: streams)
            case "placement":
                return try placement(arguments, streams: streams)
            case "help":
                switch arguments.first {
                case nil: streams.out(usage)
                case "run": streams.out(runUsage)
                case "compare": streams.out(compareUsage)
                case "eval": streams.out(evalUsage)
                case "render": streams.out(renderUsage)
                case "profile": streams.out(profileUsage)
                case "placement": streams.out(placementUsage)
                case let other?: throw UsageError("no command '\(other)' (commands: run, compare, eval, render, profile, placement)")
                }
                return ExitCode.success
            case "--help", "-h":
                streams.out(usage)
                return ExitCode.success
            default:
                throw UsageError("unknown command '\(command)' (commands: run, compare, eval, render, profile, placement, help)")
            }
        } catch let error as UsageError {
            streams.err("layout-bench: \(error.message)\n")
            return ExitCode.usage
        } catch {
            streams.err("layout-bench: \(error)\n")
            return ExitCode.input
        }
    }

    static func isHelp(_ option: (name: String, inline: String?)) -> Bool { option.name == "--help" || option.name == "-h" }

    // MARK: run

    /// Parses `run`'s options. `nil` means help was printed.
    public static func parseRunOptions(_ arguments: [String]) throws(UsageError) -> RunOptions? {
        var reader = ArgumentReader(command: "run", arguments: arguments)
        var options = RunOptions()
        var quick = false
        var overrides: [(inout RunOptions) -> Void] = []
        while let option = reader.nextOption() {
            if isHelp(option) { return nil }
            switch option.name {
            case "--quick":
                try reader.flag(option)
                quick = true
            case "--filter":
                let list = ArgumentValues.list(try reader.value(for: option))
                overrides.append { $0.filters += list }
            case "--sizes":
                let text = try reader.value(for: option)
                var sizes: [Int] = []
                for item in ArgumentValues.list(text) { sizes.append(try ArgumentValues.size(item)) }
                if sizes.isEmpty { throw UsageError("--sizes needs at least one size") }
                let sorted = Array(Set(sizes)).sorted()
                overrides.append { $0.sizes = sorted }
            case "--precision":
                let precisions = try ArgumentValues.precisions(try reader.value(for: option))
                overrides.append { $0.precisions = precisions }
            case "--threads":
                var threads: [Int] = []
                for item in ArgumentValues.list(try reader.value(for: option)) {
                    if item.lowercased() == "all" { threads.append(Parallelism.activeProcessorCount) }
                    else { threads.append(try ArgumentValues.positiveInt(item, "--threads")) }
                }
                if threads.isEmpty { throw UsageError("--threads needs at least one thread count") }
                overrides.append { $0.threads = threads }
            case "--output":
                let directory = try reader.value(for: option)
                overrides.append { $0.outputDirectory = directory }
            case "--no-write":
                try reader.flag(option)
                overrides.append { $0.writeFiles = false }
            case "--format":
                let text = try reader.value(for: option)
                guard let format = RunOptions.OutputFormat(rawValue: text.lowercased()) else {
                    throw UsageError("--format: '\(text)' is not table, json or csv")
                }
                overrides.append { $0.format = format }
            case "--repetitions":
                let value = try ArgumentValues.positiveInt(try reader.value(for: option), option.name)
                overrides.append { $0.repetitions = value }
            case "--budget-ms":
                let value = try ArgumentValues.positiveDouble(try reader.value(for: option), option.name)
                overrides.append { $0.budgetMilliseconds = value }
            case "--warmup-ms":
                let value = try ArgumentValues.positiveDouble(try reader.value(for: option), option.name)
                overrides.append { $0.warmupMilliseconds = value }
            case "--bandwidth-mib":
                let value = try ArgumentValues.positiveInt(try reader.value(for: option), option.name)
                overrides.append { $0.bandwidthArrayBytes = value << 20 }
            case "--distinct-controls":
                let value = try ArgumentValues.positiveInt(try reader.value(for: option), option.name)
                overrides.append { $0.distinctControls = value }
            case "--seed":
                let text = try reader.value(for: option)
                guard let seed = UInt64(text) else { throw UsageError("--seed needs a non-negative integer, not '\(text)'") }
                overrides.append { $0.seed = seed }
            case "--build-flags":
                let flags = try reader.value(for: option)
                overrides.append { $0.buildFlags = flags }
            case "--allow-debug":
                try reader.flag(option)
                overrides.append { $0.allowDebug = true }
            case "--quiet":
                try reader.flag(option)
                overrides.append { $0.progress = false }
            default:
                throw reader.unknown(option)
            }
        }
        if let extra = reader.positionals.first {
            throw UsageError("unexpected argument '\(extra)' for 'run' (see layout-bench run --help)")
        }
        if quick { options.applyQuick() }
        for override in overrides { override(&options) }
        return options
    }

    static func run(_ arguments: [String], subjects: [any LayoutBenchSubject.Type], streams: CLIStreams, executablePath: String?) throws -> Int32 {
        guard let options = try parseRunOptions(arguments) else {
            streams.out(runUsage)
            return ExitCode.success
        }
        if BuildInfo.isDebug {
            let banner = """
            ************************************************************************
            * layout-bench is a DEBUG build: its numbers mean nothing.             *
            * Use: swift run -c release layout-bench                               *
            ************************************************************************

            """
            streams.err(banner)
            if !options.allowDebug {
                streams.err("layout-bench: refusing to measure a debug build (pass --allow-debug to measure it anyway)\n")
                return ExitCode.debugBuild
            }
        }
        let runner = Runner(options: options, subjects: subjects, log: { line in
            if options.progress { streams.err("layout-bench: \(line)\n") }
        })
        if runner.selectedSubjects.isEmpty {
            throw UsageError("no kernel matches --filter \(options.filters.joined(separator: ",")) and --precision \(options.precisions.joined(separator: ",")) (kernels: \(Set(subjects.map { $0.kernel }).sorted().joined(separator: ", ")))")
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let build = BuildInfo.current(explicitFlags: options.buildFlags, executablePath: executablePath)
        // Internal consistency checks (a `-D...CHECKS` flag) or no optimization make the numbers
        // meaningless too: say so loudly (the report records the flags).
        let suspicious = build.swiftFlags.split(separator: " ").filter { $0 == "-Onone" || $0.uppercased().contains("CHECKS") }
        if !suspicious.isEmpty {
            streams.err("""
            ************************************************************************
            * layout-bench was built with \(suspicious.joined(separator: " ")): its numbers do not reflect
            * a normal release build.
            ************************************************************************

            """)
        }
        // Before anything is allocated for the run: the subjects' columns are then placed the
        // same way whatever ran before them (Run/ColumnPlacement.swift).
        let placement = ColumnPlacement.pin()
        if options.progress { streams.err("layout-bench: \(placement.note)\n") }
        var report: BenchReport
        do {
            report = try runner.run(
                arguments: arguments, machine: .current(), toolchain: .current(),
                build: build, date: formatter.string(from: Date()))
            report.notes.append(placement.note)
        } catch let failure as VerificationFailure {
            streams.err("layout-bench: KERNEL OUTPUT DIFFERS FROM THE REFERENCE: \(failure)\n")
            return ExitCode.verification
        }
        switch options.format {
        case .table:
            streams.out(ReportWriter.table(report).text())
            streams.out("\nHeadline\n" + ReportWriter.headline(report).text())
            streams.out("\nRoofline\n" + ReportWriter.bandwidthTable(report).text() + ReportWriter.rooflineTable(report).text())
            if report.cacheBandwidth?.isEmpty == false {
                streams.out("\nCache bandwidth\n" + ReportWriter.cacheBandwidthTable(report).text()
                            + "\nKernel time over its floor, 1 thread\n" + ReportWriter.floorBySizeTable(report).text())
            }
        case .json:
            streams.out(String(decoding: try report.jsonData(), as: UTF8.self) + "\n")
        case .csv:
            streams.out(ReportIO.csv(report.rows))
        }
        if options.writeFiles {
            do {
                let written = try ReportWriter.write(report, to: options.outputDirectory)
                streams.err("layout-bench: wrote \(written.count) files to \(options.outputDirectory)\n")
            } catch {
                streams.err("layout-bench: cannot write reports to \(options.outputDirectory): \(error)\n")
                return ExitCode.input
            }
        }
        return ExitCode.success
    }

    // MARK: render

    static func render(_ arguments: [String], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "render", arguments: arguments)
        var output: String?
        while let option = reader.nextOption() {
            if isHelp(option) {
                streams.out(renderUsage)
                return ExitCode.success
            }
            switch option.name {
            case "--output": output = try reader.value(for: option)
            default: throw reader.unknown(option)
            }
        }
        guard reader.positionals.count == 1 else {
            throw UsageError("render needs one report, REPORT.json (got \(reader.positionals.count))")
        }
        let path = reader.positionals[0]
        let report = try BenchReport.read(path: path)
        let directory = output ?? URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            let written = try ReportWriter.write(report, to: directory)
            streams.err("layout-bench: wrote \(written.count) files to \(directory)\n")
        } catch {
            throw ReportError("cannot write reports to \(directory): \(error)")
        }
        return ExitCode.success
    }

    // MARK: compare

    static func compare(_ arguments: [String], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "compare", arguments: arguments)
        var options = CompareOptions()
        while let option = reader.nextOption() {
            if isHelp(option) {
                streams.out(compareUsage)
                return ExitCode.success
            }
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
        if options.aggregate {
            streams.out("\nBy kernel, variant, precision and threads (geometric mean over the sizes):\n")
            streams.out(Comparison.groupTable(result).text())
            let regressions = result.groupRegressions
            if regressions.isEmpty {
                streams.out("compare: \(result.groups.count) groups (\(result.lines.count) rows) within thresholds\n")
                return ExitCode.success
            }
            streams.out("compare: \(regressions.count) of \(result.groups.count) groups REGRESSED:\n")
            for group in regressions {
                streams.out("  \(group.description): speedups at \(Format.ratio(group.change)) of baseline (geometric mean over \(group.sizes.count) sizes; threshold \(Format.ratioBare(group.threshold)))\n")
            }
            return ExitCode.regression
        }
        let regressions = result.regressions
        if regressions.isEmpty {
            streams.out("compare: \(result.lines.count) rows within thresholds\n")
            return ExitCode.success
        }
        streams.out("compare: \(regressions.count) of \(result.lines.count) rows REGRESSED:\n")
        for line in regressions {
            streams.out("  \(line.key): speedup \(Format.ratio(line.baseline.estimate)) -> \(Format.ratio(line.new.estimate)) (\(Format.ratio(line.change)) of baseline, threshold \(Format.ratioBare(line.threshold)))\n")
        }
        return ExitCode.regression
    }

    // MARK: eval

    /// Parses and lays out `text`: the output rows, or the first bad row's error.
    public static func evaluate(
        _ text: String, format: EvalFormat, kernel: any EvalKernel.Type, engine: EvalEngine, precision: String
    ) -> Result<[[EvalValue]], EvalError> {
        Result { () throws(EvalError) -> [[EvalValue]] in
            let rows = try EvalIO.rows(text, format: format, kernel: kernel)
            return precision == "Float"
                ? try kernel.evaluate(rows, engine: engine, as: Float.self)
                : try kernel.evaluate(rows, engine: engine, as: Double.self)
        }
    }

    static func eval(_ arguments: [String], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "eval", arguments: arguments)
        var kernelName: String?
        var engine = EvalEngine.reference
        var precision = "Double"
        var input = "-"
        var inputFormat: EvalFormat?
        var output = "-"
        var outputFormat = EvalFormat.csv
        while let option = reader.nextOption() {
            if isHelp(option) {
                streams.out(evalUsage)
                return ExitCode.success
            }
            switch option.name {
            case "--kernel": kernelName = try reader.value(for: option)
            case "--engine":
                let text = try reader.value(for: option)
                guard let value = EvalEngine(rawValue: text.lowercased()) else { throw UsageError("--engine: '\(text)' is not reference or kernel") }
                engine = value
            case "--precision":
                let text = try reader.value(for: option)
                let values = try ArgumentValues.precisions(text)
                guard values.count == 1 else { throw UsageError("--precision of eval: float or double, not '\(text)'") }
                precision = values[0]
            case "--input": input = try reader.value(for: option)
            case "--input-format":
                let text = try reader.value(for: option)
                guard let value = EvalFormat(rawValue: text.lowercased()) else { throw UsageError("--input-format: '\(text)' is not csv or json") }
                inputFormat = value
            case "--output": output = try reader.value(for: option)
            case "--output-format":
                let text = try reader.value(for: option)
                guard let value = EvalFormat(rawValue: text.lowercased()) else { throw UsageError("--output-format: '\(text)' is not csv or json") }
                outputFormat = value
            default:
                throw reader.unknown(option)
            }
        }
        if let extra = reader.positionals.first { throw UsageError("unexpected argument '\(extra)' for 'eval' (use --input FILE)") }
        guard let kernelName else {
            throw UsageError("eval needs --kernel (\(EvalKernels.all.map { $0.name }.joined(separator: ", ")))")
        }
        guard let kernel = EvalKernels.named(kernelName) else {
            throw UsageError("unknown kernel '\(kernelName)' for eval (known: \(EvalKernels.all.map { $0.name }.joined(separator: ", ")))")
        }
        let data: Data
        if input == "-" {
            data = streams.readStandardInput()
        } else {
            guard let contents = FileManager.default.contents(atPath: input) else { throw ReportError("cannot read \(input)") }
            data = contents
        }
        let format = inputFormat ?? (input.lowercased().hasSuffix(".json") ? .json : .csv)
        let text = String(decoding: data, as: UTF8.self)
        let source = input == "-" ? "stdin" : input
        let outputs: [[EvalValue]]
        switch evaluate(text, format: format, kernel: kernel, engine: engine, precision: precision) {
        case .success(let values): outputs = values
        case .failure(let error):
            streams.err("layout-bench eval: \(source): \(error)\n")
            return ExitCode.input
        }
        let formatted = EvalIO.format(outputs, kernel: kernel, format: outputFormat)
        if output == "-" {
            streams.out(formatted)
        } else {
            do { try Data(formatted.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                throw ReportError("cannot write \(output): \(error.localizedDescription)")
            }
        }
        return ExitCode.success
    }
}
