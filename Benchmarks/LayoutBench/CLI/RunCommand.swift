// `layout-bench run` (the default command): parses the options into `RunOptions`, refuses a
// debug build, has `Runner` (Run/Runner.swift) measure every selected subject, has
// `ReportBuilder` (Report/ReportBuilder.swift) turn the measurements into a report, prints it
// and writes the report files.

import Foundation
import LayoutCore

extension LayoutBenchCLI {
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
      --quick              sizes 64,1K,16K,256K, 11 repetitions of 5 ms in 3 sweeps, 64 MiB
                           bandwidth arrays: about a minute, for CI
      --output DIR         where to write latest.json, latest.csv, *.svg, README.md
                           (default: Reports/benchmarks for the full default run;
                           \(RunOptions.partialOutputDirectory) for a partial run: --quick,
                           --filter, --sizes, --precision, --threads, --repetitions,
                           --sweeps, --budget-ms, --warmup-ms, --bandwidth-mib, --distinct-controls
                           or --seed)
      --no-write           write no files, only stdout
      --format F           stdout format: table (default: the headline first, every table
                           at most 100 columns wide), json or csv
      --repetitions N      timed repetitions per size (default 15)
      --sweeps N           passes over every kernel and size that share the repetitions, so
                           that a busy stretch of the machine is unlikely to slow every
                           repetition of one row (default 1; --quick: 3)
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

    /// Parses `run`'s options. `nil` means help was printed.
    public static func parseRunOptions(_ arguments: [String]) throws(UsageError) -> RunOptions? {
        var reader = ArgumentReader(command: "run", arguments: arguments)
        var options = RunOptions()
        var quick = false
        var overrides: [(inout RunOptions) -> Void] = []
        /// Sets `option` to `value` once every option is read (after `--quick`'s defaults).
        func set<Value>(_ option: WritableKeyPath<RunOptions, Value>, _ value: Value) {
            overrides.append { $0[keyPath: option] = value }
        }
        // Options that change what is measured make a partial run, which must not overwrite
        // the committed reports of a full one unless --output says so.
        let partialOptions: Set<String> = [
            "--quick", "--filter", "--sizes", "--precision", "--threads", "--repetitions", "--sweeps", "--budget-ms",
            "--warmup-ms", "--bandwidth-mib", "--distinct-controls", "--seed",
        ]
        var isPartial = false
        var outputGiven = false
        while let option = reader.nextOption() {
            if isHelp(option) { return nil }
            if partialOptions.contains(option.name) { isPartial = true }
            if option.name == "--output" { outputGiven = true }
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
                set(\.sizes, Array(Set(sizes)).sorted())
            case "--precision": set(\.precisions, try ArgumentValues.precisions(try reader.value(for: option)))
            case "--threads":
                var threads: [Int] = []
                for item in ArgumentValues.list(try reader.value(for: option)) {
                    if item.lowercased() == "all" { threads.append(Parallelism.activeProcessorCount) }
                    else { threads.append(try ArgumentValues.positiveInt(item, "--threads")) }
                }
                if threads.isEmpty { throw UsageError("--threads needs at least one thread count") }
                set(\.threads, threads)
            case "--output": set(\.outputDirectory, try reader.value(for: option))
            case "--no-write": try reader.flag(option); set(\.writeFiles, false)
            case "--format":
                set(\.format, try ArgumentValues.choice(try reader.value(for: option), "--format", expected: "table, json or csv"))
            case "--repetitions": set(\.repetitions, try ArgumentValues.positiveInt(try reader.value(for: option), option.name))
            case "--sweeps": set(\.sweeps, try ArgumentValues.positiveInt(try reader.value(for: option), option.name))
            case "--budget-ms": set(\.budgetMilliseconds, try ArgumentValues.positiveDouble(try reader.value(for: option), option.name))
            case "--warmup-ms": set(\.warmupMilliseconds, try ArgumentValues.positiveDouble(try reader.value(for: option), option.name))
            case "--bandwidth-mib":
                set(\.bandwidthArrayBytes, try ArgumentValues.positiveInt(try reader.value(for: option), option.name) << 20)
            case "--distinct-controls":
                set(\.distinctControls, try ArgumentValues.positiveInt(try reader.value(for: option), option.name))
            case "--seed":
                let text = try reader.value(for: option)
                guard let seed = UInt64(text) else { throw UsageError("--seed needs a non-negative integer, not '\(text)'") }
                set(\.seed, seed)
            case "--build-flags": set(\.buildFlags, try reader.value(for: option))
            case "--allow-debug": try reader.flag(option); set(\.allowDebug, true)
            case "--quiet": try reader.flag(option); set(\.progress, false)
            default:
                throw reader.unknown(option)
            }
        }
        if let extra = reader.positionals.first {
            throw UsageError("unexpected argument '\(extra)' for 'run' (see layout-bench run --help)")
        }
        if quick { options.applyQuick() }
        if isPartial && !outputGiven { options.outputDirectory = RunOptions.partialOutputDirectory }
        for override in overrides { override(&options) }
        return options
    }

    static func run(_ arguments: [String], subjects: [any LayoutBenchSubject.Type], streams: CLIStreams, executablePath: String?) throws -> Int32 {
        guard let options = try parseRunOptions(arguments) else { return printUsage(runUsage, streams) }
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
            // Long lines (the column placement note) are wrapped to the terminal's width.
            if options.progress { streams.err(Terminal.wrap("layout-bench: \(line)")) }
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
        runner.log(placement.note)
        // Read before measuring: the report records the load average and the date at the start
        // (and the load average again once the measurements end).
        var machine = MachineInfo.current()
        let toolchain = ToolchainInfo.current()
        let date = formatter.string(from: Date())
        let measured: RunMeasurements
        do {
            measured = try runner.run(lastLevelCacheBytes: machine.lastLevelCacheBytes)
            machine.loadAverageAtEnd = MachineInfo.loadAverage()
        } catch let failure as VerificationFailure {
            streams.err("layout-bench: KERNEL OUTPUT DIFFERS FROM THE REFERENCE: \(failure)\n")
            return ExitCode.verification
        }
        var report = ReportBuilder.build(
            measured, arguments: arguments, machine: machine, toolchain: toolchain, build: build, date: date)
        report.notes.append(placement.note)
        switch options.format {
        case .table:
            streams.out(ReportWriter.terminal(report))
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
}
