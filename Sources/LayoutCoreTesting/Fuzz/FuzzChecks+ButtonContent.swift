import LayoutCore

/// Fuzz check functions for button content (SPEC section 1): decode a batch of structured
/// inputs from fuzzer bytes, then check it. Pure functions of the bytes; the fuzz targets and
/// the corpus replay tests call the same ones.
public enum ButtonContentFuzzChecks {
    /// Seed bug classes of `.legacy` (XLXButton): negative origins (B2) and frames outside the
    /// content rect (B4) when the content overflows.
    public static let bugClasses = ["negative-origin", "outside-content-rect"]

    /// The invariants B1-B8 on a batch of 1...4 `.fit` configurations, in `Float` or `Double`.
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

    /// Self-test: the `.legacy` checks (B2, B4) on a batch of `.legacy` configurations. Throws
    /// a `.legacyBug` finding for the first seed bug found of class `bugClass` (any class when
    /// `nil`), which is what the self-test expects to happen.
    public static func checkLegacy(_ bytes: UnsafeBufferPointer<UInt8>, bugClass: String? = nil) throws(FuzzFinding) {
        var source = FuzzSource(bytes)
        let shape = FuzzBatchShape(&source, maximumCount: 8)
        if shape.isDouble {
            try checkLegacy(&source, shape, bugClass: bugClass, as: Double.self)
        } else {
            try checkLegacy(&source, shape, bugClass: bugClass, as: Float.self)
        }
    }

    // MARK: - Decoding

    /// One valid configuration: the seeded generator's mix (fits, overflows, absent items,
    /// huge values, exact fits), then, one time in two, a boundary of the `.fit` arithmetic
    /// put exactly in place or one ulp to either side:
    /// - the content length equals `image + spacing + title` (fits exactly / overflows by an ulp);
    /// - the content length equals `image + spacing` (the title's room is exactly 0: the
    ///   branch between shrinking the title and squeezing it away);
    /// - the content length equals the image alone (the image shrinks or not);
    /// - the cross length equals the image's or the title's cross size (clamped or not).
    /// The main-axis insets are zeroed when the boundary is applied, so the content length is
    /// exactly the boundary value (no rounding in `W - left - right`).
    public static func configuration<S: LayoutScalar, Source: ValueSource>(
        _ source: inout Source, mode: LayoutMode?, as: S.Type = S.self
    ) -> ButtonContentConfiguration<S> {
        var c = ButtonContentGenerator.configuration(&source, mode: mode, as: S.self)
        let boundary = source.next(below: 16)
        guard boundary >= 8 else { return c }
        let horizontal = c.imagePlacement.isHorizontal
        let imageMain = horizontal ? c.imageSize.width : c.imageSize.height
        let imageCross = horizontal ? c.imageSize.height : c.imageSize.width
        let titleMain = horizontal ? c.titleSize.width : c.titleSize.height
        let titleCross = horizontal ? c.titleSize.height : c.titleSize.width
        var main: S?
        var cross: S?
        switch boundary {
        case 8, 9: main = imageMain + c.imagePadding + titleMain
        case 10, 11: main = imageMain + c.imagePadding
        case 12: main = imageMain
        case 13: cross = imageCross
        case 14: cross = titleCross
        default:
            main = imageMain + c.imagePadding + titleMain
            cross = max(imageCross, titleCross)
        }
        if let main {
            let length = FuzzBoundary.around(main, &source)
            if horizontal {
                c.bounds.width = length
                c.contentInsets.leading = 0
                c.contentInsets.trailing = 0
            } else {
                c.bounds.height = length
                c.contentInsets.top = 0
                c.contentInsets.bottom = 0
            }
        }
        if let cross {
            let length = FuzzBoundary.around(cross, &source)
            if horizontal {
                c.bounds.height = length
                c.contentInsets.top = 0
                c.contentInsets.bottom = 0
            } else {
                c.bounds.width = length
                c.contentInsets.leading = 0
                c.contentInsets.trailing = 0
            }
        }
        return c
    }

    /// Whether `c` passes validation. The checks are about valid input (bad input has its own
    /// target); a generator that lets an invalid value through (one ulp below 0, say) must
    /// not turn into a false finding, so such controls are skipped.
    static func isValid<S: LayoutScalar>(_ c: ButtonContentConfiguration<S>) -> Bool {
        (try? c.validate()) != nil
    }

    /// The controls in front of the decoded ones (0...3 of them, so that the decoded controls
    /// take every lane position): a plain one, then typical controls, what the benchmark lays
    /// out (`ButtonContentGenerator.batch`, built once per process), so that edge cases
    /// also share lane groups with ordinary values.
    static func leadingPadding<S: LayoutScalar>(_ index: Int) -> ButtonContentConfiguration<S> {
        FuzzPadding.element(index - 1, float: typicalFloat, double: typicalDouble, as: S.self)
            ?? paddingConfiguration(index)
    }

    static let typicalFloat: [ButtonContentConfiguration<Float>] =
        Array(ButtonContentGenerator.batch(count: 16, seed: 0x7EAD, as: Float.self).configurations.filter(isValid).prefix(3))
    static let typicalDouble: [ButtonContentConfiguration<Double>] =
        Array(ButtonContentGenerator.batch(count: 16, seed: 0x7EAD, as: Double.self).configurations.filter(isValid).prefix(3))

    /// A plain control that fits (the padding in front of decoded controls).
    static func paddingConfiguration<S: LayoutScalar>(_ index: Int) -> ButtonContentConfiguration<S> {
        ButtonContentConfiguration(
            bounds: LayoutSize(width: 120, height: 44),
            contentInsets: DirectionalEdgeInsets(top: 6, leading: 10, bottom: 6, trailing: 10),
            imageSize: LayoutSize(width: 24, height: 24), titleSize: LayoutSize(width: 60, height: 20),
            imagePlacement: ImagePlacement(rawValue: UInt8(index % 4))!, imagePadding: 8,
            layoutDirection: LayoutDirection(rawValue: UInt8(index % 2))!,
            displayScale: index % 2 == 0 ? 2 : 0, mode: index % 3 == 0 ? .legacy : .fit)
    }

    /// `paddingConfiguration(0..<count)` as a batch, with their columns and reference frames,
    /// built once per process and precision: the long tail that one input in eight gets
    /// (`FuzzBatchShape.trailingPadding`) is then appended in one step per column, and its
    /// reference frames are not computed again.
    static func trailingPadding<S: LayoutScalar>(count: Int, as: S.Type) -> ButtonContentFuzzBatch<S> {
        precondition(count == trailingFloat.configurations.count, "the shape's padding length changed")
        return FuzzPadding.block(float: trailingFloat, double: trailingDouble, as: S.self)
    }

    static let trailingFloat = ButtonContentFuzzBatch<Float>(padding: FuzzBatchShape.longTrailingPadding, paddingConfiguration)
    static let trailingDouble = ButtonContentFuzzBatch<Double>(padding: FuzzBatchShape.longTrailingPadding, paddingConfiguration)

    // MARK: - Checks

    static func checkInvariants<S: LayoutScalar>(
        _ source: inout FuzzSource, _ shape: FuzzBatchShape, as: S.Type
    ) throws(FuzzFinding) {
        for _ in 0..<shape.decodedCount {
            let c = configuration(&source, mode: .fit, as: S.self)
            guard isValid(c) else { continue }
            if let violation = ButtonContentInvariants.violations(c).first {
                throw FuzzFinding(violation, precision: "\(S.self)")
            }
        }
    }

    static func checkDifferential<S: LayoutScalar>(
        _ source: inout FuzzSource, _ shape: FuzzBatchShape, as: S.Type
    ) throws(FuzzFinding) {
        let batch = ButtonContentFuzzBatch<S>.leased()
        defer { FuzzStorage.release(batch) }
        for index in 0..<shape.leadingPadding { batch.pointee.append(leadingPadding(index)) }
        for _ in 0..<shape.decodedCount {
            let c = configuration(&source, mode: nil, as: S.self)
            if isValid(c) { batch.pointee.append(c) }
        }
        if shape.trailingPadding > 0 { batch.pointee.append(trailingPadding(count: shape.trailingPadding, as: S.self)) }
        // The shared comparison (the unit tests make the same), into an output filled with
        // sentinels first, so that an element the kernel skips shows.
        batch.pointee.computeReferences()
        batch.pointee.fillOutput()
        guard let mismatch = ButtonContentDifferential.firstMismatch(
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
            let c = configuration(&source, mode: .legacy, as: S.self)
            guard isValid(c) else { continue }
            for violation in ButtonContentInvariants.legacyViolations(c) {
                let found = violation.invariant == "B2" ? bugClasses[0] : bugClasses[1]
                if bugClass == nil || bugClass == found {
                    throw FuzzFinding(violation, precision: "\(S.self)", bugClass: found)
                }
            }
        }
    }
}

/// One batch of the differential check: the configurations, their columns and the kernel's
/// output, built with the library's `append` and `resize`, and reused from one input to the next (see `FuzzStorage`), so
/// that a fuzz input costs a few microseconds rather than two dozen allocations.
struct ButtonContentFuzzBatch<S: LayoutScalar>: FuzzReferenceBatch {
    var configurations: [ButtonContentConfiguration<S>] = []
    /// `ButtonContent.layout(unchecked:)` of the configurations (`computeReferences()`).
    var references: [ButtonContentResult<S>] = []
    var columns = ButtonContentColumns<S>()
    var output = ButtonContentResultColumns<S>()

    init() {}

    static func reference(_ configuration: ButtonContentConfiguration<S>) -> ButtonContentResult<S> {
        ButtonContent.layout(unchecked: configuration)
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

    mutating func append(_ c: ButtonContentConfiguration<S>) {
        configurations.append(c)
        columns.append(c)
    }

    mutating func appendColumns(of block: Self) {
        columns.append(contentsOf: block.configurations)
    }

    /// Fills the output with sentinels, one per control, so an element the kernel skips shows.
    mutating func fillOutput() {
        let count = configurations.count
        output.resize(to: count)
        output.fill(scalar: -S.greatestFiniteMagnitude, byte: 0xEE)
    }
}
