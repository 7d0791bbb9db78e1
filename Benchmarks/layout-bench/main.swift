// layout-bench: times every kernel against its reference and writes Reports/benchmarks; also
// `compare` and `eval`. The logic lives in the LayoutBench library (Benchmarks/LayoutBench);
// this file plugs in one subject per control of `Controls.all` (ControlSubject.swift) and
// one `eval` adapter per family of `Controls.families`.
import LayoutBench
import LayoutCoreTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `eval` adapter of a control family, built from its field sets.
struct EvalAdapter: ControlFamilyVisitor {
    func visit<F: ControlUnderTest, D: ControlUnderTest>(_ float: F.Type, _ double: D.Type) -> any EvalKernel.Type
    where F.Scalar == Float, D.Scalar == Double {
        ControlEval<F, D>.self
    }
}

let code = LayoutBenchCLI.main(
    Array(CommandLine.arguments.dropFirst()), subjects: allSubjects(),
    evalKernels: Controls.families.map { $0.accept(EvalAdapter()) })
exit(code)
