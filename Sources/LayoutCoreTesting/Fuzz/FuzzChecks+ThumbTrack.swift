import LayoutCore

/// Fuzz check functions for the thumb track (SPEC section 2). The decoding is
/// `ThumbTrackGenerator`'s, which already puts a large share of translations on the
/// half-segment boundary (exactly, and one ulp either side), on the ends of the track, on no
/// movement and, for `.legacy`, on the seed's own thresholds.
public enum ThumbTrackFuzzChecks {
    /// Seed bug classes of `.legacy` (YLSwitch), as `ThumbTrackSeedBug` names them.
    public static let bugClasses = ThumbTrackSeedBug.allCases.map(\.rawValue)

    /// T1-T8 on a batch of 1...4 `.fit` configurations, in `Float` or `Double`: T1-T5, T7 and
    /// T8 on the reference, and T6 (the half-segment boundary: kernel and reference agree and
    /// decide as documented at `sw / 2` and one ulp either side) through the batch kernel.
    public static func checkInvariants(_ bytes: UnsafeBufferPointer<UInt8>) throws(FuzzFinding) {
        var source = FuzzSource(bytes)
        let shape = FuzzBatchShape(&source, maximumCount: 4)
        if shape.isDouble {
            try checkInvariants(&source, shape, as: Double.self)
        } else {
            try checkInvariants(&source, shape, as: Float.self)
        }
    }

    /// The batch kernel against the reference, bit for bit, on a batch of both modes.
    public static func checkDifferential(_ bytes: UnsafeBufferPointer<UInt8>) throws(FuzzFinding) {
        var source = FuzzSource(bytes)
        let shape = FuzzBatchShape(&source, maximumCount: 8)
        if shape.isDouble {
            try checkDifferential(&source, shape, as: Double.self)
        } else {
            try checkDifferential(&source, shape, as: Float.self)
        }
    }

    /// Self-test: the seed bug detectors on `.legacy` layouts. Throws a `.legacyBug` finding
    /// for the first seed bug of class `bugClass` (any class when `nil`).
    public static func checkLegacy(_ bytes: UnsafeBufferPointer<UInt8>, bugClass: String? = nil) throws(FuzzFinding) {
        var source = FuzzSource(bytes)
        let shape = FuzzBatchShape(&source, maximumCount: 8)
        if shape.isDouble {
            try checkLegacy(&source, shape, bugClass: bugClass, as: Double.self)
        } else {
            try checkLegacy(&source, shape, bugClass: bugClass, as: Float.self)
        }
    }

    /// Whether `c` passes validation (controls a generator lets through invalid are skipped:
    /// the checks are about valid input).
    static func isValid<S: LayoutScalar>(_ c: ThumbTrackConfiguration<S>) -> Bool {
        (try? c.validate()) != nil
    }

    /// The controls in front of the decoded ones (0...3 of them, so that the decoded controls
    /// take every lane position): a plain one, then typical controls, what the benchmark lays
    /// out (`ThumbTrackGenerator.benchmarkBatch`, built once per process), so that edge cases
    /// also share lane groups with ordinary values.
    static func leadingPadding<S: LayoutScalar>(_ index: Int) -> ThumbTrackConfiguration<S> {
        FuzzPadding.element(index - 1, float: typicalFloat, double: typicalDouble, as: S.self)
            ?? paddingConfiguration(index)
    }

    static let typicalFloat: [ThumbTrackConfiguration<Float>] =
        ThumbTrackGenerator.benchmarkBatch(count: 3, seed: 0x7EAD, as: Float.self).configurations.filter(isValid)
    static let typicalDouble: [ThumbTrackConfiguration<Double>] =
        ThumbTrackGenerator.benchmarkBatch(count: 3, seed: 0x7EAD, as: Double.self).configurations.filter(isValid)

    /// `paddingConfiguration(0..<count)` as a batch, with their columns and reference results,
    /// built once per process and precision: the long tail that one input in eight gets
    /// (`FuzzBatchShape.trailingPadding`) is then appended in one step per column, and its
    /// references are not computed again.
    static func trailingPadding<S: LayoutScalar>(count: Int, as: S.Type) -> ThumbTrackFuzzBatch<S> {
        precondition(count == trailingFloat.configurations.count, "the shape's padding length changed")
        return FuzzPadding.block(float: trailingFloat, double: trailingDouble, as: S.self)
    }

    static let trailingFloat = ThumbTrackFuzzBatch<Float>(padding: FuzzBatchShape.longTrailingPadding, paddingConfiguration)
    static let trailingDouble = ThumbTrackFuzzBatch<Double>(padding: FuzzBatchShape.longTrailingPadding, paddingConfiguration)

    /// A plain control (the padding in front of decoded controls).
    static func paddingConfiguration<S: LayoutScalar>(_ index: Int) -> ThumbTrackConfiguration<S> {
        ThumbTrackConfiguration(
            bounds: LayoutSize(width: 210, height: 35), inset: 1, segmentCount: 2 + index % 3,
            selectedIndex: index % 2, translation: S(index) * 7 - 10, velocity: 0,
            phase: ThumbTrackPhase(rawValue: UInt8(index % 3))!,
            layoutDirection: LayoutDirection(rawValue: UInt8(index % 2))!,
            snapping: index % 2 == 0 ? .nearest : .normal, rubberBand: index % 2 == 1,
            mode: index == 0 ? .legacy : .fit)
    }

    static func checkInvariants<S: LayoutScalar>(
        _ source: inout FuzzSource, _ shape: FuzzBatchShape, as: S.Type
    ) throws(FuzzFinding) {
        // T6 goes through the kernel: each control's six half-segment cases join the batch's
        // columns, which the kernel lays out once for all the controls. The batch's
        // `configurations` keep the controls themselves (four at most): each case is built
        // again where it is checked, rather than stored (a `Double` configuration is over 64
        // bytes, and ASan checks each copy of one the slow way).
        let batch = ThumbTrackFuzzBatch<S>.leased()
        defer { FuzzStorage.release(batch) }
        for _ in 0..<shape.decodedCount {
            let c = ThumbTrackGenerator.configuration(&source, mode: .fit, as: S.self)
            guard isValid(c) else { continue }
            if let violation = ThumbTrackInvariants.violations(c).first {
                throw FuzzFinding(violation, precision: "\(S.self)")
            }
            batch.pointee.configurations.append(c)
            batch.pointee.appendHalfSegmentCases(of: c)
        }
        guard !batch.pointee.configurations.isEmpty else { return }
        batch.pointee.runKernel()
        let caseCount = ThumbTrackInvariants.halfSegmentCaseCount
        for control in batch.pointee.configurations.indices {
            let c = batch.pointee.configurations[control]
            for number in 0..<caseCount {
                let released = ThumbTrackInvariants.halfSegmentCase(c, number)
                if let violation = ThumbTrackInvariants.halfSegmentViolations(
                    released, reference: ThumbTrack.layout(unchecked: released),
                    kernel: ThumbTrackDifferential.result(batch.pointee.output, at: control * caseCount + number)).first {
                    throw FuzzFinding(violation, precision: "\(S.self)")
                }
            }
        }
    }

    static func checkDifferential<S: LayoutScalar>(
        _ source: inout FuzzSource, _ shape: FuzzBatchShape, as: S.Type
    ) throws(FuzzFinding) {
        let batch = ThumbTrackFuzzBatch<S>.leased()
        defer { FuzzStorage.release(batch) }
        for index in 0..<shape.leadingPadding { batch.pointee.append(leadingPadding(index)) }
        for _ in 0..<shape.decodedCount {
            let c = ThumbTrackGenerator.configuration(&source, as: S.self)
            if isValid(c) { batch.pointee.append(c) }
        }
        if shape.trailingPadding > 0 { batch.pointee.append(trailingPadding(count: shape.trailingPadding, as: S.self)) }
        // The shared comparison (the unit tests make the same), into an output filled with
        // sentinels first, so that an element the kernel skips shows.
        batch.pointee.computeReferences()
        batch.pointee.fillOutput()
        guard let mismatch = ThumbTrackDifferential.firstMismatch(
            batch.pointee.configurations, references: batch.pointee.references, columns: batch.pointee.columns,
            output: &batch.pointee.output, parallelism: shape.parallelism)
        else { return }
        throw FuzzFinding(.mismatch, "kernel != reference",
                          message: "[\(S.self), batch of \(shape.count), lane \(mismatch.index % Parallelism.laneWidth)] \(mismatch)")
    }

    static func checkLegacy<S: LayoutScalar>(
        _ source: inout FuzzSource, _ shape: FuzzBatchShape, bugClass: String?, as: S.Type
    ) throws(FuzzFinding) {
        let wanted = bugClass.flatMap(ThumbTrackSeedBug.init(rawValue:))
        for _ in 0..<shape.decodedCount {
            let c = ThumbTrackGenerator.configuration(&source, mode: .legacy, as: S.self)
            guard isValid(c) else { continue }
            let r = ThumbTrack.layout(unchecked: c)
            for bug in ThumbTrackSeedBug.allCases where wanted == nil || wanted == bug {
                if let violation = ThumbTrackInvariants.detect(bug, c, r) {
                    throw FuzzFinding(violation, precision: "\(S.self)", bugClass: bug.rawValue)
                }
            }
        }
    }
}

/// A batch of thumb track controls, their columns and the kernel's output, built with this
/// module's specialized array operations and reused between inputs (see `FuzzStorage`).
struct ThumbTrackFuzzBatch<S: LayoutScalar>: FuzzReferenceBatch {
    var configurations: [ThumbTrackConfiguration<S>] = []
    /// `ThumbTrack.layout(unchecked:)` of the configurations, for the differential check
    /// (`computeReferences()`; the invariants check computes each where it reads it).
    var references: [ThumbTrackResult<S>] = []
    var columns = ThumbTrackColumns<S>()
    var output = ThumbTrackResultColumns<S>()

    init() {}

    static func reference(_ configuration: ThumbTrackConfiguration<S>) -> ThumbTrackResult<S> {
        ThumbTrack.layout(unchecked: configuration)
    }

    /// The stored batch, emptied, lent until `FuzzStorage.release(_:)`.
    static func leased() -> UnsafeMutablePointer<Self> {
        let batch = FuzzStorage.lease { Self() }
        batch.pointee.removeAll()
        return batch
    }

    mutating func removeAll() {
        configurations.removeAll(keepingCapacity: true)
        references.removeAll(keepingCapacity: true)
        columns.removeAll(keepingCapacity: true)
    }

    /// Appends a valid configuration (its segment count and index fit in a byte).
    mutating func append(_ c: ThumbTrackConfiguration<S>) {
        configurations.append(c)
        columns.append(c)
    }

    /// Appends the columns of T6's cases for `c` (`ThumbTrackInvariants.halfSegmentCase(c, n)`
    /// for every `n`), not the configurations.
    mutating func appendHalfSegmentCases(of c: ThumbTrackConfiguration<S>) {
        for number in 0..<ThumbTrackInvariants.halfSegmentCaseCount {
            columns.append(ThumbTrackInvariants.halfSegmentCase(c, number))
        }
    }

    mutating func appendColumns(of block: Self) {
        columns.append(contentsOf: block.configurations)
    }

    /// Fills the output with sentinels, one per control.
    mutating func fillOutput() {
        let count = columns.count
        output.resize(to: count)
        output.fill(scalar: -S.greatestFiniteMagnitude, byte: 0xEE)
    }

    /// The batch kernel on every control, into an output first filled with sentinels.
    mutating func runKernel(parallelism: Parallelism = .serial) {
        fillOutput()
        columns.uncheckedLayout(into: &output, parallelism: parallelism)
    }
}
