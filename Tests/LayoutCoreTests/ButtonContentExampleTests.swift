import LayoutCore
import LayoutCoreTesting
import Testing

/// Worked examples: every expected number below was computed by hand from the button content contract's (Docs/ButtonContent.md)
/// formulas (the arithmetic is in the comments), not taken from the code's output.
@Suite struct ButtonContentExampleTests {
    /// A 100x80 button with insets top 4, leading 6, bottom 8, trailing 10; a 20x20 image, a
    /// 50x16 title, spacing 6. Content rect in LTR: x 6, width 100-6-10 = 84; y 4,
    /// height 80-4-8 = 68. In RTL the leading inset is on the right: x 10, width 84.
    static func configuration<S: LayoutScalar>(
        _ placement: ImagePlacement, _ direction: LayoutDirection, scale: S = 0, as: S.Type = S.self
    ) -> ButtonContentConfiguration<S> {
        ButtonContentConfiguration(
            bounds: LayoutSize(width: 100, height: 80),
            contentInsets: DirectionalEdgeInsets(top: 4, leading: 6, bottom: 8, trailing: 10),
            imageSize: LayoutSize(width: 20, height: 20), titleSize: LayoutSize(width: 50, height: 16),
            imagePlacement: placement, imagePadding: 6, layoutDirection: direction, displayScale: scale)
    }

    static func rect<S: LayoutScalar>(_ x: S, _ y: S, _ w: S, _ h: S) -> LayoutRect<S> {
        LayoutRect(x: x, y: y, width: w, height: h)
    }

    /// (placement, direction, image frame, title frame) worked out by hand.
    static let cases: [(ImagePlacement, LayoutDirection, [Double], [Double])] = [
        // Stacked: block 20 + 6 + 16 = 42 tall, offset (68 - 42) / 2 = 13, so the first item
        // starts at y 4 + 13 = 17 and the second at 17 + first + 6. Across: image x 6 + (84-20)/2
        // = 38, title x 6 + (84-50)/2 = 23 (RTL: 10 + 32 = 42 and 10 + 17 = 27).
        (.top, .leftToRight, [38, 17, 20, 20], [23, 43, 50, 16]),
        (.top, .rightToLeft, [42, 17, 20, 20], [27, 43, 50, 16]),
        (.bottom, .leftToRight, [38, 39, 20, 20], [23, 17, 50, 16]),
        (.bottom, .rightToLeft, [42, 39, 20, 20], [27, 17, 50, 16]),
        // Side by side: block 20 + 6 + 50 = 76 wide, offset (84 - 76) / 2 = 4. Across: image
        // y 4 + (68-20)/2 = 28, title y 4 + (68-16)/2 = 30.
        // Leading LTR: image first at 6 + 4 = 10, title at 10 + 20 + 6 = 36.
        (.leading, .leftToRight, [10, 28, 20, 20], [36, 30, 50, 16]),
        // Leading RTL: the image is on the right; title first at 10 + 4 = 14, image at
        // 14 + 50 + 6 = 70 (the mirror image of LTR: 100 - (10 + 20) = 70).
        (.leading, .rightToLeft, [70, 28, 20, 20], [14, 30, 50, 16]),
        // Trailing LTR: title first at 10, image at 10 + 50 + 6 = 66.
        (.trailing, .leftToRight, [66, 28, 20, 20], [10, 30, 50, 16]),
        // Trailing RTL: image first at 14, title at 14 + 20 + 6 = 40.
        (.trailing, .rightToLeft, [14, 28, 20, 20], [40, 30, 50, 16]),
    ]

    @Test func everyPlacementAndDirectionFloat() throws { try checkCases(Float.self) }
    @Test func everyPlacementAndDirectionDouble() throws { try checkCases(Double.self) }

    func checkCases<S: LayoutScalar>(_: S.Type) throws {
        for (placement, direction, image, title) in Self.cases {
            let configuration = Self.configuration(placement, direction, as: S.self)
            let expected = ButtonContentResult(
                imageFrame: Self.rect(S(image[0]), S(image[1]), S(image[2]), S(image[3])),
                titleFrame: Self.rect(S(title[0]), S(title[1]), S(title[2]), S(title[3])))
            // Reference, checked entry point, and a batch of one all agree with the hand values.
            #expect(ButtonContent.layout(unchecked: configuration) == expected, "\(placement) \(direction)")
            #expect(try ButtonContent.layout(configuration) == expected)
            var output = ButtonContentResultColumns<S>()
            try ButtonContentColumns([configuration]).layout(into: &output)
            #expect(output[0] == expected, "batch \(placement) \(direction)")
        }
    }

    /// UIKit's measured case: an 88x56 button, 32-pt image, 37-pt title, image leading,
    /// spacing 0. Block 32 + 37 = 69, offset (88 - 69) / 2 = 9.5: image x 9.5, title x 41.5.
    @Test func uikitLegacyButtonCase() {
        for mode in LayoutMode.allCases {
            let configuration = ButtonContentConfiguration<Double>(
                bounds: LayoutSize(width: 88, height: 56),
                imageSize: LayoutSize(width: 32, height: 32), titleSize: LayoutSize(width: 37, height: 20),
                imagePlacement: .leading, mode: mode)
            let frames = ButtonContent.layout(unchecked: configuration)
            #expect(frames.imageFrame == LayoutRect(x: 9.5, y: 12, width: 32, height: 32))  // y (56-32)/2
            #expect(frames.titleFrame == LayoutRect(x: 41.5, y: 18, width: 37, height: 20))  // y (56-20)/2
        }
    }

    /// The same case snapped. Scale 1: 9.5 rounds away from zero to 10 and the far edge
    /// 41.5 to 42 (width 32); the title 41.5 -> 42, far edge 78.5 -> 79 (width 37).
    /// Scale 2: every value is already on the half-point grid. Scale 3: 9.5 * 3 = 28.5 -> 29,
    /// so x = 29/3; far edge 41.5 * 3 = 124.5 -> 125; title far edge 78.5 * 3 = 235.5 -> 236.
    @Test(arguments: [1.0, 2.0, 3.0])
    func uikitCaseSnapped(scale: Double) {
        func check<S: LayoutScalar>(_: S.Type) {
            let configuration = ButtonContentConfiguration<S>(
                bounds: LayoutSize(width: 88, height: 56),
                imageSize: LayoutSize(width: 32, height: 32), titleSize: LayoutSize(width: 37, height: 20),
                imagePlacement: .leading, displayScale: S(scale))
            let frames = ButtonContent.layout(unchecked: configuration)
            let s = S(scale)
            let expected: (imageX: S, imageFar: S, titleX: S, titleFar: S) = switch scale {
            case 1: (10, 42, 42, 79)
            case 2: (9.5, 41.5, 41.5, 78.5)
            default: (S(29) / s, S(125) / s, S(125) / s, S(236) / s)
            }
            #expect(frames.imageFrame.x == expected.imageX, "scale \(scale)")
            #expect(frames.imageFrame.width == expected.imageFar - expected.imageX, "scale \(scale)")
            #expect(frames.titleFrame.x == expected.titleX, "scale \(scale)")
            #expect(frames.titleFrame.width == expected.titleFar - expected.titleX, "scale \(scale)")
            // y: 12 and 18 are on every grid; sizes 32 and 20 too.
            #expect(frames.imageFrame.y == 12 && frames.imageFrame.height == 32)
            #expect(frames.titleFrame.y == 18 && frames.titleFrame.height == 20)
            // The two frames still touch after snapping: no overlap, no gap (spacing 0).
            #expect(frames.imageFrame.x + frames.imageFrame.width <= frames.titleFrame.x)
        }
        check(Float.self)
        check(Double.self)
    }

    /// Snapping with insets at scale 2: a 61x41 button, insets 3.25 all round, a 17x9 image on
    /// top of a 30x12 title, spacing 5. Content x 3.25, width 61 - 6.5 = 54.5; y 3.25,
    /// height 41 - 6.5 = 34.5. Block 9 + 5 + 12 = 26, offset (34.5 - 26)/2 = 4.25: image y 7.5,
    /// title y 7.5 + 9 + 5 = 21.5. Across: image x 3.25 + (54.5-17)/2 = 22, title x 3.25 +
    /// (54.5-30)/2 = 15.5. All on the half-point grid, so scale 2 keeps them; at scale 1, 7.5 ->
    /// 8 with far edge 16.5 -> 17 (height 9); 21.5 -> 22, far edge 33.5 -> 34 (height 12);
    /// title x 15.5 -> 16, far edge 45.5 -> 46 (width 30).
    @Test func snappingWithInsets() {
        var configuration = ButtonContentConfiguration<Float>(
            bounds: LayoutSize(width: 61, height: 41),
            contentInsets: DirectionalEdgeInsets(top: 3.25, leading: 3.25, bottom: 3.25, trailing: 3.25),
            imageSize: LayoutSize(width: 17, height: 9), titleSize: LayoutSize(width: 30, height: 12),
            imagePlacement: .top, imagePadding: 5, displayScale: 2)
        var frames = ButtonContent.layout(unchecked: configuration)
        #expect(frames.imageFrame == LayoutRect(x: 22, y: 7.5, width: 17, height: 9))
        #expect(frames.titleFrame == LayoutRect(x: 15.5, y: 21.5, width: 30, height: 12))
        configuration.displayScale = 1
        frames = ButtonContent.layout(unchecked: configuration)
        #expect(frames.imageFrame == LayoutRect(x: 22, y: 8, width: 17, height: 9))
        #expect(frames.titleFrame == LayoutRect(x: 16, y: 22, width: 30, height: 12))
    }

    /// `.fit` drops an absent image (a zero side) and its gap: the title alone is centered.
    /// 100-wide content, title 40: x = (100 - 40) / 2 = 30.
    @Test func absentImageTakesNoRoom() {
        let configuration = ButtonContentConfiguration<Double>.example(
            bounds: (100, 20), image: (24, 0), title: (40, 20), .leading, padding: 8)
        let frames = ButtonContent.layout(unchecked: configuration)
        #expect(frames.titleFrame == LayoutRect(x: 30, y: 0, width: 40, height: 20))
        #expect(frames.imageFrame.width == 0 && frames.imageFrame.height == 0)
    }

    /// `.fit` on overflow: a 40x20 button, a 30x30 image and a 60x20 title side by side with
    /// spacing 4. The title shrinks to 40 - 30 - 4 = 6; the block starts at 0; the image is
    /// clamped to the 20-pt height. A 20-wide button squeezes the title to 0, drops the gap
    /// and shrinks the image to 20.
    @Test func fitShrinksTitleThenImage() {
        var configuration = ButtonContentConfiguration<Double>.example(
            bounds: (40, 20), image: (30, 30), title: (60, 20), .leading, padding: 4)
        var frames = ButtonContent.layout(unchecked: configuration)
        #expect(frames.imageFrame == LayoutRect(x: 0, y: 0, width: 30, height: 20))
        #expect(frames.titleFrame == LayoutRect(x: 34, y: 0, width: 6, height: 20))
        configuration.bounds.width = 20
        frames = ButtonContent.layout(unchecked: configuration)
        #expect(frames.imageFrame == LayoutRect(x: 0, y: 0, width: 20, height: 20))
        #expect(frames.titleFrame == LayoutRect(x: 20, y: 0, width: 0, height: 20))
    }
}
