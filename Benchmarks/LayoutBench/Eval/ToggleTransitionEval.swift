import LayoutCore

/// `eval --kernel toggle-transition`: SPEC section 3. Column names are the fields of
/// `ToggleTransitionColumns` (and of its validation errors).
public enum ToggleTransitionEval: EvalKernel {
    public static let name = "toggle-transition"

    static let states = ["off", "on", "indeterminate"]

    public static let inputColumns: [EvalColumn] = [
        EvalColumn("width", .number, "bounds width W (points)"),
        EvalColumn("height", .number, "bounds height H"),
        EvalColumn("offImageWidth", .number, "image size of the off layer"),
        EvalColumn("offImageHeight", .number, "image size of the off layer"),
        EvalColumn("onImageWidth", .number, "image size of the on layer"),
        EvalColumn("onImageHeight", .number, "image size of the on layer"),
        EvalColumn("indeterminateImageWidth", .number, "image size of the indeterminate layer"),
        EvalColumn("indeterminateImageHeight", .number, "image size of the indeterminate layer"),
        EvalColumn("from", .enumeration(states), "state at rest when the change was requested"),
        EvalColumn("to", .enumeration(states), "requested state: on or off"),
        EvalColumn("elapsed", .number, "time t since the request (seconds; before 0: not started)"),
        EvalColumn("duration", .number, "duration d (seconds, > 0)"),
        EvalColumn("curve", .enumeration(["linear", "easeInOut"]), default: "easeInOut", "timing curve"),
        EvalColumn("animated", .boolean, default: "true", "false jumps to the rest state of to"),
        EvalColumn("mode", .enumeration(["fit", "legacy"]), default: "fit", "fit (hardened) or legacy (seed 001)"),
    ]

    public static let outputColumns: [String] = ["off", "on", "indeterminate"].flatMap { layer in
        ["Alpha", "Scale", "X", "Y", "Width", "Height"].map { layer + $0 }
    }

    static func configuration<S: LayoutScalar & LosslessStringConvertible>(_ row: EvalRow, as: S.Type) throws(EvalError) -> ToggleTransitionConfiguration<S> {
        func number(_ name: String) throws(EvalError) -> S { try row.number(column(name), as: S.self) }
        func raw(_ name: String) throws(EvalError) -> UInt8 { try row.enumeration(column(name)) }
        return ToggleTransitionConfiguration(
            bounds: LayoutSize(width: try number("width"), height: try number("height")),
            offImageSize: LayoutSize(width: try number("offImageWidth"), height: try number("offImageHeight")),
            onImageSize: LayoutSize(width: try number("onImageWidth"), height: try number("onImageHeight")),
            indeterminateImageSize: LayoutSize(width: try number("indeterminateImageWidth"),
                                               height: try number("indeterminateImageHeight")),
            from: ToggleState(rawValue: try raw("from"))!,
            to: ToggleState(rawValue: try raw("to"))!,
            elapsed: try number("elapsed"),
            duration: try number("duration"),
            curve: ToggleTransitionCurve(rawValue: try raw("curve"))!,
            animated: try row.boolean(column("animated")),
            mode: LayoutMode(rawValue: try raw("mode"))!)
    }

    static func cells<S: LayoutScalar & LosslessStringConvertible>(_ layers: ToggleTransitionResult<S>) -> [EvalValue] {
        [layers.off, layers.on, layers.indeterminate].flatMap { layer in
            [layer.alpha, layer.scale, layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height]
                .map { EvalValue.scalar($0) }
        }
    }

    public static func evaluate<S: LayoutScalar & LosslessStringConvertible>(
        _ rows: [EvalRow], engine: EvalEngine, as: S.Type
    ) throws(EvalError) -> [[EvalValue]] {
        var configurations: [ToggleTransitionConfiguration<S>] = []
        configurations.reserveCapacity(rows.count)
        for row in rows { configurations.append(try configuration(row, as: S.self)) }
        switch engine {
        case .reference:
            var outputs: [[EvalValue]] = []
            for (row, configuration) in zip(rows, configurations) {
                do {
                    outputs.append(cells(try ToggleTransition.layout(configuration)))
                } catch {
                    throw row.error(error)
                }
            }
            return outputs
        case .kernel:
            let columns = ToggleTransitionColumns(configurations)
            var output = ToggleTransitionResultColumns<S>(count: columns.count)
            do {
                try columns.layout(into: &output, parallelism: .serial)
            } catch {
                throw Self.error(error, rows: rows)
            }
            return (0..<output.count).map { cells(output[$0]) }
        }
    }
}
