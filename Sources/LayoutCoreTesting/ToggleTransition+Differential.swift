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
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ToggleTransitionConfiguration<S>], references: [ToggleTransitionResult<S>],
        columns: ToggleTransitionColumns<S>, output: inout ToggleTransitionResultColumns<S>,
        parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        precondition(columns.count == configurations.count, "columns must hold the configurations")
        precondition(references.count == configurations.count, "one reference per configuration")
        columns.uncheckedLayout(into: &output, parallelism: parallelism)
        // Each reference is compared where it lies, field by field: a `ToggleTransitionResult`
        // is 72 or 144 bytes, and copying one out of the array (or building one from the
        // columns) for every control is a `memcpy` that ASan checks the slow way (past 64
        // bytes), a tenth of a fuzz execution.
        let mismatch: Int? = references.withUnsafeBufferPointer { references in
            for index in references.indices {
                if !matches(references.baseAddress! + index, output, at: index) { return index }
            }
            return nil
        }
        guard let index = mismatch else { return nil }
        return Mismatch(index: index, configuration: configurations[index],
                        reference: references[index], kernel: output[index])
    }

    /// Whether `reference` and the layers of control `index` in `output` agree bit for bit
    /// (`equal(reference.pointee, output[index])`, without copying either; the output's
    /// subscript, generic in the library, would also instantiate metadata on every call).
    static func matches<S: LayoutScalar>(
        _ reference: UnsafePointer<ToggleTransitionResult<S>>, _ o: ToggleTransitionResultColumns<S>, at index: Int
    ) -> Bool {
        // One layer at a time (at most 48 bytes, under ASan's slow-copy size), compared by
        // `equal(_:_:)` like any other pair of layers.
        func matches(_ layer: ToggleLayer<S>, _ alpha: Column<S>, _ scale: Column<S>, _ x: Column<S>, _ y: Column<S>, _ width: Column<S>, _ height: Column<S>) -> Bool {
            equal(layer, ToggleLayer(alpha: alpha[index], scale: scale[index],
                                     frame: LayoutRect(x: x[index], y: y[index], width: width[index], height: height[index])))
        }
        return matches(reference.pointee.off, o.offAlpha, o.offScale, o.offX, o.offY, o.offWidth, o.offHeight)
            && matches(reference.pointee.on, o.onAlpha, o.onScale, o.onX, o.onY, o.onWidth, o.onHeight)
            && matches(reference.pointee.indeterminate, o.indeterminateAlpha, o.indeterminateScale,
                       o.indeterminateX, o.indeterminateY, o.indeterminateWidth, o.indeterminateHeight)
    }

    /// Bit-pattern equality of every alpha, scale and frame.
    public static func equal<S: LayoutScalar>(_ a: ToggleTransitionResult<S>, _ b: ToggleTransitionResult<S>) -> Bool {
        equal(a.off, b.off) && equal(a.on, b.on) && equal(a.indeterminate, b.indeterminate)
    }

    public static func equal<S: LayoutScalar>(_ a: ToggleLayer<S>, _ b: ToggleLayer<S>) -> Bool {
        BitPattern.equal(a.alpha, b.alpha) && BitPattern.equal(a.scale, b.scale) && BitPattern.equal(a.frame, b.frame)
    }
}
