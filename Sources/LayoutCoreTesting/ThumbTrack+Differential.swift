import LayoutCore

/// Kernel-against-reference comparison for the thumb track, shared by tests and fuzz targets.
public enum ThumbTrackDifferential {
    /// A control whose kernel result differs from the reference's in any bit.
    public struct Mismatch<S: LayoutScalar>: Error, CustomStringConvertible {
        public var index: Int
        public var configuration: ThumbTrackConfiguration<S>
        public var reference: ThumbTrackResult<S>
        public var kernel: ThumbTrackResult<S>
        /// The kernel's raw change flag byte (must be 0 or 1).
        public var kernelChangeFlag: UInt8?

        public var description: String {
            let frame = { (r: ThumbTrackResult<S>) in
                let f = r.thumbFrame
                return "[\(BitPattern.hex(f.x)) \(BitPattern.hex(f.y)) \(BitPattern.hex(f.width)) \(BitPattern.hex(f.height))]"
            }
            return "thumb-track kernel differs from reference at element \(index)\n"
                + "  input:     \(configuration)\n"
                + "  reference: \(reference) \(frame(reference))\n"
                + "  kernel:    \(kernel) \(frame(kernel))"
                + (kernelChangeFlag.map { " change flag byte \($0)" } ?? "")
        }
    }

    /// Whether two results agree bit for bit (frame bit patterns, index, change flag).
    public static func equal<S: LayoutScalar>(_ a: ThumbTrackResult<S>, _ b: ThumbTrackResult<S>) -> Bool {
        BitPattern.equal(a.thumbFrame, b.thumbFrame)
            && a.selectedIndex == b.selectedIndex && a.indexChanged == b.indexChanged
    }

    /// The result of control `index` in `output`, read here rather than through the output's
    /// subscript so that this module specializes it (the library's generic subscript, called
    /// from another module, instantiates generic metadata on every call). `FuzzBadInput`
    /// checks that the subscript agrees with the columns.
    static func result<S: LayoutScalar>(_ output: ThumbTrackResultColumns<S>, at index: Int) -> ThumbTrackResult<S> {
        ThumbTrackResult(
            thumbFrame: LayoutRect(x: output.thumbX[index], y: output.thumbY[index],
                                   width: output.thumbWidth[index], height: output.thumbHeight[index]),
            selectedIndex: Int(output.selectedIndex[index]),
            indexChanged: output.indexChanged[index] != 0)
    }

    /// Lays out `configurations` with the batch kernel (`parallelism` as given, from their
    /// columns) and with the reference, into an output to reuse (resized to the batch's length
    /// when needed, so that repeated calls do not allocate; the fuzz targets fill it with
    /// sentinels first), and returns the first control whose results differ in any bit, or
    /// whose change flag byte is neither 0 nor 1.
    @_specialize(where S == Float)
    @_specialize(where S == Double)
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ThumbTrackConfiguration<S>], columns: ThumbTrackColumns<S>,
        output: inout ThumbTrackResultColumns<S>, parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        firstMismatch(configurations, references: configurations.map { ThumbTrack.layout(unchecked: $0) },
                      columns: columns, output: &output, parallelism: parallelism)
    }

    /// The same, with the reference results computed by the caller: `references[i]` is
    /// `ThumbTrack.layout(unchecked: configurations[i])`. (The fuzz targets compute them as
    /// they build their batches, and keep those of their fixed padding from one input to the
    /// next.)
    @_specialize(where S == Float)
    @_specialize(where S == Double)
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ThumbTrackConfiguration<S>], references: [ThumbTrackResult<S>],
        columns: ThumbTrackColumns<S>, output: inout ThumbTrackResultColumns<S>,
        parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        precondition(columns.count == configurations.count, "columns must hold the configurations")
        precondition(references.count == configurations.count, "one reference per configuration")
        columns.uncheckedLayout(into: &output, parallelism: parallelism)
        // Compared column by column against the references written as columns: the change
        // flag byte too, so a kernel flag other than the reference's 0 or 1 differs.
        guard let index = ResultBits.firstDifference(references, output) else { return nil }
        return Mismatch(index: index, configuration: configurations[index],
                        reference: references[index], kernel: result(output, at: index),
                        kernelChangeFlag: output.indexChanged[index])
    }
}
