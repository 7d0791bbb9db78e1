// LayoutBench: the logic of the `layout-bench` command line, as a library so that it can be
// tested (Benchmarks/Tests/LayoutBenchTests).
//
// - CLI/       the dispatcher and `help` (CLI.swift), one file per command with its usage
//              text, option parsing and body (RunCommand.swift, CompareCommand.swift, ...),
//              and the option parser they share (Arguments.swift)
// - Run/       subjects (the protocol the executable's subjects are adapted to), the clock, the
//              measurement loop, the memory-bandwidth loops, machine and build information:
//              measurements, not reports
// - Statistics/ median, quantiles, MAD, CV and the bootstrap interval for speedups
// - Report/    the JSON schema, measurements into a report (ReportBuilder.swift), CSV, SVG
//              charts, the README and text tables
// - Compare/   speedup regressions between two reports
// - Eval/      reading controls from CSV/JSON, laying them out, writing frames
//
// The executable (Benchmarks/layout-bench) only registers its subjects and calls
// `LayoutBenchCLI.main`.
