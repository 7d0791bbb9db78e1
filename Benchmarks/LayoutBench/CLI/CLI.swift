// The layout-bench command line: the dispatcher, the exit codes, the streams it reads and
// writes, and `help`. Each command has its own file: `run` (the default) in RunCommand.swift,
// then CompareCommand.swift, EvalCommand.swift, RenderCommand.swift, ProfileCommand.swift and
// PlacementCommand.swift; Arguments.swift holds the option parser they share.

import Foundation

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
    /// `compare --strict-environment`: the reports come from different machines, toolchains
    /// or build flags (not 2, which scripts read as a usage error).
    public static let environment: Int32 = 6
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
      layout-bench frame                    time a frame loop over small batches (8-256 controls)
      layout-bench placement                show where the allocator puts large columns
      layout-bench help [COMMAND]           this text, or a command's

    Build it in release: swift run -c release layout-bench [...]
    Exit codes: 0 ok, 1 regression (compare), 2 usage error, 3 bad input or output,
    4 kernel differs from reference (run), 5 debug build refused (run),
    6 different machine, toolchain or build flags (compare --strict-environment).

    """

    /// Runs the command line `arguments` (without the executable's name) and returns the exit
    /// code. `subjects` are what `run` and `profile` time, `evalKernels` what `eval` lays out:
    /// the executable builds both from its registry of controls.
    public static func main(
        _ arguments: [String], subjects: [any LayoutBenchSubject.Type], evalKernels: [any EvalKernel.Type] = [],
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
                return try eval(arguments, kernels: evalKernels, streams: streams)
            case "render":
                return try render(arguments, streams: streams)
            case "profile":
                return try profile(arguments, subjects: subjects, streams: streams)
            case "frame":
                return try frame(arguments, subjects: subjects, streams: streams)
            case "placement":
                return try placement(arguments, streams: streams)
            case "help":
                return try help(arguments, evalKernels: evalKernels, streams: streams)
            case "--help", "-h":
                return printUsage(usage, streams)
            default:
                throw UsageError("unknown command '\(command)' (commands: run, compare, eval, render, profile, frame, placement, help)")
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

    /// Prints a command's `usage` (for `--help`) and returns success.
    static func printUsage(_ usage: String, _ streams: CLIStreams) -> Int32 {
        streams.out(usage)
        return ExitCode.success
    }

    // MARK: help

    /// `help` prints the overview, `help COMMAND` that command's usage.
    static func help(_ arguments: [String], evalKernels: [any EvalKernel.Type], streams: CLIStreams) throws(UsageError) -> Int32 {
        switch arguments.first {
        case nil: streams.out(usage)
        case "run": streams.out(runUsage)
        case "compare": streams.out(compareUsage)
        case "eval": streams.out(evalUsage(kernels: evalKernels))
        case "render": streams.out(renderUsage)
        case "profile": streams.out(profileUsage)
        case "frame": streams.out(frameUsage)
        case "placement": streams.out(placementUsage)
        case let other?:
            throw UsageError("no command '\(other)' (commands: run, compare, eval, render, profile, frame, placement)")
        }
        return ExitCode.success
    }
}
