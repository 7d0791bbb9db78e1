import LayoutCore
import LayoutCoreTesting

// Helpers only the unit tests use, moved here from LayoutCoreTesting (which the benchmark and
// the fuzz targets share): the T6 check of one control through a fresh kernel batch, and the
// list of legacy bugs a thumb layout shows.

extension ThumbTrackInvariants {
    /// T6 for the control of `configuration`: at the half-segment boundary (`halfSegmentCases`)
    /// the kernel and the reference agree bit for bit, and make the documented decision.
    static func halfSegmentViolations<S: LayoutScalar>(
        _ c: ThumbTrackConfiguration<S>
    ) -> [InvariantViolation] {
        let cases = halfSegmentCases(c)
        var output = ThumbTrackResultColumns<S>()
        ThumbTrackColumns(cases).uncheckedLayout(into: &output, parallelism: .serial)
        var found: [InvariantViolation] = []
        for (index, released) in cases.enumerated() {
            found += halfSegmentViolations(released, reference: ThumbTrack.layout(unchecked: released),
                                           kernel: output[index])
        }
        return found
    }

    /// Every legacy bug `result` shows, with the violation that shows it.
    static func seedBugs<S: LayoutScalar>(
        _ c: ThumbTrackConfiguration<S>, _ r: ThumbTrackResult<S>
    ) -> [(bug: ThumbTrackLegacyBug, violation: InvariantViolation)] {
        ThumbTrackLegacyBug.allCases.compactMap { bug in detect(bug, c, r).map { (bug: bug, violation: $0) } }
    }
}

extension Differential {
    /// The kernel against the reference, from columns already built from `configurations`
    /// (as `ThumbTrackGenerator.batch` returns them).
    static func firstMismatch<C: BatchLayout>(
        _ configurations: [C], columns: BatchColumns<C>, parallelism: Parallelism = .serial
    ) -> Mismatch<C>? {
        var output = BatchResultColumns<C>()
        return firstMismatch(configurations, columns: columns, output: &output, parallelism: parallelism)
    }
}

extension ThumbTrackInvariants {
    /// The six configurations T6 is about for `configuration`'s control (`halfSegmentCase`).
    static func halfSegmentCases<S: LayoutScalar>(
        _ c: ThumbTrackConfiguration<S>
    ) -> [ThumbTrackConfiguration<S>] {
        (0..<halfSegmentCaseCount).map { halfSegmentCase(c, $0) }
    }
}

extension ToggleTransitionInvariants {
    /// G3 on `layers`, the result for `c` (see `endViolations(_:_:final:)`).
    static func endViolations<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>
    ) -> [InvariantViolation] {
        endViolations(c, layers, final: finalLayers(c, layers))
    }
}

/// The error of building a batch from the arrays of `columns` after the one named `field` lost
/// its last element (`delta` -1) or gained a zero (`delta` +1): the library owns a batch's
/// columns, so only arrays can disagree in length.
func lengthMismatchError<Control: BatchLayout>(
    _ columns: BatchColumns<Control>, field: String, delta: Int
) -> LayoutError? {
    var arrays = columns.arrays
    guard let position = BatchColumns<Control>.fieldNames.firstIndex(of: field) else { return nil }
    switch arrays[position] {
    case .scalars(let values): arrays[position] = .scalars(delta < 0 ? Array(values.dropLast()) : values + [0])
    case .bytes(let values): arrays[position] = .bytes(delta < 0 ? Array(values.dropLast()) : values + [0])
    }
    do {
        _ = try BatchColumns<Control>(arrays: arrays)
        return nil
    } catch {
        return error
    }
}
