import LayoutCore

/// What the checks ask of an error: whether a call threw one, and the error a single
/// control's validation gives, placed where a batch would report it.
extension LayoutError {
    /// The error `body` throws, or `nil` when it returns.
    static func thrown(by body: () throws(LayoutError) -> Void) -> LayoutError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// The same error at element `index`: a single control's validation names index 0, a
    /// batch the control's own index.
    func placed(at index: Int) -> LayoutError {
        LayoutError(index: index, field: field, value: value, problem: problem)
    }
}
