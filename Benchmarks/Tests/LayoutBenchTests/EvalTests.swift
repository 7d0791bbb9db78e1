import Foundation
import LayoutBench
import LayoutCore
import LayoutCoreTesting
import Testing

/// Runs `eval --kernel kernel` on `input` and returns its stderr, expecting exit code 3 and
/// nothing on stdout.
func evalFailure(_ input: String, kernel: String, engine: String, format: String = "csv") -> String {
    let result = runCLI(["eval", "--kernel", kernel, "--engine", engine, "--input-format", format], stdin: input)
    #expect(result.code == ExitCode.input, "exit \(result.code) for \(input)")
    #expect(result.out.isEmpty)
    return result.err
}

/// Runs `eval --kernel kernel` on the kernel's CSV fixture and returns its output, expecting
/// success.
func evalFixture(kernel: String, engine: String, precision: String) -> String {
    let result = runCLI(["eval", "--kernel", kernel, "--engine", engine, "--precision", precision,
                         "--input", fixtures + "/\(kernel).csv"])
    #expect(result.code == ExitCode.success, "\(result.err)")
    return result.out
}

/// `layout-bench eval` on the fixture files, against frames worked out by hand from the
/// button content contract (Docs/ButtonContent.md), and on bad rows.
struct EvalTests {
    /// The fixture's expected frames: image x, y, w, h, then title x, y, w, h.
    ///
    /// 0. UIKit's case: 88x56, image 32x32, title 37x20, leading, LTR. Block 32 + 0 + 37 = 69,
    ///    offset (88 - 69) / 2 = 9.5: image x 9.5, title x 9.5 + 32 = 41.5; across, image
    ///    (56 - 32) / 2 = 12, title (56 - 20) / 2 = 18.
    /// 1. The same in RTL: leading is on the right, so the title comes first: title x 9.5,
    ///    image x 9.5 + 37 = 46.5.
    /// 2. 100x80, insets top 4, leading 10, bottom 6, trailing 20; image 24x24 on top of a
    ///    50x16 title, spacing 8. Content rect x 10, y 4, 70 x 70. Along y: block 24 + 8 + 16 =
    ///    48, offset 11: image y 15, title y 15 + 24 + 8 = 47. Across: image x 10 + 23 = 33,
    ///    title x 10 + 10 = 20.
    /// 3. 46x50, image 10x10 below a 21x11 title, spacing 3, scale 1. Along y: block 24,
    ///    offset 13: title y 13, image y 13 + 11 + 3 = 27. Across: image x 18, title x 12.5,
    ///    snapped to 13 (half away from zero), its far edge 33.5 to 34, width 34 - 13 = 21.
    /// 4. .fit overflow: 60x20, image 20x20, title 50x10, spacing 5. 75 > 60: room for the
    ///    title 60 - 20 - 5 = 35, so it shrinks to 35; offset 0: image x 0, title x 25; title y
    ///    (20 - 10) / 2 = 5.
    /// 5. The same in .legacy: no shrinking, offset (60 - 75) / 2 = -7.5: image x -7.5, title
    ///    x -7.5 + 25 = 17.5 with its full width 50.
    /// 6. .fit with an absent title (width 0): the title counts as 0x0 and the gap goes, so the
    ///    image alone is centered: x (50 - 10) / 2 = 20, y 10; the empty title sits at x 20 +
    ///    10 = 30, y 30 / 2 = 15.
    static let expected: [[Double]] = [
        [9.5, 12, 32, 32, 41.5, 18, 37, 20],
        [46.5, 12, 32, 32, 9.5, 18, 37, 20],
        [33, 15, 24, 24, 20, 47, 50, 16],
        [18, 27, 10, 10, 13, 13, 21, 11],
        [0, 0, 20, 20, 25, 5, 35, 10],
        [-7.5, 0, 20, 20, 17.5, 5, 50, 10],
        [20, 10, 10, 10, 30, 15, 0, 0],
    ]

    static let outputHeader = "index,imageX,imageY,imageWidth,imageHeight,titleX,titleY,titleWidth,titleHeight"

    /// The frames of a CSV output, checked against `expected`.
    func check(csv output: String) throws {
        let records = try CSV.parse(output)
        #expect(records.first?.fields.joined(separator: ",") == Self.outputHeader)
        #expect(records.count == Self.expected.count + 1)
        for (index, record) in records.dropFirst().enumerated() where index < Self.expected.count {
            #expect(record.fields[0] == String(index))
            let values = record.fields.dropFirst().map { Double($0) }
            #expect(values == Self.expected[index].map { Optional($0) }, "control \(index)")
        }
    }

    @Test(arguments: ["reference", "kernel"], ["float", "double"])
    func csvFixture(engine: String, precision: String) throws {
        try check(csv: evalFixture(kernel: "button-content", engine: engine, precision: precision))
    }

    @Test(arguments: ["reference", "kernel"])
    func jsonFixtureGivesTheSameFrames(engine: String) throws {
        let result = runCLI(["eval", "--kernel", "button-content", "--engine", engine,
                             "--input", fixtures + "/button-content.json"])
        #expect(result.code == ExitCode.success, "\(result.err)")
        try check(csv: result.out)
    }

    @Test func jsonOutputFromStdin() throws {
        let input = "width,height,imageWidth,imageHeight,titleWidth,titleHeight\n88,56,32,32,37,20\n"
        let result = runCLI(["eval", "--kernel", "button-content", "--output-format", "json"], stdin: input)
        #expect(result.code == ExitCode.success)
        let objects = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as! [[String: Double]]
        #expect(objects == [["index": 0, "imageX": 9.5, "imageY": 12, "imageWidth": 32, "imageHeight": 32,
                             "titleX": 41.5, "titleY": 18, "titleWidth": 37, "titleHeight": 20]])
    }

    @Test func outputFile() throws {
        let directory = try temporaryDirectory()
        let result = runCLI(["eval", "--kernel", "button-content", "--input", fixtures + "/button-content.csv",
                             "--output", directory + "/frames.csv"])
        #expect(result.code == ExitCode.success)
        try check(csv: try String(contentsOfFile: directory + "/frames.csv", encoding: .utf8))
    }

    /// An empty input is refused (exit 3); a CSV header alone or an empty JSON array are zero
    /// controls (exit 0, a header or an empty array back).
    @Test func emptyInputIsRefusedButZeroControlsAreNot() {
        #expect(failure("").contains("is empty"))
        #expect(failure(" \n\n").contains("is empty"))
        let header = runCLI(["eval", "--kernel", "button-content"], stdin: "width,height,imageWidth,imageHeight,titleWidth,titleHeight\n")
        #expect(header.code == ExitCode.success && header.out.hasPrefix("index,"), "\(header)")
        let array = runCLI(["eval", "--kernel", "button-content", "--input-format", "json"], stdin: "[]")
        #expect(array.code == ExitCode.success, "\(array)")
    }

    /// Runs eval on `input` and returns its stderr, expecting exit code 3.
    func failure(_ input: String, format: String = "csv", engine: String = "reference") -> String {
        evalFailure(input, kernel: "button-content", engine: engine, format: format)
    }

    @Test(arguments: ["reference", "kernel"])
    func badRowsNameTheLineAndField(engine: String) {
        let header = "width,height,imageWidth,imageHeight,titleWidth,titleHeight,imagePlacement\n"
        let good = "88,56,32,32,37,20,leading\n"
        // Not a number, on the third line.
        #expect(failure(header + good + "88,abc,32,32,37,20,top\n", engine: engine)
                .contains("line 3, field 'height': 'abc' is not a number"))
        // A negative size: the library's validation, mapped back to the line.
        #expect(failure(header + good + good + "88,56,-1,32,37,20,top\n", engine: engine)
                .contains("line 4, field 'imageWidth': -1 is negative"))
        // Not finite.
        #expect(failure(header + "88,56,32,32,inf,20,top\n", engine: engine)
                .contains("line 2, field 'titleWidth'"))
        // An enumeration out of range.
        #expect(failure(header + "88,56,32,32,37,20,sideways\n", engine: engine)
                .contains("line 2, field 'imagePlacement': 'sideways' is not one of top, leading, bottom, trailing"))
        #expect(failure(header + "88,56,32,32,37,20,4\n", engine: engine).contains("field 'imagePlacement'"))
        // A missing required value, a short row.
        #expect(failure(header + "88,,32,32,37,20,top\n", engine: engine).contains("line 2, field 'height': empty"))
        #expect(failure(header + "88,56,32\n", engine: engine).contains("line 2: 3 fields, the header has 7"))
    }

    /// A cell is quoted as written, and a decimal the precision cannot hold is refused, not
    /// converted: `Float("1e39")` is infinite, `Float("1e-50")` is 0, `Float("0x58")` is 88,
    /// and `16777217` becomes the `Float` 16777216.
    @Test func cellsAreQuotedAsWrittenAndNothingIsConvertedSilently() {
        let header = "width,height,imageWidth,imageHeight,titleWidth,titleHeight\n"
        func run(_ row: String, _ precision: String) -> (code: Int32, err: String) {
            let result = runCLI(["eval", "--kernel", "button-content", "--precision", precision], stdin: header + row)
            return (result.code, result.err)
        }
        let large = run("88,56,32,32,1e39,20\n", "float")
        #expect(large.code == ExitCode.input && large.err.contains("line 2, field 'titleWidth': '1e39' is too large for Float (it would be infinite)"), "\(large)")
        let small = run("88,56,32,32,1e-50,20\n", "float")
        #expect(small.code == ExitCode.input && small.err.contains("field 'titleWidth': '1e-50' is too small for Float (it would be 0)"), "\(small)")
        let hex = run("0x58,56,32,32,37,20\n", "double")
        #expect(hex.code == ExitCode.input && hex.err.contains("field 'width': '0x58' is hexadecimal"), "\(hex)")
        let rounded = run("16777217,56,32,32,37,20\n", "float")
        #expect(rounded.code == ExitCode.input && rounded.err.contains("field 'width': 16777217 is out of range"), "\(rounded)")
        // What the precision holds is read: 1e-50 is a (tiny) Double, zero is zero, inf is
        // read and then refused by validation, quoted as written.
        #expect(run("88,56,32,32,1e-50,20\n", "double").code == ExitCode.success)
        #expect(run("88,56,32,32,0.000e5,20\n", "float").code == ExitCode.success)
        let infinite = run("88,56,32,32,inf,20\n", "float")
        #expect(infinite.code == ExitCode.input && infinite.err.contains("field 'titleWidth': inf is not finite"), "\(infinite)")
    }

    @Test func badHeadersAndDocuments() {
        #expect(failure("width,height,imageWidth,imageHeight,titleWidth,titleHeight,colour\n").contains("line 1, field 'colour': unknown column"))
        #expect(failure("width,height,imageWidth,imageHeight,titleWidth\n").contains("line 1, field 'titleHeight': required column missing"))
        // JSON: the line of the offending field.
        let json = """
        [
          {"width": 88, "height": 56, "imageWidth": 32, "imageHeight": 32, "titleWidth": 37, "titleHeight": 20},
          {"width": 88, "height": 56,
           "imageWidth": "wide", "imageHeight": 32, "titleWidth": 37, "titleHeight": 20}
        ]
        """
        #expect(failure(json, format: "json").contains("line 4, field 'imageWidth': 'wide' is not a number"))
        #expect(failure("[{\"width\": 88,}]", format: "json").contains("line 1"))
        #expect(failure("[1, 2]", format: "json").contains("a control must be a JSON object"))
        #expect(failure("[{\"width\": 1, \"height\": 1, \"imageWidth\": 1, \"imageHeight\": 1, \"titleWidth\": 1}]", format: "json")
                .contains("field 'titleHeight': missing"))
    }

    @Test func usageErrors() {
        #expect(runCLI(["eval"]).code == ExitCode.usage)
        #expect(runCLI(["eval", "--kernel", "stepper"]).code == ExitCode.usage)  // no such kernel
        #expect(runCLI(["eval", "--kernel", "button-content", "--engine", "gpu"]).code == ExitCode.usage)
        #expect(runCLI(["eval", "--kernel", "button-content", "--precision", "both"]).code == ExitCode.usage)
        #expect(runCLI(["eval", "--kernel", "button-content", "--input", "/nonexistent.csv"]).code == ExitCode.input)
    }
}

/// `help eval` comes from the controls' field sets: every input column by its full name, in
/// declaration order, and only the values a column accepts.
struct EvalHelpTests {
    @Test func everyColumnByItsFullNameInDeclarationOrder() {
        let result = runCLI(["help", "eval"])
        #expect(result.code == ExitCode.success)
        let text = result.out + result.err
        let sections = text.components(separatedBy: "COLUMNS OF ")
        for (kernel, names) in [("button-content", ControlSchema<ButtonContentConfiguration<Float>>.inputColumns.map(\.name)),
                                ("thumb-track", ControlSchema<ThumbTrackConfiguration<Float>>.inputColumns.map(\.name)),
                                ("toggle-transition", ControlSchema<ToggleTransitionConfiguration<Float>>.inputColumns.map(\.name)),
                                ("slider", ControlSchema<SliderConfiguration<Float>>.inputColumns.map(\.name))] {
            let section = sections.first { $0.hasPrefix(kernel + "\n") } ?? ""
            let lines = names.compactMap { name in
                section.components(separatedBy: "\n").firstIndex { $0.hasPrefix("  \(name) ") }
            }
            #expect(lines.count == names.count, "missing: \(names)")
            #expect(lines == lines.sorted(), "not in declaration order: \(names)")
        }
        #expect(text.contains("  indeterminateImageWidth "))
        #expect(text.contains("  indeterminateImageHeight "))
        // A transition may only target off or on: `indeterminate` is not offered for `to`.
        let to = text.components(separatedBy: "\n").first { $0.hasPrefix("  to ") }
        #expect(to?.contains("(off|on, required)") == true, "\(String(describing: to))")
    }
}

/// `eval --kernel thumb-track` on its fixture, against results worked out from the thumb track contract, Docs/ThumbTrack.md.
struct ThumbTrackEvalTests {
    /// thumb x, y, w, h, selected index, index changed.
    ///
    /// Controls 0-7: W 100, H 30, inset 2, two segments: segment width (100 - 4) / 2 = 48,
    /// thumb y 2, height 26; rest(0) = 2, rest(1) = 50 (reversed in RTL).
    /// 0. .changed, dx 10 from segment 0: x = 2 + 10 = 12.
    /// 1. .ended, dx 24 = exactly half a segment: d = 0.5 rounds away from zero: segment 1, x 50.
    /// 2. .ended, dx 23.5: d = 0.49: stays at segment 0, x 2.
    /// 3. RTL .changed from segment 0, which is on the right (x 50), dx -10: x 40.
    /// 4. .cancelled from segment 1 whatever dx: back to rest(1) = 50.
    /// 5. W 304, H 40, three segments of (304 - 4) / 3 = 100, .ended dx 20 with v 40000 and
    ///    rate 0.5: projection (40000 / 1000) * 0.5 / (1 - 0.5) = 40, d = (20 + 40) / 100 = 0.6:
    ///    segment 1, x = 2 + 100 = 102; height 36.
    /// 6. .changed, dx 100 without rubber band: 102 clamped to the upper rest 50.
    /// 7. .changed from segment 1 (x 50 = the upper end) with dx 48 and rubber band: overshoot
    ///    48, drawn (1 - 1 / (48 * 0.55 / 48 + 1)) * 48 = 48 * 0.55 / 1.55 = 17.0322580645...
    ///    past the end: x = 67.0322580645...
    /// 8. .legacy (inset 1): thumb width 100 / 2 - 1 = 49, y 1, height 28; .changed with dx 10
    ///    > 0: x = min(10, 49) = 10.
    /// 9. .legacy .ended with dx 0 from the left: the original code's bug sends it right: x = 100 / 2 - 1
    ///    = 49, index 1.
    static let expected: [(frame: [Double], index: Int, changed: Bool)] = [
        ([12, 2, 48, 26], 0, false),
        ([50, 2, 48, 26], 1, true),
        ([2, 2, 48, 26], 0, false),
        ([40, 2, 48, 26], 0, false),
        ([50, 2, 48, 26], 1, false),
        ([102, 2, 100, 36], 1, true),
        ([50, 2, 48, 26], 0, false),
        ([50 + 48 * 0.55 / 1.55, 2, 48, 26], 1, false),
        ([10, 1, 49, 28], 0, false),
        ([49, 1, 49, 28], 1, true),
    ]

    @Test(arguments: ["reference", "kernel"], ["float", "double"])
    func csvFixture(engine: String, precision: String) throws {
        let records = try CSV.parse(evalFixture(kernel: "thumb-track", engine: engine, precision: precision))
        #expect(records.first?.fields == ["index", "thumbX", "thumbY", "thumbWidth", "thumbHeight", "selectedIndex", "indexChanged"])
        #expect(records.count == Self.expected.count + 1)
        let tolerance = precision == "float" ? 1e-5 : 1e-12
        for (index, record) in records.dropFirst().enumerated() where index < Self.expected.count {
            let expected = Self.expected[index]
            let frame = record.fields[1...4].compactMap { Double($0) }
            #expect(frame.count == 4)
            for (actual, wanted) in zip(frame, expected.frame) {
                #expect(abs(actual - wanted) <= tolerance * max(1, abs(wanted)), "control \(index): \(frame) vs \(expected.frame)")
            }
            #expect(record.fields[5] == String(expected.index), "control \(index)")
            #expect(record.fields[6] == String(expected.changed), "control \(index)")
        }
    }

    @Test(arguments: ["reference", "kernel"])
    func badRows(engine: String) {
        func failure(_ input: String) -> String { evalFailure(input, kernel: "thumb-track", engine: engine) }
        let header = "width,height,inset,segmentCount,selectedIndex,phase,rubberBand\n"
        #expect(failure(header + "100,30,2,2,0,changed,false\n100,30,2,2,2,ended,false\n")
                .contains("line 3, field 'selectedIndex'"))
        #expect(failure(header + "100,30,60,2,0,changed,false\n").contains("line 2, field 'inset'"))
        #expect(failure(header + "100,30,2,two,0,changed,false\n").contains("line 2, field 'segmentCount': 'two' is not an integer"))
        #expect(failure(header + "100,30,2,2,0,began,false\n").contains("line 2, field 'phase': 'began' is not one of changed, ended, cancelled"))
        #expect(failure(header + "100,30,2,2,0,changed,maybe\n").contains("line 2, field 'rubberBand': 'maybe' is not true or false"))
    }
}

/// `eval --kernel toggle-transition` on its fixture, against layers worked out from the toggle transition contract,
/// Docs/ToggleTransition.md.
struct ToggleTransitionEvalTests {
    /// Per control: (alpha, scale, x, y, w, h) of the off, on and indeterminate layers.
    ///
    /// Every control: bounds 40x30, images off 20x20, on 24x24, indeterminate 16x16; a layer's
    /// frame is its image scaled by its scale and centered: w = iw * s, x = (40 - w) / 2.
    /// 0. off -> on, linear, t 0.15 of 0.3: e = 0.5. on fades in: alpha 0.5, scale
    ///    0.1 + 0.9 * 0.5 = 0.55 (13.2 x 13.2 at 13.4, 8.4); off fades out: alpha 0.5, scale 1.5
    ///    (30 x 30 at 5, 0); indeterminate alpha 0 at scale 1 (16 x 16 at 12, 7).
    /// 1. The same at t = d: the rest of on: on alpha 1, the others 0, every scale 1.
    /// 2. on -> off not animated: the rest of off at once.
    /// 3. indeterminate -> on at t 0 (first frame): on alpha 0 at scale 0.1 (2.4 x 2.4 at 18.8,
    ///    13.8); off alpha 0 at scale 1; indeterminate alpha 1 (its rest alpha in `from`).
    /// 4. .legacy indeterminate -> on at t = d: the rest of on, but the original control `.legacy` follows never hides the
    ///    indeterminate layer: its alpha stays 1.
    /// 5. on -> off, easeInOut at t = d / 2: the curve is symmetric, e = 0.5 (within the
    ///    solver's 1e-5): off alpha 0.5, scale 0.55 (11 x 11 at 14.5, 9.5); on alpha 0.5, scale
    ///    1.5 (36 x 36 at 2, -3).
    static let expected: [[Double]] = [
        [0.5, 1.5, 5, 0, 30, 30, 0.5, 0.55, 13.4, 8.4, 13.2, 13.2, 0, 1, 12, 7, 16, 16],
        [0, 1, 10, 5, 20, 20, 1, 1, 8, 3, 24, 24, 0, 1, 12, 7, 16, 16],
        [1, 1, 10, 5, 20, 20, 0, 1, 8, 3, 24, 24, 0, 1, 12, 7, 16, 16],
        [0, 1, 10, 5, 20, 20, 0, 0.1, 18.8, 13.8, 2.4, 2.4, 1, 1, 12, 7, 16, 16],
        [0, 1, 10, 5, 20, 20, 1, 1, 8, 3, 24, 24, 1, 1, 12, 7, 16, 16],
        [0.5, 0.55, 14.5, 9.5, 11, 11, 0.5, 1.5, 2, -3, 36, 36, 0, 1, 12, 7, 16, 16],
    ]

    @Test(arguments: ["reference", "kernel"], ["float", "double"])
    func csvFixture(engine: String, precision: String) throws {
        let records = try CSV.parse(evalFixture(kernel: "toggle-transition", engine: engine, precision: precision))
        #expect(records.first?.fields.count == 19)
        #expect(records.first?.fields.prefix(4) == ["index", "offAlpha", "offScale", "offX"])
        #expect(records.count == Self.expected.count + 1)
        for (index, record) in records.dropFirst().enumerated() where index < Self.expected.count {
            let values = record.fields.dropFirst().compactMap { Double($0) }
            #expect(values.count == 18)
            // Float rounding of 0.55 and the like: 1e-5 relative. Control 5 uses easeInOut, whose
            // progress is within 1e-5 of the exact curve (the toggle transition contract, Docs/ToggleTransition.md): a size of up to
            // 24 * (scale change 1) * 1e-5 off, so 3e-4.
            let tolerance = index == 5 ? 3e-4 : 1e-5
            for (column, (actual, wanted)) in zip(values, Self.expected[index]).enumerated() {
                #expect(abs(actual - wanted) <= tolerance * max(1, abs(wanted)), "control \(index), column \(column + 1): \(actual) vs \(wanted)")
            }
        }
    }

    @Test(arguments: ["reference", "kernel"])
    func badRows(engine: String) {
        func failure(_ input: String) -> String { evalFailure(input, kernel: "toggle-transition", engine: engine) }
        let header = "width,height,offImageWidth,offImageHeight,onImageWidth,onImageHeight,indeterminateImageWidth,indeterminateImageHeight,from,to,elapsed,duration\n"
        let good = "40,30,20,20,24,24,16,16,off,on,0.1,0.3\n"
        #expect(failure(header + good + "40,30,20,20,24,24,16,16,off,on,0.1,0\n").contains("line 3, field 'duration'"))
        #expect(failure(header + "40,30,20,20,24,24,16,16,off,indeterminate,0.1,0.3\n").contains("line 2, field 'to'"))
        #expect(failure(header + "40,30,20,20,24,24,16,16,off,on,nan,0.3\n").contains("line 2, field 'elapsed'"))
        #expect(failure(header + "40,30,20,20,24,24,16,16,sideways,on,0.1,0.3\n").contains("line 2, field 'from': 'sideways' is not one of off, on, indeterminate"))
    }
}
