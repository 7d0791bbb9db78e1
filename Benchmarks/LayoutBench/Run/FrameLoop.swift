// The frame loop: an app that lays out the same few controls on every frame. One batch of N
// controls (8 to 256) stays in memory, warm in the caches; before each frame a few of its
// controls change (`LayoutBenchSubject.changeInputs`), then the engine lays out the whole batch
// again. Small batches are where a batch call's fixed cost (Docs/Performance.md, "Fixed cost
// per call") decides whether the kernel beats the reference. `layout-bench frame` prints it;
// `run` measures it after the batch sizes (`RunOptions.frameSizes`) and reports it.

/// The settings of the frame loop, and its measurement of one subject at one frame size.
public struct FrameLoop: Sendable {
    /// Controls changed before each frame (the same writes for every engine).
    public var changes = 2
    /// Timed samples per engine.
    public var repetitions = 15
    /// Target duration of one sample (frames per sample are chosen to fill it).
    public var budgetMilliseconds: Double = 20
    /// Untimed frames per engine before timing, at least two.
    public var warmupMilliseconds: Double = 20
    public var seed: UInt64 = 42

    public init() {}

    /// The engines of `type` in the frame loop: the reference, the checked reference (the
    /// single-control call, where the subject has one), the checked kernel and the unchecked
    /// kernel (where the subject has one), one thread each; the checked reference right after
    /// the reference (`LayoutBenchSubject.runCheckedReference`).
    static func variants(of type: any LayoutBenchSubject.Type) -> [VariantKind] {
        [.reference] + (type.hasCheckedReference ? [.referenceChecked] : []) + [.kernel]
            + (type.hasUncheckedKernel ? [.unchecked] : [])
    }

    /// Times `type` with `size` controls per frame. Each sample is ns per frame divided by
    /// `size` (ns per control, as every row of a report), `iterations` the frames per sample;
    /// `variants[0]` is the reference, and every repetition times each engine once, the order
    /// rotating, so that a speedup's two sides share the machine's state. Every engine's
    /// output is checked against the reference, bit for bit, before and after the timing.
    /// `tick` is told each phase (for a progress heartbeat).
    public func measure(_ type: any LayoutBenchSubject.Type, size: Int,
                        tick: (String) -> Void = { _ in }) throws -> SizeMeasurement {
        precondition(size > 0 && repetitions > 0)
        let variants = Self.variants(of: type)
        var subject: any LayoutBenchSubject = type.init(count: size, seed: seed)
        func run(_ variant: Int) {
            switch variants[variant] {
            case .reference: subject.runReference()
            case .referenceChecked: subject.runCheckedReference()
            case .kernel: subject.runKernel(parallelism: .serial)
            case .unchecked: subject.runUncheckedKernel(parallelism: .serial)
            case .ceiling, .ceilingUnchecked: preconditionFailure("the frame loop runs no ceiling")
            }
        }
        func check(_ when: String) throws {
            tick("checking the kernels against the reference\(when)")
            subject.runReference()
            for variant in variants.indices.dropFirst() {
                run(variant)
                do { try subject.verify() } catch {
                    throw VerificationFailure(description: "\(type.label) \(variants[variant].rawValue) frame loop N=\(size)\(when): \(error)")
                }
            }
        }
        try check("")
        var frame = 0
        // One frame: a few controls change, then the engine lays out the whole batch.
        func frames(_ variant: Int, _ count: Int) -> Double {
            BenchClock.measure {
                for _ in 0..<count {
                    subject.changeInputs(frame: frame, count: changes)
                    frame &+= 1
                    run(variant)
                }
            }
        }
        // Warm up each engine, doubling the frames until the warm-up time is spent (at least
        // two frames), and choose its frames per sample to fill the budget.
        var iterations = [Int](repeating: 1, count: variants.count)
        for variant in variants.indices {
            tick("warming up (\(variant + 1) of \(variants.count) engines)")
            var spent = 0.0, done = 0, batch = 1
            while spent < warmupMilliseconds * 1e6 || done < 2 {
                spent += frames(variant, batch)
                done += batch
                if batch < 1 << 20 { batch *= 2 }
            }
            iterations[variant] = max(1, Int((budgetMilliseconds * 1e6 / max(spent / Double(done), 1)).rounded()))
        }
        var samples = [[Double]](repeating: [], count: variants.count)
        for repetition in 0..<repetitions {
            tick("timing, repetition \(repetition + 1) of \(repetitions)")
            // Rotated, so that no engine always runs first.
            for slot in variants.indices {
                let variant = (slot + repetition) % variants.count
                samples[variant].append(frames(variant, iterations[variant]) / Double(iterations[variant] * size))
            }
        }
        try check(" after the frames")
        benchSink(subject.checksum())
        return SizeMeasurement(
            kernel: type.kernel, precision: type.precision, bytesPerControl: type.bytesPerControl,
            inputBytesPerControl: type.inputBytesPerControl, size: size,
            variants: variants.indices.map {
                VariantSamples(kind: variants[$0], threads: 1, samples: samples[$0], iterations: iterations[$0])
            })
    }
}
