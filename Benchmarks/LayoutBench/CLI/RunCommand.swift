// `layout-bench run` (the default command): parses the options into `RunOptions`, refuses a
// debug build, has `Runner` (Run/Runner.swift) measure every selected subject, has
// `ReportBuilder` (Report/ReportBuilder.swift) turn the measurements into a report, prints it
// and writes the report files.

import Foundation
import LayoutCore

/// One option of `run`: its name, the value it takes, its help, whether it changes what is
/// measured, and what it sets. `LayoutBenchCLI.runOptions` is the only list of them: the usage
/// text, the parser and the partial-run rule all read it.
struct RunOptionDeclaration: Sendable {
    var name: String
    /// The value's placeholder in the usage text (`LIST`); `nil` for a flag.
    var value: String?
    /// The help, one string; the usage text wraps it.
    var help: String
    /// Whether it changes what is measured: such a partial run does not overwrite the
    /// committed reports of a full one unless `--output` says so.
    var partial = false
    /// What the option sets, from its value (`""` for a flag), applied once every option is
    /// read (after `--quick`'s defaults).
    var apply: @Sendable (String) throws(UsageError) -> (inout RunOptions) -> Void
}

extension RunOptionDeclaration {
    /// A setting of what is measured (so a partial run): `parse` reads the value (and names
    /// the option in its error), `key` stores it.
    init<Value>(measuring name: String, value: String, help: String, _ key: WritableKeyPath<RunOptions, Value> & Sendable,
                parse: @escaping @Sendable (String, String) throws(UsageError) -> Value) {
        self.init(name: name, value: value, help: help, partial: true) { text throws(UsageError) in
            let parsed = try parse(text, name)
            return { $0[keyPath: key] = parsed }
        }
    }
}

extension LayoutBenchCLI {
    static let runOptions: [RunOptionDeclaration] = [
        RunOptionDeclaration(name: "--filter", value: "LIST", help: "kernels whose name contains one of LIST (comma-separated; repeatable)", partial: true) { text in
            let list = ArgumentValues.list(text)
            return { $0.filters += list }
        },
        RunOptionDeclaration(name: "--sizes", value: "LIST", help: "batch sizes, e.g. 64,1K,16K,4M or 1_024 (default: 16,64,...,4M, powers of 4)", partial: true) { text throws(UsageError) in
            var sizes: [Int] = []
            for item in ArgumentValues.list(text) { sizes.append(try ArgumentValues.size(item)) }
            if sizes.isEmpty { throw UsageError("--sizes needs at least one size") }
            let sorted = Array(Set(sizes)).sorted()
            return { $0.sizes = sorted }
        },
        RunOptionDeclaration(name: "--precision", value: "P", help: "float, double or both (default both)", partial: true) { text throws(UsageError) in
            let precisions = try ArgumentValues.precisions(text)
            return { $0.precisions = precisions }
        },
        RunOptionDeclaration(name: "--threads", value: "LIST", help: "kernel thread counts: numbers or 'all', the cores this process may use (default 1,all); the reference always runs on one thread", partial: true) { text throws(UsageError) in
            var threads: [Int] = []
            for item in ArgumentValues.list(text) {
                if item.lowercased() == "all" { threads.append(Parallelism.activeProcessorCount) }
                else { threads.append(try ArgumentValues.positiveInt(item, "--threads")) }
            }
            if threads.isEmpty { throw UsageError("--threads needs at least one thread count") }
            return { $0.threads = threads }
        },
        RunOptionDeclaration(name: "--quick", value: nil, help: "sizes 64,1K,16K,256K, 11 repetitions of 5 ms in 3 sweeps, 4 ms warm-up, 64 MiB bandwidth arrays: about 80 s on two cores, for CI (explicit options override these)", partial: true) { _ in
            { _ in }  // its defaults are applied before every other option (`RunOptions.applyQuick`)
        },
        RunOptionDeclaration(name: "--output", value: "DIR", help: "where to write latest.json, latest.csv, *.svg, README.md (default: Reports/benchmarks for the full default run; \(RunOptions.partialOutputDirectory) for a partial run: PARTIAL-OPTIONS)") { text in
            { $0.outputDirectory = text }
        },
        RunOptionDeclaration(name: "--no-write", value: nil, help: "write no files, only stdout") { _ in { $0.writeFiles = false } },
        RunOptionDeclaration(name: "--format", value: "F", help: "stdout format: table (default: the headline first, every table at most 100 columns wide), json (the report) or csv (its rows)") { text throws(UsageError) in
            let format = try ArgumentValues.choice(text, "--format", expected: "table, json or csv", as: RunOptions.OutputFormat.self)
            return { $0.format = format }
        },
        RunOptionDeclaration(measuring: "--repetitions", value: "N", help: "timed repetitions per size (default 15)", \.repetitions, parse: ArgumentValues.positiveInt),
        RunOptionDeclaration(measuring: "--sweeps", value: "N", help: "passes over every kernel and size that share the repetitions, so that a busy stretch of the machine is unlikely to slow every repetition of one row (default 1; --quick: 3)", \.sweeps, parse: ArgumentValues.positiveInt),
        RunOptionDeclaration(measuring: "--budget-ms", value: "X", help: "target duration of one timed measurement (default 40)", \.budgetMilliseconds, parse: ArgumentValues.positiveDouble),
        RunOptionDeclaration(measuring: "--warmup-ms", value: "X", help: "untimed warm-up per variant and size (default 20)", \.warmupMilliseconds, parse: ArgumentValues.positiveDouble),
        RunOptionDeclaration(name: "--frame-sizes", value: "LIST", help: "controls per frame of the frame loop, timed after the batch sizes: one batch laid out again every frame, one thread, a few controls changed in between (default 8,16,32,64,256; none: no frame loop; --quick: none)", partial: true) { text throws(UsageError) in
            var sizes: [Int] = []
            if text.lowercased() != "none" {
                for item in ArgumentValues.list(text) { sizes.append(try ArgumentValues.size(item)) }
                if sizes.isEmpty { throw UsageError("--frame-sizes needs at least one size, or none") }
            }
            let sorted = Array(Set(sizes)).sorted()
            return { $0.frameSizes = sorted }
        },
        RunOptionDeclaration(measuring: "--frame-budget-ms", value: "X", help: "target duration of one frame-loop sample (default 20)", \.frameBudgetMilliseconds, parse: ArgumentValues.positiveDouble),
        RunOptionDeclaration(name: "--bandwidth-mib", value: "N", help: "array size of the bandwidth loops (default 256)", partial: true) { text throws(UsageError) in
            let value = try ArgumentValues.positiveInt(text, "--bandwidth-mib") << 20
            return { $0.bandwidthArrayBytes = value }
        },
        RunOptionDeclaration(name: "--seed", value: "N", help: "input generator seed (default 42)", partial: true) { text throws(UsageError) in
            guard let seed = UInt64(text) else { throw UsageError("--seed needs a non-negative integer, not '\(text)'") }
            return { $0.seed = seed }
        },
        RunOptionDeclaration(measuring: "--distinct-controls", value: "N", help: "at least N different controls per size: sizes below N run on ceil(N/size) batches (seeds S, S+1, ..., S = --seed) in turn, so the branch predictor cannot learn one repeated batch (default 65536; 1: one batch per size, laid out again and again)", \.distinctControls, parse: ArgumentValues.positiveInt),
        RunOptionDeclaration(name: "--build-flags", value: "TEXT", help: "record these build flags in the report (default: read from the SwiftPM build description next to the executable)") { text in
            { $0.buildFlags = text }
        },
        RunOptionDeclaration(name: "--allow-debug", value: nil, help: "measure a debug build anyway (refused otherwise)") { _ in { $0.allowDebug = true } },
        RunOptionDeclaration(name: "--quiet", value: nil, help: "no progress on stderr") { _ in { $0.progress = false } },
    ]

    /// `run --help`, from `runOptions`.
    public static var runUsage: String {
        let partial = runOptions.filter(\.partial).map(\.name).joined(separator: ", ")
        let lines = ["layout-bench run: measure every kernel against its reference and write reports.", "",
                     "USAGE", "  layout-bench [run] [options]", "", "OPTIONS"]
        let indent = String(repeating: " ", count: 23)
        var out = lines.joined(separator: "\n") + "\n"
        for option in runOptions + [RunOptionDeclaration(name: "-h, --help", value: nil, help: "this text") { _ in { _ in } }] {
            let left = option.name + (option.value.map { " \($0)" } ?? "")
            let help = option.help.replacingOccurrences(of: "PARTIAL-OPTIONS", with: partial)
            // The help starts in column 24, on the option's own line when the option fits before it.
            if left.count <= 19 {
                out += Terminal.wrap("  " + left + String(repeating: " ", count: 21 - left.count) + help, width: 93, indent: indent)
            } else {
                out += "  " + left + "\n" + Terminal.wrap(indent + help, width: 93, indent: indent)
            }
        }
        return out + "\n"
    }

    /// Parses `run`'s options. `nil` means help was printed.
    public static func parseRunOptions(_ arguments: [String]) throws(UsageError) -> RunOptions? {
        var reader = ArgumentReader(command: "run", arguments: arguments)
        var options = RunOptions()
        var overrides: [(inout RunOptions) -> Void] = []
        var quick = false, isPartial = false, outputGiven = false
        while let option = reader.nextOption() {
            if isHelp(option) { return nil }
            guard let declaration = runOptions.first(where: { $0.name == option.name }) else { throw reader.unknown(option) }
            isPartial = isPartial || declaration.partial
            outputGiven = outputGiven || option.name == "--output"
            quick = quick || option.name == "--quick"
            let value: String
            if declaration.value == nil {
                try reader.flag(option)
                value = ""
            } else {
                value = try reader.value(for: option)
            }
            overrides.append(try declaration.apply(value))
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
            * Use: swift run --package-path Benchmarks -c release layout-bench     *
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
            streams.out(ReportIO.csv(report))
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
