import LayoutCore
import LayoutCoreTesting
import Testing

/// The bad-input rules of Docs/ThumbTrack.md: one test per bad-input class. Each error names the
/// element, the field and the value; the batch and the one-control API report the same error;
/// a failing batch leaves the output untouched; nothing traps.
@Suite struct ThumbTrackValidationTests {
    /// Ten good `.fit` controls, with `edit` applied to element 6 (of the columns).
    static func columns(_ edit: (inout ThumbTrackColumns<Float>) -> Void) -> ThumbTrackColumns<Float> {
        var columns = ThumbTrackConfiguration<Float>.batch(count: 10, seed: 13, mode: .fit).columns
        edit(&columns)
        return columns
    }

    /// Runs the batch into an output full of sentinels and returns the error; checks that
    /// nothing was written, and that the one-control API reports the same error for element 6.
    static func error(_ columns: ThumbTrackColumns<Float>, compareWithReference: Bool = true) -> LayoutError? {
        let error = checkedBatchError(columns, outputCount: 10) { output in
            output.thumbX.update(from: repeatElement(12345, count: 10))
            output.selectedIndex.update(from: repeatElement(77, count: 10))
        }
        guard let error else {
            Issue.record("the batch was accepted")
            return nil
        }
        if compareWithReference, error.index == 6, error.problem != .columnLengthMismatch(expected: 10),
           let single = columns.configuration(at: 6) {
            // The same error at index 0 (NaN values compared as NaN).
            do {
                _ = try ThumbTrack.layout(single)
                Issue.record("the one-control API accepted element 6")
            } catch let singleError {
                #expect(singleError.index == 0 && singleError.field == error.field
                        && singleError.problem == error.problem
                        && (singleError.value == error.value || (singleError.value.isNaN && error.value.isNaN)),
                        "one control: \(singleError), batch: \(error)")
            }
        }
        return error
    }

    @Test func goodColumnsPass() throws {
        var output = ThumbTrackResultColumns<Float>()
        try Self.columns { _ in }.layout(into: &output)
        #expect(output.count == 10)
    }

    @Test func notFiniteValues() {
        for bad: Float in [.nan, .infinity, -.infinity, .signalingNaN] {
            for field in ["width", "height", "inset", "translation", "velocity", "projectionRate"] {
                let error = Self.error(Self.columns { c in
                    switch field {
                    case "width": c.width[6] = bad
                    case "height": c.height[6] = bad
                    case "inset": c.inset[6] = bad
                    case "translation": c.translation[6] = bad
                    case "velocity": c.velocity[6] = bad
                    default: c.projectionRate[6] = bad; c.snapping[6] = 1
                    }
                })
                #expect(error?.index == 6 && error?.field == field && error?.problem == .notFinite, "\(field) = \(bad): \(String(describing: error))")
            }
            // A rate column is numbers: a non-finite one is refused even where `.nearest`
            // ignores it (a configuration cannot hold it, so only the batch can say it).
            let error = Self.error(Self.columns { $0.projectionRate[6] = bad; $0.snapping[6] = 0 }, compareWithReference: false)
            #expect(error?.index == 6 && error?.field == "projectionRate" && error?.problem == .notFinite)
        }
    }

    @Test func negativeSizes() {
        #expect(Self.error(Self.columns { $0.width[6] = -1 })
            == LayoutError(index: 6, field: "width", value: -1, problem: .negative))
        #expect(Self.error(Self.columns { $0.height[6] = -0.25 })
            == LayoutError(index: 6, field: "height", value: -0.25, problem: .negative))
    }

    @Test func negativeInset() {
        #expect(Self.error(Self.columns { $0.inset[6] = -2 })
            == LayoutError(index: 6, field: "inset", value: -2, problem: .negative))
    }

    /// `W < 2i`, and its vertical twin `H < 2i` (Docs/ThumbTrack.md).
    @Test func insetsWiderThanTheBounds() {
        #expect(Self.error(Self.columns { $0.width[6] = 10; $0.height[6] = 40; $0.inset[6] = 5.5 })
            == LayoutError(index: 6, field: "inset", value: 5.5, problem: .inconsistent(rule: "2 * inset <= width")))
        #expect(Self.error(Self.columns { $0.width[6] = 100; $0.height[6] = 10; $0.inset[6] = 5.5 })
            == LayoutError(index: 6, field: "inset", value: 5.5, problem: .inconsistent(rule: "2 * inset <= height")))
        // W == 2i is a track without width: valid.
        var output = ThumbTrackResultColumns<Float>()
        #expect(throws: Never.self) {
            try Self.columns { $0.width[6] = 11; $0.height[6] = 40; $0.inset[6] = 5.5 }.layout(into: &output)
        }
    }

    @Test func fewerThanTwoSegments() {
        for n: UInt8 in [0, 1] {
            #expect(Self.error(Self.columns { $0.segmentCount[6] = n; $0.selectedIndex[6] = 0 })
                == LayoutError(index: 6, field: "segmentCount", value: Double(n), problem: .outOfRange(expected: "2...255")))
        }
        // Beyond a byte, only the one-control API can say it.
        let c = ThumbTrackConfiguration<Double>(bounds: LayoutSize(width: 100, height: 20), segmentCount: 300)
        #expect(throws: LayoutError(index: 0, field: "segmentCount", value: 300, problem: .outOfRange(expected: "2...255"))) {
            try ThumbTrack.layout(c)
        }
    }

    @Test func selectedIndexOutOfRange() {
        #expect(Self.error(Self.columns { $0.segmentCount[6] = 3; $0.selectedIndex[6] = 3 })
            == LayoutError(index: 6, field: "selectedIndex", value: 3, problem: .outOfRange(expected: "0...2")))
        let c = ThumbTrackConfiguration<Double>(bounds: LayoutSize(width: 100, height: 20), selectedIndex: -1)
        #expect(throws: LayoutError(index: 0, field: "selectedIndex", value: -1, problem: .outOfRange(expected: "0...1"))) {
            try ThumbTrack.layout(c)
        }
    }

    @Test func rateOutsideZeroToOne() {
        for rate: Float in [0, -0.0, 1, 1.5, -0.5] {
            #expect(Self.error(Self.columns { $0.snapping[6] = 1; $0.projectionRate[6] = rate })
                == LayoutError(index: 6, field: "projectionRate", value: Double(rate), problem: .outOfRange(expected: "> 0.0 and < 1.0")))
        }
        // `.nearest` ignores a finite rate.
        var output = ThumbTrackResultColumns<Float>()
        #expect(throws: Never.self) {
            try Self.columns { $0.snapping[6] = 0; $0.projectionRate[6] = 7 }.layout(into: &output)
        }
    }

    @Test func valuesBeyondLimits() {
        for field in ["width", "translation", "velocity"] {
            let error = Self.error(Self.columns { c in
                switch field {
                case "width": c.width[6] = 2e6
                case "translation": c.translation[6] = -2e6
                default: c.velocity[6] = 2e6
                }
            })
            #expect(error?.index == 6 && error?.field == field)
            if case .outOfRange = error?.problem {} else { Issue.record("expected outOfRange, got \(String(describing: error))") }
        }
    }

    typealias ByteField = KeyPath<ThumbTrackConfiguration<Float>.InputFields, Field<UInt8>> & Sendable

    /// Each enumeration refuses the first raw value past its cases (255 for the mode).
    @Test(arguments: [
        (\.phase, "phase", 3, "0...2"), (\.layoutDirection, "layoutDirection", 2, "0...1"),
        (\.snapping, "snapping", 2, "0...1"), (\.rubberBand, "rubberBand", 2, "0...1"), (\.mode, "mode", 255, "0...1"),
    ] as [(ByteField, String, UInt8, String)])
    func enumerationRawValuesOutOfRange(field: ByteField, name: String, value: UInt8, range: String) {
        #expect(Self.error(Self.columns { $0[dynamicMember: field][6] = value })
            == LayoutError(index: 6, field: name, value: Double(value), problem: .outOfRange(expected: range)))
    }

    /// `.legacy` is the original switch only: two segments, inset 1.
    @Test func legacyIsTheSeedsControl() {
        #expect(Self.error(Self.columns { $0.mode[6] = 1; $0.width[6] = 210; $0.height[6] = 35; $0.inset[6] = 1; $0.segmentCount[6] = 3; $0.selectedIndex[6] = 0 })
            == LayoutError(index: 6, field: "segmentCount", value: 3, problem: .inconsistent(rule: "segmentCount == 2 in .legacy mode")))
        #expect(Self.error(Self.columns { $0.mode[6] = 1; $0.width[6] = 210; $0.height[6] = 35; $0.inset[6] = 2; $0.segmentCount[6] = 2; $0.selectedIndex[6] = 0 })
            == LayoutError(index: 6, field: "inset", value: 2, problem: .inconsistent(rule: "inset == 1 in .legacy mode")))
    }

    @Test func columnsOfUnequalLength() {
        let error = lengthMismatchError(Self.columns { _ in }, field: "velocity", delta: -1)
        #expect(error == LayoutError(index: 9, field: "velocity", value: 9, problem: .columnLengthMismatch(expected: 10)))
        let longer = lengthMismatchError(Self.columns { _ in }, field: "mode", delta: 1)
        #expect(longer == LayoutError(index: 10, field: "mode", value: 11, problem: .columnLengthMismatch(expected: 10)))
    }

    /// Several bad elements: the lowest index wins, and at that index the first field in
    /// declaration order, whatever the lane positions.
    @Test func lowestIndexWins() {
        for first in 0..<9 {
            let error = Self.error(Self.columns {
                $0.mode[first + 1] = 9
                $0.velocity[first] = .nan
                $0.translation[first] = .infinity
                $0.inset[9] = -1
            })
            #expect(error?.index == first && error?.field == "translation")
        }
    }

    /// In a longer batch of both modes (validated sixteen bytes and a lane group at a time,
    /// then tails), one bad value at every position is found and named; without it the batch
    /// passes.
    @Test func badElementAnywhereInALongBatch() throws {
        let good = ThumbTrackConfiguration<Float>.batch(count: 83, seed: 17).columns
        var output = ThumbTrackResultColumns<Float>()
        try good.layout(into: &output)
        #expect(good.mode.contains(1) && good.mode.contains(0))
        let edits: [(field: String, edit: (inout ThumbTrackColumns<Float>, Int) -> Void)] = [
            ("width", { c, i in c.width[i] = .nan }),
            ("inset", { c, i in c.inset[i] = -1 }),
            ("segmentCount", { c, i in c.segmentCount[i] = 1; c.selectedIndex[i] = 0 }),
            ("selectedIndex", { c, i in c.selectedIndex[i] = c.segmentCount[i] }),
            ("velocity", { c, i in c.velocity[i] = 3e6 }),
            ("phase", { c, i in c.phase[i] = 7 }),
            ("rubberBand", { c, i in c.rubberBand[i] = 2 }),
            ("projectionRate", { c, i in c.snapping[i] = 1; c.projectionRate[i] = 1 }),
            ("mode", { c, i in c.mode[i] = 2 }),
            ("inset", { c, i in c.mode[i] = 1; c.segmentCount[i] = 2; c.selectedIndex[i] = 0; c.width[i] = 50; c.height[i] = 20; c.inset[i] = 1.5 }),
        ]
        for position in 0..<83 {
            for (field, edit) in edits {
                var columns = good
                edit(&columns, position)
                do {
                    try columns.validate()
                    Issue.record("position \(position), \(field): accepted")
                } catch {
                    #expect(error.index == position && error.field == field, "position \(position), \(field): \(error)")
                }
            }
        }
    }

    /// Bad input through the unchecked entry points gives garbage, never a trap.
    @Test func uncheckedNeverTraps() {
        var columns = Self.columns { _ in }
        for i in 0..<10 {
            columns.width[i] = [.nan, -.infinity, -5, 0, 1e30][i % 5]
            columns.segmentCount[i] = UInt8(i % 3)
            columns.selectedIndex[i] = 255
            columns.phase[i] = UInt8(i)
            columns.layoutDirection[i] = 200
            columns.snapping[i] = UInt8(i % 4)
            columns.projectionRate[i] = [.nan, 1, 0, -3, .infinity][i % 5]
            columns.mode[i] = UInt8(i % 3)
        }
        var output = ThumbTrackResultColumns<Float>()
        columns.uncheckedLayout(into: &output)
        #expect(output.count == 10)
        for n in [Int.min, -1, 0, 1, Int.max] {
            for k in [Int.min, -1, 0, 300, Int.max] {
                for mode in LayoutMode.allCases {
                    for phase in ThumbTrackPhase.allCases {
                        let c = ThumbTrackConfiguration<Double>(
                            bounds: LayoutSize(width: .nan, height: -1), inset: .infinity, segmentCount: n,
                            selectedIndex: k, translation: .nan, velocity: .infinity, phase: phase,
                            snapping: .projected(rate: .nan), rubberBand: true, mode: mode)
                        _ = ThumbTrack.layout(unchecked: c)
                        var garbage = ThumbTrackColumns<Double>()
                        garbage.append(c)
                        var out = ThumbTrackResultColumns<Double>()
                        garbage.uncheckedLayout(into: &out)
                        #expect(throws: LayoutError.self) { try garbage.layout(into: &out) }
                    }
                }
            }
        }
    }

    /// A batch of several thousand: a bad value at the start, either side of the middle and at
    /// the end is found on one thread and split across several (each checks its range with
    /// the control's fused pass).
    @Test func aBadValueInALargeBatchAcrossThreads() {
        var random = SplitMix64(seed: 13)
        // Valid controls only (the generator lets a few through that validation refuses).
        let configurations = (0..<6000).map { _ in ThumbTrackConfiguration<Float>.generated(&random, mode: nil) }
        let good = BatchColumns(configurations.filter { (try? $0.validate()) != nil }.prefix(5003))
        #expect(good.count == 5003)
        expectBadValueFoundAcrossThreads(good, at: [0, 2499, 2500, 2501, 5002], field: "translation") { $0.translation[$1] = .infinity }
    }
}
