// The arm64 check: every control's batch kernel against its scalar reference, bit for bit, in
// both precisions and every mode, compiled with Embedded Swift (no full runtime) so that it can
// be cross-compiled for aarch64 Linux and run under qemu-aarch64 (Tests/Embedded/check.sh).
//
// For each control, precision and mode it draws seeded, valid configurations with the same
// generators the tests use (`generated(_:mode:)` from the testing library, compiled into this
// program), lays them out in batches whose lengths cover full lane groups, every tail length
// and the chunk boundaries of the packed multi-pass kernels (256 `Float` and 128 `Double`
// controls), through the checked and the unchecked entry points and split into uneven thread
// shares, and compares every result bit with the reference's. Then the worked examples of each
// control's docs, and bad input: each bad batch must give its error (element, field, value)
// and write nothing.
//
// Usage: ARM64Check [cases per control, precision and mode]   (default 1,000,000)
//        ARM64Check profile CONTROL PRECISION ENGINE SIZE ITERATIONS   (for Tests/Embedded/instructions.sh)
// Exit status 0 when everything agrees, 1 otherwise (the first failures are printed).

import LayoutCore

@_extern(c, "clock_gettime") func clock_gettime(_ clock: Int32, _ time: UnsafeMutablePointer<Int>) -> Int32

/// Seconds of a monotonic clock.
func seconds() -> Double {
    var time = [0, 0]  // struct timespec: seconds, nanoseconds (both 64-bit on the targets here)
    _ = time.withUnsafeMutableBufferPointer { clock_gettime(1, $0.baseAddress!) }  // CLOCK_MONOTONIC
    return Double(time[0]) + Double(time[1]) / 1e9
}

/// A count with thousands separators (Embedded Swift prints no formatted numbers).
func grouped(_ value: Int) -> String {
    let digits = String(value)
    var out = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return out
}

var failures = 0
var exampleCount = 0
var badInputCount = 0
func fail(_ message: String) {
    failures += 1
    if failures <= 20 { print("FAIL: " + message) }
}

/// A configuration the testing library's generators can draw.
protocol Generated: BatchLayout {
    static func generated<Source: ValueSource>(_ source: inout Source, mode: LayoutMode?) -> Self
}
extension ButtonContentConfiguration: Generated {}
extension ThumbTrackConfiguration: Generated {}
extension ToggleTransitionConfiguration: Generated {}
extension SliderConfiguration: Generated {}

// MARK: - Kernel against reference

/// Batch lengths: every length up to three lane groups and one (every tail of both lane
/// widths), then lengths around one and two chunks of the packed passes.
let batchLengths = Array(1...25) + [127, 128, 129, 255, 256, 257, 383, 513, 600]

/// Lays out `cases` generated configurations of `C` in `mode` with the kernel and the
/// reference and counts the controls whose results differ in any bit.
func differential<C: Generated>(_: C.Type, _ name: String, precision: String, mode: LayoutMode,
                                cases: Int, seed: UInt64) {
    let start = seconds()
    var random = SplitMix64(seed: seed)
    var configurations: [C] = []
    var expected = BatchResultColumns<C>()
    var output = BatchResultColumns<C>()
    var done = 0
    var round = 0
    var mismatches = 0
    var digest = ResultDigest()
    while done < cases {
        let length = min(batchLengths[round % batchLengths.count], cases - done)
        configurations.removeAll(keepingCapacity: true)
        for _ in 0..<length { configurations.append(C.generated(&random, mode: mode)) }
        let columns = BatchColumns(configurations)
        expected.resize(to: length)
        for index in 0..<length { expected.set(C.referenceLayout(configurations[index]), at: index) }
        // The entry points in turn: checked, unchecked, and split into 3 uneven shares (Embedded
        // Swift has no threads: the shares run one after the other, through the same split).
        switch round % 3 {
        case 0:
            do throws(LayoutError) {
                try columns.layout(into: &output, parallelism: .serial)
            } catch {
                fail("\(name) \(precision): a valid batch was refused: \(error.description)")
                return
            }
        case 1: columns.uncheckedLayout(into: &output, parallelism: .serial)
        default: columns.uncheckedLayout(into: &output, parallelism: .threads(3))
        }
        digest.add(output, count: length)
        if let index = expected.firstBitDifference(from: output) {
            mismatches += 1
            fail("\(name) \(precision) \(mode == .fit ? "fit" : "legacy"): kernel differs from the reference at element \(index) of a batch of \(length) (round \(round), seed \(seed))")
        }
        done += length
        round += 1
    }
    let elapsed = seconds() - start
    print("\(name) \(precision) \(mode == .fit ? ".fit   " : ".legacy"): \(grouped(done)) cases, \(mismatches) mismatching batches, digest \(digest.hex), \(Int(elapsed * 1000)) ms")
}

/// FNV-1a over every result bit of every batch, in order (any NaN counted as one value):
/// the same cases give the same digest on every architecture exactly when every result bit
/// is the same there (check.sh compares the arm64 and x86-64 digests).
struct ResultDigest {
    var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bits: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { state = (state ^ ((bits >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01b3 }
    }

    mutating func add<C: BatchLayout>(_ output: BatchResultColumns<C>, count: Int) {
        for index in 0..<count {
            for position in 0..<C.ResultFields.fieldCount {
                switch output.value(field: position, at: index) {
                case .byte(let byte): add(UInt64(byte))
                case .scalar(let value): add(value.isNaN ? 0x7FF8_0000_0000_0000 : UInt64(truncatingIfNeeded: value.bitPatternWidened))
                }
            }
        }
    }

    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension LayoutScalar {
    /// The bit pattern, in 64 bits.
    var bitPatternWidened: UInt64 {
        MemoryLayout<Self>.size == 4 ? UInt64(Float(self).bitPattern) : Double(self).bitPattern
    }
}

func differentialAllModes<C: Generated>(_: C.Type, _ name: String, precision: String,
                                        modes: [LayoutMode], cases: Int, seed: UInt64) {
    for (offset, mode) in modes.enumerated() {
        differential(C.self, name, precision: precision, mode: mode, cases: cases, seed: seed &+ UInt64(offset))
    }
}

// MARK: - Worked examples

func rect<S: LayoutScalar>(_ x: S, _ y: S, _ width: S, _ height: S) -> LayoutRect<S> {
    LayoutRect(x: x, y: y, width: width, height: height)
}

/// The single-control entry point and a batch of one give `expected`, bit for bit.
func example<C: Generated>(_ name: String, _ configuration: C, _ expected: C.Result) where C.Result: Equatable {
    exampleCount += 1
    var single: C.Result?
    do throws(LayoutError) { single = try C.Namespace.layout(configuration) } catch {
        fail("example \(name): refused (field \(error.field))")
        return
    }
    if single != expected { fail("example \(name): the single-control layout differs from the worked values") }
    var want = BatchResultColumns<C>(count: 1)
    want.set(expected, at: 0)
    var output = BatchResultColumns<C>()
    do throws(LayoutError) { try BatchColumns([configuration]).layout(into: &output) } catch {
        fail("example \(name): the batch refused it")
        return
    }
    if want.firstBitDifference(from: output) != nil { fail("example \(name): the batch differs from the worked values") }
}

func examples<S: LayoutScalar>(_: S.Type) {
    // Button content (Docs/ButtonContent.md, "The rules, in order"): an 88 x 56 button without
    // insets, a 32 x 32 image leading a 37 x 20 title, no spacing, left to right: block
    // 32 + 37 = 69, offset (88 - 69) * 0.5 = 9.5; image at x 9.5, y (56 - 32) * 0.5 = 12;
    // title at x 9.5 + 32 = 41.5, y (56 - 20) * 0.5 = 18.
    example("button 88 x 56", ButtonContentConfiguration<S>(
        bounds: LayoutSize(width: 88, height: 56), imageSize: LayoutSize(width: 32, height: 32),
        titleSize: LayoutSize(width: 37, height: 20)),
        ButtonContentResult(imageFrame: rect(9.5, 12, 32, 32), titleFrame: rect(41.5, 18, 37, 20)))
    // A 100 x 80 button, insets top 4, leading 6, bottom 8, trailing 10, a 20 x 20 image over a
    // 50 x 16 title, spacing 6: content x 6, width 84, y 4, height 68; block 20 + 6 + 16 = 42,
    // offset (68 - 42) / 2 = 13: image y 17, title y 17 + 20 + 6 = 43; image x 6 + 32 = 38,
    // title x 6 + 17 = 23. Right to left the leading inset is on the right: x 42 and 27.
    for (direction, imageX, titleX) in [(LayoutDirection.leftToRight, S(38), S(23)), (.rightToLeft, 42, 27)] {
        example("button 100 x 80 top", ButtonContentConfiguration<S>(
            bounds: LayoutSize(width: 100, height: 80),
            contentInsets: DirectionalEdgeInsets(top: 4, leading: 6, bottom: 8, trailing: 10),
            imageSize: LayoutSize(width: 20, height: 20), titleSize: LayoutSize(width: 50, height: 16),
            imagePlacement: .top, imagePadding: 6, layoutDirection: direction),
            ButtonContentResult(imageFrame: rect(imageX, 17, 20, 20), titleFrame: rect(titleX, 43, 50, 16)))
    }
    // Thumb track, `.legacy` (Docs/ThumbTrack.md): the original 210 x 35 switch, inset 1: thumb
    // 210/2 - 1 = 104 wide, 35 - 2 = 33 high. Released after 60 pt to the right: 60 >= 104/2,
    // so it rests on the right at x 104 and the index changes to 1; after 51 pt it stays left.
    for (translation, x, index) in [(S(60), S(104), 1), (51, 1, 0)] {
        example("thumb track 210 x 35 released at \(index)", ThumbTrackConfiguration<S>(
            bounds: LayoutSize(width: 210, height: 35), inset: 1, translation: translation, phase: .ended, mode: .legacy),
            ThumbTrackResult(thumbFrame: rect(x, 1, 104, 33), selectedIndex: index, indexChanged: index == 1))
    }
    // Slider (Docs/Slider.md): 300 x 31, insets 2, a 28 x 28 thumb, track 4, values 0...100.
    // The thumb travels 300 - 2 - 2 - 28 = 268: at value 50, x = 2 + 0.5 * 268 = 136, y 1.5;
    // the split is at x + 14 = 150; the tracks at y (31 - 4) / 2 = 13.5.
    example("slider 300 x 31 at 50", SliderConfiguration<S>(
        bounds: LayoutSize(width: 300, height: 31), leadingInset: 2, trailingInset: 2, minimumValue: 0,
        maximumValue: 100, value: 50),
        SliderResult(thumbFrame: rect(136, 1.5, 28, 28), minimumTrackFrame: rect(2, 13.5, 148, 4),
                     maximumTrackFrame: rect(150, 13.5, 148, 4), value: 50, valueChanged: false))
    // Toggle transition (Docs/ToggleTransition.md): 80 x 80, off image 30 x 20, on image
    // 24 x 24, indeterminate 40 x 32, off -> on over 0.5 s. An image w x h at scale s covers
    // ((80 - ws) / 2, (80 - hs) / 2, ws, hs).
    // From t = d on, the on layer rests at scale 1 and the off layer is hidden at scale 1.
    func toggle(elapsed: S) -> ToggleTransitionConfiguration<S> {
        ToggleTransitionConfiguration(
            bounds: LayoutSize(width: 80, height: 80), offImageSize: LayoutSize(width: 30, height: 20),
            onImageSize: LayoutSize(width: 24, height: 24), indeterminateImageSize: LayoutSize(width: 40, height: 32),
            from: .off, to: .on, elapsed: elapsed, duration: 0.5)
    }
    let hiddenIndeterminate = ToggleLayer<S>(alpha: 0, scale: 1, frame: rect(20, 24, 40, 32))
    for elapsed in [S(0.5), 1] {
        example("toggle off -> on at rest", toggle(elapsed: elapsed), ToggleTransitionResult(
            off: ToggleLayer(alpha: 0, scale: 1, frame: rect(25, 30, 30, 20)),
            on: ToggleLayer(alpha: 1, scale: 1, frame: rect(28, 28, 24, 24)),
            indeterminate: hiddenIndeterminate))
    }
}

// MARK: - Bad input

/// A batch of 20 valid controls with element `index` changed by `spoil` must be refused with
/// `expected`, and leave the output exactly as it was.
func badInput<C: Generated>(_ name: String, _: C.Type, index: Int, expected: LayoutError, seed: UInt64,
                            _ spoil: (inout C) -> Void) {
    badInputCount += 1
    var random = SplitMix64(seed: seed)
    var configurations = (0..<20).map { _ in C.generated(&random, mode: nil) }
    spoil(&configurations[index])
    // The single-control path refuses it with the same error.
    do throws(LayoutError) {
        try configurations[index].validate()
        fail("bad input \(name): validate() accepted it")
    } catch {
        if !same(error, expected) { fail("bad input \(name): validate() says \(error.description) (expected \(expected.description))") }
    }
    var output = BatchResultColumns<C>()
    // Output from an earlier, valid layout: the refused call must not touch it.
    BatchColumns((0..<20).map { _ in C.generated(&random, mode: nil) }).uncheckedLayout(into: &output)
    let before = output
    var unchanged = BatchResultColumns<C>(count: 20)
    for row in 0..<20 { unchanged.set(before[row], at: row) }
    do throws(LayoutError) {
        try BatchColumns(configurations).layout(into: &output)
        fail("bad input \(name): the batch accepted it")
    } catch {
        var want = expected
        want.index = index
        if !same(error, want) { fail("bad input \(name): the batch says element \(error.index), field \(error.field) (expected \(index), \(expected.field))") }
    }
    if output.count != 20 || unchanged.firstBitDifference(from: output) != nil { fail("bad input \(name): the refused batch wrote its output") }
}

/// Equal errors, NaN values included.
func same(_ a: LayoutError, _ b: LayoutError) -> Bool {
    a.index == b.index && a.field == b.field && a.problem == b.problem
        && (a.value.bitPattern == b.value.bitPattern || (a.value.isNaN && b.value.isNaN))
}

func badInputs<S: LayoutScalar>(_: S.Type, seed: UInt64) {
    let nan = S.nan
    badInput("button NaN title width", ButtonContentConfiguration<S>.self, index: 7,
             expected: LayoutError(index: 0, field: "titleWidth", value: .nan, problem: .notFinite), seed: seed) { $0.titleSize.width = nan }
    badInput("button negative width", ButtonContentConfiguration<S>.self, index: 19,
             expected: LayoutError(index: 0, field: "width", value: -1, problem: .negative), seed: seed) { $0.bounds.width = -1 }
    badInput("thumb track segmentCount 300", ThumbTrackConfiguration<S>.self, index: 3,
             expected: LayoutError(index: 0, field: "segmentCount", value: 300, problem: .outOfRange(expected: "2...255")), seed: seed) {
        $0.segmentCount = 300; $0.mode = .fit
    }
    badInput("thumb track infinite velocity", ThumbTrackConfiguration<S>.self, index: 8,
             expected: LayoutError(index: 0, field: "velocity", value: .infinity, problem: .notFinite), seed: seed) { $0.velocity = .infinity }
    badInput("toggle NaN duration", ToggleTransitionConfiguration<S>.self, index: 0,
             expected: LayoutError(index: 0, field: "duration", value: .nan, problem: .notFinite), seed: seed) { $0.duration = nan }
    badInput("toggle negative image height", ToggleTransitionConfiguration<S>.self, index: 15,
             expected: LayoutError(index: 0, field: "onImageHeight", value: -2, problem: .negative), seed: seed) { $0.onImageSize.height = -2 }
    badInput("slider NaN translation", SliderConfiguration<S>.self, index: 12,
             expected: LayoutError(index: 0, field: "translation", value: .nan, problem: .notFinite), seed: seed) { $0.translation = nan }
}

// MARK: - Profile: one engine laid out again and again, for counting instructions

/// Lays out one batch of `size` seeded `.fit` controls `iterations` times with `engine`
/// (kernel, kernel-unchecked or reference) and prints nothing: Tests/Embedded/instructions.sh
/// counts the instructions qemu executes for two iteration counts, and the difference over the
/// extra iterations is the engine's count per call (what Benchmarks/instruction-gate.sh counts
/// with callgrind on the host's normal build).
func profile<C: Generated>(_: C.Type, engine: String, size: Int, iterations: Int) -> Bool {
    var random = SplitMix64(seed: 42)
    let configurations = (0..<size).map { _ in C.generated(&random, mode: .fit) }
    let columns = BatchColumns(configurations)
    var output = BatchResultColumns<C>(count: size)
    var references = configurations.map { C.referenceLayout($0) }
    switch engine {
    case "kernel":
        for _ in 0..<iterations {
            do throws(LayoutError) { try columns.layout(into: &output, parallelism: .serial) } catch { return false }
        }
    case "kernel-unchecked":
        for _ in 0..<iterations { columns.uncheckedLayout(into: &output, parallelism: .serial) }
    case "reference":
        references.withUnsafeMutableBufferPointer { results in
            configurations.withUnsafeBufferPointer { inputs in
                for _ in 0..<iterations {
                    for index in 0..<size { results[index] = C.referenceLayout(inputs[index]) }
                }
            }
        }
    default:
        return false
    }
    return true
}

func profile(_ arguments: [String]) -> Int32 {
    guard arguments.count == 5, let size = Int(arguments[3]), let iterations = Int(arguments[4]) else {
        print("usage: ARM64Check profile button|thumb|toggle|slider float|double kernel|kernel-unchecked|reference SIZE ITERATIONS")
        return 2
    }
    let (control, precision, engine) = (arguments[0], arguments[1], arguments[2])
    let done: Bool
    switch (control, precision) {
    case ("button", "float"): done = profile(ButtonContentConfiguration<Float>.self, engine: engine, size: size, iterations: iterations)
    case ("button", "double"): done = profile(ButtonContentConfiguration<Double>.self, engine: engine, size: size, iterations: iterations)
    case ("thumb", "float"): done = profile(ThumbTrackConfiguration<Float>.self, engine: engine, size: size, iterations: iterations)
    case ("thumb", "double"): done = profile(ThumbTrackConfiguration<Double>.self, engine: engine, size: size, iterations: iterations)
    case ("toggle", "float"): done = profile(ToggleTransitionConfiguration<Float>.self, engine: engine, size: size, iterations: iterations)
    case ("toggle", "double"): done = profile(ToggleTransitionConfiguration<Double>.self, engine: engine, size: size, iterations: iterations)
    case ("slider", "float"): done = profile(SliderConfiguration<Float>.self, engine: engine, size: size, iterations: iterations)
    case ("slider", "double"): done = profile(SliderConfiguration<Double>.self, engine: engine, size: size, iterations: iterations)
    default: done = false
    }
    if !done { print("profile: no such control, precision or engine (or a valid batch was refused)") }
    return done ? 0 : 2
}

// MARK: - The example of Docs/Embedded.md, as written there

func documentedExample() {
    var columns = SliderColumns<Float>()
    columns.append(SliderConfiguration(bounds: LayoutSize(width: 300, height: 31), value: 0.5))
    var frames = SliderResultColumns<Float>()
    do throws(LayoutError) {
        try columns.layout(into: &frames)
        let thumb = frames[0].thumbFrame   // whole elements, not columns by name
        _ = thumb
    } catch {
        // error.index, error.field and error.value say what was refused; `frames` is unchanged.
    }
    // The thumb travels 300 - 28 = 272 (no insets): x = 0.5 * 272 = 136.
    if frames.count != 1 || frames[0].thumbFrame.x != 136 { fail("the example of Docs/Embedded.md") }
}

// MARK: - Main

// The C entry point (Embedded Swift has no `CommandLine`): the C library's start-up calls it.
@_cdecl("main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    let arguments = (1..<Int(argc)).map { String(cString: argv[$0]!) }
    if arguments.first == "profile" { return profile(Array(arguments.dropFirst())) }
    var cases = 1_000_000
    if let first = arguments.first, let count = Int(first) { cases = count }
    let start = seconds()
    print("LayoutCore arm64 check: \(grouped(cases)) cases per control, precision and mode")
    let both: [LayoutMode] = [.fit, .legacy]
    differentialAllModes(ButtonContentConfiguration<Float>.self, "button content   ", precision: "Float ", modes: both, cases: cases, seed: 1)
    differentialAllModes(ButtonContentConfiguration<Double>.self, "button content   ", precision: "Double", modes: both, cases: cases, seed: 11)
    differentialAllModes(ThumbTrackConfiguration<Float>.self, "thumb track      ", precision: "Float ", modes: both, cases: cases, seed: 21)
    differentialAllModes(ThumbTrackConfiguration<Double>.self, "thumb track      ", precision: "Double", modes: both, cases: cases, seed: 31)
    differentialAllModes(ToggleTransitionConfiguration<Float>.self, "toggle transition", precision: "Float ", modes: both, cases: cases, seed: 41)
    differentialAllModes(ToggleTransitionConfiguration<Double>.self, "toggle transition", precision: "Double", modes: both, cases: cases, seed: 51)
    differentialAllModes(SliderConfiguration<Float>.self, "slider           ", precision: "Float ", modes: [.fit], cases: cases, seed: 61)
    differentialAllModes(SliderConfiguration<Double>.self, "slider           ", precision: "Double", modes: [.fit], cases: cases, seed: 71)
    examples(Float.self)
    examples(Double.self)
    print("worked examples: \(exampleCount), both precisions")
    badInputs(Float.self, seed: 81)
    badInputs(Double.self, seed: 91)
    print("bad input: \(badInputCount) batches, both precisions")
    documentedExample()
    let elapsed = Int(seconds() - start)
    if failures > 0 {
        print("arm64 check: \(failures) failures, \(elapsed) s")
        return 1
    }
    print("arm64 check: every case agrees bit for bit, \(elapsed) s")
    return 0
}
