import LayoutCore
import LayoutCoreTesting
import Testing

/// The bad-input rules of Docs/ButtonContent.md: one test per bad-input class. Each error names the
/// element, the field and the value; a failing batch leaves the output untouched.
@Suite struct ButtonContentValidationTests {
    /// Ten good controls, with `edit` applied to element 6.
    static func columns(_ edit: (inout ButtonContentColumns<Float>) -> Void) -> ButtonContentColumns<Float> {
        var random = SplitMix64(seed: 11)
        var columns = ButtonContentColumns((0..<10).map { _ in
            ButtonContentConfiguration<Float>.generated(&random, mode: nil)
        })
        edit(&columns)
        return columns
    }

    /// Runs the batch into an output full of sentinels and returns the error; checks that
    /// nothing was written.
    static func error(_ columns: ButtonContentColumns<Float>) -> LayoutError? {
        checkedBatchError(columns, outputCount: 10) { $0.imageX.update(from: repeatElement(12345, count: 10)) }
    }

    @Test func notFiniteValues() {
        for bad: Float in [.nan, .infinity, -.infinity, .signalingNaN] {
            let error = Self.error(Self.columns { $0.titleWidth[6] = bad })
            #expect(error?.index == 6)
            #expect(error?.field == "titleWidth")
            #expect(error?.problem == .notFinite)
        }
    }

    typealias ScalarField = KeyPath<ButtonContentConfiguration<Float>.InputFields, Field<Float>> & Sendable
    typealias ByteField = KeyPath<ButtonContentConfiguration<Float>.InputFields, Field<UInt8>> & Sendable

    /// A size, an inset, the spacing and the display scale refuse negative values.
    @Test(arguments: [
        (\.imageHeight, "imageHeight", -1), (\.insetTrailing, "insetTrailing", -0.5),
        (\.imagePadding, "imagePadding", -4), (\.displayScale, "displayScale", -2),
    ] as [(ScalarField, String, Float)])
    func negativeValues(field: ScalarField, name: String, value: Float) {
        let error = Self.error(Self.columns { $0[dynamicMember: field][6] = value })
        #expect(error == LayoutError(index: 6, field: name, value: Double(value), problem: .negative))
    }

    @Test func valuesBeyondLimits() {
        let error = Self.error(Self.columns { $0.width[6] = 2e6 })
        #expect(error?.index == 6 && error?.field == "width" && error?.value == 2e6)
        if case .outOfRange = error?.problem {} else { Issue.record("expected outOfRange, got \(String(describing: error))") }
        let scaleError = Self.error(Self.columns { $0.displayScale[6] = 5 })
        #expect(scaleError?.field == "displayScale")
    }

    /// Each enumeration refuses the first raw value past its cases (255 for the mode).
    @Test(arguments: [
        (\.imagePlacement, "imagePlacement", 4, "0...3"), (\.layoutDirection, "layoutDirection", 2, "0...1"),
        (\.mode, "mode", 255, "0...1"),
    ] as [(ByteField, String, UInt8, String)])
    func enumerationRawValuesOutOfRange(field: ByteField, name: String, value: UInt8, range: String) {
        #expect(Self.error(Self.columns { $0[dynamicMember: field][6] = value })
            == LayoutError(index: 6, field: name, value: Double(value), problem: .outOfRange(expected: range)))
    }

    /// The library owns the columns, so they always have one length; arrays of unequal
    /// length are refused when the batch is built from them.
    @Test func arraysOfUnequalLength() throws {
        func build(_ change: (inout [ColumnArray<Float>]) -> Void) -> LayoutError? {
            var arrays = Self.columns { _ in }.arrays
            change(&arrays)
            do {
                _ = try ButtonContentColumns<Float>(arrays: arrays)
                return nil
            } catch {
                return error
            }
        }
        #expect(build { _ in } == nil)
        let shorter = build { arrays in
            if case .scalars(let values) = arrays[9] { arrays[9] = .scalars(Array(values.dropLast())) }
        }
        #expect(shorter == LayoutError(index: 9, field: "titleHeight", value: 9, problem: .columnLengthMismatch(expected: 10)))
        let longer = build { arrays in
            if case .bytes(let values) = arrays[14] { arrays[14] = .bytes(values + [0]) }
        }
        #expect(longer?.field == "mode" && longer?.value == 11)
        // The arrays read back are the columns.
        let columns = Self.columns { $0.width[3] = 7 }
        #expect(try ButtonContentColumns<Float>(arrays: columns.arrays) == columns)
    }

    /// `assign(arrays:)` (what the fuzz checks refill one batch with) gives what
    /// `init(arrays:)` gives, changes no copy sharing the batch's storage, and leaves the batch
    /// unchanged when it refuses the arrays.
    @Test func assigningArrays() throws {
        let original = Self.columns { $0.width[3] = 7 }
        let other = Self.columns { $0.height[2] = 30; $0.titleWidth[5] = 3 }
        var batch = original
        try batch.assign(arrays: other.arrays)
        #expect(batch == other && original == Self.columns { $0.width[3] = 7 })
        // Shorter arrays into the storage just written, then the longer ones again.
        let shortArrays = other.arrays.map { array -> ColumnArray<Float> in
            switch array {
            case .scalars(let values): return .scalars(Array(values.prefix(3)))
            case .bytes(let values): return .bytes(Array(values.prefix(3)))
            }
        }
        try batch.assign(arrays: shortArrays)
        #expect(batch == (try ButtonContentColumns<Float>(arrays: shortArrays)) && batch.count == 3)
        try batch.assign(arrays: other.arrays)
        #expect(batch == other)
        // Refused: a column of the wrong kind, or of the wrong length. Nothing changes.
        var wrongKind = other.arrays
        wrongKind[14] = .scalars(Array(repeating: 0, count: other.count))
        #expect(throws: LayoutError(index: 0, field: "mode", value: 10, problem: .outOfRange(expected: "bytes"))) {
            try batch.assign(arrays: wrongKind)
        }
        var wrongLength = other.arrays
        wrongLength[1] = .scalars([1])
        #expect(throws: LayoutError.self) { try batch.assign(arrays: wrongLength) }
        #expect(batch == other)
    }

    /// Several bad values: the lowest element index wins, then the first field in declaration
    /// order at that index. The scan finds it whatever lane group it sits in.
    @Test func lowestIndexIsReported() {
        let error = Self.error(Self.columns {
            $0.width[9] = .nan
            $0.mode[3] = 7
            $0.titleWidth[3] = -1
            $0.height[5] = -1
        })
        #expect(error?.index == 3 && error?.field == "titleWidth")
    }

    /// In a batch of several thousand controls, one bad value is found wherever it sits: the
    /// first and last control, either side of every multiple of 2,048 (the validation scans
    /// read large batches in chunks), in a length column, a byte column and the last column.
    @Test(arguments: [0, 2047, 2048, 2049, 4095, 4096, 6143, 6144, 6150])
    func aBadValueAnywhereInALargeBatch(at index: Int) {
        var random = SplitMix64(seed: 12)
        let good = ButtonContentColumns((0..<6151).map { _ in
            ButtonContentConfiguration<Float>.generated(&random, mode: nil)
        })
        var columns = good
        columns.imageHeight[index] = -1
        var error = checkedBatchError(columns, outputCount: 6151) { _ in }
        #expect(error?.index == index && error?.field == "imageHeight")
        columns = good
        columns.imagePlacement[index] = 4
        error = checkedBatchError(columns, outputCount: 6151) { _ in }
        #expect(error?.index == index && error?.field == "imagePlacement")
        columns = good
        columns.mode[index] = 2
        error = checkedBatchError(columns, outputCount: 6151) { _ in }
        #expect(error?.index == index && error?.field == "mode")
        expectBadValueFoundAcrossThreads(good, at: [index], field: "titleWidth") { $0.titleWidth[$1] = .nan }
    }

    /// The one-control entry point validates too (index 0) and the reference never traps on
    /// garbage through the unchecked entry point.
    @Test func singleControl() {
        var configuration = ButtonContentConfiguration<Double>(
            bounds: LayoutSize(width: 10, height: 10), imageSize: .zero, titleSize: .zero)
        configuration.contentInsets.leading = .nan
        let error = #expect(throws: LayoutError.self) { try ButtonContent.layout(configuration) }
        #expect(error?.index == 0 && error?.field == "insetLeading" && error?.value.isNaN == true)
        #expect(error?.problem == .notFinite)
        _ = ButtonContent.layout(unchecked: configuration)  // garbage in, garbage out, no trap
    }

    /// `-0` is a valid length and an empty batch is valid.
    @Test func edgeValuesThatAreValid() throws {
        #expect(Self.error(Self.columns { $0.imageWidth[6] = -0.0 }) == nil)
        var output = ButtonContentResultColumns<Float>()
        try ButtonContentColumns<Float>().layout(into: &output)
        #expect(output.count == 0)
    }
}
