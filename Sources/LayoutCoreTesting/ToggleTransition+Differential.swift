import LayoutCore

/// Kernel-against-reference comparison for toggle transitions, shared by tests, the benchmark
/// and fuzz targets.
public enum ToggleTransitionDifferential {
    /// A control whose kernel output differs from the reference's in any bit.
    public struct Mismatch<S: LayoutScalar>: Error, CustomStringConvertible {
        public var index: Int
        public var configuration: ToggleTransitionConfiguration<S>
        public var reference: ToggleTransitionResult<S>
        public var kernel: ToggleTransitionResult<S>

        public var description: String {
            "toggle-transition kernel differs from reference at element \(index)\n"
                + "  input:     \(configuration)\n  reference: \(reference)\n  kernel:    \(kernel)"
        }
    }

    /// Computes `configurations` with the batch kernel (`parallelism` as given, from their
    /// columns) and with the reference, into an output to reuse (resized to the batch's length
    /// when needed, so that repeated calls do not allocate), and returns the first control
    /// whose output differs in any bit.
    @_specialize(where S == Float)
    @_specialize(where S == Double)
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ToggleTransitionConfiguration<S>], columns: ToggleTransitionColumns<S>,
        output: inout ToggleTransitionResultColumns<S>, parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        firstMismatch(configurations, references: configurations.map { ToggleTransition.layout(unchecked: $0) },
                      columns: columns, output: &output, parallelism: parallelism)
    }

    /// The same, with the reference layers computed by the caller: `references[i]` is
    /// `ToggleTransition.layout(unchecked: configurations[i])`. (The fuzz target computes them
    /// as it builds its batch, and keeps those of its fixed padding from one input to the
    /// next.)
    @_specialize(where S == Float)
    @_specialize(where S == Double)
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ToggleTransitionConfiguration<S>], references: [ToggleTransitionResult<S>],
        columns: ToggleTransitionColumns<S>, output: inout ToggleTransitionResultColumns<S>,
        parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        precondition(columns.count == configurations.count, "columns must hold the configurations")
        precondition(references.count == configurations.count, "one reference per configuration")
        columns.uncheckedLayout(into: &output, parallelism: parallelism)
        // Compared column by column against the references written as columns: a control's
        // columns are reached by position, without one key-path access per field and control.
        let mismatch = ResultBits.firstDifference(references, output)
        guard let index = mismatch else { return nil }
        return Mismatch(index: index, configuration: configurations[index],
                        reference: references[index], kernel: output[index])
    }

    /// Bit-pattern equality of every alpha, scale and frame.
    public static func equal<S: LayoutScalar>(_ a: ToggleTransitionResult<S>, _ b: ToggleTransitionResult<S>) -> Bool {
        equal(a.off, b.off) && equal(a.on, b.on) && equal(a.indeterminate, b.indeterminate)
    }

    public static func equal<S: LayoutScalar>(_ a: ToggleLayer<S>, _ b: ToggleLayer<S>) -> Bool {
        BitPattern.equal(a.alpha, b.alpha) && BitPattern.equal(a.scale, b.scale) && BitPattern.equal(a.frame, b.frame)
    }
}
