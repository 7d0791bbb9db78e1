// LayoutBench: the logic of the `layout-bench` command line, as a library so that it can be
// tested (Benchmarks/Tests/LayoutBenchTests).
//
// - CLI/       the dispatcher and `help` (CLI.swift), one file per command with its usage
//              text, option parsing and body (RunCommand.swift, CompareCommand.swift, ...),
//              and the option parser they share (Arguments.swift)
// - Model/     the measurements a run produces and a report reads (timings, bandwidth, the
//              machine, build and settings), and the labels both print
// - Run/       subjects (the protocol the executable's subjects are adapted to), the clock, the
//              measurement loop, the frame loop, the memory-bandwidth loops, machine and build
//              information: measurements, never the report
// - Statistics/ median, quantiles, MAD, CV, bootstrap intervals, least-squares lines
// - Report/    the JSON schema, measurements into a report (ReportBuilder.swift), CSV, SVG
//              charts, the README and text tables; it reads measurements, never runs anything
//              (Run/ and Report/ name only Model/'s types, never each other's: LayeringTests)
// - Compare/   speedup regressions between two reports
// - Eval/      reading controls from CSV/JSON, laying them out, writing frames
//
// The executable (Benchmarks/layout-bench) only registers its subjects and calls
// `LayoutBenchCLI.main`.
