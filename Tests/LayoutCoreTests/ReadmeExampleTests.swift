import LayoutCore
import Testing

/// The README's batch example ("Thousands at once"), compiled and run as written, with a
/// stand-in for the app's `visibleCells`; and the error message the README quotes. If the
/// API or the message changes, this fails and the README must change with it.
@Suite struct ReadmeExampleTests {
    struct Cell { var width: Float; var titleWidth: Float }

    /// Runs the README's code on `visibleCells`: the frames, or the error it prints.
    static func readmeBatchExample(_ visibleCells: [Cell]) -> (ButtonContentResultColumns<Float>, LayoutError?) {
        var printed: LayoutError?
        var printedFrames: [LayoutRect<Float>] = []
        func print(_ error: any Error) { printed = error as? LayoutError }
        func print(_ frame: LayoutRect<Float>) { printedFrames.append(frame) }

        // From here to the end of the `do`/`catch`: the README's code, unchanged.
        // One column per field (structure of arrays) in storage the library owns; enumerations as
        // raw values. Read or write one column by name: columns.titleWidth[3] = 42.
        var columns = ButtonContentColumns<Float>()
        for cell in visibleCells {
            columns.append(ButtonContentConfiguration(
                bounds: LayoutSize(width: cell.width, height: 44),
                imageSize: LayoutSize(width: 20, height: 20),
                titleSize: LayoutSize(width: cell.titleWidth, height: 18),
                imagePlacement: .leading, imagePadding: 8, displayScale: 3))
        }

        var frames = ButtonContentResultColumns<Float>()  // reuse between frames: no allocation
        do {
            try columns.layout(into: &frames)                     // SIMD, all cores from 256K controls
            if !frames.isEmpty {
                let firstImage = frames[0].imageFrame  // or read the columns frames.imageX, frames.imageY, ...
                print(firstImage)
            }
        } catch {
            print(error)  // e.g. "element 12, field 'titleWidth': -3.0 is negative"; frames untouched
        }
        // The example reads the first image frame only when the batch was laid out.
        #expect(printedFrames == (printed == nil && !visibleCells.isEmpty ? [frames[0].imageFrame] : []))
        return (frames, printed)
    }

    @Test func batchExampleLaysOutEveryCellLikeTheReference() throws {
        let cells = (0..<20).map { Cell(width: 120 + Float($0), titleWidth: 40 + 2 * Float($0)) }
        let (frames, error) = Self.readmeBatchExample(cells)
        #expect(error == nil)
        #expect(frames.count == cells.count)
        // `frames[0].imageFrame`, as the README reads it, is the reference's answer.
        for (index, cell) in cells.enumerated() {
            let expected = try ButtonContent.layout(ButtonContentConfiguration<Float>(
                bounds: LayoutSize(width: cell.width, height: 44),
                imageSize: LayoutSize(width: 20, height: 20),
                titleSize: LayoutSize(width: cell.titleWidth, height: 18),
                imagePlacement: .leading, imagePadding: 8, displayScale: 3))
            #expect(frames[index] == expected)
        }
    }

    @Test func theQuotedErrorIsTheOneANegativeTitleWidthGets() {
        var cells = (0..<20).map { _ in Cell(width: 120, titleWidth: 40) }
        cells[12].titleWidth = -3
        let (frames, error) = Self.readmeBatchExample(cells)
        #expect(error.map { "\($0)" } == "element 12, field 'titleWidth': -3.0 is negative")
        // "frames untouched": the new, empty output stays empty.
        #expect(frames.count == 0)
    }
}
