import LayoutCore

/// `eval --kernel button-content`: SPEC section 1. Column names are the fields of
/// `ButtonContentColumns` (and of its validation errors).
public enum ButtonContentEval: EvalKernel {
    public static let name = "button-content"

    public static let inputColumns: [EvalColumn] = [
        EvalColumn("width", .number, "bounds width W (points)"),
        EvalColumn("height", .number, "bounds height H"),
        EvalColumn("insetTop", .number, default: "0", "content inset, top"),
        EvalColumn("insetLeading", .number, default: "0", "content inset, leading (left in LTR, right in RTL)"),
        EvalColumn("insetBottom", .number, default: "0", "content inset, bottom"),
        EvalColumn("insetTrailing", .number, default: "0", "content inset, trailing"),
        EvalColumn("imageWidth", .number, "image size iw (0 = no image in .fit)"),
        EvalColumn("imageHeight", .number, "image size ih"),
        EvalColumn("titleWidth", .number, "title size tw (0 = no title in .fit)"),
        EvalColumn("titleHeight", .number, "title size th"),
        EvalColumn("imagePlacement", .enumeration(["top", "leading", "bottom", "trailing"]), default: "leading", "image relative to the title"),
        EvalColumn("imagePadding", .number, default: "0", "spacing s between image and title"),
        EvalColumn("layoutDirection", .enumeration(["leftToRight", "rightToLeft"]), default: "leftToRight", "layout direction"),
        EvalColumn("displayScale", .number, default: "0", "pixels per point to snap to (0 = no snapping)"),
        EvalColumn("mode", .enumeration(["fit", "legacy"]), default: "fit", "fit (hardened) or legacy (the seed's arithmetic)"),
    ]

    public static let outputColumns = [
        "imageX", "imageY", "imageWidth", "imageHeight", "titleX", "titleY", "titleWidth", "titleHeight",
    ]

    static func configuration<S: LayoutScalar & LosslessStringConvertible>(_ row: EvalRow, as: S.Type) throws(EvalError) -> ButtonContentConfiguration<S> {
        func number(_ name: String) throws(EvalError) -> S { try row.number(column(name), as: S.self) }
        func raw(_ name: String) throws(EvalError) -> UInt8 { try row.enumeration(column(name)) }
        return ButtonContentConfiguration(
            bounds: LayoutSize(width: try number("width"), height: try number("height")),
            contentInsets: DirectionalEdgeInsets(
                top: try number("insetTop"), leading: try number("insetLeading"),
                bottom: try number("insetBottom"), trailing: try number("insetTrailing")),
            imageSize: LayoutSize(width: try number("imageWidth"), height: try number("imageHeight")),
            titleSize: LayoutSize(width: try number("titleWidth"), height: try number("titleHeight")),
            imagePlacement: ImagePlacement(rawValue: try raw("imagePlacement"))!,
            imagePadding: try number("imagePadding"),
            layoutDirection: LayoutDirection(rawValue: try raw("layoutDirection"))!,
            displayScale: try number("displayScale"),
            mode: LayoutMode(rawValue: try raw("mode"))!)
    }

    static func cells<S: LayoutScalar & LosslessStringConvertible>(_ frames: ButtonContentResult<S>) -> [EvalValue] {
        let i = frames.imageFrame, t = frames.titleFrame
        return [i.x, i.y, i.width, i.height, t.x, t.y, t.width, t.height].map { EvalValue.scalar($0) }
    }

    public static func evaluate<S: LayoutScalar & LosslessStringConvertible>(
        _ rows: [EvalRow], engine: EvalEngine, as: S.Type
    ) throws(EvalError) -> [[EvalValue]] {
        var configurations: [ButtonContentConfiguration<S>] = []
        configurations.reserveCapacity(rows.count)
        for row in rows { configurations.append(try configuration(row, as: S.self)) }
        switch engine {
        case .reference:
            var outputs: [[EvalValue]] = []
            for (row, configuration) in zip(rows, configurations) {
                do {
                    outputs.append(cells(try ButtonContent.layout(configuration)))
                } catch {
                    throw row.error(error)
                }
            }
            return outputs
        case .kernel:
            let columns = ButtonContentColumns(configurations)
            var output = ButtonContentResultColumns<S>(count: columns.count)
            do {
                try columns.layout(into: &output, parallelism: .serial)
            } catch {
                throw Self.error(error, rows: rows)
            }
            return (0..<output.count).map { cells(output[$0]) }
        }
    }
}
