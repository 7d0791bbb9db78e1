import LayoutCore

/// Fuzz check functions for toggle transitions (SPEC section 3). The decoding is
/// `ToggleTransitionGenerator`'s, which puts a large share of elapsed times on the transition's
/// boundaries (the start, -0, half, the end and one ulp either side of it, past it, before the
/// start) and durations on the seeds' values, a frame, subnormal and huge ones.
public enum ToggleTransitionFuzzChecks {
    /// Seed bug classes of `.legacy` (seed 001, UIControlFlagView).
    public static let bugClasses = ["state-picture-mismatch", "double-visible-layers"]

    /// G1-G6 on a batch of 1...4 `.fit` configurations, in `Float` or `Double`.
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

    /// Self-test: the seed-001 quirk detectors on `.legacy` layers. Throws a `.legacyBug`
    /// finding for the first quirk of class `bugClass` (any class when `nil`).
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
    static func isValid<S: LayoutScalar>(_ c: ToggleTransitionConfiguration<S>) -> Bool {
        (try? c.validate()) != nil
    }

    /// The controls in front of the decoded ones (0...3 of them, so that the decoded controls
    /// take every lane position): a plain one, then typical controls, what the benchmark lays
    /// out (`ToggleTransitionGenerator.benchmarkBatch`, built once per process), so that edge cases
    /// also share lane groups with ordinary values.
    static func leadingPadding<S: LayoutScalar>(_ index: Int) -> ToggleTransitionConfiguration<S> {
        FuzzPadding.element(index - 1, float: typicalFloat, double: typicalDouble, as: S.self)
            ?? paddingConfiguration(index)
    }

    static let typicalFloat: [ToggleTransitionConfiguration<Float>] =
        ToggleTransitionGenerator.benchmarkBatch(count: 3, seed: 0x7EAD, as: Float.self).configurations.filter(isValid)
    static let typicalDouble: [ToggleTransitionConfiguration<Double>] =
        ToggleTransitionGenerator.benchmarkBatch(count: 3, seed: 0x7EAD, as: Double.self).configurations.filter(isValid)

    /// `paddingConfiguration(0..<count)` as a batch, with their columns and reference results,
    /// built once per process and precision: the long tail that one input in eight gets
    /// (`FuzzBatchShape.trailingPadding`) is then appended in one step per column, and its
    /// references are not computed again.
    static func trailingPadding<S: LayoutScalar>(count: Int, as: S.Type) -> ToggleTransitionFuzzBatch<S> {
        precondition(count == trailingFloat.configurations.count, "the shape's padding length changed")
        return FuzzPadding.block(float: trailingFloat, double: trailingDouble, as: S.self)
    }

    static let trailingFloat = ToggleTransitionFuzzBatch<Float>(padding: FuzzBatchShape.longTrailingPadding, paddingConfiguration)
    static let trailingDouble = ToggleTransitionFuzzBatch<Double>(padding: FuzzBatchShape.longTrailingPadding, paddingConfiguration)

    /// A plain control (the padding around decoded controls): mid-transition, and from the
    /// fifth on always eased in and out, so that 36 of them fill the easing solver's widest
    /// path (eight lane groups at once).
    static func paddingConfiguration<S: LayoutScalar>(_ index: Int) -> ToggleTransitionConfiguration<S> {
        let size = LayoutSize<S>(width: 24, height: 24)
        let from = ToggleState(rawValue: UInt8(index % 3))!
        let duration: S = index % 2 == 0 ? 0.3 : 0.5
        return ToggleTransitionConfiguration(
            bounds: LayoutSize(width: 44, height: 44), offImageSize: size, onImageSize: size,
            indeterminateImageSize: size, from: from, to: from.tapped(),
            elapsed: duration * S(index % 7 + 1) / 8, duration: duration,
            curve: index < 4 && index % 2 == 1 ? .linear : .easeInOut,
            animated: index != 3, mode: index == 1 ? .legacy : .fit)
    }

    static func checkInvariants<S: LayoutScalar>(
        _ source: inout FuzzSource, _ shape: FuzzBatchShape, as: S.Type
    ) throws(FuzzFinding) {
        for _ in 0..<shape.decodedCount {
            let c = ToggleTransitionGenerator.configuration(&source, mode: .fit, as: S.self)
            guard isValid(c) else { continue }
            if let violation = ToggleTransitionInvariants.violations(c).first {
                throw FuzzFinding(violation, precision: "\(S.self)")
            }
        }
    }

    static func checkDifferential<S: LayoutScalar>(
        _ source: inout FuzzSource, _ shape: FuzzBatchShape, as: S.Type
    ) throws(FuzzFinding) {
        let batch = ToggleTransitionFuzzBatch<S>.leased()
        defer { FuzzStorage.release(batch) }
        for index in 0..<shape.leadingPadding { batch.pointee.append(leadingPadding(index)) }
        for _ in 0..<shape.decodedCount {
            let c = ToggleTransitionGenerator.configuration(&source, as: S.self)
            if isValid(c) { batch.pointee.append(c) }
        }
        if shape.trailingPadding > 0 { batch.pointee.append(trailingPadding(count: shape.trailingPadding, as: S.self)) }
        // The shared comparison (the unit tests make the same), into an output filled with
        // sentinels first, so that an element the kernel skips shows.
        batch.pointee.computeReferences()
        batch.pointee.fillOutput()
        guard let mismatch = ToggleTransitionDifferential.firstMismatch(
            batch.pointee.configurations, references: batch.pointee.references, columns: batch.pointee.columns,
            output: &batch.pointee.output, parallelism: shape.parallelism)
        else { return }
        throw FuzzFinding(.mismatch, "kernel != reference",
                          message: "[\(S.self), batch of \(shape.count), lane \(mismatch.index % Parallelism.laneWidth)] \(mismatch)")
    }

    static func checkLegacy<S: LayoutScalar>(
        _ source: inout FuzzSource, _ shape: FuzzBatchShape, bugClass: String?, as: S.Type
    ) throws(FuzzFinding) {
        for _ in 0..<shape.decodedCount {
            let c = ToggleTransitionGenerator.configuration(&source, mode: .legacy, as: S.self)
            guard isValid(c) else { continue }
            let layers = ToggleTransition.layout(unchecked: c)
            if bugClass == nil || bugClass == bugClasses[0],
               let violation = ToggleTransitionInvariants.stateMismatch(c, layers) {
                throw FuzzFinding(violation, precision: "\(S.self)", bugClass: bugClasses[0])
            }
            if bugClass == nil || bugClass == bugClasses[1],
               let violation = ToggleTransitionInvariants.doubleVisible(c, layers) {
                throw FuzzFinding(violation, precision: "\(S.self)", bugClass: bugClasses[1])
            }
        }
    }
}

/// A batch of toggle transitions, their columns and the kernel's output, built with this
/// module's specialized array operations and reused between inputs (see `FuzzStorage`).
struct ToggleTransitionFuzzBatch<S: LayoutScalar>: FuzzReferenceBatch {
    var configurations: [ToggleTransitionConfiguration<S>] = []
    /// `ToggleTransition.layout(unchecked:)` of the configurations (`computeReferences()`).
    var references: [ToggleTransitionResult<S>] = []
    var columns = ToggleTransitionColumns<S>()
    var output = ToggleTransitionResultColumns<S>()

    init() {}

    static func reference(_ configuration: ToggleTransitionConfiguration<S>) -> ToggleTransitionResult<S> {
        ToggleTransition.layout(unchecked: configuration)
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

    mutating func append(_ c: ToggleTransitionConfiguration<S>) {
        configurations.append(c)
        columns.append(c)
    }

    /// The output's columns in a fixed order.
    var outputColumns: [Column<S>] {
        [output.offAlpha, output.offScale, output.offX, output.offY, output.offWidth, output.offHeight,
         output.onAlpha, output.onScale, output.onX, output.onY, output.onWidth, output.onHeight,
         output.indeterminateAlpha, output.indeterminateScale, output.indeterminateX, output.indeterminateY,
         output.indeterminateWidth, output.indeterminateHeight]
    }

    mutating func appendColumns(of block: Self) {
        columns.append(contentsOf: block.configurations)
    }

    /// Fills the output with sentinels, one per control.
    mutating func fillOutput() {
        let count = configurations.count
        output.resize(to: count)
        output.fill(scalar: -S.greatestFiniteMagnitude, byte: 0)
    }
}
