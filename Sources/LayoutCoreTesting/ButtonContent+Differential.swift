import LayoutCore

/// Kernel-against-reference comparison for button content, shared by tests and fuzz targets.
public enum ButtonContentDifferential {
    /// A control whose kernel output differs from the reference's in any bit.
    public struct Mismatch<S: LayoutScalar>: Error, CustomStringConvertible {
        public var index: Int
        public var configuration: ButtonContentConfiguration<S>
        public var reference: ButtonContentResult<S>
        public var kernel: ButtonContentResult<S>

        public var description: String {
            "button-content kernel differs from reference at element \(index)\n"
                + "  input:     \(configuration)\n  reference: \(reference)\n  kernel:    \(kernel)"
        }
    }

    /// The frames of control `index` in `output`, read here rather than through the output's
    /// subscript so that this module specializes it (the library's generic subscript, called
    /// from another module, instantiates generic metadata on every call). `FuzzBadInput`
    /// checks that the subscript agrees with the columns.
    static func frames<S: LayoutScalar>(_ o: ButtonContentResultColumns<S>, at index: Int) -> ButtonContentResult<S> {
        ButtonContentResult(
            imageFrame: LayoutRect(x: o.imageX[index], y: o.imageY[index], width: o.imageWidth[index], height: o.imageHeight[index]),
            titleFrame: LayoutRect(x: o.titleX[index], y: o.titleY[index], width: o.titleWidth[index], height: o.titleHeight[index]))
    }

    /// Computes `configurations` with the batch kernel (`parallelism` as given, from their
    /// columns) and with the reference, into an output to reuse (resized to the batch's length
    /// when needed, so that repeated calls do not allocate), and returns the first control
    /// whose output differs in any bit.
    @_specialize(where S == Float)
    @_specialize(where S == Double)
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ButtonContentConfiguration<S>], columns: ButtonContentColumns<S>,
        output: inout ButtonContentResultColumns<S>, parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        firstMismatch(configurations, references: configurations.map { ButtonContent.layout(unchecked: $0) },
                      columns: columns, output: &output, parallelism: parallelism)
    }

    /// The same, with the reference frames computed by the caller: `references[i]` is
    /// `ButtonContent.layout(unchecked: configurations[i])`. (The fuzz target computes them as
    /// it builds its batch, and keeps those of its fixed padding from one input to the next.)
    @_specialize(where S == Float)
    @_specialize(where S == Double)
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ButtonContentConfiguration<S>], references: [ButtonContentResult<S>],
        columns: ButtonContentColumns<S>, output: inout ButtonContentResultColumns<S>,
        parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        precondition(columns.count == configurations.count, "columns must hold the configurations")
        precondition(references.count == configurations.count, "one reference per configuration")
        columns.uncheckedLayout(into: &output, parallelism: parallelism)
        // Compared column by column against the references written as columns.
        guard let index = ResultBits.firstDifference(references, output) else { return nil }
        return Mismatch(index: index, configuration: configurations[index],
                        reference: references[index], kernel: frames(output, at: index))
    }
}
