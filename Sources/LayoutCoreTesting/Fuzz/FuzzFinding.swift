/// What a fuzz check function reports: a broken invariant, a kernel that differs from its
/// reference, or bad input handled wrongly. Fuzz targets turn it into `fatalError("\(finding)")`
/// (libFuzzer's "deadly signal"), so the message printed names the invariant and the decoded
/// input even in `-O` builds, where `precondition` prints nothing.
public struct FuzzFinding: Error, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// A `.fit` invariant broke (B1-B8, T1-T8, G1-G8, S1-S8: the controls' pages in Docs/).
        case invariant
        /// The batch kernel's bits differ from the reference's.
        case mismatch
        /// Bad input was not refused with the right typed error, or the output was touched.
        case badInput
        /// A sequence of calls left a batch, result columns, a copy or a column view holding
        /// other bits than its model, or a call gave another error or count than the model.
        case sequence
        /// A `.legacy` self-test found one of the bugs `.legacy` keeps (expected: that is the point).
        case legacyBug
    }

    public var kind: Kind
    /// The invariant's name (`"B2"`), or a short label for other kinds.
    public var label: String
    /// For `.legacyBug`: the bug class (see `FuzzBugClass`).
    public var bugClass: String?
    /// The full report: what broke and the decoded input.
    public var message: String

    public init(_ kind: Kind, _ label: String, bugClass: String? = nil, message: String) {
        self.kind = kind
        self.label = label
        self.bugClass = bugClass
        self.message = message
    }

    public init(_ violation: InvariantViolation, precision: String, bugClass: String? = nil) {
        self.init(bugClass == nil ? .invariant : .legacyBug, violation.invariant, bugClass: bugClass,
                  message: "[\(precision)] \(violation)")
    }

    public var description: String {
        let head = bugClass.map { "\(kind.rawValue) \(label) (legacy bug class '\($0)')" } ?? "\(kind.rawValue) \(label)"
        return "fuzz finding: \(head)\n\(message)"
    }
}
