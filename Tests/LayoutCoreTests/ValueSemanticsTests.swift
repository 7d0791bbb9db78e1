import LayoutCore
import LayoutCoreTesting
import Testing

/// Batches, results and column views are values: no sequence of calls whose names do not say
/// `unsafe` changes another value or reaches memory a batch freed. CI runs this suite under
/// AddressSanitizer too (`swift test --sanitize=address --filter ValueSemantics`).
@Suite struct ValueSemanticsTests {
    func config(titleWidth: Float) -> ButtonContentConfiguration<Float> {
        ButtonContentConfiguration(
            bounds: LayoutSize(width: 120, height: 44), imageSize: LayoutSize(width: 20, height: 20),
            titleSize: LayoutSize(width: titleWidth, height: 18))
    }

    /// A `let` copy keeps its values when a view read from the original is written.
    @Test func aWrittenViewLeavesTheBatchAndItsCopiesAlone() {
        var a = ButtonContentColumns<Float>()
        a.append(config(titleWidth: 10))
        let b = a
        var view = a.titleWidth
        view[0] = 99
        #expect(b.titleWidth[0] == 10)
        #expect(a.titleWidth[0] == 10)
        #expect(view[0] == 99)
    }

    /// A view kept while its batch grows keeps its own elements: its write reaches neither the
    /// batch nor the block the batch left (AddressSanitizer would report a write there).
    @Test func aViewKeptAcrossGrowthWritesItsOwnElements() {
        var c = ButtonContentColumns<Float>()
        c.append(config(titleWidth: 10))
        var kept = c.titleWidth
        for i in 0..<10_000 { c.append(config(titleWidth: Float(i))) }
        kept[0] = 7
        #expect(kept.count == 1 && kept[0] == 7)
        #expect(c.titleWidth[0] == 10 && c.count == 10_001)
        var pointed = c.titleHeight
        pointed.withUnsafeMutableBufferPointer { $0[0] = 1 }
        pointed.update(from: repeatElement(2, count: pointed.count))
        c.removeAll()
        #expect(pointed.count == 10_001 && pointed.allSatisfy { $0 == 2 })
    }

    /// Writing through the batch still works in place, and assigning a column copies its
    /// elements.
    @Test func writesThroughTheBatchChangeThatBatchOnly() {
        var columns = ButtonContentColumns<Float>((0..<20).map { config(titleWidth: Float($0)) })
        let before = columns
        columns.titleWidth[3] = 42
        columns.titleHeight.withUnsafeMutableBufferPointer { $0[4] = 5 }
        #expect(columns.titleWidth[3] == 42 && columns.titleHeight[4] == 5)
        #expect(before.titleWidth[3] == 3 && before.titleHeight[4] == 18)
        var other = before
        other.titleWidth = columns.titleWidth
        #expect(Array(other.titleWidth) == Array(columns.titleWidth))
        #expect(before.titleWidth[3] == 3)
    }

    /// A column swapped with a view, or with another batch's column, trades elements: each
    /// side holds the other's afterwards, and a copy taken before holds neither write.
    @Test func swappedColumnsTradeTheirElements() {
        var columns = ButtonContentColumns<Float>((0..<5).map { config(titleWidth: Float($0)) })
        let before = columns
        var view = columns.titleWidth
        view[1] = 50
        swap(&columns.titleWidth, &view)
        #expect(Array(columns.titleWidth) == [0, 50, 2, 3, 4])
        #expect(Array(view) == [0, 1, 2, 3, 4])
        view[2] = 60
        #expect(Array(columns.titleWidth) == [0, 50, 2, 3, 4])

        var other = ButtonContentColumns<Float>((0..<5).map { config(titleWidth: Float(10 + $0)) })
        swap(&columns.titleWidth, &other.titleWidth)
        #expect(Array(columns.titleWidth) == [10, 11, 12, 13, 14])
        #expect(Array(other.titleWidth) == [0, 50, 2, 3, 4])
        #expect(Array(before.titleWidth) == [0, 1, 2, 3, 4])
    }

    /// A copy of a column taken during an access to it (an `inout` argument) is a value of
    /// its own: its writes stay out of the batch, and the access's writes out of the copy.
    @Test func aCopyTakenDuringAnAccessWritesItsOwnElements() {
        var columns = ButtonContentColumns<Float>((0..<5).map { config(titleWidth: Float($0)) })
        func access(_ column: inout Column<Float>) -> Column<Float> {
            var copy = column
            copy[0] = 70
            column[1] = 80
            return copy
        }
        let copy = access(&columns.titleWidth)
        #expect(Array(columns.titleWidth) == [0, 80, 2, 3, 4])
        #expect(Array(copy) == [70, 1, 2, 3, 4])
    }

    /// Every mutating call and view write of every control, on copies that share storage.
    @Test(arguments: ControlSuiteTests.cases)
    func copiesNeverShareWrites(_ test: ControlSuiteTests.Case) {
        if let failure = test.family.run(.valueSemantics(seed: ControlSuiteTests.seed(test, 0x5EED)), double: test.double) {
            Issue.record("\(test.testDescription): \(failure)")
        }
    }

    /// Default-made values: empty batches and results answer every public call without
    /// trapping (there is no public way to make a field set, bound or not).
    @Test func defaultMadeValuesAreUsable() throws {
        let empty = ThumbTrackColumns<Double>(), counted = ThumbTrackColumns<Double>(count: 0)
        var output = ThumbTrackResultColumns<Double>()
        try empty.validate()
        try empty.layout(into: &output)
        counted.uncheckedLayout(into: &output, parallelism: .threads(4))
        #expect(empty == counted && output.isEmpty && empty.isEmpty && empty.capacity == 0)
        #expect(Array(empty.width).isEmpty && Array(output.thumbX).isEmpty)
        #expect(empty.width.withUnsafeBufferPointer { $0.count } == 0)
        var emptied = empty
        emptied.removeAll(keepingCapacity: true)
        emptied.reserveCapacity(0)
        #expect(emptied == empty)
    }

    /// A count or an index that its byte column cannot hold is quoted as passed, by the batch
    /// as by the single-control path.
    @Test(arguments: [(300, 0), (-1, 0), (3, -1), (3, 256), (3, Int.max)])
    func unrepresentableValuesAreQuotedAsPassed(_ segmentCount: Int, _ selectedIndex: Int) throws {
        let good = ThumbTrackConfiguration<Float>(bounds: LayoutSize(width: 240, height: 32), segmentCount: 3)
        var bad = good
        bad.segmentCount = segmentCount
        bad.selectedIndex = selectedIndex
        var single: LayoutError?
        do { _ = try ThumbTrack.layout(bad) } catch { single = error }
        let columns = ThumbTrackColumns([good, bad, good])
        var output = ThumbTrackResultColumns<Float>(count: 3)
        output.thumbX[0] = 12_345
        var batch: LayoutError?
        do { try columns.layout(into: &output) } catch { batch = error }
        let expectedField = segmentCount == 3 ? "selectedIndex" : "segmentCount"
        let expectedValue = Double(segmentCount == 3 ? selectedIndex : segmentCount)
        #expect(single?.field == expectedField && single?.value == expectedValue && single?.index == 0)
        #expect(batch?.field == expectedField && batch?.value == expectedValue && batch?.index == 1)
        #expect(batch?.problem == single?.problem)
        #expect(output.thumbX[0] == 12_345, "a failing batch wrote into its output")
        // The stored stand-in is no longer quoted once the column is written there.
        var fixed = columns
        fixed.segmentCount[1] = 3
        fixed.selectedIndex[1] = 1
        #expect(throws: Never.self) { try fixed.layout(into: &output) }
        var rewritten = columns
        rewritten.segmentCount[1] = 1
        rewritten.selectedIndex[1] = 1
        #expect(throws: LayoutError(index: 1, field: "segmentCount", value: 1, problem: .outOfRange(expected: "2...255"))) {
            try rewritten.layout(into: &output)
        }
    }

    // Every public precondition traps as documented, in a child process.

    @Test func anOutOfRangeColumnIndexTraps() async {
        await #expect(processExitsWith: .failure) {
            let columns = ButtonContentColumns<Float>(count: 2)
            _ = columns.titleWidth[2]
        }
        await #expect(processExitsWith: .failure) {
            var columns = ButtonContentColumns<Float>(count: 2)
            columns.titleWidth[-1] = 1
        }
        await #expect(processExitsWith: .failure) {
            var view = ButtonContentColumns<Float>(count: 2).titleWidth
            view[2] = 1
        }
    }

    @Test func aColumnOfAnotherLengthTraps() async {
        await #expect(processExitsWith: .failure) {
            var view = ButtonContentColumns<Float>(count: 2).titleWidth
            view.update(from: [1, 2, 3])
        }
        await #expect(processExitsWith: .failure) {
            var columns = ButtonContentColumns<Float>(count: 2)
            columns.titleWidth = ButtonContentColumns<Float>(count: 3).titleWidth
        }
    }

    @Test func anOutOfRangeControlIndexTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = ButtonContentColumns<Float>(count: 2).configuration(at: 2)
        }
        await #expect(processExitsWith: .failure) {
            _ = ButtonContentResultColumns<Float>(count: 2)[-1]
        }
    }
}
