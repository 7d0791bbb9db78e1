import LayoutCore

/// The batch kernel against the scalar reference, bit for bit, for any control: shared by
/// the tests and the fuzz targets.
public enum Differential {
    /// A control whose kernel result differs from the reference's in any bit (a byte field
    /// included: a change flag other than the reference's 0 or 1 differs).
    public struct Mismatch<C: BatchLayout>: Error, CustomStringConvertible {
        public var index: Int
        public var configuration: C
        public var reference: C.Result
        public var kernel: C.Result
        /// The fields that differ, with both bit patterns (`field: reference -> kernel`).
        public var differences: String

        public var description: String {
            "\(C.controlName) kernel differs from reference at element \(index) (\(C.Scalar.self))\n"
                + "  input:     \(configuration)\n  reference: \(reference)\n  kernel:    \(kernel)\n"
                + "  fields:    \(differences)"
        }
    }

    /// Lays out `configurations` with the batch kernel (`parallelism` as given) and with the
    /// reference, and returns the first control whose results differ in any bit.
    public static func firstMismatch<C: BatchLayout>(
        _ configurations: [C], parallelism: Parallelism = .serial
    ) -> Mismatch<C>? {
        var output = BatchResultColumns<C>()
        return firstMismatch(configurations, columns: BatchColumns(configurations), output: &output, parallelism: parallelism)
    }

    /// The same, from columns the caller built (`columns` holds `configurations`), into an
    /// output to reuse (resized when needed, so that repeated calls do not allocate).
    public static func firstMismatch<C: BatchLayout>(
        _ configurations: [C], columns: BatchColumns<C>, output: inout BatchResultColumns<C>,
        parallelism: Parallelism = .serial
    ) -> Mismatch<C>? {
        firstMismatch(configurations, references: configurations.map(C.referenceLayout),
                      columns: columns, output: &output, parallelism: parallelism)
    }

    /// The same, with the reference results computed by the caller: `references[i]` is
    /// `C.referenceLayout(configurations[i])`. (The fuzz targets compute them as they build
    /// their batches, and keep those of their fixed padding from one input to the next.)
    public static func firstMismatch<C: BatchLayout>(
        _ configurations: [C], references: [C.Result], columns: BatchColumns<C>,
        output: inout BatchResultColumns<C>, parallelism: Parallelism = .serial
    ) -> Mismatch<C>? {
        var expected = BatchResultColumns<C>()
        return firstMismatch(configurations, references: references, columns: columns, output: &output,
                             expected: &expected, parallelism: parallelism)
    }

    /// The same, writing the references as columns into `expected` (resized; its storage is
    /// reused, so that repeated calls do not allocate a new set of columns each time).
    public static func firstMismatch<C: BatchLayout>(
        _ configurations: [C], references: [C.Result], columns: BatchColumns<C>,
        output: inout BatchResultColumns<C>, expected: inout BatchResultColumns<C>, parallelism: Parallelism = .serial
    ) -> Mismatch<C>? {
        precondition(columns.count == configurations.count, "columns must hold the configurations")
        precondition(references.count == configurations.count, "one reference per configuration")
        columns.uncheckedLayout(into: &output, parallelism: parallelism)
        // Compared column by column against the references written as columns.
        expected.resize(to: references.count)
        for (index, reference) in references.enumerated() { expected.set(reference, at: index) }
        guard let index = expected.firstBitDifference(from: output) else { return nil }
        return Mismatch(index: index, configuration: configurations[index], reference: references[index],
                        kernel: output[index], differences: ResultBits.differences(expected, output, at: index))
    }
}
