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
    static let count = 11
    static let seed: UInt64 = 0xC0DE

    /// `value` changed in its lowest bit or, where it is zero, its sign.
    static func changed<S: LayoutScalar>(_ value: S) -> S {
        if value == 0 { return -value }
        return value.isInfinite ? value.nextDown : value.nextUp
    }

    /// `firstMismatch` (given references, returning the index it reports) finds nothing in the
    /// true references, and exactly the changed control for each field and position.
    static func expectEveryChangeSeen<Result, Field>(
        _ references: [Result], fields: [WritableKeyPath<Result, Field>], change: (Field) -> Field,
        _ label: String, firstMismatch: ([Result]) -> Int?
    ) {
        #expect(firstMismatch(references) == nil, "\(label): the true references")
        for field in fields {
            for position in positions {
                var altered = references
                altered[position][keyPath: field] = change(altered[position][keyPath: field])
                #expect(firstMismatch(altered) == position, "\(label) \(field) at \(position)")
            }
        }
    }

    @Test func buttonComparisonSeesEveryField() { checkButton(Float.self); checkButton(Double.self) }

    func checkButton<S: LayoutScalar>(_: S.Type) {
        let (configurations, columns) = ButtonContentConfiguration<S>.batch(count: Self.count, seed: Self.seed)
        var output = ButtonContentResultColumns<S>()
        let fields: [WritableKeyPath<ButtonContentResult<S>, S>] = [
            \.imageFrame.x, \.imageFrame.y, \.imageFrame.width, \.imageFrame.height,
            \.titleFrame.x, \.titleFrame.y, \.titleFrame.width, \.titleFrame.height,
        ]
        Self.expectEveryChangeSeen(
            configurations.map { ButtonContent.layout(unchecked: $0) }, fields: fields, change: Self.changed,
            "button \(S.self)") {
            Differential.firstMismatch(configurations, references: $0, columns: columns, output: &output)?.index
        }
    }

    @Test func thumbComparisonSeesEveryField() { checkThumb(Float.self); checkThumb(Double.self) }

    func checkThumb<S: LayoutScalar>(_: S.Type) {
        let (configurations, columns) = ThumbTrackConfiguration<S>.benchmarkBatch(count: Self.count, seed: Self.seed)
        let references = configurations.map { ThumbTrack.layout(unchecked: $0) }
        var output = ThumbTrackResultColumns<S>()
        func firstMismatch(_ references: [ThumbTrackResult<S>]) -> Int? {
            Differential.firstMismatch(configurations, references: references, columns: columns, output: &output)?.index
        }
        let frame: [WritableKeyPath<ThumbTrackResult<S>, S>] = [
            \.thumbFrame.x, \.thumbFrame.y, \.thumbFrame.width, \.thumbFrame.height,
        ]
        Self.expectEveryChangeSeen(references, fields: frame, change: Self.changed, "thumb \(S.self)", firstMismatch: firstMismatch)
        Self.expectEveryChangeSeen(references, fields: [\.selectedIndex], change: { $0 + 1 }, "thumb \(S.self)", firstMismatch: firstMismatch)
        Self.expectEveryChangeSeen(references, fields: [\.indexChanged], change: { !$0 }, "thumb \(S.self)", firstMismatch: firstMismatch)
    }

    @Test func toggleComparisonSeesEveryField() { checkToggle(Float.self); checkToggle(Double.self) }

    func checkToggle<S: LayoutScalar>(_: S.Type) {
        let (configurations, columns) = ToggleTransitionConfiguration<S>.benchmarkBatch(count: Self.count, seed: Self.seed)
        var output = ToggleTransitionResultColumns<S>()
        let truth = configurations.map { ToggleTransition.layout(unchecked: $0) }
        let layers: [WritableKeyPath<ToggleTransitionResult<S>, ToggleLayer<S>>] = [\.off, \.on, \.indeterminate]
        let fields: [WritableKeyPath<ToggleLayer<S>, S>] = [
            \.alpha, \.scale, \.frame.x, \.frame.y, \.frame.width, \.frame.height,
        ]
        Self.expectEveryChangeSeen(
            truth, fields: layers.flatMap { layer in fields.map { layer.appending(path: $0) } }, change: Self.changed,
            "toggle \(S.self)") { references in
            let mismatch = Differential.firstMismatch(
                configurations, references: references, columns: columns, output: &output)
            // The report carries the reference it was given and the kernel's actual layers.
            if let mismatch {
                #expect(ResultBits.equal(mismatch.reference, references[mismatch.index], as: ToggleTransitionConfiguration<S>.self))
                #expect(ResultBits.equal(mismatch.kernel, truth[mismatch.index], as: ToggleTransitionConfiguration<S>.self))
            }
            return mismatch?.index
        }
    }
}
