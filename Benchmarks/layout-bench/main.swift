// layout-bench: times every kernel against its reference and writes Reports/benchmarks; also
// `compare` and `eval`. The logic lives in the LayoutBench library (Benchmarks/LayoutBench);
// this file plugs in one subject per control of `Controls.all` (ControlSubject.swift).
import LayoutBench

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let code = LayoutBenchCLI.main(Array(CommandLine.arguments.dropFirst()), subjects: allSubjects())
exit(code)
