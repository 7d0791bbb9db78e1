import LayoutCore
import LayoutCoreTesting
import Testing

/// `removeAll(keepingCapacity:)` on the input columns: a caller that refills its columns every
/// frame gets empty columns that keep their storage, and refilled columns equal fresh ones.
@Suite struct ColumnsReuseTests {
    /// Every column of `columns`, type-erased, to check them all at once.
    static func allEmpty<C>(_ columns: C) -> Bool {
        Mirror(reflecting: columns).children.allSatisfy { ($0.value as? any Collection)?.isEmpty == true }
    }

    static func allHaveCapacity<C>(_ columns: C, atLeast capacity: Int) -> Bool {
        // (Through a protocol: `value as? [Float]` also succeeds for an empty `[UInt8]`.)
        Mirror(reflecting: columns).children.allSatisfy { ($0.value as? any ReportsCapacity)?.reportedCapacity ?? 0 >= capacity }
    }

    @Test func buttonContent() {
        let first = ButtonContentGenerator.batch(count: 40, seed: 1, as: Float.self)
        let second = ButtonContentGenerator.batch(count: 25, seed: 2, as: Float.self)
        var columns = type(of: first.columns).init(first.configurations)  // storage of its own
        columns.removeAll(keepingCapacity: true)
        #expect(columns.count == 0 && Self.allEmpty(columns))
        #expect(Self.allHaveCapacity(columns, atLeast: 40))
        for configuration in second.configurations { columns.append(configuration) }
        #expect(columns == second.columns)
        columns.removeAll()
        #expect(columns == ButtonContentColumns<Float>())
    }

    @Test func thumbTrack() {
        let first = ThumbTrackGenerator.benchmarkBatch(count: 40, seed: 1, as: Float.self)
        let second = ThumbTrackGenerator.benchmarkBatch(count: 25, seed: 2, as: Float.self)
        var columns = type(of: first.columns).init(first.configurations)  // storage of its own
        columns.removeAll(keepingCapacity: true)
        #expect(columns.count == 0 && Self.allEmpty(columns))
        #expect(Self.allHaveCapacity(columns, atLeast: 40))
        for configuration in second.configurations { columns.append(configuration) }
        #expect(columns == second.columns)
        columns.removeAll()
        #expect(columns == ThumbTrackColumns<Float>())
    }

    @Test func toggleTransition() {
        let first = ToggleTransitionGenerator.benchmarkBatch(count: 40, seed: 1, as: Float.self)
        let second = ToggleTransitionGenerator.benchmarkBatch(count: 25, seed: 2, as: Float.self)
        var columns = type(of: first.columns).init(first.configurations)  // storage of its own
        columns.removeAll(keepingCapacity: true)
        #expect(columns.count == 0 && Self.allEmpty(columns))
        #expect(Self.allHaveCapacity(columns, atLeast: 40))
        for configuration in second.configurations { columns.append(configuration) }
        #expect(columns == second.columns)
        columns.removeAll()
        #expect(columns == ToggleTransitionColumns<Float>())
    }
}

private protocol ReportsCapacity { var reportedCapacity: Int { get } }
extension Array: ReportsCapacity { var reportedCapacity: Int { capacity } }
