import LayoutCore
import LayoutCoreTesting
import Testing

// The worked example of Docs/Testing.md, as written there: a user's own layout code built on
// LayoutCore (`BadgedButton`), tested with LayoutCoreTesting's generators, invariant checks and
// bit comparison, through public API only. If the API changes, this fails to build or fails,
// and the guide must change with it.

/// The frames a cell sets: the button's image and title, and a badge on the image.
struct BadgedButtonFrames<S: LayoutScalar>: Hashable { var content: ButtonContentResult<S>; var badge: LayoutRect<S> }

/// The user's code: a badge centered on the image's top trailing corner.
enum BadgedButton {
    /// A square badge of side `side`, centered on the image's top trailing corner, moved into
    /// the bounds and snapped to the button's pixel grid.
    static func badge<S: LayoutScalar>(
        _ c: ButtonContentConfiguration<S>, _ content: ButtonContentResult<S>, side: S
    ) -> LayoutRect<S> {
        let image = content.imageFrame
        let corner = c.layoutDirection == .leftToRight ? image.maxX : image.x
        let (width, height) = (min(side, c.bounds.width), min(side, c.bounds.height))
        let x = min(max(corner - width / 2, 0), c.bounds.width - width)
        let y = min(max(image.y - height / 2, 0), c.bounds.height - height)
        return LayoutRect(x: x, y: y, width: width, height: height).snapped(scale: c.displayScale)
    }

    /// One button, from its `layoutSubviews`.
    static func layout<S>(_ c: ButtonContentConfiguration<S>, badgeSide side: S) throws(LayoutError)
        -> BadgedButtonFrames<S> {
        let content = try ButtonContent.layout(c)
        return BadgedButtonFrames(content: content, badge: badge(c, content, side: side))
    }

    /// Every visible cell in one batch.
    static func layout<S>(_ cs: [ButtonContentConfiguration<S>], badgeSide side: S) throws(LayoutError)
        -> [BadgedButtonFrames<S>] {
        var frames = ButtonContentResultColumns<S>()
        try ButtonContentColumns(cs).layout(into: &frames)
        return cs.indices.map { BadgedButtonFrames(content: frames[$0], badge: badge(cs[$0], frames[$0], side: side)) }
    }
}

@Suite struct TestingGuideExampleTests {
    @Test func badgedButtonKeepsItsInvariants() throws {
        try check(Float.self)
        try check(Double.self)
    }

    func check<S: LayoutScalar>(_: S.Type) throws {
        var random = SplitMix64(seed: 0xBAD6E)
        for _ in 0..<TestTier.cases(full: 20_000, quick: 100) {
            // A batch of 1 to 41 generated buttons (edge values included) and one badge side.
            let side: S = EdgeValues.length(&random, typical: 24)
            let buttons = (0...random.next(below: 40))
                .map { _ in ButtonContentConfiguration<S>.generated(&random, mode: .fit) }.filter(\.isValid)
            let batch = try BadgedButton.layout(buttons, badgeSide: side)
            for (c, frames) in zip(buttons, batch) {
                // The batch path gives the single path's bits.
                let single = try BadgedButton.layout(c, badgeSide: side)
                #expect(ResultBits.equal(single.content, frames.content, as: ButtonContentConfiguration<S>.self))
                #expect(BitPattern.equal(single.badge, frames.badge), "\(c): \(single.badge) vs \(frames.badge)")
                // The content keeps the library's B1-B4; the badge keeps the cell's own rules.
                let violations = ButtonContentInvariants.geometryViolations(c, frames.content, checkOrder: true)
                    + badgeViolations(c, frames, side: side)
                #expect(violations.isEmpty, "\(violations)")
            }
        }
    }

    /// The cell's own rules: the badge lies in the bounds, covers the image's top trailing
    /// corner (or the point of the bounds nearest to it: insets wider than the button put the
    /// content outside it), and snapping it again changes no bit. Edges are compared up to
    /// half a pixel (snapping) and a few ulps; origins are never negative, exactly.
    func badgeViolations<S: LayoutScalar>(
        _ c: ButtonContentConfiguration<S>, _ frames: BadgedButtonFrames<S>, side: S
    ) -> [InvariantViolation] {
        let (badge, image, bounds) = (frames.badge, frames.content.imageFrame, c.bounds)
        let slack = (c.displayScale > 0 ? 0.5 / c.displayScale : 0) + 8 * max(bounds.width, bounds.height, 1).ulp
        let cornerX = min(max(c.layoutDirection == .leftToRight ? image.maxX : image.x, 0), bounds.width)
        let cornerY = min(max(image.y, 0), bounds.height)
        lazy var input = "\(c), side \(side) -> \(frames)"  // described only on a violation
        var found: [InvariantViolation] = []
        if !(badge.x >= 0 && badge.y >= 0 && badge.width >= 0 && badge.height >= 0
             && badge.maxX <= bounds.width + slack && badge.maxY <= bounds.height + slack) {
            found.append(InvariantViolation("badge-in-bounds", "\(badge) leaves \(bounds)", input: input))
        }
        if !(badge.x - slack <= cornerX && cornerX <= badge.maxX + slack
             && badge.y - slack <= cornerY && cornerY <= badge.maxY + slack) {
            found.append(InvariantViolation("badge-on-corner", "\(badge) misses (\(cornerX), \(cornerY))", input: input))
        }
        if !BitPattern.equal(badge.snapped(scale: c.displayScale), badge) {
            found.append(InvariantViolation("badge-on-grid", "snapping \(badge) again changes it", input: input))
        }
        return found
    }
}
