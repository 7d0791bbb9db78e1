import LayoutCore
import LayoutCoreTesting
import Testing

/// Hand-worked slider examples (Docs/Slider.md). Every expected value below is worked out from
/// the contract's formulas in the comments, not taken from the code's output. Each example
/// also goes through the batch kernel, which must give the same bits, in both precisions.
@Suite struct SliderExampleTests {
    /// The reference result, after checking that the kernel (a batch of one) agrees bit for bit.
    static func layout<S: LayoutScalar>(_ c: SliderConfiguration<S>) throws -> SliderResult<S> {
        try referenceAgreeingWithKernel(c)
    }

    static func frame<S: LayoutScalar>(_ x: S, _ y: S, _ w: S, _ h: S) -> LayoutRect<S> {
        LayoutRect(x: x, y: y, width: w, height: h)
    }

    /// The 300 x 31 slider: insets 2, a 28 x 28 thumb, a 4-point track, the range 0...100.
    /// Track 2...298 (`296` long), travel `L = 296 - 28 = 268`; thumb `y = (31 - 28) / 2 = 1.5`,
    /// tracks `y = (31 - 4) / 2 = 13.5`.
    static func standard<S: LayoutScalar>(_ value: S, _ direction: LayoutDirection = .leftToRight, scale: S = 0, as: S.Type = S.self) -> SliderConfiguration<S> {
        SliderConfiguration(
            bounds: LayoutSize(width: 300, height: 31), leadingInset: 2, trailingInset: 2,
            thumbSize: LayoutSize(width: 28, height: 28), trackThickness: 4,
            minimumValue: 0, maximumValue: 100, value: value, layoutDirection: direction, displayScale: scale)
    }

    /// `(value, thumb x, split c)` left to right: `x = 2 + f * 268`, `c = x + 14`.
    /// 0: x 2, c 16; 50: x 136, c 150; 100: x 270, c 284. Every number is a multiple of 0.5,
    /// so scale 2 changes nothing.
    func standardPositions<S: LayoutScalar>(_: S.Type) throws {
        for scale: S in [0, 2] {
            for (value, x, split) in [(S(0), S(2), S(16)), (50, 136, 150), (100, 270, 284)] {
                let r = try Self.layout(Self.standard(value, scale: scale))
                #expect(r.thumbFrame == Self.frame(x, 1.5, 28, 28), "value \(value) scale \(scale)")
                #expect(r.minimumTrackFrame == Self.frame(2, 13.5, split - 2, 4))
                #expect(r.maximumTrackFrame == Self.frame(split, 13.5, 298 - split, 4))
                #expect(r.value == value && !r.valueChanged)
                // Right to left: every edge at 300 - x; the minimum track is on the right.
                let m = try Self.layout(Self.standard(value, .rightToLeft, scale: scale))
                #expect(m.thumbFrame == Self.frame(300 - (x + 28), 1.5, 28, 28), "RTL value \(value) scale \(scale)")
                #expect(m.minimumTrackFrame == Self.frame(300 - split, 13.5, split - 2, 4))
                #expect(m.maximumTrackFrame == Self.frame(2, 13.5, 298 - split, 4))
            }
        }
    }

    @Test(arguments: bothPrecisions) func standardSlider(in scalar: any LayoutScalar.Type) throws { try standardPositions(scalar) }

    /// Value 10 at scale 2: `x = 2 + 0.1 * 268 = 28.8` -> 57.6 px -> 58 -> 29; far edge 56.8 ->
    /// 113.6 -> 114 -> 57 (width 28); split 42.8 -> 85.6 -> 86 -> 43. Right to left: edges
    /// 300 - 56.8 = 243.2 -> 486.4 -> 486 -> 243, 271.2 -> 542.4 -> 542 -> 271; split
    /// 257.2 -> 514.4 -> 514 -> 257.
    func snappedValue<S: LayoutScalar>(_: S.Type) throws {
        let r = try Self.layout(Self.standard(S(10), scale: 2))
        #expect(r.thumbFrame == Self.frame(29, 1.5, 28, 28))
        #expect(r.minimumTrackFrame == Self.frame(2, 13.5, 41, 4))
        #expect(r.maximumTrackFrame == Self.frame(43, 13.5, 255, 4))
        let m = try Self.layout(Self.standard(S(10), .rightToLeft, scale: 2))
        #expect(m.thumbFrame == Self.frame(243, 1.5, 28, 28))
        #expect(m.minimumTrackFrame == Self.frame(257, 13.5, 41, 4))
        #expect(m.maximumTrackFrame == Self.frame(2, 13.5, 255, 4))
        // Scale 1: y 1.5 -> 2 (halves away from zero), far edge 29.5 -> 30: height 28.
        let one = try Self.layout(Self.standard(S(0), scale: 1))
        #expect(one.thumbFrame == Self.frame(2, 2, 28, 28))
        #expect(one.minimumTrackFrame == Self.frame(2, 14, 14, 4))
    }

    @Test(arguments: bothPrecisions) func snappedValue(in scalar: any LayoutScalar.Type) throws { try snappedValue(scalar) }

    // MARK: - The step grid

    /// Step 10, released without translation: 45 is exactly half way between 40 and 50 and
    /// goes to the larger, 50; one ulp below 45 is nearer 40 and goes there; one ulp above
    /// goes to 50.
    func halfStep<S: LayoutScalar>(_: S.Type) throws {
        var c = Self.standard(S(45))
        c.step = 10
        c.phase = .ended
        var r = try Self.layout(c)
        #expect(r.value == 50 && r.valueChanged)
        #expect(r.thumbFrame.x == 2 + 134)  // 50 -> x = 2 + 0.5 * 268
        c.value = S(45).nextDown
        r = try Self.layout(c)
        #expect(r.value == 40 && r.valueChanged)
        c.value = S(45).nextUp
        r = try Self.layout(c)
        #expect(r.value == 50)
        // On a grid point, released without translation: it stays.
        c.value = 40
        r = try Self.layout(c)
        #expect(r.value == 40 && !r.valueChanged)
    }

    @Test(arguments: bothPrecisions) func halfStep(in scalar: any LayoutScalar.Type) throws { try halfStep(scalar) }

    /// Range 0...10, step 3: the grid is 0, 3, 6, 9 and the maximum 10. 9.6 is 0.6 above 9 and
    /// 0.4 below 10: it goes to 10, not 9. 9.4 goes to 9. A step of 30, wider than the range,
    /// leaves the grid {0, 10}: 5 (half way) goes to 10, 4.9 to 0.
    func lastStepAndWideStep<S: LayoutScalar>(_: S.Type) throws {
        var c = Self.standard(S(9.6))
        c.maximumValue = 10
        c.step = 3
        c.phase = .ended
        #expect(try Self.layout(c).value == 10)
        c.value = 9.4
        #expect(try Self.layout(c).value == 9)
        c.value = 7.6  // 1.6 above 6, 1.4 below 9
        #expect(try Self.layout(c).value == 9)
        c.step = 30
        c.value = 5
        #expect(try Self.layout(c).value == 10)
        c.value = 4.9
        #expect(try Self.layout(c).value == 0)
    }

    @Test(arguments: bothPrecisions) func lastStepAndWideStep(in scalar: any LayoutScalar.Type) throws { try lastStepAndWideStep(scalar) }

    // MARK: - The pan

    /// From 40, dragged 67 points: `67 * 100 / 268 = 25`, so 65. `.changed` is not stepped
    /// (65, with step 10); `.ended` steps it: 65 is half way between 60 and 70, so 70. In
    /// right to left the translation is negated: -67 gives 65, +67 gives 15.
    func pan<S: LayoutScalar>(_: S.Type) throws {
        var c = Self.standard(S(40))
        c.step = 10
        c.phase = .changed
        c.translation = 67
        var r = try Self.layout(c)
        #expect(r.value == 65 && r.valueChanged)
        c.phase = .ended
        #expect(try Self.layout(c).value == 70)
        c.phase = .changed
        c.layoutDirection = .rightToLeft
        c.translation = -67
        #expect(try Self.layout(c).value == 65)
        c.translation = 67
        #expect(try Self.layout(c).value == 15)
        // Dragged far past either end: clamped to the range.
        c.translation = -10_000
        #expect(try Self.layout(c).value == 100)
        c.translation = 10_000
        r = try Self.layout(c)
        #expect(r.value == 0)
        #expect(r.thumbFrame.x == 270)  // RTL minimum end: 300 - (2 + 28)
    }

    @Test(arguments: bothPrecisions) func pan(in scalar: any LayoutScalar.Type) throws { try pan(scalar) }

    /// `.cancelled` gives back the value as it began, even outside the range (the thumb is
    /// drawn at the clamped position); `.none` clamps it.
    func cancelledAndNone<S: LayoutScalar>(_: S.Type) throws {
        var c = Self.standard(S(150))
        c.phase = .cancelled
        c.translation = 30
        var r = try Self.layout(c)
        #expect(r.value == 150 && !r.valueChanged)
        #expect(r.thumbFrame.x == 270)
        c.value = 33.3
        r = try Self.layout(c)
        #expect(r.value == c.value && !r.valueChanged)
        c.phase = .none
        c.value = -20
        r = try Self.layout(c)
        #expect(r.value == 0 && r.valueChanged)
        #expect(r.thumbFrame.x == 2)
    }

    @Test(arguments: bothPrecisions) func cancelledAndNone(in scalar: any LayoutScalar.Type) throws { try cancelledAndNone(scalar) }

    // MARK: - Shrinking

    /// A 20-point slider with insets 2: the track is 16 long, the 28-point thumb shrinks to 16
    /// and has no travel; at any value it sits at 2, its centre (the split) at 10. A 40-point
    /// thumb height shrinks to the 31-point bounds (y 0). With no travel a pan moves nothing.
    func thumbWiderThanTrack<S: LayoutScalar>(_: S.Type) throws {
        var c = Self.standard(S(50))
        c.bounds.width = 20
        c.thumbSize.height = 40
        var r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(2, 0, 16, 31))
        #expect(r.minimumTrackFrame == Self.frame(2, 13.5, 8, 4))
        #expect(r.maximumTrackFrame == Self.frame(10, 13.5, 8, 4))
        c.phase = .changed
        c.translation = 5
        r = try Self.layout(c)
        #expect(r.value == 50 && !r.valueChanged)
        // A track thicker than the bounds: 31 high at y 0.
        c.trackThickness = 50
        #expect(try Self.layout(c).minimumTrackFrame == Self.frame(2, 0, 8, 31))
    }

    @Test(arguments: bothPrecisions) func thumbWiderThanTrack(in scalar: any LayoutScalar.Type) throws { try thumbWiderThanTrack(scalar) }

    /// Insets wider than the control are accepted: `max(0, 10 - 8 - 8) = 0`, so the track,
    /// the thumb and both tracks have width 0 at x = 8 (right to left: 10 - 8 = 2). A leading
    /// inset of 12 alone is wider than the control: everything sits at x = 10 (right to
    /// left: 0).
    func insetsWiderThanControl<S: LayoutScalar>(_: S.Type) throws {
        var c = Self.standard(S(50))
        c.bounds.width = 10
        c.leadingInset = 8
        c.trailingInset = 8
        var r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(8, 1.5, 0, 28))
        #expect(r.minimumTrackFrame == Self.frame(8, 13.5, 0, 4))
        #expect(r.maximumTrackFrame == Self.frame(8, 13.5, 0, 4))
        c.layoutDirection = .rightToLeft
        #expect(try Self.layout(c).thumbFrame == Self.frame(2, 1.5, 0, 28))
        c.leadingInset = 12
        c.layoutDirection = .leftToRight
        r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(10, 1.5, 0, 28))
        #expect(r.maximumTrackFrame == Self.frame(10, 13.5, 0, 4))
        c.layoutDirection = .rightToLeft
        #expect(try Self.layout(c).thumbFrame == Self.frame(0, 1.5, 0, 28))
    }

    @Test(arguments: bothPrecisions) func insetsWiderThanControl(in scalar: any LayoutScalar.Type) throws { try insetsWiderThanControl(scalar) }

    /// `minimum == maximum`: the fraction is 0 (the thumb at the leading end) and every value
    /// is clamped to the one value.
    func emptyRange<S: LayoutScalar>(_: S.Type) throws {
        var c = Self.standard(S(7))
        c.minimumValue = 5
        c.maximumValue = 5
        var r = try Self.layout(c)
        #expect(r.value == 5 && r.valueChanged)
        #expect(r.thumbFrame.x == 2)
        c.phase = .ended
        c.step = 1
        c.translation = 100
        r = try Self.layout(c)
        #expect(r.value == 5)
        #expect(r.thumbFrame.x == 2)
    }

    @Test(arguments: bothPrecisions) func emptyRange(in scalar: any LayoutScalar.Type) throws { try emptyRange(scalar) }

    // MARK: - Bad input

    /// Ten good controls with `edit` applied to element 6.
    static func columns(_ edit: (inout SliderColumns<Float>) -> Void) -> SliderColumns<Float> {
        var columns = SliderConfiguration<Float>.batch(count: 10, seed: 17).columns
        edit(&columns)
        return columns
    }

    /// The batch's error (the output left untouched) and the one-control API's for element 6.
    static func errors(_ columns: SliderColumns<Float>) -> (batch: LayoutError?, single: LayoutError?) {
        let batch = checkedBatchError(columns, outputCount: 10) { output in
            output.thumbX.update(from: repeatElement(12345, count: 10))
            output.valueChanged.update(from: repeatElement(77, count: 10))
        }
        var single: LayoutError?
        if let c = columns.configuration(at: 6) {
            do { _ = try Slider.layout(c) } catch { single = error }
        }
        return (batch, single)
    }

    @Test func badInputNamesElementFieldAndValue() {
        // The generated batch must be valid first.
        #expect(Self.errors(Self.columns { _ in }).batch == nil)
        let cases: [(String, (inout SliderColumns<Float>) -> Void, LayoutError.Problem?)] = [
            ("width", { $0.width[6] = .nan }, .notFinite),
            ("thumbWidth", { $0.thumbWidth[6] = -1 }, .negative),
            ("trackThickness", { $0.trackThickness[6] = -0.5 }, .negative),
            ("step", { $0.step[6] = -2 }, .negative),
            ("value", { $0[dynamicMember: \.value][6] = .infinity }, .notFinite),  // (`$0.value` is also `value(field:at:)` inside the package)
            ("leadingInset", { $0.leadingInset[6] = 2_000_000 }, nil),  // beyond LayoutLimits.maximumLength
        ]
        for (field, edit, problem) in cases {
            let (batch, single) = Self.errors(Self.columns(edit))
            #expect(batch?.index == 6 && batch?.field == field, "\(field): \(String(describing: batch))")
            #expect(single?.index == 0 && single?.field == field && single?.problem == batch?.problem, "\(field): \(String(describing: single))")
            if let problem { #expect(batch?.problem == problem, "\(field): \(String(describing: batch))") }
        }
    }

    @Test func minimumAboveMaximumIsRefused() {
        let (batch, single) = Self.errors(Self.columns { c in
            c.minimumValue[6] = 10
            c.maximumValue[6] = 3
        })
        #expect(batch?.index == 6 && batch?.field == "maximumValue" && batch?.value == 3)
        #expect(batch?.problem == .inconsistent(rule: "minimumValue <= maximumValue"))
        #expect(single?.field == "maximumValue" && single?.index == 0)
        #expect(batch.map { "\($0)" }?.contains("maximumValue") == true)
    }

    @Test func rawValuesOutOfRangeAreRefused() {
        var (batch, _) = Self.errors(Self.columns { $0.phase[6] = 4 })
        #expect(batch?.index == 6 && batch?.field == "phase" && batch?.value == 4)
        (batch, _) = Self.errors(Self.columns { $0.layoutDirection[6] = 2 })
        #expect(batch?.index == 6 && batch?.field == "layoutDirection")
        (batch, _) = Self.errors(Self.columns { $0.displayScale[6] = 5 })
        #expect(batch?.index == 6 && batch?.field == "displayScale" && batch?.value == 5)
    }
}

/// The README's slider examples, compiled and run as written: each is copied unchanged (held
/// to the README by `ReadmeExampleTests.everyReadmeExampleIsCopiedIntoATestUnchanged`), and
/// the tests hold its results to the reference and the errors it quotes to the errors it gets.
@Suite struct SliderReadmeExampleTests {

    /// Runs the README's one-slider example: the frames it sets, the value it keeps, and the
    /// error it prints.
    static func readmeSliderExample(
        valueWhenThePanBegan: Double, phase: SliderPhase, translation: Double
    ) -> (frames: [LayoutRect<Double>], value: Double, error: LayoutError?) {
        var printed: LayoutError?
        func print(_ error: any Error) { printed = error as? LayoutError }
        var value = valueWhenThePanBegan
        let unset = LayoutRect<Double>(x: -1, y: -1, width: -1, height: -1)
        var (thumbFrame, minimumTrackFrame, maximumTrackFrame) = (unset, unset, unset)

        // From here to the end of the `do`/`catch`: the README's code, unchanged.
        // In the pan gesture handler of a slider with ten steps: the thumb, the two tracks, and the
        // value (stepped when the finger lifts).
        let configuration = SliderConfiguration<Double>(
            bounds: LayoutSize(width: 300, height: 31), leadingInset: 2, trailingInset: 2,
            minimumValue: 0, maximumValue: 100, value: valueWhenThePanBegan, step: 10,
            phase: phase, translation: translation, displayScale: 2)
        do {
            let slider = try Slider.layout(configuration)
            (thumbFrame, minimumTrackFrame, maximumTrackFrame) =
                (slider.thumbFrame, slider.minimumTrackFrame, slider.maximumTrackFrame)
            if slider.valueChanged {
                value = slider.value  // and send .valueChanged
            }
        } catch {
            print(error)  // e.g. "element 0, field 'translation': nan is not finite"
        }
        return ([thumbFrame, minimumTrackFrame, maximumTrackFrame], value, printed)
    }

    @Test func sliderExampleFollowsTheReference() throws {
        for phase in SliderPhase.allCases {
            for (start, translation) in [(0.0, 0.0), (40, 67), (45, 0), (100, -300), (30, 1000)] {
                let (frames, value, error) = Self.readmeSliderExample(
                    valueWhenThePanBegan: start, phase: phase, translation: translation)
                let expected = try Slider.layout(SliderConfiguration<Double>(
                    bounds: LayoutSize(width: 300, height: 31), leadingInset: 2, trailingInset: 2,
                    minimumValue: 0, maximumValue: 100, value: start, step: 10,
                    phase: phase, translation: translation, displayScale: 2))
                #expect(error == nil)
                #expect(frames == [expected.thumbFrame, expected.minimumTrackFrame, expected.maximumTrackFrame])
                #expect(value == expected.value)
            }
        }
        // Released 67 points right of 40: 65, half way between 60 and 70, goes to 70.
        #expect(Self.readmeSliderExample(valueWhenThePanBegan: 40, phase: .ended, translation: 67).value == 70)
    }

    @Test func sliderExampleQuotesTheErrorOfANaNTranslation() {
        let (frames, value, error) = Self.readmeSliderExample(valueWhenThePanBegan: 40, phase: .changed, translation: .nan)
        #expect(error.map { "\($0)" } == "element 0, field 'translation': nan is not finite")
        #expect(frames.allSatisfy { $0.x == -1 })
        #expect(value == 40)
    }

    struct Band { var minimumGain: Float = -12; var maximumGain: Float = 12; var gain: Float; var thumbX: Float = -1 }

    /// Runs the README's slider batch example on `bands`: the bands it updates, and the error
    /// it prints.
    static func readmeSliderBatchExample(_ bands: [Band]) -> ([Band], LayoutError?) {
        var printed: LayoutError?
        func print(_ error: any Error) { printed = error as? LayoutError }
        var bands = bands

        // From here to the end of the `do`/`catch`: the README's code, unchanged.
        // The gain sliders of an equalizer, each with its own range, laid out in one call.
        var columns = SliderColumns<Float>()
        for band in bands {
            columns.append(SliderConfiguration(
                bounds: LayoutSize(width: 280, height: 31),
                minimumValue: band.minimumGain, maximumValue: band.maximumGain,
                value: band.gain, step: 0.5, displayScale: 3))
        }
        var sliders = SliderResultColumns<Float>()
        do {
            try columns.layout(into: &sliders)
            for index in 0..<sliders.count {
                bands[index].thumbX = sliders[index].thumbFrame.x  // or the column sliders.thumbX[index]
            }
        } catch {
            print(error)  // e.g. "element 2, field 'maximumValue': -20.0 breaks the rule minimumValue <= maximumValue"; sliders untouched
        }
        #expect(printed == nil || sliders.count == 0)
        return (bands, printed)
    }

    @Test func sliderBatchExampleUpdatesEveryBandLikeTheReference() throws {
        let bands = (0..<10).map { Band(gain: Float($0) * 3.3 - 15) }
        let (updated, error) = Self.readmeSliderBatchExample(bands)
        #expect(error == nil)
        for (band, after) in zip(bands, updated) {
            let expected = try Slider.layout(SliderConfiguration<Float>(
                bounds: LayoutSize(width: 280, height: 31), minimumValue: -12, maximumValue: 12,
                value: band.gain, step: 0.5, displayScale: 3))
            #expect(after.thumbX == expected.thumbFrame.x)
        }
    }

    @Test func sliderBatchExampleQuotesTheErrorOfAnInvertedRange() {
        var bands = (0..<6).map { Band(gain: Float($0)) }
        bands[2].maximumGain = -20
        let (updated, error) = Self.readmeSliderBatchExample(bands)
        #expect(error.map { "\($0)" } == "element 2, field 'maximumValue': -20.0 breaks the rule minimumValue <= maximumValue")
        #expect(updated.allSatisfy { $0.thumbX == -1 })  // nothing was read
    }
}
