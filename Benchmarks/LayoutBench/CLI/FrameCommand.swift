// `layout-bench frame`: the frame loop (Run/FrameLoop.swift) on its own, printed, without
// files; `run` measures the same loop and reports it.

import Foundation
import LayoutCore

extension LayoutBenchCLI {
    public static let frameUsage = """
    layout-bench frame: time a frame loop over small batches: the same batch laid out again
    every frame with a few controls changed in between, for the reference, the checked
    reference (the single-control call: validation, then the reference), the checked and the
    unchecked kernel (one thread).

    USAGE
      layout-bench frame [options]

    OPTIONS
      --filter LIST        kernels whose name contains one of LIST (comma-separated)
      --sizes LIST         controls per batch (default 8,16,32,64,256)
      --precision P        float, double or both (default both)
      --changes N          controls changed before each frame (default 2)
      --repetitions N      timed samples per engine and size (default 15)
      --budget-ms X        duration of one sample (default 5)
      --seed N             input generator seed (default 42)
      -h, --help           this text

    Prints, per kernel, precision and size, each engine's median ns per frame and per control
    with its 95% interval (bootstrap over the samples), the kernels' speedups over the
    reference (paired samples, as `run` pairs them), then per engine a least-squares fit of
    the medians, ns per frame = fixed + per control x N: the fixed cost per call in time,
    with its 95% bootstrap interval; and the smallest size from which each kernel beats the
    reference (the speedup's interval above 1x there and at every larger size measured).
    `run` measures the same loop (its --frame-sizes) and reports it. A frame's time includes the
    changed controls' writes (the same writes for every engine: both the configurations and
    the columns change). Every engine's output is checked against the reference, bit for bit,
    before and after the timing.

    """

    static func frame(_ arguments: [String], subjects: [any LayoutBenchSubject.Type], streams: CLIStreams) throws -> Int32 {
        var reader = ArgumentReader(command: "frame", arguments: arguments)
        var filters: [String] = []
        var sizes = [8, 16, 32, 64, 256]
        var precisions = ["Float", "Double"]
        var changes = 2
        var repetitions = 15
        var budget = 5.0
        var seed: UInt64 = 42
        while let option = reader.nextOption() {
            if isHelp(option) { return printUsage(frameUsage, streams) }
            switch option.name {
            case "--filter": filters += ArgumentValues.list(try reader.value(for: option))
            case "--sizes": sizes = try ArgumentValues.list(try reader.value(for: option)).map { text throws(UsageError) in try ArgumentValues.size(text) }
            case "--precision": precisions = try ArgumentValues.precisions(try reader.value(for: option))
            case "--changes":
                let text = try reader.value(for: option)
                guard let value = Int(text), value >= 0 else { throw UsageError("--changes needs a count >= 0, not '\(text)'") }
                changes = value
            case "--repetitions":
                let text = try reader.value(for: option)
                guard let value = Int(text), value >= 2 else { throw UsageError("--repetitions needs a count >= 2, not '\(text)'") }
                repetitions = value
            case "--budget-ms": budget = try ArgumentValues.positiveDouble(try reader.value(for: option), "--budget-ms")
            case "--seed":
                let text = try reader.value(for: option)
                guard let value = UInt64(text) else { throw UsageError("--seed needs an unsigned integer, not '\(text)'") }
                seed = value
            default: throw reader.unknown(option)
            }
        }
        if !reader.positionals.isEmpty { throw UsageError("frame takes no positional arguments") }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { throw UsageError("--sizes needs sizes > 0") }
        sizes = Array(Set(sizes)).sorted()
        let selected = subjects.filter { type in
            precisions.contains(type.precision) && (filters.isEmpty || filters.contains { type.kernel.contains($0) })
        }
        guard !selected.isEmpty else { throw UsageError("no kernel matches --filter \(filters.joined(separator: ","))") }

        var loop = FrameLoop()
        (loop.changes, loop.repetitions, loop.budgetMilliseconds, loop.warmupMilliseconds, loop.seed) = (changes, repetitions, budget, 2, seed)
        var measurements: [SizeMeasurement] = []
        for type in selected {
            for size in sizes {
                do { measurements.append(try loop.measure(type, size: size)) } catch let failure as VerificationFailure {
                    streams.err("layout-bench frame: \(failure.description)\n")
                    return ExitCode.verification
                }
            }
        }
        let rows = ReportBuilder.frameRows(measurements)
        let fits = FrameAnalysis.fits(measurements)
        var out = ""
        for type in selected {
            let ofSubject = rows.filter { $0.kernel == type.kernel && $0.precision == type.precision }
            let variants = FrameLoop.variants(of: type).map(\.rawValue)
            var header = ["N"]
            for (index, variant) in variants.enumerated() {
                header += ["\(variant) ns/frame", "ns/control"]
                if index > 0 { header.append("speedup") }
            }
            var table = TextTable(header: header, rightAligned: Set(0..<header.count))
            for size in sizes {
                var row = [String(size)]
                for (index, variant) in variants.enumerated() {
                    guard let result = ofSubject.first(where: { $0.variant == variant && $0.size == size }) else { continue }
                    let frame = (result.medianInterval ?? Interval(estimate: result.nsPerControl.median, lower: .nan, upper: .nan, level: 0.95))
                    row += [String(format: "%.0f [%.0f, %.0f]", frame.estimate * Double(size), frame.lower * Double(size), frame.upper * Double(size)),
                            String(format: "%.2f", result.nsPerControl.median)]
                    if index > 0 { row.append(Format.interval(result.speedup)) }
                }
                table.append(row)
            }
            table.legend = ["ns/frame: median [95% interval of the median] over \(repetitions) samples; speedup:"
                + " reference median / kernel median [95% paired bootstrap interval]; \(changes) controls changed per frame"
                + (type.hasCheckedReference ? "; reference-checked: the single-control call (validation, then the reference)" : "")]
            out += "\n\(type.kernel) \(type.precision), frame loop (one thread)\n" + table.text(maxWidth: 100, keyColumns: 1)
            out += sizes.count < 2 ? "One size: no line to fit.\n" : "Least squares over the medians, ns per frame = fixed + per control x N:\n"
            for fit in fits where fit.kernel == type.kernel && fit.precision == type.precision {
                out += String(format: "  %@: fixed %.0f ns per frame [%.0f, %.0f] + %.2f ns per control\n", fit.variant,
                              fit.fixedNsPerFrame.estimate, fit.fixedNsPerFrame.lower, fit.fixedNsPerFrame.upper, fit.nsPerControl.estimate)
            }
        }
        var summary = ""
        for crossover in FrameAnalysis.crossovers(rows) {
            summary += Terminal.wrap("  \(crossover.kernel) \(crossover.precision) \(crossover.variant) beats the reference \(crossover.text)", indent: "    ")
        }
        streams.out(out + "\nWhere each kernel beats the reference (95% interval of the speedup above 1x):\n" + summary)
        return ExitCode.success
    }
}
