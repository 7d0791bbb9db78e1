import LayoutCore

/// `eval --kernel thumb-track`: SPEC section 2. Column names are the fields of
/// `ThumbTrackColumns` (and of its validation errors).
public enum ThumbTrackEval: EvalKernel {
    public static let name = "thumb-track"

    public static let inputColumns: [EvalColumn] = [
        EvalColumn("width", .number, "bounds width W (points)"),
        EvalColumn("height", .number, "bounds height H"),
        EvalColumn("inset", .number, default: "0", "gap i between the bounds and the track, every side"),
        EvalColumn("segmentCount", .integer, default: "2", "number of segments n (2...255)"),
        EvalColumn("selectedIndex", .integer, default: "0", "selected segment k when the pan began, from the leading end"),
        EvalColumn("translation", .number, default: "0", "pan translation dx (points, screen x)"),
        EvalColumn("velocity", .number, default: "0", "pan velocity v (points/s, screen x)"),
        EvalColumn("phase", .enumeration(["changed", "ended", "cancelled"]), default: "changed", "pan phase"),
        EvalColumn("layoutDirection", .enumeration(["leftToRight", "rightToLeft"]), default: "leftToRight", "layout direction"),
        EvalColumn("snapping", .enumeration(["nearest", "projected"]), default: "nearest", "how .ended picks the segment"),
        EvalColumn("projectionRate", .number, default: "0.998", "deceleration rate of projected snapping (0 < rate < 1; ignored for nearest)"),
        EvalColumn("rubberBand", .boolean, default: "false", "rubber band past the ends while .changed"),
        EvalColumn("mode", .enumeration(["fit", "legacy"]), default: "fit", "fit (hardened) or legacy (the seed: n = 2, inset 1)"),
    ]

    public static let outputColumns = [
        "thumbX", "thumbY", "thumbWidth", "thumbHeight", "selectedIndex", "indexChanged",
    ]

    static func configuration<S: LayoutScalar & LosslessStringConvertible>(_ row: EvalRow, as: S.Type) throws(EvalError) -> ThumbTrackConfiguration<S> {
        func number(_ name: String) throws(EvalError) -> S { try row.number(column(name), as: S.self) }
        func raw(_ name: String) throws(EvalError) -> UInt8 { try row.enumeration(column(name)) }
        let snapping: ThumbTrackSnapping<S> = try raw("snapping") == 0 ? .nearest : .projected(rate: try number("projectionRate"))
        return ThumbTrackConfiguration(
            bounds: LayoutSize(width: try number("width"), height: try number("height")),
            inset: try number("inset"),
            segmentCount: try row.integer(column("segmentCount")),
            selectedIndex: try row.integer(column("selectedIndex")),
            translation: try number("translation"),
            velocity: try number("velocity"),
            phase: ThumbTrackPhase(rawValue: try raw("phase"))!,
            layoutDirection: LayoutDirection(rawValue: try raw("layoutDirection"))!,
            snapping: snapping,
            rubberBand: try row.boolean(column("rubberBand")),
            mode: LayoutMode(rawValue: try raw("mode"))!)
    }

    static func cells<S: LayoutScalar & LosslessStringConvertible>(_ result: ThumbTrackResult<S>) -> [EvalValue] {
        let f = result.thumbFrame
        return [f.x, f.y, f.width, f.height].map { EvalValue.scalar($0) }
            + [.integer(result.selectedIndex), .boolean(result.indexChanged)]
    }

    public static func evaluate<S: LayoutScalar & LosslessStringConvertible>(
        _ rows: [EvalRow], engine: EvalEngine, as: S.Type
    ) throws(EvalError) -> [[EvalValue]] {
        var configurations: [ThumbTrackConfiguration<S>] = []
        configurations.reserveCapacity(rows.count)
        for row in rows { configurations.append(try configuration(row, as: S.self)) }
        switch engine {
        case .reference:
            var outputs: [[EvalValue]] = []
            for (row, configuration) in zip(rows, configurations) {
                do {
                    outputs.append(cells(try ThumbTrack.layout(configuration)))
                } catch {
                    throw row.error(error)
                }
            }
            return outputs
        case .kernel:
            let columns = ThumbTrackColumns(configurations)
            var output = ThumbTrackResultColumns<S>(count: columns.count)
            do {
                try columns.layout(into: &output, parallelism: .serial)
            } catch {
                throw Self.error(error, rows: rows)
            }
            return (0..<output.count).map { cells(output[$0]) }
        }
    }
}
