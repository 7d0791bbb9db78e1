import LayoutCore

/// Kernel-against-reference comparison for toggle transitions, shared by tests, the benchmark
/// and fuzz targets.
public enum ToggleTransitionDifferential {
    /// A control whose kernel output differs from the reference's in any bit.
    public struct Mismatch<S: LayoutScalar>: Error, CustomStringConvertible {
        public var index: Int
        public var configuration: ToggleTransitionConfiguration<S>
        public var reference: ToggleTransitionLayers<S>
        public var kernel: ToggleTransitionLayers<S>

        public var description: String {
            "toggle-transition kernel differs from reference at element \(index)\n"
                + "  input:     \(configuration)\n  reference: \(reference)\n  kernel:    \(kernel)"
        }
    }

    /// Computes `configurations` with the batch kernel (`parallelism` as given) and with the
    /// reference, and returns the first control whose layers differ in any bit.
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ToggleTransitionConfiguration<S>], parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        var output = ToggleTransitionLayerColumns<S>()
        return firstMismatch(configurations, columns: ToggleTransitionColumns(configurations),
                             output: &output, parallelism: parallelism)
    }

    /// The same with the columns of `configurations` given, and an output to reuse (resized to
    /// the batch's length when needed), so that repeated calls do not allocate.
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ToggleTransitionConfiguration<S>], columns: ToggleTransitionColumns<S>,
        output: inout ToggleTransitionLayerColumns<S>, parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        precondition(columns.count == configurations.count, "columns must hold the configurations")
        columns.uncheckedLayout(into: &output, parallelism: parallelism)
        for index in configurations.indices {
            let reference = ToggleTransition.layout(unchecked: configurations[index])
            let kernel = output[index]
            if !equal(reference, kernel) {
                return Mismatch(index: index, configuration: configurations[index], reference: reference, kernel: kernel)
            }
        }
        return nil
    }

    /// Bit-pattern equality of every alpha, scale and frame.
    public static func equal<S: LayoutScalar>(_ a: ToggleTransitionLayers<S>, _ b: ToggleTransitionLayers<S>) -> Bool {
        equal(a.off, b.off) && equal(a.on, b.on) && equal(a.indeterminate, b.indeterminate)
    }

    public static func equal<S: LayoutScalar>(_ a: ToggleLayer<S>, _ b: ToggleLayer<S>) -> Bool {
        BitPattern.equal(a.alpha, b.alpha) && BitPattern.equal(a.scale, b.scale) && BitPattern.equal(a.frame, b.frame)
    }
}
