// `layout-bench frame`: the frame loop of an app that lays out the same few controls on every
// frame. One batch of N controls (8 to 256 by default) stays in memory, warm in the caches;
// before each frame a few of its controls change (`LayoutBenchSubject.changeInputs`), then the
// engine lays out the whole batch again. Small batches are where a batch call's fixed cost
// (Docs/Performance.md, "Fixed cost per call") decides whether the kernel beats the reference.

import Foundation
import LayoutCore

extension LayoutBenchCLI {
    public static let frameUsage = """
    layout-bench frame: time a frame loop over small batches: the same batch laid out again
    every frame with a few controls changed in between, for the reference, the checked and
    the unchecked kernel (one thread).

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
    the medians, ns per frame = fixed + per control x N: the fixed cost per call in time; and
    the smallest size from which each kernel beats the reference. A frame's time includes the
    changed controls' writes (the same writes for every engine: both the configurations and
    the columns change). Every engine's output is checked against the reference, bit for bit,
    before and after the timing.

    """

    /// One engine's samples at one size: ns per frame.
    struct FrameSeries {
        var samples: [Double]
        var median: Double { Statistics.median(samples) }
    }

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
        let selected = subjects.filter { type in
            precisions.contains(type.precision) && (filters.isEmpty || filters.contains { type.kernel.contains($0) })
        }
        guard !selected.isEmpty else { throw UsageError("no kernel matches --filter \(filters.joined(separator: ","))") }

        var out = ""
        var summary = ""
        for type in selected {
            let engines: [(name: String, run: (inout any LayoutBenchSubject) -> Void)] = [
                ("reference", { $0.runReference() }),
                ("kernel", { $0.runKernel(parallelism: .serial) }),
            ] + (type.hasUncheckedKernel ? [("kernel-unchecked", { $0.runUncheckedKernel(parallelism: .serial) })] : [])
            var medians = [[Double]](repeating: [], count: engines.count)
            var speedups: [[Interval]] = [[Interval]](repeating: [], count: engines.count)
            var header = ["N"]
            for engine in engines.indices {
                header += ["\(engines[engine].name) ns/frame", "ns/control"]
                if engine > 0 { header.append("speedup") }
            }
            var table = TextTable(header: header, rightAligned: Set(0..<header.count))
            for size in sizes {
                var subject: any LayoutBenchSubject = type.init(count: size, seed: seed)
                var frame = 0
                func check(_ when: String) throws {
                    subject.runReference()
                    for engine in engines.indices.dropFirst() {
                        engines[engine].run(&subject)
                        do { try subject.verify() } catch {
                            throw VerificationFailure(description: "\(type.kernel) \(type.precision) \(engines[engine].name) N=\(size) \(when): \(error)")
                        }
                    }
                }
                do { try check("before the frames") } catch let failure as VerificationFailure {
                    streams.err("layout-bench frame: \(failure.description)\n")
                    return ExitCode.verification
                }
                // Frames per sample: enough to fill the budget (a warm-up of at least 2 ms each).
                var framesPerSample = [Int](repeating: 1, count: engines.count)
                for engine in engines.indices {
                    var spent = 0.0, calls = 0, batch = 1
                    while spent < 2e6 || calls < 2 {
                        spent += BenchClock.measure {
                            for _ in 0..<batch { subject.changeInputs(frame: frame, count: changes); frame &+= 1; engines[engine].run(&subject) }
                        }
                        calls += batch
                        if batch < 1 << 20 { batch *= 2 }
                    }
                    framesPerSample[engine] = max(1, Int((budget * 1e6 / max(spent / Double(calls), 1)).rounded()))
                }
                var samples = [[Double]](repeating: [], count: engines.count)
                for repetition in 0..<repetitions {
                    // Rotated, so that no engine always runs first.
                    for slot in engines.indices {
                        let engine = (slot + repetition) % engines.count
                        let frames = framesPerSample[engine]
                        let nanoseconds = BenchClock.measure {
                            for _ in 0..<frames { subject.changeInputs(frame: frame, count: changes); frame &+= 1; engines[engine].run(&subject) }
                        }
                        samples[engine].append(nanoseconds / Double(frames))
                    }
                }
                do { try check("after the frames") } catch let failure as VerificationFailure {
                    streams.err("layout-bench frame: \(failure.description)\n")
                    return ExitCode.verification
                }
                benchSink(subject.checksum())
                var row = [String(size)]
                for engine in engines.indices {
                    let median = Statistics.median(samples[engine])
                    let interval = medianInterval(samples[engine])
                    medians[engine].append(median)
                    row += [String(format: "%.0f [%.0f, %.0f]", median, interval.lower, interval.upper),
                            String(format: "%.2f", median / Double(size))]
                    if engine > 0 {
                        let speedup = Statistics.speedup(reference: samples[0], kernel: samples[engine])
                        speedups[engine].append(speedup)
                        row.append(String(format: "%.2fx [%.2f, %.2f]", speedup.estimate, speedup.lower, speedup.upper))
                    }
                }
                table.append(row)
            }
            table.legend = ["ns/frame: median [95% interval of the median] over \(repetitions) samples; speedup:"
                + " reference median / kernel median [95% paired bootstrap interval]; \(changes) controls changed per frame"]
            out += "\n\(type.kernel) \(type.precision), frame loop (one thread)\n" + table.text(maxWidth: 100, keyColumns: 1)
            out += "Least squares over the medians, ns per frame = fixed + per control x N:\n"
            for engine in engines.indices {
                let (fixed, perControl) = leastSquares(x: sizes.map(Double.init), y: medians[engine])
                out += String(format: "  %@: fixed %.0f ns per frame + %.2f ns per control\n", engines[engine].name, fixed, perControl)
            }
            for engine in engines.indices.dropFirst() {
                let name = engines[engine].name
                let beats = speedups[engine].firstIndex { $0.estimate > 1 }
                let surely = speedups[engine].firstIndex { $0.lower > 1 }
                let text: String
                if let beats {
                    // From that size on (every larger size measured too).
                    let holds = speedups[engine][beats...].allSatisfy { $0.estimate > 1 }
                    text = "from N=\(sizes[beats])" + (holds ? "" : " (not at every larger size)")
                        + (surely.map { " (interval above 1 from N=\(sizes[$0]))" } ?? " (no interval above 1)")
                } else {
                    text = "at no size measured"
                }
                summary += Terminal.wrap("  \(type.kernel) \(type.precision) \(name) beats the reference \(text)", indent: "    ")
            }
        }
        streams.out(out + "\nWhere each kernel beats the reference (median speedup > 1):\n" + summary)
        return ExitCode.success
    }

    /// A 95% percentile-bootstrap interval of the median of `samples` (seeded: repeatable).
    static func medianInterval(_ samples: [Double], resamples: Int = 1000) -> (lower: Double, upper: Double) {
        // The paired speedup's bootstrap with the same samples on both sides gives ratios of
        // medians; here the medians themselves are resampled.
        var random = SplitMixForFrames(seed: 0x5eed)
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        var draw = samples
        for _ in 0..<resamples {
            for slot in draw.indices { draw[slot] = samples[Int(random.next() % UInt64(samples.count))] }
            medians.append(Statistics.median(draw))
        }
        medians.sort()
        return (Statistics.quantile(sortedSamples: medians, 0.025), Statistics.quantile(sortedSamples: medians, 0.975))
    }

    /// `y = a + b x` by least squares.
    static func leastSquares(x: [Double], y: [Double]) -> (intercept: Double, slope: Double) {
        let n = Double(x.count)
        guard x.count >= 2 else { return (y.first ?? 0, 0) }
        let mx = x.reduce(0, +) / n, my = y.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0
        for (a, b) in zip(x, y) { sxy += (a - mx) * (b - my); sxx += (a - mx) * (a - mx) }
        let slope = sxx > 0 ? sxy / sxx : 0
        return (my - slope * mx, slope)
    }
}

/// The bootstrap's random numbers (SplitMix64), seeded.
struct SplitMixForFrames {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
