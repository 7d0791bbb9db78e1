// The run's time estimate. Every step (a kernel, precision and size of a sweep, or a frame size
// of the frame loop) gets a planned duration from the settings; the estimate up front is their
// sum, and the time left after some steps is the planned time of the steps left, scaled by how
// long the steps done took against their plan. A busy machine (other builds on a shared 2-core
// box) slows every step alike, so the ratio corrects the whole plan after a few steps; and the
// plan weighs each step, so a 4M step (seconds of building, checking and calls that outlast
// the budget) is not counted like a 16-control one.

/// The planned milliseconds of each step of a run, in the order the run takes them.
public struct RunPlan: Equatable, Sendable {
    public var steps: [Double]

    /// Rough nanoseconds per control, for the plan's weights only (the measured steps correct
    /// its scale): one reference call, one kernel call on one thread (the default run's
    /// medians on the project's machine are 30-150 ns and 4-50 ns), building a batch's inputs,
    /// comparing one kernel's output with the reference's, and the checksum after timing. The
    /// last three are from a thumb-track 4M step on the project's 2-core machine under load 4-5
    /// (building 13 s, each check 10 s, checksums 3.4 s): at 4M they outweigh the timing.
    static let referenceNanoseconds = 60.0
    /// One call of the checked single-control call (validation, then the reference).
    static let checkedReferenceNanoseconds = 150.0
    static let kernelNanoseconds = 8.0
    static let buildNanoseconds = 3_000.0
    static let verifyNanoseconds = 800.0
    static let checksumNanoseconds = 800.0

    public init(steps: [Double]) { self.steps = steps }

    /// The plan of `options` over `subjects` with the kernel thread counts `threads`.
    public init(options: RunOptions, subjects: [any LayoutBenchSubject.Type], threads: [Int]) {
        let sweeps = max(1, min(options.sweeps, options.repetitions))
        var steps: [Double] = []
        for sweep in 0..<sweeps {
            let repetitions = options.repetitions / sweeps + (sweep < options.repetitions % sweeps ? 1 : 0)
            for subject in subjects {
                for size in options.sizes {
                    // A later sweep reuses the batches of up to a million controls (built and
                    // checked by the sweep before); larger ones are built and checked again.
                    let controls = SizeMeasurement.batchCount(size: size, distinctControls: options.distinctControls) * size
                    steps.append(Self.batchStep(options, subject, size: size, threads: threads,
                                                repetitions: repetitions, buildsBatches: sweep == 0 || controls > 1 << 20))
                }
            }
        }
        for subject in subjects {
            let engines = Double(2 + (subject.hasUncheckedKernel ? 1 : 0) + (subject.hasCheckedReference ? 1 : 0))
            for _ in options.frameSizes {
                steps.append(engines * (options.warmupMilliseconds + Double(options.repetitions) * options.frameBudgetMilliseconds))
            }
        }
        self.init(steps: steps)
    }

    /// One subject at one size in one sweep: building and checking its batches (`buildsBatches`),
    /// each variant's warm-up, the timed repetitions, where a call that outlasts the budget
    /// counts whole, and the check and checksums after timing.
    static func batchStep(_ options: RunOptions, _ subject: any LayoutBenchSubject.Type, size: Int, threads: [Int],
                          repetitions: Int, buildsBatches: Bool) -> Double {
        let controls = Double(SizeMeasurement.batchCount(size: size, distinctControls: options.distinctControls) * size)
        let reference = Double(size) * referenceNanoseconds / 1e6
        let unchecked = subject.hasUncheckedKernel
        // Each call other than the reference's in milliseconds, with its rotation.
        var kernels: [(call: Double, rotation: Int)] = []
        for (rotation, t) in threads.enumerated() {
            let call = Double(size) * kernelNanoseconds / Double(max(1, t)) / 1e6
            kernels.append((call, rotation))
            if unchecked { kernels.append((call, rotation)) }
        }
        if subject.ceiling == .available && threads.contains(1) {
            let call = Double(size) * kernelNanoseconds / 1e6
            kernels += [(call, 0), (call, 0)]
        }
        // The checked reference joins the one-thread rotation (its own one without it).
        if subject.hasCheckedReference {
            kernels.append((Double(size) * checkedReferenceNanoseconds / 1e6, threads.firstIndex(of: 1) ?? threads.count))
        }
        let calls = [reference] + kernels.map(\.call)
        var milliseconds = 0.0
        // Building and the check before timing (`buildsBatches`), the check and the checksums
        // after timing (always): every variant over every batch, each kernel's output compared.
        let checkPerPass = controls / Double(size) * calls.reduce(0, +) + controls * Double(kernels.count) * verifyNanoseconds / 1e6
        if buildsBatches { milliseconds += controls * buildNanoseconds / 1e6 + checkPerPass }
        milliseconds += checkPerPass + controls * checksumNanoseconds / 1e6
        // Warm-up: at least the warm-up time and two calls per variant.
        milliseconds += calls.map { max(options.warmupMilliseconds, 2 * $0) }.reduce(0, +)
        // Repetitions: per rotation the reference and that rotation's kernels, each timed at
        // least one call and the budget.
        let rotations = Set(kernels.map(\.rotation)).count
        let perRepetition = Double(rotations) * max(options.budgetMilliseconds, reference)
            + kernels.map { max(options.budgetMilliseconds, $0.call) }.reduce(0, +)
        milliseconds += Double(repetitions) * perRepetition
        return milliseconds
    }

    /// The whole plan, in seconds.
    public var totalSeconds: Double { steps.reduce(0, +) / 1000 }

    /// Seconds left after the first `done` steps, which took `measuredSeconds`: the planned
    /// time of the steps left times measured / planned of the steps done (the plan alone
    /// before any step is done).
    public static func remainingSeconds(planned: [Double], done: Int, measuredSeconds: Double) -> Double {
        let done = min(max(done, 0), planned.count)
        let plannedDone = planned[..<done].reduce(0, +) / 1000
        let plannedLeft = planned[done...].reduce(0, +) / 1000
        guard plannedDone > 0 else { return plannedLeft }
        return plannedLeft * measuredSeconds / plannedDone
    }
}
