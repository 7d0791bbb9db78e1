import LayoutCore
import LayoutCoreTesting
import Testing

/// The kernel-against-reference comparisons themselves: every differential test and fuzz
/// target relies on them to say "no mismatch", so each must notice a change of one bit in any
/// output field, at any position of the batch, in both precisions.
///
/// The references handed to `firstMismatch(_:references:...)` are the true ones with one field
/// of one control changed (its sign where it is zero, so that `+0` against `-0` is covered,
/// else one ulp); the comparison must report exactly that control.
@Suite struct DifferentialComparisonTests {
    /// Positions around lane boundaries and the tail of a batch of 11.
    static let positions = [0, 3, 4, 10]

    /// `value` changed in its lowest bit or, where it is zero, its sign.
    static func changed<S: LayoutScalar>(_ value: S) -> S {
        if value == 0 { return -value }
        return value.isInfinite ? value.nextDown : value.nextUp
    }

    @Test func buttonComparisonSeesEveryField() {
        checkButton(Float.self)
        checkButton(Double.self)
    }

    func checkButton<S: LayoutScalar>(_: S.Type) {
        let (configurations, columns) = ButtonContentGenerator.batch(count: 11, seed: 0xC0DE, as: S.self)
        let references = configurations.map { ButtonContent.layout(unchecked: $0) }
        var output = ButtonContentFrameColumns<S>()
        #expect(ButtonContentDifferential.firstMismatch(
            configurations, references: references, columns: columns, output: &output) == nil)
        let fields: [WritableKeyPath<ButtonContentFrames<S>, S>] = [
            \.imageFrame.x, \.imageFrame.y, \.imageFrame.width, \.imageFrame.height,
            \.titleFrame.x, \.titleFrame.y, \.titleFrame.width, \.titleFrame.height,
        ]
        for field in fields {
            for position in Self.positions {
                var altered = references
                altered[position][keyPath: field] = Self.changed(altered[position][keyPath: field])
                let mismatch = ButtonContentDifferential.firstMismatch(
                    configurations, references: altered, columns: columns, output: &output)
                #expect(mismatch?.index == position, "\(S.self) \(field) at \(position)")
            }
        }
    }

    @Test func thumbComparisonSeesEveryField() {
        checkThumb(Float.self)
        checkThumb(Double.self)
    }

    func checkThumb<S: LayoutScalar>(_: S.Type) {
        let (configurations, columns) = ThumbTrackGenerator.benchmarkBatch(count: 11, seed: 0xC0DE, as: S.self)
        let references = configurations.map { ThumbTrack.layout(unchecked: $0) }
        var output = ThumbTrackResultColumns<S>()
        #expect(ThumbTrackDifferential.firstMismatch(
            configurations, references: references, columns: columns, output: &output) == nil)
        let fields: [WritableKeyPath<ThumbTrackResult<S>, S>] = [
            \.thumbFrame.x, \.thumbFrame.y, \.thumbFrame.width, \.thumbFrame.height,
        ]
        for position in Self.positions {
            for field in fields {
                var altered = references
                altered[position][keyPath: field] = Self.changed(altered[position][keyPath: field])
                let mismatch = ThumbTrackDifferential.firstMismatch(
                    configurations, references: altered, columns: columns, output: &output)
                #expect(mismatch?.index == position, "\(S.self) \(field) at \(position)")
            }
            var altered = references
            altered[position].selectedIndex += 1
            #expect(ThumbTrackDifferential.firstMismatch(
                configurations, references: altered, columns: columns, output: &output)?.index == position)
            altered = references
            altered[position].indexChanged.toggle()
            #expect(ThumbTrackDifferential.firstMismatch(
                configurations, references: altered, columns: columns, output: &output)?.index == position)
        }
    }

    @Test func toggleComparisonSeesEveryField() {
        checkToggle(Float.self)
        checkToggle(Double.self)
    }

    func checkToggle<S: LayoutScalar>(_: S.Type) {
        let (configurations, columns) = ToggleTransitionGenerator.benchmarkBatch(count: 11, seed: 0xC0DE, as: S.self)
        let references = configurations.map { ToggleTransition.layout(unchecked: $0) }
        var output = ToggleTransitionLayerColumns<S>()
        #expect(ToggleTransitionDifferential.firstMismatch(
            configurations, references: references, columns: columns, output: &output) == nil)
        let layers: [WritableKeyPath<ToggleTransitionLayers<S>, ToggleLayer<S>>] = [\.off, \.on, \.indeterminate]
        let fields: [WritableKeyPath<ToggleLayer<S>, S>] = [
            \.alpha, \.scale, \.frame.x, \.frame.y, \.frame.width, \.frame.height,
        ]
        for layer in layers {
            for field in fields {
                let path = layer.appending(path: field)
                for position in Self.positions {
                    var altered = references
                    altered[position][keyPath: path] = Self.changed(altered[position][keyPath: path])
                    let mismatch = ToggleTransitionDifferential.firstMismatch(
                        configurations, references: altered, columns: columns, output: &output)
                    #expect(mismatch?.index == position, "\(S.self) \(path) at \(position)")
                    #expect(mismatch.map { ToggleTransitionDifferential.equal($0.reference, altered[position]) } == true)
                }
            }
        }
    }
}
