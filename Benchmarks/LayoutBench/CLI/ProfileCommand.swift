// `layout-bench profile`: runs one engine of one kernel a given number of times over one batch,
// and nothing else, so an outside profiler sees only that work. Benchmarks/instructions.sh runs
// it under callgrind twice (1 and 1 + K iterations) and divides the difference by K * size:
// instructions per control, a figure that does not move with the machine's load.

import Foundation
import LayoutCore

extension LayoutBenchCLI {
    public static let profileUsage = """
    layout-bench profile: run one engine of one kernel repeatedly, for an outside profiler
    (perf, valgrind --tool=callgrind; see Benchmarks/instructions.sh).

    USAGE
      layout-bench profile --kernel NAME [options]

    OPTIONS
      --kernel NAME        the kernel, as `run` names it, e.g. button-content (required;
                           an unknown name lists every kernel)
      --engine E           kernel (default), kernel-unchecked, reference, reference-checked
                           (the single-control call: validation, then the reference), or
                           ceiling / ceiling-unchecked (the C AVX2 port, where it exists and runs)
      --precision P        float (default) or double
      --size N             controls per batch (default 16K)
      --iterations K       batches to lay out after the first (default 100)
      --seed N             input generator seed (default 42)

    Prints the iterations run and a checksum of the engine's output (sampled controls' bit
    patterns; every engine of a kernel prints the same checksum when their outputs agree). The
    inputs are built and the engine runs once before the K timed-or-profiled iterations; the
    time printed covers those.

    """

    static func profile(_ arguments: [String], subjects: [any LayoutBenchSubject.Type], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "profile", arguments: arguments)
        var kernel: String?
        var engine = "kernel"
        var precision = "Float"
        var size = 16_384
        var iterations = 100
        var seed: UInt64 = 42
        while let option = reader.nextOption() {
            if isHelp(option) { return printUsage(profileUsage, streams) }
            switch option.name {
            case "--kernel": kernel = try reader.value(for: option)
            case "--engine":
                engine = try reader.value(for: option)
                guard ["kernel", "kernel-unchecked", "reference", "reference-checked", "ceiling", "ceiling-unchecked"].contains(engine) else {
                    throw UsageError("--engine must be kernel, kernel-unchecked, reference, reference-checked, ceiling or ceiling-unchecked, not '\(engine)'")
                }
            case "--precision":
                let precisions = try ArgumentValues.precisions(try reader.value(for: option))
                guard precisions.count == 1 else { throw UsageError("--precision takes float or double for profile") }
                precision = precisions[0]
            case "--size": size = try ArgumentValues.size(try reader.value(for: option))
            case "--iterations":
                let text = try reader.value(for: option)
                guard let value = Int(text), value >= 0 else { throw UsageError("--iterations needs a count >= 0, not '\(text)'") }
                iterations = value
            case "--seed":
                let text = try reader.value(for: option)
                guard let value = UInt64(text) else { throw UsageError("--seed needs an unsigned integer, not '\(text)'") }
                seed = value
            default: throw reader.unknown(option)
            }
        }
        if !reader.positionals.isEmpty { throw UsageError("profile takes no positional arguments") }
        guard let kernel else { throw UsageError("profile needs --kernel NAME") }
        guard let subject = subjects.first(where: { $0.kernel == kernel && $0.precision == precision }) else {
            let names = Set(subjects.map { $0.kernel }).sorted().joined(separator: ", ")
            throw UsageError("no kernel '\(kernel)' in \(precision) (kernels: \(names))")
        }
        if engine == "kernel-unchecked" && !subject.hasUncheckedKernel {
            throw UsageError("\(kernel) has no unchecked kernel")
        }
        if engine == "reference-checked" && !subject.hasCheckedReference {
            throw UsageError("\(kernel) has no checked reference")
        }
        if engine.hasPrefix("ceiling") && subject.ceiling != .available {
            throw UsageError("\(kernel) \(precision) has no ceiling that runs here")
        }
        // The engine's name is read here, once: a string switch inside `once()` costs about 200
        // instructions per call, which the instruction gate would count as the library's fixed cost.
        let chosen: ProfileEngine = switch engine {
        case "reference": .reference
        case "reference-checked": .referenceChecked
        case "kernel-unchecked": .kernelUnchecked
        case "ceiling": .ceiling
        case "ceiling-unchecked": .ceilingUnchecked
        default: .kernel
        }
        func body<S: LayoutBenchSubject>(_ type: S.Type) -> (seconds: Double, checksum: UInt64) {
            var batch = S(count: size, seed: seed)
            func once() {
                switch chosen {
                case .reference: batch.runReference()
                case .referenceChecked: batch.runCheckedReference()
                case .kernelUnchecked: batch.runUncheckedKernel(parallelism: .serial)
                case .ceiling: batch.runCeiling(checked: true)
                case .ceilingUnchecked: batch.runCeiling(checked: false)
                case .kernel: batch.runKernel(parallelism: .serial)
                }
            }
            once()
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations { once() }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return (seconds, batch.outputChecksum(reference: engine == "reference"))
        }
        // Columns placed as `run` places them (Run/ColumnPlacement.swift).
        _ = ColumnPlacement.pin()
        let (seconds, checksum) = body(subject)
        let perControl = iterations > 0 ? seconds * 1e9 / Double(iterations * max(1, size)) : 0
        streams.out("\(kernel) \(precision) \(engine): \(iterations) iterations of \(size) controls, "
                    + String(format: "%.3f s (%.2f ns/control wall clock), checksum %016llx\n", seconds, perControl, checksum))
        return ExitCode.success
    }
}

/// The engine `profile` runs, chosen before the profiled calls. The checked reference comes
/// last: a case declared before another may add a comparison to that one's dispatch in
/// `once()`, which the instruction gate counts.
enum ProfileEngine {
    case reference, kernel, kernelUnchecked, ceiling, ceilingUnchecked, referenceChecked
}
