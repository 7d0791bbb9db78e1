/// Why LayoutCore refused an input: which control, which field, which value, and what is wrong.
///
/// Every public entry point that is not labelled `unchecked` validates its input and throws
/// this instead of trapping or returning garbage. A batch that fails validation writes nothing
/// into the caller's output. When a batch has several bad values, the error names the lowest
/// element index, and at that index the first bad field in the order the columns are declared.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the value ``LayoutError/value``.
    public enum Problem: Hashable, Sendable {
        /// NaN or an infinity.
        case notFinite
        /// Below zero where only zero or more makes sense (a size, an inset, a spacing...).
        case negative
        /// Outside the accepted range, described in `expected` (for example `"0...3"` or
        /// `"<= 1048576"`).
        case outOfRange(expected: String)
        /// Breaks a rule that ties two fields of the same control (for example `W >= 2i`).
        case inconsistent(rule: String)
        /// A column's length differs from the first column's; `value` is its length and
        /// `index` the first element it lacks (or has too many).
        case columnLengthMismatch(expected: Int)
    }

    /// The element (control) index in the batch; 0 for a single control.
    public var index: Int
    /// The field's name, as the column or property is named in the API.
    public var field: String
    /// The offending value (a raw value for enumerations, a length for column mismatches).
    public var value: Double
    /// What is wrong with the value.
    public var problem: Problem

    /// An error for `value` of `field` of control `index`.
    @inlinable
    public init(index: Int, field: String, value: Double, problem: Problem) {
        self.index = index
        self.field = field
        self.value = value
        self.problem = problem
    }

    /// The error in one line, for logs and tests: for example
    /// `element 3, field 'width': -1.0 is negative`, or
    /// `column 'height' has 2 elements, expected 3` for a column length mismatch.
    public var description: String {
        // Appended into one buffer reserved up front: string interpolation grows its buffer
        // two or three times for a text this long, and code that refuses input in a loop (a
        // form validating every keystroke, a fuzzer) formats many of these.
        var text = ""
        text.reserveCapacity(128)
        if case .columnLengthMismatch(let expected) = problem {
            text += "column '"; text += field; text += "' has "; text += String(Int(value))
            text += " elements, expected "; text += String(expected)
            return text
        }
        text += "element "; text += String(index); text += ", field '"; text += field; text += "': "
        text += value.description; text += " "
        switch problem {
        case .notFinite: text += "is not finite"
        case .negative: text += "is negative"
        case .outOfRange(let expected): text += "is out of range (expected "; text += expected; text += ")"
        case .inconsistent(let rule): text += "breaks the rule "; text += rule
        case .columnLengthMismatch: break
        }
        return text
    }
}
