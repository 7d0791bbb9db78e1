/// The project's speed targets in force, declared once. The report's "Targets" table measures
/// each of them and nothing else (`ReportWriter.targets`); Docs/Performance.md, "Targets in
/// force", states them and why they stand where they do. A retired target is deleted here.
///
/// The fixed cost per call (at most 300 instructions with validation, 150 without) is also in
/// force, but instructions are the instruction gate's measure (Benchmarks/instruction-gate.sh),
/// not a benchmark run's.
enum SpeedTarget: Equatable, Sendable {
    /// The kernel (with validation) at least `atLeast` times its reference at 16K, one thread,
    /// default release flags.
    case speedup(kernel: String, precision: String, atLeast: Double)
    /// The Swift kernel (with validation) at most `factor` times the time of the hand-written
    /// C AVX2 port (Benchmarks/Ceiling) at 16K, one thread, built with `-target-cpu native`.
    case withinCeiling(kernel: String, precision: String, factor: Double)
    /// Each of `kernels` (with validation) at least `atLeast` times its reference in the frame
    /// loop (one batch of `size` controls laid out again every frame), one thread, default
    /// release flags. A kernel is listed only where the default build can reach the target:
    /// with no fixed cost per call at all, its time per control alone must leave room for it.
    case frameSpeedup(kernels: [String], precision: String, size: Int, atLeast: Double)

    /// Every control of the benchmark.
    static let everyKernel = ["button-content", "thumb-track", "toggle-transition", "slider"]

    static let inForce: [SpeedTarget] = [
        .speedup(kernel: "thumb-track", precision: "Float", atLeast: 5),
        .speedup(kernel: "toggle-transition", precision: "Float", atLeast: 5),
        .speedup(kernel: "slider", precision: "Float", atLeast: 5),
        .withinCeiling(kernel: "button-content", precision: "Float", factor: 1.2),
        .withinCeiling(kernel: "button-content", precision: "Double", factor: 1.3),
        .frameSpeedup(kernels: everyKernel, precision: "Float", size: 8, atLeast: 1.5),
        // Not the thumb track: 16 times its kernel's time per control bounds it below 3x.
        .frameSpeedup(kernels: ["button-content", "toggle-transition", "slider"], precision: "Float", size: 16, atLeast: 3),
        .frameSpeedup(kernels: everyKernel, precision: "Double", size: 8, atLeast: 1.2),
        // Not the button content nor the thumb track: their kernels' time per control bounds
        // them below 2x.
        .frameSpeedup(kernels: ["toggle-transition", "slider"], precision: "Double", size: 16, atLeast: 2),
    ]

    /// The size the batch targets (`speedup`, `withinCeiling`) are measured at.
    static let size = 16_384
}
