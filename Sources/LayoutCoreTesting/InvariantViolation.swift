/// A broken invariant (B1-B8, T1-T8, G1-G8, S1-S8: Docs/ButtonContent.md, Docs/ThumbTrack.md,
/// Docs/ToggleTransition.md, Docs/Slider.md), found by a check function.
///
/// Check functions return every violation they find for one control; tests record them and
/// fuzz targets stop on the first, printing `description` (which names the invariant and the
/// decoded input).
public struct InvariantViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The invariant's ID on its control's page in Docs/, for example `"B2"`.
    public var invariant: String
    /// What was expected and what was found.
    public var message: String
    /// The input that broke it, printed in full.
    public var input: String

    public init(_ invariant: String, _ message: String, input: String) {
        self.invariant = invariant
        self.message = message
        self.input = input
    }

    public var description: String { "\(invariant) violated: \(message)\n  input: \(input)" }
}
