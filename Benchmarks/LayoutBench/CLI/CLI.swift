// The layout-bench command line: the table of commands (the one list the overview, the
// dispatcher and `help` read), the exit codes, the streams it reads and writes, and `help`. Each command has its own file: `run` (the default) in RunCommand.swift,
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
    /// What a command is given: the arguments after its name and what the executable plugs in.
    struct Invocation {
        var arguments: [String]
        var subjects: [any LayoutBenchSubject.Type]
        var evalKernels: [any EvalKernel.Type]
        var streams: CLIStreams
        var executablePath: String?
    }

    /// One subcommand: its name, its line in the overview, its usage text and what runs it.
    /// `commands` is the only list of them: the overview, the dispatcher, `help` and the
    /// error messages are all read from it.
    struct Command: Sendable {
        var name: String
        /// The arguments after the name, in the overview (`BASELINE NEW`).
        var synopsis: String
        /// What it does, in a few words.
        var summary: String
        var usage: @Sendable ([any EvalKernel.Type]) -> String
        var run: @Sendable (Invocation) throws -> Int32
    }

    static let commands: [Command] = [
        Command(name: "run", synopsis: "[options]", summary: "measure (the default command)", usage: { _ in runUsage }) {
            try run($0.arguments, subjects: $0.subjects, streams: $0.streams, executablePath: $0.executablePath)
        },
        Command(name: "compare", synopsis: "BASELINE NEW", summary: "compare the speedups of two JSON reports", usage: { _ in compareUsage }) {
            try compare($0.arguments, streams: $0.streams)
        },
        Command(name: "eval", synopsis: "--kernel NAME ...", summary: "lay out controls read from CSV or JSON", usage: { evalUsage(kernels: $0) }) {
            try eval($0.arguments, kernels: $0.evalKernels, streams: $0.streams)
        },
        Command(name: "render", synopsis: "REPORT.json", summary: "rewrite a report's CSV, charts and README", usage: { _ in renderUsage }) {
            try render($0.arguments, streams: $0.streams)
        },
        Command(name: "profile", synopsis: "--kernel NAME", summary: "run one engine repeatedly, for perf or callgrind", usage: { _ in profileUsage }) {
            try profile($0.arguments, subjects: $0.subjects, streams: $0.streams)
        },
        Command(name: "frame", synopsis: "", summary: "time a frame loop over small batches (8-256 controls)", usage: { _ in frameUsage }) {
            try frame($0.arguments, subjects: $0.subjects, streams: $0.streams)
        },
        Command(name: "placement", synopsis: "", summary: "show where the allocator puts large columns", usage: { _ in placementUsage }) {
            try placement($0.arguments, streams: $0.streams)
        },
    ]

    /// The commands' names, for error messages.
    static var commandNames: String { (commands.map(\.name) + ["help"]).joined(separator: ", ") }

    public static var usage: String {
        var lines = [
            "layout-bench: times every LayoutCore kernel against its scalar reference, writes reports,",
            "compares runs and evaluates layouts from files.", "", "USAGE",
        ]
        let entries = commands.map { ($0.name == "run" ? "[run]" : $0.name, $0.synopsis, $0.summary) }
            + [("help", "[COMMAND]", "this text, or a command's")]
        let lefts = entries.map { "layout-bench \($0.0)" + ($0.1.isEmpty ? "" : " \($0.1)") }
        let width = lefts.map(\.count).max() ?? 0
        for (left, entry) in zip(lefts, entries) {
            // The summaries start in one column, three spaces after the longest synopsis.
            lines.append("  " + left + String(repeating: " ", count: width + 3 - left.count) + entry.2)
        }
        lines += [
            "", "Build it in release, from the repository's root:",
            "  swift run --package-path Benchmarks -c release layout-bench [...]",
            "Exit codes: 0 ok, 1 regression (compare), 2 usage error, 3 bad input or output,",
            "4 kernel differs from reference (run), 5 debug build refused (run),",
            "6 different machine, toolchain or build flags (compare --strict-environment).", "", "",
        ]
        return lines.joined(separator: "\n")
    }

    /// Runs the command line `arguments` (without the executable's name) and returns the exit
    /// code. `subjects` are what `run` and `profile` time, `evalKernels` what `eval` lays out:
    /// the executable builds both from its registry of controls.
    public static func main(
        _ arguments: [String], subjects: [any LayoutBenchSubject.Type], evalKernels: [any EvalKernel.Type] = [],
        streams: CLIStreams = .standard, executablePath: String? = CommandLine.arguments.first
    ) -> Int32 {
        var arguments = arguments
        var name = "run"
        if let first = arguments.first, !first.hasPrefix("-") || first == "--help" || first == "-h" {
            name = first
            arguments.removeFirst()
        }
        do {
            switch name {
            case "help":
                return try help(arguments, evalKernels: evalKernels, streams: streams)
            case "--help", "-h":
                return printUsage(usage, streams)
            default:
                guard let command = commands.first(where: { $0.name == name }) else {
                    throw UsageError("unknown command '\(name)' (commands: \(commandNames))")
                }
                return try command.run(Invocation(arguments: arguments, subjects: subjects, evalKernels: evalKernels,
                                                  streams: streams, executablePath: executablePath))
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
        guard let name = arguments.first else {
            streams.out(usage)
            return ExitCode.success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            throw UsageError("no command '\(name)' (commands: \(commands.map(\.name).joined(separator: ", ")))")
        }
        streams.out(command.usage(evalKernels))
        return ExitCode.success
    }
}
