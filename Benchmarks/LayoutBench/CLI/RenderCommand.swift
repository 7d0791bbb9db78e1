// `layout-bench render`: rewrites a JSON report's CSV, SVG charts and README.md
// (Report/ReportWriter.swift) without measuring anything.

import Foundation

extension LayoutBenchCLI {
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

    static func render(_ arguments: [String], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "render", arguments: arguments)
        var output: String?
        while let option = reader.nextOption() {
            if isHelp(option) { return printUsage(renderUsage, streams) }
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
}
