import LayoutCore
import LayoutCoreTesting
import Testing

/// `removeAll(keepingCapacity:)` on the input columns: a caller that refills its columns every
/// frame gets empty columns that keep their storage, and refilled columns equal fresh ones.
@Suite struct ColumnsReuseTests {
    @Test func buttonContent() {
        Self.checkReuse(
            first: ButtonContentGenerator.batch(count: 40, seed: 1, as: Float.self).configurations,
            second: ButtonContentGenerator.batch(count: 25, seed: 2, as: Float.self).configurations,
            build: ButtonContentColumns.init, append: { $0.append($1) },
            removeAll: { $0.removeAll(keepingCapacity: $1) }, count: \.count,
            isEmpty: \.isEmpty, capacity: \.capacity)
    }

    @Test func thumbTrack() {
        Self.checkReuse(
            first: ThumbTrackGenerator.benchmarkBatch(count: 40, seed: 1, as: Float.self).configurations,
            second: ThumbTrackGenerator.benchmarkBatch(count: 25, seed: 2, as: Float.self).configurations,
            build: ThumbTrackColumns.init, append: { $0.append($1) },
            removeAll: { $0.removeAll(keepingCapacity: $1) }, count: \.count,
            isEmpty: \.isEmpty, capacity: \.capacity)
    }

    @Test func toggleTransition() {
        Self.checkReuse(
            first: ToggleTransitionGenerator.benchmarkBatch(count: 40, seed: 1, as: Float.self).configurations,
            second: ToggleTransitionGenerator.benchmarkBatch(count: 25, seed: 2, as: Float.self).configurations,
            build: ToggleTransitionColumns.init, append: { $0.append($1) },
            removeAll: { $0.removeAll(keepingCapacity: $1) }, count: \.count,
            isEmpty: \.isEmpty, capacity: \.capacity)
    }

    /// Columns of `first` emptied keeping their storage: every column is empty with room for
    /// `first.count` elements; refilled with `second`, they equal columns built from `second`;
    /// emptied without keeping the storage, they equal new columns.
    static func checkReuse<Columns: Equatable, Configuration>(
        first: [Configuration], second: [Configuration],
        build: ([Configuration]) -> Columns, append: (inout Columns, Configuration) -> Void,
        removeAll: (inout Columns, Bool) -> Void, count: (Columns) -> Int,
        isEmpty: (Columns) -> Bool, capacity: (Columns) -> Int
    ) {
        var columns = build(first)
        removeAll(&columns, true)
        #expect(count(columns) == 0 && isEmpty(columns))
        #expect(capacity(columns) >= first.count)
        for configuration in second { append(&columns, configuration) }
        #expect(columns == build(second))
        removeAll(&columns, false)
        #expect(columns == build([]))
        #expect(capacity(columns) == 0)
    }
}

