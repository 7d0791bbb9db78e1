import LayoutCore

/// Kernel-against-reference comparison for button content, shared by tests and fuzz targets.
public enum ButtonContentDifferential {
    /// A control whose kernel output differs from the reference's in any bit.
    public struct Mismatch<S: LayoutScalar>: Error, CustomStringConvertible {
        public var index: Int
        public var configuration: ButtonContentConfiguration<S>
        public var reference: ButtonContentFrames<S>
        public var kernel: ButtonContentFrames<S>

        public var description: String {
            "button-content kernel differs from reference at element \(index)\n"
                + "  input:     \(configuration)\n  reference: \(reference)\n  kernel:    \(kernel)"
        }
    }

    /// Lays out `configurations` with the batch kernel (`parallelism` as given) and with the
    /// reference, and returns the first control whose frames differ in any bit.
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ButtonContentConfiguration<S>], parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        let columns = ButtonContentColumns(configurations)
        var output = ButtonContentFrameColumns<S>()
        columns.uncheckedLayout(into: &output, parallelism: parallelism)
        for (index, configuration) in configurations.enumerated() {
            let reference = ButtonContent.layout(unchecked: configuration)
            let kernel = output[index]
            if !BitPattern.equal(reference.imageFrame, kernel.imageFrame)
                || !BitPattern.equal(reference.titleFrame, kernel.titleFrame) {
                return Mismatch(index: index, configuration: configuration, reference: reference, kernel: kernel)
            }
        }
        return nil
    }
}
