import LayoutCore

/// Kernel-against-reference comparison for the thumb track, shared by tests and fuzz targets.
public enum ThumbTrackDifferential {
    /// A control whose kernel result differs from the reference's in any bit.
    public struct Mismatch<S: LayoutScalar>: Error, CustomStringConvertible {
        public var index: Int
        public var configuration: ThumbTrackConfiguration<S>
        public var reference: ThumbTrackResult<S>
        public var kernel: ThumbTrackResult<S>

        public var description: String {
            let frame = { (r: ThumbTrackResult<S>) in
                let f = r.thumbFrame
                return "[\(BitPattern.hex(f.x)) \(BitPattern.hex(f.y)) \(BitPattern.hex(f.width)) \(BitPattern.hex(f.height))]"
            }
            return "thumb-track kernel differs from reference at element \(index)\n"
                + "  input:     \(configuration)\n"
                + "  reference: \(reference) \(frame(reference))\n"
                + "  kernel:    \(kernel) \(frame(kernel))"
        }
    }

    /// Whether two results agree bit for bit (frame bit patterns, index, change flag).
    public static func equal<S: LayoutScalar>(_ a: ThumbTrackResult<S>, _ b: ThumbTrackResult<S>) -> Bool {
        BitPattern.equal(a.thumbFrame, b.thumbFrame)
            && a.selectedIndex == b.selectedIndex && a.indexChanged == b.indexChanged
    }

    /// Lays out `configurations` with the batch kernel (`parallelism` as given) and with the
    /// reference, and returns the first control whose results differ in any bit.
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ThumbTrackConfiguration<S>], parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        firstMismatch(configurations, columns: ThumbTrackColumns(configurations), parallelism: parallelism)
    }

    /// Same, with the columns already built from `configurations` (as
    /// `ThumbTrackGenerator.batch` returns them).
    public static func firstMismatch<S: LayoutScalar>(
        _ configurations: [ThumbTrackConfiguration<S>], columns: ThumbTrackColumns<S>,
        parallelism: Parallelism = .serial
    ) -> Mismatch<S>? {
        var output = ThumbTrackResultColumns<S>()
        columns.uncheckedLayout(into: &output, parallelism: parallelism)
        for index in configurations.indices {
            let reference = ThumbTrack.layout(unchecked: configurations[index])
            let kernel = output[index]
            if !equal(reference, kernel) {
                return Mismatch(index: index, configuration: configurations[index],
                                reference: reference, kernel: kernel)
            }
        }
        return nil
    }
}
