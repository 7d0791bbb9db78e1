import LayoutCore

/// A subject that can also time its kernel's unchecked entry point (the layout pass without
/// the validation pass), so the roofline can tell the kernel's own memory traffic from the
/// validation's. Conformances live here, outside the subjects' files.
protocol UncheckedBenchmarkSubject: BenchmarkSubject {
    /// The input part of `bytesPerControl` (the validation pass reads it once more).
    static var inputBytesPerControl: Int { get }
    /// Lays out every control with the batch kernel's unchecked entry point.
    mutating func runUncheckedKernel(parallelism: Parallelism)
}

extension ButtonContentSubject: UncheckedBenchmarkSubject {
    /// 12 scalar columns and 3 byte columns.
    static var inputBytesPerControl: Int { 12 * MemoryLayout<S>.size + 3 }

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    mutating func runUncheckedKernel(parallelism: Parallelism) {
        columns.uncheckedLayout(into: &kernelOutput, parallelism: parallelism)
    }
}

extension ThumbTrackSubject: UncheckedBenchmarkSubject {
    /// 6 scalar columns and 7 byte columns.
    static var inputBytesPerControl: Int { 6 * MemoryLayout<S>.size + 7 }

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    mutating func runUncheckedKernel(parallelism: Parallelism) {
        columns.uncheckedLayout(into: &kernelOutput, parallelism: parallelism)
    }
}

extension ToggleTransitionSubject: UncheckedBenchmarkSubject {
    /// 10 scalar columns and 5 byte columns.
    static var inputBytesPerControl: Int { 10 * MemoryLayout<S>.size + 5 }

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    mutating func runUncheckedKernel(parallelism: Parallelism) {
        columns.uncheckedLayout(into: &kernelOutput, parallelism: parallelism)
    }
}
